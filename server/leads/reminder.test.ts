// The morning reminder of unanswered leads (decision 198). Leads arrive through POST
// /api/contacts and are worked through the admin API, as in production; their arrival is then
// dated back, and the reminder is asked at chosen moments of a week in Madrid.

import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestApp, json, perSuite, uniqueIp } from "../../tests/support/app.ts";
import { bootSettings, skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { boot } from "../boot.ts";
import { contacts, mailOutbox } from "../db/schema.ts";
import { madridDay, previousWorkingDay, remindOfWaitingLeads } from "./reminder.ts";

describe("the working days the reminder counts", () => {
  it("reads the day and hour in Madrid, summer and winter", () => {
    // 23:30 UTC on a Tuesday in November is 00:30 on Wednesday in Madrid (UTC+1).
    expect(madridDay(new Date("2026-11-24T23:30:00Z"))).toEqual({ date: "2026-11-25", hour: 0 });
    // 06:00 UTC in July is 08:00 in Madrid (UTC+2).
    expect(madridDay(new Date("2026-07-03T06:00:00Z"))).toEqual({ date: "2026-07-03", hour: 8 });
  });

  it("goes back over the weekend", () => {
    expect(previousWorkingDay("2026-11-25", [])).toBe("2026-11-24");
    expect(previousWorkingDay("2026-11-23", [])).toBe("2026-11-20");
    expect(previousWorkingDay("2026-11-24", [])).toBe("2026-11-23");
    expect(previousWorkingDay("2026-03-02", [])).toBe("2026-02-27");
  });

  it("goes back over the holidays, national and the office's (decision 202)", () => {
    // Wednesday after la Inmaculada (Tuesday 8 December): Monday.
    expect(previousWorkingDay("2026-12-09", [])).toBe("2026-12-07");
    // Monday after Navidad (Friday) and the weekend: Thursday 24.
    expect(previousWorkingDay("2026-12-28", [])).toBe("2026-12-24");
    // Easter Monday 2027, Good Friday 26 March behind it: Holy Thursday.
    expect(previousWorkingDay("2027-03-29", [])).toBe("2027-03-25");
    // An office that also closes that Monday 7 December: the Friday before.
    expect(previousWorkingDay("2026-12-09", ["2026-12-07"])).toBe("2026-12-04");
    expect(previousWorkingDay("2026-12-09", ["12-07"])).toBe("2026-12-04");
  });
});

describe.skipIf(skipDatabase)("the morning reminder of unanswered leads", () => {
  const t = perSuite(() => createTestApp());

  /** A lead sent from the contact page, then dated back to `arrived`; answers its id. */
  async function leadArrived(subject: string, arrived: string): Promise<number> {
    const res = await t.post(
      "/api/contacts",
      {
        name: "Núria Vidal Ferrer",
        email: "nuria.vidal@example.net",
        phone: "612 345 678",
        subject,
        message: "Queremos cambiar la bañera por una ducha a ras de suelo.",
        service: "reformas-de-banos",
        form_fill_ms: 45_000,
      },
      undefined,
      uniqueIp(),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const [row] = await t.db
      .update(contacts)
      .set({ created_at: new Date(arrived) })
      .where(eq(contacts.reference, (await json(res)).reference))
      .returning({ id: contacts.id });
    return row?.id as number;
  }

  /** The reminders queued so far, oldest first. */
  const reminders = () =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "reminder")).orderBy(mailOutbox.id);

  const remindAt = (at: string) => remindOfWaitingLeads(t.db, t.deps.env, new Date(at));

  it("lists each working morning the leads still «Nuevo» a working day after they came, once", async () => {
    const staff = await createUser(t.db, { role: "admin", name: "Lucía Comercial" });
    const token = await signIn(t.db, staff.id);
    // Monday 10:00 and 11:00 in Madrid; Tuesday 08:00; the Friday before, 15:00 (answered).
    const monday = await leadArrived("Baño del lunes", "2026-11-23T09:00:00Z");
    const assigned = await leadArrived("Baño asignado", "2026-11-23T10:00:00Z");
    const tuesday = await leadArrived("Baño del martes", "2026-11-24T07:00:00Z");
    const answered = await leadArrived("Baño contestado", "2026-11-20T14:00:00Z");
    for (const [action, body] of [
      ["assign", { id: assigned, assignee_id: staff.id }],
      ["status", { id: answered, status: "contactado" }],
    ] as const) {
      const res = await t.post(`/api/admin/contacts/${action}`, body, token);
      expect(res.status, await res.clone().text()).toBe(200);
    }

    // Tuesday morning: Monday's leads still have the day; the weekend sends nothing.
    expect(await remindAt("2026-11-24T08:00:00Z")).toBe(0);
    expect(await remindAt("2026-11-21T09:00:00Z")).toBe(0);
    // Wednesday before eight in Madrid: not yet.
    expect(await remindAt("2026-11-25T06:30:00Z")).toBe(0);
    // Wednesday 08:05: Monday's two, oldest first; Tuesday's has today still.
    expect(await remindAt("2026-11-25T07:05:00Z")).toBe(2);
    const [first] = await reminders();
    expect(first).toMatchObject({
      to: "hola@obramediterranea.es",
      subject: "2 solicitudes de presupuesto siguen sin respuesta",
      contact_id: null,
    });
    const monthDay = await t.db
      .select({ id: contacts.id, reference: contacts.reference })
      .from(contacts)
      .where(inArray(contacts.id, [monday, assigned]))
      .orderBy(contacts.id);
    const text = first?.text ?? "";
    expect(text).toContain(
      `${monthDay[0]?.reference} · Reforma de baños · recibida el lunes, 23 de noviembre, 10:00 · sin responsable`,
    );
    expect(text).toContain(
      `${monthDay[1]?.reference} · Reforma de baños · recibida el lunes, 23 de noviembre, 11:00 · responsable: Lucía Comercial`,
    );
    expect(text.indexOf(monthDay[0]?.reference as string)).toBeLessThan(
      text.indexOf(monthDay[1]?.reference as string),
    );
    for (const id of [monday, assigned]) {
      const page = `http://localhost:3000/admin/contacts/detail/${id}`;
      expect(text).toContain(page);
      expect(first?.html).toContain(`href="${page}"`);
    }
    // The button opens the inbox on the same leads: «Nuevo», arrived by Monday.
    expect(text).toContain(
      "Verlas en el panel:\nhttp://localhost:3000/admin/contacts/index?status=nuevo&created_to=2026-11-23",
    );
    const view = await json(
      await t.get("/api/admin/contacts?page=1&status=nuevo&created_to=2026-11-23", token),
    );
    expect(view.data.data.map((lead: { id: number }) => lead.id).sort()).toEqual(
      [monday, assigned].sort(),
    );
    // Nothing the visitor wrote: the mail outlives an erased lead in the outbox's copies.
    for (const written of ["Núria", "nuria.vidal", "612 345 678", "Baño del lunes", "bañera"]) {
      expect(text + (first?.html ?? "")).not.toContain(written);
    }

    // Later the same day: sent already.
    expect(await remindAt("2026-11-25T11:00:00Z")).toBe(0);
    // Thursday: Tuesday's too, until each is answered.
    const res = await t.post("/api/admin/contacts/status", { id: monday, status: "visita" }, token);
    expect(res.status).toBe(200);
    expect(await remindAt("2026-11-26T08:00:00Z")).toBe(2);
    const thursday = (await reminders()).at(-1)?.text ?? "";
    expect(thursday).not.toContain(monthDay[0]?.reference as string);
    expect(thursday).toContain(monthDay[1]?.reference as string);
    const [tuesdays] = await t.db
      .select({ reference: contacts.reference })
      .from(contacts)
      .where(eq(contacts.id, tuesday));
    expect(thursday).toContain(`${tuesdays?.reference} · Reforma de baños · recibida el martes`);
  });

  it("lists the oldest thirty of an inbox left for weeks and counts the rest", async () => {
    const [oldest] = await t.db
      .select({ reference: contacts.reference })
      .from(contacts)
      .where(eq(contacts.status, "nuevo"))
      .orderBy(contacts.created_at)
      .limit(1);
    for (let n = 0; n < 31; n++) await leadArrived(`Baño ${n}`, "2026-10-05T10:00:00Z");
    expect(await remindAt("2026-12-02T08:00:00Z")).toBe(33);
    const text = (await reminders()).at(-1)?.text ?? "";
    expect(text).toContain("Estas 33 solicitudes siguen en «Nuevo»");
    expect(text.match(/^OM-\d{4}-\d{5} · /gm)).toHaveLength(30);
    expect(text).toContain("Y 3 más, en el panel.");
    // Left out, the newest: one of October's, and November's Monday and Tuesday leads.
    expect(text).not.toContain(oldest?.reference as string);
  });

  it("is sent once however many instances ask at the same moment", async () => {
    const before = (await reminders()).length;
    // Four connections open first, as four instances' would be: the asks then overlap.
    await Promise.all(Array.from({ length: 4 }, () => t.db.execute(sql`select pg_sleep(0.05)`)));
    const asked = await Promise.all(
      Array.from({ length: 4 }, () =>
        remindOfWaitingLeads(t.db, t.deps.env, new Date("2026-12-01T08:00:00Z")),
      ),
    );
    expect(asked.filter((listed) => listed > 0)).toHaveLength(1);
    expect(await reminders()).toHaveLength(before + 1);
  });

  /** The reference the contact page gave the lead `id`. */
  async function referenceOf(id: number): Promise<string> {
    const [row] = await t.db
      .select({ reference: contacts.reference })
      .from(contacts)
      .where(eq(contacts.id, id));
    return row?.reference as string;
  }

  /** The earlier tests' leads answered: only this week's are «Nuevo». */
  const answerAll = () =>
    t.db.update(contacts).set({ status: "contactado" }).where(eq(contacts.status, "nuevo"));

  it("sends nothing on a holiday, and the day after it does not count it (decision 202)", async () => {
    await answerAll();
    // Friday 4 and Monday 7 December, 10:00 in Madrid.
    const friday = await referenceOf(await leadArrived("Baño del viernes", "2026-12-04T09:00:00Z"));
    const monday = await referenceOf(await leadArrived("Baño del lunes 7", "2026-12-07T09:00:00Z"));
    const before = (await reminders()).length;
    // Tuesday 8, la Inmaculada: the office is closed.
    expect(await remindAt("2026-12-08T08:00:00Z")).toBe(0);
    expect(await reminders()).toHaveLength(before);
    // Wednesday 9: Monday was the last working day, Monday's lead has it still to be answered.
    expect(await remindAt("2026-12-09T08:00:00Z")).toBe(1);
    const wednesday = (await reminders()).at(-1)?.text ?? "";
    expect(wednesday).toContain(
      `${friday} · Reforma de baños · recibida el viernes, 4 de diciembre`,
    );
    expect(wednesday).not.toContain(monday);
    expect(wednesday).toContain("/admin/contacts/index?status=nuevo&created_to=2026-12-06");
  });

  it("keeps the office's own days off as holidays", async () => {
    await answerAll();
    const office = { ...t.deps.env, REMINDER_HOLIDAYS: ["2026-12-14"] };
    const thursday = await referenceOf(
      await leadArrived("Baño del jueves", "2026-12-10T09:00:00Z"),
    );
    const friday = await referenceOf(
      await leadArrived("Baño del viernes 11", "2026-12-11T09:00:00Z"),
    );
    const before = (await reminders()).length;
    // Monday 14, the office's day off: nothing.
    expect(await remindOfWaitingLeads(t.db, office, new Date("2026-12-14T08:00:00Z"))).toBe(0);
    expect(await reminders()).toHaveLength(before);
    // Tuesday 15: Friday was the last working day; Thursday's lead is overdue, Friday's is not.
    expect(await remindOfWaitingLeads(t.db, office, new Date("2026-12-15T08:00:00Z"))).toBe(1);
    const tuesday = (await reminders()).at(-1)?.text ?? "";
    expect(tuesday).toContain(thursday);
    expect(tuesday).not.toContain(friday);
  });
});

describe.skipIf(skipDatabase)("the reminder as the server starts it", () => {
  let dropDatabase = async () => {};
  afterAll(async () => {
    vi.useRealTimers();
    await dropDatabase();
  });

  it("boot() checks at once and delivers the morning's reminder of a lead left «Nuevo»", async () => {
    const { env, drop } = await bootSettings();
    dropDatabase = drop;
    // Wednesday 25 November 2026, 09:30 in Madrid; a lead of the Friday before still «Nuevo».
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-25T08:30:00Z") });
    const first = await boot(env);
    await first.deps.db.insert(contacts).values({
      name: "Pau Serra",
      subject: "Tejado",
      message: "Goteras en el tejado.",
      created_at: new Date("2026-11-20T10:00:00Z"),
    });
    await first.close();

    const second = await boot(env);
    try {
      const delivered = () =>
        second.deps.db
          .select({ subject: mailOutbox.subject, sent: mailOutbox.sent_at })
          .from(mailOutbox)
          .where(eq(mailOutbox.kind, "reminder"));
      await expect
        .poll(async () => (await delivered()).map((mail) => [mail.subject, mail.sent !== null]), {
          timeout: 10_000,
        })
        .toEqual([["1 solicitud de presupuesto sigue sin respuesta", true]]);
    } finally {
      await second.close();
    }
  }, 60_000);
});
