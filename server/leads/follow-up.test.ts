import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createMailedTestApp,
  expectValidationErrors,
  json,
  perSuite,
} from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { to } from "../../tests/support/smtp.ts";
import { createUser, signIn, staffRouteCallers } from "../../tests/support/users.ts";
import { contacts, mailOutbox } from "../db/schema.ts";
import { remindAssignees } from "./assignee-reminder.ts";
import { madridDay } from "./reminder.ts";

/**
 * Issue 37, decision 255: «volver a contactar el …» with a note, set on a lead by staff; the inbox
 * filters by overdue follow-ups; each assignee's morning mail lists theirs due that day and their
 * leads still new, through a real SMTP server.
 */
describe.skipIf(skipDatabase)("a lead's follow-up", () => {
  const t = perSuite(() => createMailedTestApp());
  let token: string;
  let marta: { id: number; name: string; email: string };
  let luis: { id: number; email: string };

  async function lead(values: Partial<typeof contacts.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(contacts)
      .values({ name: "Ana", subject: "Baño", message: "Hola", ...values })
      .returning();
    if (!row) throw new Error("no lead");
    return row;
  }
  const followUp = (body: Record<string, unknown>, as = token) =>
    t.post("/api/admin/contacts/follow-up", body, as);

  beforeAll(async () => {
    const boss = await createUser(t.db, { role: "super_admin", name: "Jefa Super" });
    token = await signIn(t.db, boss.id);
    marta = await createUser(t.db, { role: "admin", name: "Marta Comercial" });
    luis = await createUser(t.db, { role: "admin", name: "Luis Comercial" });
  });

  it("is set with a note, shown on the lead and in its history, and cleared", async () => {
    const target = await lead();
    const res = await followUp({ id: target.id, on: "2026-12-01", note: "Llamar tras la visita" });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      follow_up_on: "2026-12-01",
      follow_up_note: "Llamar tras la visita",
    });
    const detail = await json(await t.get(`/api/admin/contacts/detail/${target.id}`, token));
    expect(detail.parameter_titles.follow_up_on).toBe("Volver a contactar el");
    expect(detail.history[0]).toMatchObject({ action: "follow_up", actor_name: "Jefa Super" });
    const cleared = await json(await followUp({ id: target.id, on: null, note: "x" }));
    expect(cleared.data).toMatchObject({ follow_up_on: null, follow_up_note: null });
  });

  it("refuses a day that is not one, a long note, and anyone but the leads' staff", async () => {
    const target = await lead();
    await expectValidationErrors(await followUp({ id: target.id, on: "2026-02-30" }), {
      on: ["La fecha de «Volver a contactar el» debe tener la forma AAAA-MM-DD."],
    });
    await expectValidationErrors(
      await followUp({ id: target.id, on: "2026-12-01", note: "a".repeat(201) }),
      { note: ["«Nota para volver a contactar» no puede tener más de 200 caracteres."] },
    );
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, target.id));
    expect(row?.follow_up_on).toBeNull();
    expect((await followUp({ id: 2_000_000_000, on: "2026-12-01" })).status).toBe(404);
    for (const [who, callerToken, status] of await staffRouteCallers(t.db, 200)) {
      const body = { id: target.id, on: "2026-12-01" };
      const res = await t.post("/api/admin/contacts/follow-up", body, callerToken);
      expect(res.status, who).toBe(status);
    }
  });

  it("filters the inbox by overdue follow-ups", async () => {
    const tag = `Seguimiento${Date.now().toString(36)}`;
    await lead({ subject: tag, name: "Vencido", follow_up_on: "2020-01-01" });
    await lead({ subject: tag, name: "Hoy", follow_up_on: madridDay(new Date()).date });
    await lead({ subject: tag, name: "Futuro", follow_up_on: "2999-01-01" });
    await lead({ subject: tag, name: "Ninguno" });
    const names = async (state: string) =>
      (await json(await t.get(`/api/admin/contacts?q=${tag}&follow_up=${state}`, token))).data.data
        .map((r: { name: string }) => r.name)
        .sort();
    expect(await names("vencido")).toEqual(["Vencido"]);
    expect(await names("hoy")).toEqual(["Hoy"]);
    expect(await names("vencido,hoy")).toEqual(["Hoy", "Vencido"]);
    expect(await names("programado")).toEqual(["Futuro"]);
    expect((await t.get("/api/admin/contacts?follow_up=ayer", token)).status).toBe(422);
  });

  it("is in the assignee's morning reminder on its day, with their leads still new", async () => {
    await t.db.delete(contacts);
    // Wednesday 25 November 2026, 09:30 in Madrid.
    const morning = new Date("2026-11-25T08:30:00Z");
    const due = await lead({
      reference: "OM-2026-70001",
      service: "reformas-de-banos",
      assignee_id: marta.id,
      status: "visita",
    });
    await followUp({ id: due.id, on: "2026-11-25", note: "Confirmar medidas" });
    const later = await lead({
      reference: "OM-2026-70002",
      assignee_id: marta.id,
      status: "visita",
    });
    await followUp({ id: later.id, on: "2026-11-26" });
    await lead({ reference: "OM-2026-70003", assignee_id: marta.id });
    // Luis has only a lead already contacted, no follow-up: nothing to tell him.
    await lead({ reference: "OM-2026-70004", assignee_id: luis.id, status: "contactado" });

    // Before 08:00 and on a Saturday: nothing.
    expect(await remindAssignees(t.db, t.deps.env, new Date("2026-11-25T06:30:00Z"))).toBe(0);
    expect(await remindAssignees(t.db, t.deps.env, new Date("2026-11-28T09:30:00Z"))).toBe(0);
    expect(await remindAssignees(t.db, t.deps.env, morning)).toBe(1);
    // Once a day.
    expect(await remindAssignees(t.db, t.deps.env, new Date("2026-11-25T10:30:00Z"))).toBe(0);
    await t.deps.mail.flush();
    const mail = await t.peer.waitForMail(to(marta.email));
    expect(mail.subject).toBe("Tu día: 1 seguimiento para hoy y 1 solicitud nueva");
    expect(mail.text).toContain("OM-2026-70001 · Reforma de baños · volver a contactar hoy ·");
    expect(mail.text).toContain("«Confirmar medidas»");
    expect(mail.text).toContain(`http://localhost:3000/admin/contacts/detail/${due.id}`);
    expect(mail.text).toContain("OM-2026-70003");
    expect(mail.text).not.toContain("OM-2026-70002");
    expect(t.peer.received.filter(to(luis.email))).toHaveLength(0);
    const queued = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "assignee_reminder"));
    expect(queued).toHaveLength(1);
  });

  it("goes when an operator asks, whatever the day or hour, and again (decision 277)", async () => {
    await t.db.delete(contacts);
    await t.db.delete(mailOutbox);
    const saturday = new Date("2026-11-28T06:30:00Z");
    const due = await lead({ reference: "OM-2026-70011", assignee_id: luis.id, status: "visita" });
    await followUp({ id: due.id, on: "2026-11-28", note: "Llamar tras la visita" });
    // Saturday before eight: the morning's turn sends nothing; asked, it goes, and again.
    expect(await remindAssignees(t.db, t.deps.env, saturday)).toBe(0);
    expect(await remindAssignees(t.db, t.deps.env, saturday, { asked: true })).toBe(1);
    expect(await remindAssignees(t.db, t.deps.env, saturday, { asked: true })).toBe(1);
    await t.deps.mail.flush();
    const mail = await t.peer.waitForMail(to(luis.email));
    expect(mail.text).toContain("OM-2026-70011 · Sin servicio indicado · volver a contactar hoy");
    expect(mail.text).toContain("«Llamar tras la visita»");
    const queued = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "assignee_reminder"));
    expect(queued).toHaveLength(2);
  });
});
