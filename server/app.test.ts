import { describe, expect, it } from "vitest";
import { createTestApp, perSuite } from "../tests/support/app.ts";
import { skipDatabase } from "../tests/support/database.ts";

describe.skipIf(skipDatabase)("the API's HTTP edges", () => {
  const t = perSuite(() => createTestApp());

  it("answers an unknown API path with JSON 404", async () => {
    const res = await t.get("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      title: "No encontrado",
      message: "La dirección solicitada no existe en la API.",
    });
  });

  it("refuses a body that is not JSON with 415", async () => {
    const res = await t.app.request("/api/contacts", { method: "POST", body: "name=x" });
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe("Envía los datos en formato JSON.");
  });

  it("refuses an oversized body with 413", async () => {
    const res = await t.post("/api/contacts", { message: "x".repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });

  // The security headers are Node's (server/response-headers.test.ts).
  it("grants no other origin access", async () => {
    const res = await t.app.request("/api/user", { headers: { Origin: "https://evil.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});
