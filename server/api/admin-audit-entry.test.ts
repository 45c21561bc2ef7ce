import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Json, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn, staffRouteCallers } from "../../tests/support/users.ts";
import { adminAudit, contacts } from "../db/schema.ts";

/**
 * Issue 33, items 11-13 (decisions 206, 207): an audit entry's page says what the entry changed,
 * in its section's words, and links the record while it exists; lists and details say which
 * fields hold dates (a missing date reads "N/A", anything else "—") and the field a record's
 * title comes from (not drawn again as a column).
 */
describe.skipIf(skipDatabase)("what staff read of changes and empty values", () => {
  const t = perSuite(() => createTestApp());
  let token: string;
  let bossToken: string;

  beforeAll(async () => {
    const admin = await createUser(t.db, { role: "admin", name: "Marta Admin" });
    token = await signIn(t.db, admin.id);
    const boss = await createUser(t.db, { role: "super_admin", name: "Jefa Super" });
    bossToken = await signIn(t.db, boss.id);
  });

  async function lead(name: string) {
    const [row] = await t.db
      .insert(contacts)
      .values({ name, subject: "Cocina", message: "Hola", service: "reformas-de-cocinas" })
      .returning();
    if (!row) throw new Error("no lead");
    return row;
  }

  /** The newest audit entry about `recordId` of `resource`. */
  async function entryAbout(resource: string, recordId: number) {
    const [entry] = await t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.record_id, recordId))
      .orderBy(desc(adminAudit.id));
    if (!entry || entry.resource !== resource) throw new Error("no entry");
    return entry;
  }

  const entryPage = async (id: number) =>
    json(await t.get(`/api/admin/audit/detail/${id}`, bossToken));

  it("says each changed field's before → after in the section's words, and links the record", async () => {
    const row = await lead("Carmen Cambios");
    const changed = await t.post(
      "/api/admin/contacts/status",
      { id: row.id, status: "presupuesto_enviado" },
      token,
    );
    expect(changed.status).toBe(200);
    const entry = await entryAbout("contacts", row.id);
    const page = await entryPage(entry.id);
    expect(page.audit_entry).toMatchObject({
      record: { id: row.id, path: `/admin/contacts/detail/${row.id}` },
      before: { status: "nuevo", handled: false },
      after: { status: "presupuesto_enviado", handled: true },
    });
    // The contacts section's labels and value labels, not the audit log's.
    expect(page.audit_entry.titles).toMatchObject({
      status: "Estado",
      handled: "Atendido",
      service: "Servicio",
    });
    expect(page.audit_entry.value_titles.status.presupuesto_enviado).toBe("Presupuesto enviado");
    expect(page.audit_entry.value_titles.service["reformas-de-cocinas"]).toBeDefined();
    expect(page.audit_entry.date_fields).toEqual(
      expect.arrayContaining(["created_at", "status_changed_at", "erased_at"]),
    );
    // An entry has no history of its own.
    expect(page.history).toEqual([]);
  });

  it("says a record that is gone was deleted, and shows no value of an erased one", async () => {
    const row = await lead("Borja Borrado");
    await t.post("/api/admin/contacts/status", { id: row.id, status: "visita" }, token);
    const statusEntry = await entryAbout("contacts", row.id);
    expect((await t.get(`/api/admin/contacts/delete/${row.id}`, token)).status).toBe(200);
    for (const entry of [statusEntry, await entryAbout("contacts", row.id)]) {
      const page = await entryPage(entry.id);
      expect(page.audit_entry.record).toEqual({ id: row.id, deleted: true });
      // A lead's deletion erases what the log held of it (decision 179).
      expect(JSON.stringify(page)).not.toContain("Borja Borrado");
    }
  });

  it("never shows a secret: a new password is said to be set, never what it is", async () => {
    const made = await json(
      await t.post(
        "/api/admin/users/create",
        {
          name: "Clave Nueva",
          email: "clave.nueva@example.test",
          role_id: 3,
          email_verified: true,
          password: "terraza-con-pergola-2026",
        },
        token,
      ),
    );
    await t.post(
      "/api/admin/users/update",
      { ...made.data, role_id: 3, password: "otra-terraza-con-pergola-2026" },
      token,
    );
    const entry = await entryAbout("users", made.data.id);
    // As if written before a field became a secret: the page still leaves it out.
    await t.db
      .update(adminAudit)
      .set({
        before: { ...(entry.before as Json), password_hash: "$argon2id$antiguo" },
        after: { ...(entry.after as Json), remember_token: "abc" },
      })
      .where(eq(adminAudit.id, entry.id));
    const page = await entryPage(entry.id);
    expect(page.audit_entry.details).toMatchObject({ password_changed: true });
    expect(page.audit_entry.before).not.toHaveProperty("password_hash");
    expect(page.audit_entry.after).not.toHaveProperty("remember_token");
    expect(JSON.stringify(page.audit_entry)).not.toMatch(/argon|terraza|"abc"/);
    expect(page.audit_entry.record).toEqual({
      id: made.data.id,
      path: `/admin/users/detail/${made.data.id}`,
    });
  });

  it("opens an entry's page to super admins only", async () => {
    const row = await lead("Quién Mira");
    await t.post("/api/admin/contacts/status", { id: row.id, status: "contactado" }, token);
    const entry = await entryAbout("contacts", row.id);
    for (const [who, caller, status] of await staffRouteCallers(t.db, 403)) {
      const res = await t.get(`/api/admin/audit/detail/${entry.id}`, caller);
      expect(res.status, who).toBe(who === "super admin" ? 200 : status);
      if (res.status === 200) expect((await json(res)).audit_entry.record.id).toBe(row.id);
    }
    // Other sections' pages carry no entry.
    expect(
      (await json(await t.get(`/api/admin/contacts/detail/${row.id}`, token))).audit_entry,
    ).toBeUndefined();
  });

  it("names the fields that hold dates, and the field a title is drawn from", async () => {
    const subscriptions = await json(await t.get("/api/admin/subscriptions", token));
    expect(subscriptions.date_fields).toEqual(
      expect.arrayContaining(["consent_at", "confirmed_at", "unsubscribed_at", "blocked_until"]),
    );
    expect(subscriptions.date_fields).not.toContain("email");
    // A subscription is titled by its address: the table does not draw it twice.
    expect(subscriptions.table_layout.title).toBe("email");
    const leads = await json(await t.get("/api/admin/contacts", token));
    // A lead has a title of its own ("name — subject"); none of its columns is the title.
    expect(leads.table_layout.title).toBeUndefined();
    expect(leads.table_layout.summary).toBe("message");
    expect(leads.date_fields).toEqual(expect.arrayContaining(["created_at", "erased_at"]));
    expect(leads.date_fields).not.toContain("phone");
    const row = await lead("Fechas Vacías");
    const detail = await json(await t.get(`/api/admin/contacts/detail/${row.id}`, token));
    expect(detail.date_fields).toEqual(expect.arrayContaining(["personal_data_until"]));
  });
});
