import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, expectValidationErrors, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn, staffRouteCallers } from "../../tests/support/users.ts";
import { contacts, staffHomeCounts } from "../db/schema.ts";
import { madridDay } from "../leads/reminder.ts";

const day = 24 * 60 * 60 * 1000;

/** Issue 37, decision 253: the staff home's cards, each the count of the inbox it opens. */
describe.skipIf(skipDatabase)("the staff home API", () => {
  const t = perSuite(() => createTestApp());
  let me: { id: number };
  let token: string;
  let colleague: { id: number };

  async function lead(values: Partial<typeof contacts.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(contacts)
      .values({ name: "Ana", subject: "Consulta", message: "Hola", ...values })
      .returning();
    if (!row) throw new Error("no lead");
    return row;
  }

  beforeAll(async () => {
    me = await createUser(t.db, { role: "admin", name: "Marta Admin" });
    token = await signIn(t.db, me.id);
    colleague = await createUser(t.db, { role: "super_admin", name: "Luis Super" });
    const now = Date.now();
    // Nuevo, 10 days waiting, nobody on it: nuevos, sin asignar, esperando.
    await lead({
      name: "Vieja",
      created_at: new Date(now - 10 * day),
      follow_up_on: madridDay(new Date(now - 3 * day)).date,
    });
    // Nuevo, just in, mine: nuevos, míos.
    await lead({ name: "Reciente", assignee_id: me.id });
    // A colleague's visit: none of mine, nor unassigned.
    await lead({
      name: "Visita",
      status: "visita",
      handled: true,
      assignee_id: colleague.id,
      follow_up_on: madridDay(new Date(now + 3 * day)).date,
    });
    // A quote sent 10 days ago, unassigned; another sent 2 days ago, mine.
    await lead({
      name: "Presupuesto viejo",
      status: "presupuesto_enviado",
      handled: true,
      status_changed_at: new Date(now - 10 * day),
    });
    await lead({
      name: "Presupuesto nuevo",
      status: "presupuesto_enviado",
      handled: true,
      assignee_id: me.id,
      follow_up_on: madridDay(new Date(now)).date,
      status_changed_at: new Date(now - 2 * day),
    });
    // Won this month, with and without an amount; won 40 days ago; lost, unassigned.
    await lead({
      name: "Ganado",
      status: "ganado",
      handled: true,
      status_changed_at: new Date(now),
      won_amount: 1500.5,
    });
    await lead({ name: "Ganado sin importe", status: "ganado", status_changed_at: new Date(now) });
    await lead({
      name: "Ganado antiguo",
      status: "ganado",
      handled: true,
      status_changed_at: new Date(now - 40 * day),
      won_amount: 9000,
    });
    // Lost: its follow-up, overdue, is nobody's work any more.
    await lead({
      name: "Perdido",
      status: "perdido",
      handled: true,
      follow_up_on: madridDay(new Date(now - 3 * day)).date,
    });
  });

  it("counts what each card names, the same as the inbox the card opens", async () => {
    const res = await t.get("/api/admin/home", token);
    expect(res.status).toBe(200);
    const home = await json(res);
    const byKey = Object.fromEntries(home.cards.map((card: { key: string }) => [card.key, card]));
    expect(home.cards.map((card: { title: string }) => card.title)).toEqual([
      "Nuevos",
      "Sin asignar",
      "Esperando más de un día laborable",
      "Volver a contactar hoy o vencidos",
      "Míos",
      "Presupuestos enviados sin respuesta en 7 días",
      "Ganados este mes",
    ]);
    expect(
      Object.fromEntries(Object.entries(byKey).map(([key, card]) => [key, card.count])),
    ).toEqual({
      nuevos: 2,
      sin_asignar: 2,
      esperando: 1,
      volver: 2,
      mios: 2,
      presupuestos: 1,
      ganados: 2,
    });
    expect(byKey.ganados.amount).toBe(1500.5);
    for (const card of home.cards) {
      const inbox = await json(
        await t.get(`/api/admin/contacts?${card.query}&sort=inbox&per_page=50`, token),
      );
      expect(inbox.data.total, card.key).toBe(card.count);
    }
    const names = async (query: string) =>
      (await json(await t.get(`/api/admin/contacts?${query}`, token))).data.data
        .map((r: { name: string }) => r.name)
        .sort();
    expect(await names(byKey.esperando.query)).toEqual(["Vieja"]);
    expect(await names(byKey.mios.query)).toEqual(["Presupuesto nuevo", "Reciente"]);
    expect(await names(byKey.presupuestos.query)).toEqual(["Presupuesto viejo"]);
    expect(await names(byKey.volver.query)).toEqual(["Presupuesto nuevo", "Vieja"]);
  });

  it("says what changed since the last earlier day the home was opened", async () => {
    const today = madridDay(new Date()).date;
    const yesterday = madridDay(new Date(Date.now() - day)).date;
    await t.db.delete(staffHomeCounts).where(eq(staffHomeCounts.user_id, me.id));
    let home = await json(await t.get("/api/admin/home", token));
    expect(home.since).toBeNull();
    expect(home.cards.every((card: { previous: unknown }) => card.previous === null)).toBe(true);
    await t.db.insert(staffHomeCounts).values({
      user_id: me.id,
      day: yesterday,
      counts: { nuevos: 5, sin_asignar: 2, esperando: 0, mios: 1, presupuestos: 1, ganados: 0 },
    });
    home = await json(await t.get("/api/admin/home", token));
    expect(home.today).toBe(today);
    expect(home.since).toBe(yesterday);
    const previous = Object.fromEntries(
      home.cards.map((card: { key: string; previous: number }) => [card.key, card.previous]),
    );
    expect(previous).toEqual({
      nuevos: 5,
      sin_asignar: 2,
      esperando: 0,
      // A card that day did not have: nothing to compare with.
      volver: null,
      mios: 1,
      presupuestos: 1,
      ganados: 0,
    });
    // Today's counts are kept for tomorrow: one row for the day, the latest.
    const rows = await t.db
      .select()
      .from(staffHomeCounts)
      .where(eq(staffHomeCounts.user_id, me.id));
    expect(rows.map((row) => row.day).sort()).toEqual([yesterday, today].sort());
  });

  it("lists the company details still at their placeholders until they are replaced", async () => {
    // Where staff land after signing in: a new install's first task is said there (decision 245).
    const before = await json(await t.get("/api/admin/home", token));
    expect(before.company_missing).toEqual(
      expect.arrayContaining(["NIF/CIF", "Teléfono principal"]),
    );
    const company = await json(await t.get("/api/admin/company", token));
    const saved = await t.post(
      "/api/admin/company",
      {
        record: { ...company.record, nif: "B12345674", phone: "963 112 233" },
        version: company.version,
      },
      token,
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = await json(await t.get("/api/admin/home", token));
    expect(after.company_missing).not.toContain("NIF/CIF");
    expect(after.company_missing).not.toContain("Teléfono principal");
    expect(after.company_missing.length).toBe(before.company_missing.length - 2);
  });

  it("is for the leads' staff only", async () => {
    for (const [who, callerToken, status] of await staffRouteCallers(t.db, 200)) {
      expect((await t.get("/api/admin/home", callerToken)).status, who).toBe(status);
    }
  });

  describe("a won lead's amount", () => {
    const mark = (id: number, status: string, amount?: unknown) =>
      t.post("/api/admin/contacts/status", { id, status, amount }, token);

    it("is stored when a lead is marked «Ganado», shown on the lead and in the export", async () => {
      const won = await lead({ name: "Cocina ganada", subject: "Cocina" });
      const res = await mark(won.id, "ganado", 12500.75);
      expect(res.status).toBe(200);
      expect((await json(res)).data.won_amount).toBe(12500.75);
      const detail = await json(await t.get(`/api/admin/contacts/detail/${won.id}`, token));
      expect(detail.data.won_amount).toBe(12500.75);
      expect(detail.parameter_titles.won_amount).toBe("Importe ganado (€)");
      const csv = await (await t.get("/api/admin/contacts/export?q=Cocina%20ganada", token)).text();
      const [row] = parse(csv.replace(/^\uFEFF/, ""), {
        columns: true,
        delimiter: [",", ";"],
      }) as Record<string, string>[];
      expect(row?.["Importe ganado (€)"]).toMatch(/^12\.?500[.,]75$/);
      // Marked again without an amount, it keeps it; moved on, it has none.
      expect((await json(await mark(won.id, "ganado"))).data.won_amount).toBe(12500.75);
      expect((await json(await mark(won.id, "visita"))).data.won_amount).toBeNull();
    });

    it("is optional, never negative, and only for «Ganado»", async () => {
      const target = await lead({ name: "Sin importe" });
      expect((await json(await mark(target.id, "ganado"))).data.won_amount).toBeNull();
      const other = await lead({ name: "Importe mal" });
      await expectValidationErrors(await mark(other.id, "ganado", -1), {
        amount: ["El campo «Importe ganado (€)» debe ser como mínimo 0."],
      });
      await expectValidationErrors(await mark(other.id, "ganado", "mucho"), {
        amount: ["El campo «Importe ganado (€)» debe ser un número."],
      });
      await expectValidationErrors(await mark(other.id, "ganado", 10.555), {
        amount: ["El campo «Importe ganado (€)» admite como máximo 2 decimales."],
      });
      await expectValidationErrors(await mark(other.id, "visita", 100), {
        amount: ["El importe solo se indica al marcar el estado «Ganado»."],
      });
      // Nothing was stored half-way: the refused lead is still new.
      const [row] = await t.db.select().from(contacts).where(eq(contacts.id, other.id));
      expect(row?.status).toBe("nuevo");
      expect(row?.won_amount).toBeNull();
    });
  });
});
