import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { subscriptions } from "../db/schema.ts";

const thanks = {
  title: "¡Gracias por suscribirte!",
  message: "Te enviaremos nuestras novedades a tu correo electrónico.",
};

describe.skipIf(skipDatabase)("POST /api/subscriptions", () => {
  let t: TestApp;
  let ip = 0;
  const subscribe = (body: unknown, from = `198.51.100.${++ip}`) =>
    t.app.request("/api/subscriptions", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
      body: JSON.stringify(body),
    });
  const rowsFor = async (email: string) =>
    (await t.db.select().from(subscriptions)).filter((r) => r.email === email);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("subscribes an address, trimmed and lower-cased", async () => {
    const res = await subscribe({ email: "  Nuria@Example.TEST " });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(thanks);
    expect(await rowsFor("nuria@example.test")).toHaveLength(1);
  });

  it("keeps one row and answers the same when subscribing again in another case", async () => {
    const res = await subscribe({ email: "NURIA@example.test" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(thanks);
    expect(await rowsFor("nuria@example.test")).toHaveLength(1);
  });

  it("keeps one row for 20 simultaneous identical subscriptions", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        subscribe({ email: i % 2 ? "pablo@example.test" : "Pablo@Example.test" }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await rowsFor("pablo@example.test")).toHaveLength(1);
  });

  it("answers 422 to something that is not an e-mail address", async () => {
    for (const email of ["", "pablo", "pablo@", undefined]) {
      const res = await subscribe({ email });
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.errors.email).toHaveLength(1);
      expect(body.errors.email[0]).toMatch(
        /^El campo «Correo electrónico» (es obligatorio|debe ser un correo electrónico válido)\.$/,
      );
    }
  });

  it("answers 429 with Retry-After after 10 subscriptions from one address in 10 minutes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await subscribe({ email: `lote${i}@example.test` }, "192.0.2.80")).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    const refused = await subscribe({ email: "otra@example.test" }, "192.0.2.80");
    expect(statuses[10]).toBe(429);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await rowsFor("otra@example.test")).toHaveLength(0);
  });
});
