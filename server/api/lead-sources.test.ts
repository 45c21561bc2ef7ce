// Issue 36 (decisions 261, 262): the «Fuentes» report and Google Ads' offline-conversion file.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp, perSuite, uniqueIp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { staffToken } from "../../tests/support/users.ts";
import { adminAudit, contacts } from "../db/schema.ts";
import { conversionTime } from "../lead-sources/offline-conversions.ts";
import { madridDay } from "../leads/reminder.ts";

let serial = 0;

describe.skipIf(skipDatabase)("where the leads came from, for staff", () => {
  const t = perSuite(() => createTestApp({ env: { ADS_OFFLINE_WON_CONVERSION: "Obra firmada" } }));
  let token = "";

  /** A lead sent through the API, answered with its id. */
  async function lead(source: Record<string, string>) {
    serial += 1;
    const subject = `Reforma ${serial}`;
    const res = await t.post(
      "/api/contacts",
      {
        name: "Pau Ferrer",
        email: `pau${serial}@example.test`,
        subject,
        message: "Queremos reformar el piso entero.",
        ...source,
      },
      undefined,
      uniqueIp(),
    );
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.subject, subject));
    return row?.id as number;
  }

  const move = (id: number | undefined, status: string) =>
    t.post("/api/admin/contacts/status", { id, status }, token);

  const ads = {
    landing_page: "/",
    utm_source: "google",
    utm_medium: "cpc",
    utm_campaign: "cocinas-madrid",
    ad_consent: "granted",
  };
  const ids: Record<string, number> = {};

  it("counts, per month, source and campaign, the leads, the quotes sent, the won and their value", async () => {
    token = await staffToken(t.db);
    ids.won = await lead({ ...ads, gclid: "Cj0KCQ-won" });
    ids.quoted = await lead({ ...ads, gclid: "Cj0KCQ-quoted" });
    ids.plain = await lead({ ...ads });
    ids.search = await lead({ landing_page: "/", referrer_domain: "bing.com" });
    for (const status of ["presupuesto_enviado", "ganado"]) {
      expect((await move(ids.won, status)).status).toBe(200);
    }
    expect((await move(ids.quoted, "presupuesto_enviado")).status).toBe(200);
    // The amount the staff home asks when a lead is marked «ganado» (migration 0045).
    await t.db
      .update(contacts)
      .set({ won_amount: 18500.5 })
      .where(eq(contacts.id, ids.won ?? 0));

    const month = new Date().toISOString().slice(0, 7);
    const res = await t.get(`/api/admin/sources?from=${month}&to=${month}`, token);
    expect(res.status).toBe(200);
    const { rows } = await res.json();
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          month,
          channel: "google_ads",
          source: "google",
          campaign: "cocinas-madrid",
          leads: 3,
          quoted: 2,
          won: 1,
          won_value: 18500.5,
        },
        {
          month,
          channel: "buscadores",
          source: "bing.com",
          campaign: null,
          leads: 1,
          quoted: 0,
          won: 0,
          won_value: 0,
        },
      ]),
    );
  });

  it("refuses months that are not months, in Spanish", async () => {
    const res = await t.get("/api/admin/sources?from=2026-13&to=noviembre", token);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors).toEqual({
      from: ["Escribe la fecha «Desde» como AAAA-MM."],
      to: ["Escribe la fecha «Hasta» como AAAA-MM."],
    });
  });

  it("exports the won leads with a click id as Google's import file, once each", async () => {
    // The office's day: between 23:00 and 00:00 UTC Madrid is already on the next one.
    const day = madridDay(new Date()).date;
    const res = await t.get(`/api/admin/sources/conversions?from=${day}&to=${day}`, token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="conversiones-google-ads-${day}-${day}.csv"`,
    );
    const [won] = await t.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, ids.won ?? 0));
    const lines = (await res.text()).split("\r\n");
    expect(lines).toEqual([
      "Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
      `Cj0KCQ-won,Obra firmada,${conversionTime(won?.status_changed_at as Date)},18500.50,EUR`,
      "",
    ]);
    const [entry] = await t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.resource, "contacts"))
      .orderBy(adminAudit.id)
      .then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({ action: "export", affected: 1 });
  });

  it("adds the quoted leads when asked, with the quote's name and no value", async () => {
    // The office's day: between 23:00 and 00:00 UTC Madrid is already on the next one.
    const day = madridDay(new Date()).date;
    const res = await t.get(`/api/admin/sources/conversions?from=${day}&to=${day}&quoted=1`, token);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 2).join(","))).toEqual(
      expect.arrayContaining([
        "Cj0KCQ-won,Presupuesto enviado",
        "Cj0KCQ-quoted,Presupuesto enviado",
        "Cj0KCQ-won,Obra firmada",
      ]),
    );
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(1).filter((l) => l.includes("Presupuesto enviado"))) {
      expect(line.endsWith(",,")).toBe(true);
    }
  });

  it("lists nothing for days without conversions", async () => {
    const res = await t.get("/api/admin/sources/conversions?from=2020-01-01&to=2020-01-31", token);
    expect((await res.text()).split("\r\n")).toHaveLength(2);
  });

  it("writes the time on the office's clock with its offset", () => {
    expect(conversionTime(new Date("2026-01-15T09:30:00Z"))).toBe("2026-01-15 10:30:00+01:00");
    expect(conversionTime(new Date("2026-07-15T09:30:00Z"))).toBe("2026-07-15 11:30:00+02:00");
  });
});
