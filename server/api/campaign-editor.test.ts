import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createMailedTestApp, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { to } from "../../tests/support/smtp.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { generateToken } from "../auth/tokens.ts";
import { adminAudit, campaigns, mailOutbox, subscriptions } from "../db/schema.ts";
import { sendDueCampaigns } from "../newsletter/schedule.ts";

/**
 * Decision 259: a campaign's live preview (the mail's own rendering), a test to up to five typed
 * addresses, and a send scheduled for a Madrid date and time, started once when due (whatever
 * the number of instances) and cancellable before. A real SMTP server receives the mails.
 */
describe.skipIf(skipDatabase)("a campaign's editor: preview, tests and a scheduled send", () => {
  const t = perSuite(() =>
    createMailedTestApp({
      env: { APP_URL: "https://obra.test", NEWSLETTER_RATE_PER_MINUTE: "60000" },
    }),
  );
  let token: string;
  let staff: { id: number; email: string; name: string };

  beforeAll(async () => {
    staff = await createUser(t.db, { role: "admin", name: "Elena Boletín" });
    token = await signIn(t.db, staff.id);
  });

  const draft = async (subject: string, body = "Hola.") => {
    const res = await t.post("/api/admin/campaigns/create", { subject, body }, token);
    expect(res.status).toBe(201);
    return (await res.json()).data.id as number;
  };
  const entries = (id: number, action: string) =>
    t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.record_id, id), eq(adminAudit.action, action)));

  it("previews what is typed as the mail renders it, raw HTML as text, storing nothing", async () => {
    const before = await t.db.select().from(campaigns);
    const res = await t.post(
      "/api/admin/campaigns/preview",
      { subject: "Obras de otoño", body: "**Novedades**\n\n<script>alert(1)</script>" },
      token,
    );
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.subject).toBe("Obras de otoño");
    expect(data.html).toContain("<strong>Novedades</strong>");
    expect(data.html).not.toContain("<script>");
    expect(data.html).toContain("&lt;script&gt;");
    // The greeting and the unsubscribe footer are the mail's own, added around the text.
    expect(data.text).toContain("Hola:");
    expect(data.text).toMatch(/baja/i);
    expect(await t.db.select().from(campaigns)).toEqual(before);
    const tooLong = await t.post(
      "/api/admin/campaigns/preview",
      { subject: "x".repeat(151), body: "" },
      token,
    );
    expect(tooLong.status).toBe(422);
    expect((await json(tooLong)).errors.subject).toEqual([
      "El asunto no puede tener más de 150 caracteres.",
    ]);
  });

  it("sends a test to up to five typed addresses, each audited; six or a bad one are refused", async () => {
    const id = await draft("Prueba a cinco");
    const five = ["uno", "dos", "tres", "cuatro", "cinco"].map((n) => `${n}@prueba.test`);
    const res = await t.post(`/api/admin/campaigns/${id}/test`, { to: five }, token);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).message).toContain("uno@prueba.test");
    for (const address of five) {
      const mail = await t.peer.waitForMail(to(address));
      expect(mail.subject).toBe("[Prueba] Prueba a cinco");
    }
    const tests = await entries(id, "test_send");
    expect(tests.map((entry) => entry.details?.to).sort()).toEqual([...five].sort());
    expect(tests.every((entry) => entry.actor_id === staff.id)).toBe(true);

    const refusals: [unknown, string][] = [
      [
        [...five, "seis@prueba.test"],
        "La prueba puede enviarse a 5 direcciones como máximo; has escrito 6.",
      ],
      [["bien@prueba.test", "mal@"], "«mal@» no es una dirección de correo válida."],
      [["a@", "b"], "Estas direcciones no son válidas: «a@», «b»."],
      [[], "Escribe al menos una dirección para la prueba."],
      ["uno@prueba.test", "Indica las direcciones de la prueba como una lista de correos."],
    ];
    for (const [list, message] of refusals) {
      const refused = await t.post(`/api/admin/campaigns/${id}/test`, { to: list }, token);
      expect(refused.status, JSON.stringify(list)).toBe(422);
      expect((await json(refused)).errors.to).toEqual([message]);
    }
    // Nothing queued, nothing recorded for a refusal.
    expect(await entries(id, "test_send")).toHaveLength(5);
    // No list: to oneself, as before.
    expect((await t.post(`/api/admin/campaigns/${id}/test`, {}, token)).status).toBe(200);
    await t.peer.waitForMail(to(staff.email));
  });

  it("refuses a time that is not in the future or not a time, in Spanish", async () => {
    const id = await draft("Mal programada");
    for (const [at, message] of [
      ["2020-01-01T10:00", "El envío debe programarse para un momento futuro."],
      ["mañana", "Indica el día y la hora del envío."],
      ["2027-02-30T10:00", "Indica el día y la hora del envío."],
      [
        `${new Date().getFullYear() + 3}-01-01T10:00`,
        "El envío puede programarse como mucho con un año de antelación.",
      ],
    ] as const) {
      const res = await t.post(`/api/admin/campaigns/${id}/schedule`, { at }, token);
      expect(res.status, at).toBe(422);
      expect((await json(res)).errors.at, at).toEqual([message]);
    }
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row?.scheduled_at).toBeNull();
  });

  it("schedules a send on Madrid's clock, cancels it, and sends a due one exactly once", async () => {
    await t.db.insert(subscriptions).values(
      ["ana", "bea", "carla"].map((name) => ({
        email: `${name}@suscrita.test`,
        status: "confirmed" as const,
        confirmed_at: new Date(),
        unsubscribe_token: generateToken(),
      })),
    );
    const year = new Date().getFullYear() + 1;
    const id = await draft("Programada");
    // 10:00 in Madrid in January is 09:00 UTC (winter time); in July, 08:00 UTC (summer time).
    for (const [at, utc] of [
      [`${year}-01-15T10:00`, `${year}-01-15T09:00:00.000Z`],
      [`${year}-07-15T10:00`, `${year}-07-15T08:00:00.000Z`],
    ] as const) {
      const res = await t.post(
        `/api/admin/campaigns/${id}/schedule`,
        { at, confirm_frequency: true },
        token,
      );
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await json(res)).data.scheduled_at).toBe(utc);
    }
    const summary = await json(await t.get(`/api/admin/campaigns/${id}`, token));
    expect(summary.data).toMatchObject({
      status: "draft",
      scheduled_at: `${year}-07-15T08:00:00.000Z`,
    });
    // Not due: nothing happens.
    expect(await sendDueCampaigns(t.deps)).toBe(0);

    // Cancelled before it starts: it stays a draft, and the next check sends nothing.
    expect((await t.post(`/api/admin/campaigns/${id}/unschedule`, {}, token)).status).toBe(200);
    const again = await t.post(`/api/admin/campaigns/${id}/unschedule`, {}, token);
    expect(again.status).toBe(409);
    expect(await sendDueCampaigns(t.deps)).toBe(0);

    // Scheduled again, then its time comes (the clock moved, decision 170): two instances
    // checking at once start it once, and every subscriber gets it once.
    expect(
      (
        await t.post(
          `/api/admin/campaigns/${id}/schedule`,
          { at: `${year}-01-15T10:00`, confirm_frequency: true },
          token,
        )
      ).status,
    ).toBe(200);
    await t.db
      .update(campaigns)
      .set({ scheduled_at: sql`now() - interval '1 second'` })
      .where(eq(campaigns.id, id));
    const started = await Promise.all([sendDueCampaigns(t.deps), sendDueCampaigns(t.deps)]);
    expect(started.reduce((a, b) => a + b, 0)).toBe(1);
    const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.campaign_id, id));
    expect(queued.map((row) => row.to).sort()).toEqual([
      "ana@suscrita.test",
      "bea@suscrita.test",
      "carla@suscrita.test",
    ]);
    for (const name of ["ana", "bea", "carla"]) {
      const mail = await t.peer.waitForMail(to(`${name}@suscrita.test`));
      expect(mail.subject).toBe("Programada");
    }
    const sends = await entries(id, "send");
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      actor_id: staff.id,
      actor_name: "Elena Boletín",
      affected: 3,
    });
    expect((await entries(id, "schedule")).length).toBe(3);
    expect((await entries(id, "unschedule")).length).toBe(1);
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row).toMatchObject({ status: "sending", scheduled_at: null });
    // Too late to cancel, or to schedule again.
    expect((await t.post(`/api/admin/campaigns/${id}/unschedule`, {}, token)).status).toBe(409);
    const late = await t.post(
      `/api/admin/campaigns/${id}/schedule`,
      { at: `${year}-01-15T10:00` },
      token,
    );
    expect(late.status).toBe(409);
  });
});
