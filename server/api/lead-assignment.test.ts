import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createMailedTestApp,
  expectValidationErrors,
  json,
  perSuite,
} from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { to } from "../../tests/support/smtp.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { adminAudit, contacts, mailOutbox } from "../db/schema.ts";

/**
 * Issue 37, decision 254: giving a lead to a colleague mails them a link to it (through the
 * outbox, to a real SMTP server); only staff who can enter the admin may be given leads; each
 * reassignment, one or in bulk, is in the lead's history and the audit log.
 */
describe.skipIf(skipDatabase)("assigning leads", () => {
  const t = perSuite(() => createMailedTestApp());
  let boss: { id: number; name: string };
  let bossToken: string;
  let marta: { id: number; name: string; email: string };
  let luis: { id: number; name: string; email: string };

  async function lead(values: Partial<typeof contacts.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(contacts)
      .values({
        name: "Ana Visitante",
        subject: "Cocina",
        message: "Hola",
        service: "reformas-de-cocinas",
        ...values,
      })
      .returning();
    if (!row) throw new Error("no lead");
    return row;
  }

  const assign = (id: number, assignee_id: number | null, token = bossToken) =>
    t.post("/api/admin/contacts/assign", { id, assignee_id }, token);

  beforeAll(async () => {
    boss = await createUser(t.db, { role: "super_admin", name: "Jefa Super" });
    bossToken = await signIn(t.db, boss.id);
    marta = await createUser(t.db, { role: "admin", name: "Marta Comercial" });
    luis = await createUser(t.db, { role: "admin", name: "Luis Comercial" });
  });

  it("mails the assignee a link to the lead, and records who gave it to whom", async () => {
    const target = await lead({ reference: "OM-2026-90001" });
    const res = await assign(target.id, marta.id);
    expect(res.status).toBe(200);
    expect((await json(res)).data.assignee_name).toBe("Marta Comercial");
    const mail = await t.peer.waitForMail(to(marta.email));
    expect(mail.subject).toBe("Te han asignado la solicitud OM-2026-90001");
    expect(mail.text).toContain("Jefa Super te ha asignado esta solicitud");
    expect(mail.text).toContain("Reforma de cocinas");
    expect(mail.text).toContain(`http://localhost:3000/admin/contacts/detail/${target.id}`);
    // No visitor's name or words: the mail outlives an erased lead.
    expect(mail.text).not.toContain("Ana Visitante");
    const detail = await json(await t.get(`/api/admin/contacts/detail/${target.id}`, bossToken));
    const entry = detail.history.find((h: { action: string }) => h.action === "assign");
    expect(entry).toMatchObject({ actor_name: "Jefa Super", action_title: "Asignación" });
    expect(entry.before.assignee_name).toBeNull();
    expect(entry.after.assignee_name).toBe("Marta Comercial");

    // Reassigned: Luis hears of it; the history holds both steps.
    await assign(target.id, luis.id);
    await t.peer.waitForMail(to(luis.email));
    const history = (
      await json(await t.get(`/api/admin/contacts/detail/${target.id}`, bossToken))
    ).history.filter((h: { action: string }) => h.action === "assign");
    expect(history.map((h: { after: { assignee_name: string } }) => h.after.assignee_name)).toEqual(
      ["Luis Comercial", "Marta Comercial"],
    );
  });

  it("tells nobody of a lead one takes oneself, or gives to nobody", async () => {
    const target = await lead();
    const before = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "assignment"));
    const martaToken = await signIn(t.db, marta.id);
    expect((await assign(target.id, marta.id, martaToken)).status).toBe(200);
    expect((await assign(target.id, null)).status).toBe(200);
    const after = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "assignment"));
    expect(after.length).toBe(before.length);
  });

  it("refuses, in Spanish, anyone who cannot enter the admin", async () => {
    const target = await lead();
    const guest = await createUser(t.db, { role: "guest_user", name: "Cliente" });
    const unverified = await createUser(t.db, { role: "admin", verified: false });
    for (const who of [guest.id, unverified.id, 2_000_000_000]) {
      await expectValidationErrors(await assign(target.id, who), {
        assignee_id: [
          "Solo se puede asignar a alguien del equipo que pueda entrar en la administración (campo «Responsable»).",
        ],
      });
    }
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, target.id));
    expect(row?.assignee_id).toBeNull();
    // Nor is such a person offered on the lead's page.
    const detail = await json(await t.get(`/api/admin/contacts/detail/${target.id}`, bossToken));
    const offered = detail.assignees.map((a: { id: number }) => a.id);
    expect(offered).toContain(marta.id);
    expect(offered).not.toContain(guest.id);
    expect(offered).not.toContain(unverified.id);
  });

  it("assigns in bulk: one mail listing the leads, one history entry per lead", async () => {
    const tag = `Lote${Date.now().toString(36)}`;
    const leads = [
      await lead({ subject: tag, reference: "OM-2026-90011" }),
      await lead({ subject: tag, reference: "OM-2026-90012" }),
    ];
    const already = t.peer.received.filter(to(marta.email)).length;
    const res = await t.post(
      "/api/admin/contacts/bulk",
      { action: "assign", assignee_id: marta.id, all_matching: true, query: { q: tag } },
      bossToken,
    );
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ title: "Responsables actualizados", count: 2 });
    const mail = await t.peer.waitForMail(
      (m) => to(marta.email)(m) && m.subject === "Te han asignado 2 solicitudes de presupuesto",
    );
    expect(mail.text).toContain("OM-2026-90011");
    expect(mail.text).toContain("OM-2026-90012");
    expect(t.peer.received.filter(to(marta.email)).length).toBe(already + 1);
    for (const one of leads) {
      const [entry] = await t.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.action, "assign"), eq(adminAudit.record_id, one.id)))
        .orderBy(desc(adminAudit.id));
      expect(entry?.details).toMatchObject({ selection: "all_matching", bulk: true });
    }
    // To someone who cannot enter the admin: refused, nothing changed.
    const guest = await createUser(t.db, { role: "guest_user" });
    const refused = await t.post(
      "/api/admin/contacts/bulk",
      { action: "assign", assignee_id: guest.id, ids: leads.map((l) => l.id) },
      bossToken,
    );
    expect(refused.status).toBe(422);
    const rows = await t.db.select().from(contacts).where(eq(contacts.subject, tag));
    expect(rows.every((row) => row.assignee_id === marta.id)).toBe(true);
    // Bulk «assign» on a section without assignees is not found.
    const users = await t.post(
      "/api/admin/users/bulk",
      { action: "assign", assignee_id: marta.id, ids: [marta.id] },
      bossToken,
    );
    expect(users.status).toBe(404);
  });
});
