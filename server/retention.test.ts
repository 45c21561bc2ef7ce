// The retention sweep (decision 179): what the privacy policy says the site keeps for a bounded
// time, the sweep deletes when that time is over. Leads arrive through POST /api/contacts and
// staff work them through the admin API, as in production; time is then moved by dating their
// rows back, since the sweep compares them with the database's clock (as the newsletter's sweep
// is tested, server/newsletter/expired-sign-ups.test.ts).
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pendingDays } from "../content/newsletter.ts";
import { auditYears, leadRetention, mailCopyDays } from "../content/retention.ts";
import { linkInOutbox, registerUser, tokenOf } from "../tests/support/accounts.ts";
import { createTestApp, perSuite, uniqueIp } from "../tests/support/app.ts";
import { skipDatabase } from "../tests/support/database.ts";
import { createUser, signIn } from "../tests/support/users.ts";
import { hashToken } from "./auth/tokens.ts";
import {
  accessTokens,
  adminAudit,
  adminNotes,
  contacts,
  leadPhotos,
  mailOutbox,
  oneTimeTokens,
  subscriptions,
} from "./db/schema.ts";
import { log } from "./log.ts";
import { mailFolder } from "./mail/transport.ts";
import { sweepOnce } from "./retention.ts";

const DAY = 24 * 60 * 60 * 1000;

/** The e-mail address of a worked lead of `name` ("Lucía": lucia@example.test). */
const addressOf = (name: string) =>
  `${name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()}@example.test`;

/** Anything a worked lead of `name` held: its name, address, phone, message or note. */
const personalData = (name: string) => new RegExp(`${name}|${addressOf(name)}|345 678|Colón|marzo`);

/** `years` years and `days` days before now (negative days: that much less long ago). */
function ago(years: number, days = 0): Date {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return new Date(date.getTime() - days * DAY);
}

/** A year and a day ago, and a year less a day: either side of a lead's period. */
const notWon = {
  past: ago(leadRetention.notWonYears, 1),
  within: ago(leadRetention.notWonYears, -1),
};
const won = { past: ago(leadRetention.wonYears, 1), within: ago(leadRetention.wonYears, -1) };

describe.skipIf(skipDatabase)("the retention sweep", () => {
  const t = perSuite(() => createTestApp({ env: { CONTACT_NOTIFY_TO: "oficina@obra.test" } }));
  let token: string;
  beforeAll(async () => {
    token = await signIn(t.db, (await createUser(t.db, { role: "admin" })).id);
  });
  afterEach(() => vi.restoreAllMocks());

  const photo = sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 60 } },
  })
    .jpeg()
    .toBuffer();

  /**
   * A quote request with one photo, as the contact page sends it, then a status and a note from
   * staff: a lead with everything the policy says goes with it (photos, mail copies, notes and
   * what the audit log holds). Its mails are delivered before the test moves time.
   */
  async function workedLead(name: string, status: string) {
    const form = new FormData();
    const fields = {
      name,
      email: addressOf(name),
      phone: "+34 612 345 678",
      subject: `Reforma de cocina de ${name}`,
      message: `Soy ${name} y vivo en la calle Colón 12, 3.º B.`,
      service: "reformas-de-cocinas",
      area: "Valencia",
      postcode: "46004",
      property_type: "piso",
      surface_m2: "12",
      budget: "15000-30000",
      start_window: "1-3-meses",
      contact_channel: "telefono",
      contact_time: "manana",
      form_fill_ms: "60000",
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append(
      "photos",
      new File([new Uint8Array(await photo)], "cocina.jpg", { type: "image/jpeg" }),
    );
    const res = await t.app.request("/api/contacts", {
      method: "POST",
      headers: { "X-Forwarded-For": uniqueIp() },
      body: form,
    });
    expect(res.status).toBe(201);
    const { reference } = await res.json();
    const [lead] = await t.db.select().from(contacts).where(eq(contacts.reference, reference));
    if (!lead) throw new Error("lead not stored");
    await changeStatus(lead.id, status);
    const note = await t.post(
      "/api/admin/contacts/notes",
      { id: lead.id, body: `Llamé a ${name}: quiere empezar en marzo.` },
      token,
    );
    expect(note.status).toBe(201);
    await t.deps.mail.flush();
    return lead;
  }

  async function changeStatus(id: number, status: string) {
    const body =
      status === "perdido" ? { id, status, reason: "Eligió otra empresa" } : { id, status };
    expect((await t.post("/api/admin/contacts/status", body, token)).status).toBe(200);
  }

  /** Moves a lead's history back in time: the lead itself, its notes and its mails. */
  async function backdate(id: number, when: { lead: Date; notes?: Date; mails?: Date }) {
    await t.db
      .update(contacts)
      .set({
        created_at: when.lead,
        updated_at: when.lead,
        status_changed_at: sql`case when ${contacts.status_changed_at} is null then null else ${when.lead.toISOString()}::timestamptz end`,
      })
      .where(eq(contacts.id, id));
    const notes = when.notes ?? when.lead;
    await t.db
      .update(adminNotes)
      .set({ created_at: notes, updated_at: notes })
      .where(and(eq(adminNotes.resource, "contacts"), eq(adminNotes.record_id, id)));
    const mails = when.mails ?? when.lead;
    await t.db
      .update(mailOutbox)
      .set({ created_at: mails, due_at: mails, sent_at: mails })
      .where(eq(mailOutbox.contact_id, id));
  }

  /** What the lead holds besides its row: photos, notes, mail copies, audit entries. */
  async function heldOf(id: number, email: string) {
    const photos = await t.db.select().from(leadPhotos).where(eq(leadPhotos.contact_id, id));
    const notes = await t.db
      .select()
      .from(adminNotes)
      .where(and(eq(adminNotes.resource, "contacts"), eq(adminNotes.record_id, id)));
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.contact_id, id));
    const mailsTo = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "contacts"), eq(adminAudit.record_id, id)));
    return { photos, notes, mails, mailsTo, audit };
  }

  const rowOf = async (id: number) =>
    (await t.db.select().from(contacts).where(eq(contacts.id, id)))[0];
  const detailOf = async (id: number) =>
    (await t.get(`/api/admin/contacts/detail/${id}`, token)).json();

  it("erases a lead idle past its period, whole, and keeps the leads staff work on or won", async () => {
    // Not won, nothing for a year and a day: erased.
    const idle = await workedLead("Lucía", "contactado");
    await backdate(idle.id, { lead: notWon.past });
    // The same age, but a note written a year less a day ago: kept.
    const noted = await workedLead("Nuria", "presupuesto_enviado");
    await backdate(noted.id, { lead: notWon.past, notes: notWon.within });
    // The same age, moved on by staff today: kept.
    const moved = await workedLead("Marcos", "visita");
    await backdate(moved.id, { lead: notWon.past });
    await changeStatus(moved.id, "presupuesto_enviado");
    // Its mail went a year less a day ago: kept.
    const mailed = await workedLead("Irene", "nuevo");
    await backdate(mailed.id, { lead: notWon.past, mails: notWon.within });
    // Won, idle for six years less a day: kept; six years and a day: erased, still won.
    const client = await workedLead("Jorge", "ganado");
    await backdate(client.id, { lead: won.within });
    const former = await workedLead("Elena", "ganado");
    await backdate(former.id, { lead: won.past });

    const info = vi.spyOn(log, "info");
    const counts = await sweepOnce(t.db);
    expect(counts).toMatchObject({ leads_erased: 2, won_leads_erased: 1 });
    expect(counts.failed).toBeUndefined();
    // One line for the operator, with the counts and nothing of anyone.
    const lines = info.mock.calls.filter(([, message]) => message === "retention: swept");
    expect(lines).toHaveLength(1);
    expect(lines[0]?.[0]).toEqual(counts);
    expect(JSON.stringify(lines)).not.toMatch(/@|Lucía|Elena/);

    for (const [lead, name, status, was] of [
      [idle, "Lucía", "perdido", "Contactado"],
      [former, "Elena", "ganado", undefined],
    ] as const) {
      const row = await rowOf(lead.id);
      // What was asked, where, for how much and how it ended stays.
      const kept = {
        status,
        reference: lead.reference,
        service: "reformas-de-cocinas",
        area: "Valencia",
        property_type: "piso",
        surface_m2: 12,
        budget: "15000-30000",
        start_window: "1-3-meses",
        created_at: lead.id === idle.id ? notWon.past : won.past,
      };
      expect(row).toMatchObject(kept);
      // Who asked is gone from every other column, one added later too: each is empty ("" where
      // the column may not be null) but for the row's bookkeeping: its id, dates, handling,
      // assignee and lost reason (the reason and erased_at are checked below).
      const own = new Set([
        ...Object.keys(kept),
        "id",
        "handled",
        "assignee_id",
        "lost_reason",
        "status_changed_at",
        "erased_at",
        "updated_at",
        // Whether the site held back its confirmation (decision 205): of the site, not the person.
        "confirmation_withheld",
        // When it was first quoted (decision 261): its handling, for the «Fuentes» report.
        "quoted_at",
      ]);
      const columns = getTableColumns(contacts);
      expect(
        Object.entries(row ?? {}).filter(
          ([column, value]) =>
            !own.has(column) &&
            value !== (columns[column as keyof typeof columns].notNull ? "" : null),
        ),
      ).toEqual([]);
      expect(row?.erased_at).toBeInstanceOf(Date);
      expect(row?.lost_reason).toBe(
        was ? `Datos personales borrados tras un año sin actividad; estaba en «${was}».` : null,
      );
      const held = await heldOf(lead.id, addressOf(name));
      expect(held).toMatchObject({ photos: [], notes: [], mails: [], mailsTo: [] });
      // The audit log still says who did what to which lead, and when; not what it held.
      expect(held.audit.map((entry) => entry.action).sort()).toEqual(["note", "status"]);
      expect(JSON.stringify(held.audit)).not.toMatch(personalData(name));
      const detail = await detailOf(lead.id);
      expect(detail.data.record_title).toBe(`Solicitud ${lead.reference} (datos borrados)`);
      expect(detail.data.personal_data_until).toBeNull();
      expect(detail.parameter_titles.erased_at).toBe("Datos personales borrados el");
    }

    // The others keep everything, and staff read until when.
    for (const [lead, name, until] of [
      [noted, "Nuria", ago(0, -1)],
      [moved, "Marcos", ago(-leadRetention.notWonYears)],
      [mailed, "Irene", ago(0, -1)],
      [client, "Jorge", ago(0, -1)],
    ] as const) {
      const row = await rowOf(lead.id);
      expect(row).toMatchObject({ name, erased_at: null });
      const held = await heldOf(lead.id, addressOf(name));
      expect([held.photos.length, held.notes.length, held.mails.length]).toEqual([1, 1, 2]);
      const detail = await detailOf(lead.id);
      expect(detail.parameter_titles.personal_data_until).toBe("Datos personales hasta");
      const shown = new Date(detail.data.personal_data_until).getTime();
      expect(Math.abs(shown - until.getTime()), name).toBeLessThan(DAY / 2);
    }

    // The list orders by that date, the leads that go first at the top, erased ones last.
    const ordered = await (
      await t.get("/api/admin/contacts?sort=personal_data_until&per_page=100", token)
    ).json();
    expect(ordered.tools.sort_titles.personal_data_until).toBe("Datos personales hasta");
    const dates = ordered.data.data.map(
      (r: { personal_data_until: string | null }) => r.personal_data_until,
    );
    const kept = dates.filter(Boolean);
    expect(kept).toHaveLength(4);
    expect(kept).toEqual([...kept].sort());
    expect(dates.slice(kept.length)).toEqual([null, null]);

    // Nothing is left to erase: a second turn erases nothing.
    expect(await sweepOnce(t.db)).toMatchObject({ leads_erased: 0, won_leads_erased: 0 });
  }, 60_000);

  it("leaves a lead whole when its erasure is cut short half way", async () => {
    const lead = await workedLead("Sara", "visita");
    await backdate(lead.id, { lead: notWon.past });
    const before = await heldOf(lead.id, "sara@example.test");
    expect(before.audit.every((entry) => entry.before !== null || entry.action === "note")).toBe(
      true,
    );
    // The erasure's last step (the audit log's) fails, after the row, the photos, the notes and
    // the mail copies were written in its transaction.
    await t.db.execute(sql`create function interrupt_sweep() returns trigger language plpgsql
      as $$ begin raise exception 'cut short'; end $$`);
    await t.db.execute(sql`create trigger interrupt_sweep before update on admin_audit
      for each row execute function interrupt_sweep()`);
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      const counts = await sweepOnce(t.db);
      expect(counts.failed).toEqual(["leads"]);
      expect(counts.leads_erased).toBeUndefined();
      // The other steps still ran.
      expect(counts.mail_copies).toBe(0);
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ step: "leads" }),
        "retention: a step of the sweep failed",
      );
      // The turn's line says what it did and what failed, as a warning.
      expect(warnings).toHaveBeenCalledWith(counts, "retention: swept");
    } finally {
      await t.db.execute(sql`drop trigger interrupt_sweep on admin_audit`);
      await t.db.execute(sql`drop function interrupt_sweep()`);
    }
    expect(await rowOf(lead.id)).toMatchObject({
      name: "Sara",
      email: "sara@example.test",
      status: "visita",
      erased_at: null,
    });
    expect(await heldOf(lead.id, "sara@example.test")).toEqual(before);

    // The next turn erases it whole.
    expect(await sweepOnce(t.db)).toMatchObject({ leads_erased: 1 });
    expect(await heldOf(lead.id, "sara@example.test")).toMatchObject({
      photos: [],
      notes: [],
      mails: [],
    });
  });

  it("what staff write on an erased lead is erased in its turn", async () => {
    const lead = await workedLead("Teresa", "nuevo");
    await backdate(lead.id, { lead: notWon.past });
    expect(await sweepOnce(t.db)).toMatchObject({ leads_erased: 1 });
    // Erased two years ago, as far as the sweep can tell; then a note a year and a day ago.
    await t.db
      .update(contacts)
      .set({ erased_at: ago(2), updated_at: ago(2) })
      .where(eq(contacts.id, lead.id));
    const note = await t.post(
      "/api/admin/contacts/notes",
      { id: lead.id, body: "Teresa volvió a llamar." },
      token,
    );
    expect(note.status).toBe(201);
    // Today's note: it holds data again, until a year from now.
    const until = new Date((await detailOf(lead.id)).data.personal_data_until).getTime();
    expect(Math.abs(until - ago(-leadRetention.notWonYears).getTime())).toBeLessThan(DAY / 2);
    await backdate(lead.id, { lead: ago(2), notes: notWon.past });
    expect(await sweepOnce(t.db)).toMatchObject({ leads_erased: 1 });
    expect((await heldOf(lead.id, addressOf("Teresa"))).notes).toEqual([]);
    expect((await detailOf(lead.id)).data.personal_data_until).toBeNull();
  });

  /** Staff delete `one` from its page and `bulk` with the list's bulk action. */
  async function deleteOneAndInBulk(one: number, bulk: number) {
    expect((await t.get(`/api/admin/contacts/delete/${one}`, token)).status).toBe(200);
    const res = await t.post("/api/admin/contacts/bulk", { action: "delete", ids: [bulk] }, token);
    expect((await res.json()).count).toBe(1);
  }

  it("a lead staff delete goes whole, its mail copies too, one by one or in bulk", async () => {
    const one = await workedLead("Pablo", "contactado");
    const bulk = await workedLead("Rosa", "nuevo");
    await deleteOneAndInBulk(one.id, bulk.id);
    for (const [lead, name] of [
      [one, "Pablo"],
      [bulk, "Rosa"],
    ] as const) {
      expect(await rowOf(lead.id)).toBeUndefined();
      const held = await heldOf(lead.id, addressOf(name));
      expect(held).toMatchObject({ photos: [], notes: [], mails: [], mailsTo: [] });
      // Who deleted it and when stays; what it held does not (an erasure, decision 104).
      expect(held.audit.length).toBeGreaterThan(0);
      expect(JSON.stringify(held.audit)).not.toMatch(personalData(name));
    }
    const [deleted] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "delete"), eq(adminAudit.record_id, one.id)));
    expect(deleted).toMatchObject({ resource: "contacts", record_title: null, before: null });
  });

  it("an account staff delete keeps who and when in the audit log, not its name or address", async () => {
    const guest = await createUser(t.db, { name: "Beatriz Soler", email: "beatriz@example.test" });
    const res = await t.post(
      "/api/admin/users/update",
      { id: guest.id, name: "Beatriz Soler Ruiz" },
      token,
    );
    expect(res.status).toBe(200);
    expect((await t.get(`/api/admin/users/delete/${guest.id}`, token)).status).toBe(200);
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "users"), eq(adminAudit.record_id, guest.id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["delete", "update"]);
    expect(JSON.stringify(audit)).not.toMatch(/Beatriz|beatriz@/);
    // Who did it is kept: the staff member's name, as every entry of theirs.
    expect(audit.every((entry) => entry.actor_name.startsWith("Persona"))).toBe(true);
  });

  it("deletes the copies of other mails after their days, never one still to go", async () => {
    const [subscription] = await t.db
      .insert(subscriptions)
      .values({ email: "boletin@example.test", status: "confirmed", consent_at: ago(2) })
      .returning();
    // A lead still worked on: its mails stay with it, however old.
    const lead = await workedLead("Alba", "visita");
    await backdate(lead.id, { lead: ago(0, 1), mails: ago(0, mailCopyDays + 400) });
    const copy = (to: string, at: { sent?: Date; failed?: Date; queued?: Date }) => ({
      to,
      subject: "Verifica tu correo",
      text: "…",
      html: "…",
      created_at: at.queued ?? at.sent ?? at.failed,
      sent_at: at.sent ?? null,
      failed_at: at.failed ?? null,
      // One still to go waits for its next try tomorrow: the outbox leaves it alone meanwhile.
      ...(at.queued ? { attempts: 40, next_attempt_at: ago(0, -1) } : {}),
    });
    await t.db.insert(mailOutbox).values([
      copy("enviado-antiguo@example.test", { sent: ago(0, mailCopyDays + 1) }),
      copy("rechazado-antiguo@example.test", { failed: ago(0, mailCopyDays + 1) }),
      copy("enviado-reciente@example.test", { sent: ago(0, mailCopyDays - 1) }),
      // Retrying for over a month (a mail server down): still to go, so kept.
      copy("pendiente@example.test", { queued: ago(0, mailCopyDays + 1) }),
      {
        ...copy("boletin@example.test", { sent: ago(0, mailCopyDays + 400) }),
        subscription_id: subscription?.id,
      },
    ]);
    expect(await sweepOnce(t.db)).toMatchObject({ mail_copies: 2, leads_erased: 0 });
    const left = await t.db.select({ to: mailOutbox.to }).from(mailOutbox);
    const addresses = left.map((row) => row.to);
    expect(addresses).not.toContain("enviado-antiguo@example.test");
    expect(addresses).not.toContain("rechazado-antiguo@example.test");
    for (const kept of [
      "enviado-reciente@example.test",
      "pendiente@example.test",
      "boletin@example.test",
      "alba@example.test",
    ]) {
      expect(addresses).toContain(kept);
    }
  });

  it("deletes audit entries older than its years", async () => {
    const entry = (title: string, at: Date) => ({
      actor_name: "Marta",
      actor_email: "marta@example.test",
      action: "update",
      resource: "users",
      record_id: 1,
      record_title: title,
      created_at: at,
    });
    await t.db
      .insert(adminAudit)
      .values([entry("antigua", ago(auditYears, 1)), entry("vigente", ago(auditYears, -1))]);
    expect(await sweepOnce(t.db)).toMatchObject({ audit_entries: 1 });
    const titles = (await t.db.select({ title: adminAudit.record_title }).from(adminAudit)).map(
      (row) => row.title,
    );
    expect(titles).toContain("vigente");
    expect(titles).not.toContain("antigua");
  });

  describe("spent tokens", () => {
    /** The API's whole answer to a link: what its screen goes by. */
    const answerOf = async (res: Response) => ({ status: res.status, body: await res.json() });
    const verify = (token: string) => t.get(`/api/verify-email/${token}`);
    const checkReset = (email: string, token: string) =>
      t.post("/api/reset-password/check", { email, token }, undefined, uniqueIp());
    /** Makes a link or a session older than its life by a minute, as a late click finds it. */
    const expire = async (table: typeof oneTimeTokens | typeof accessTokens, token: string) => {
      await t.db
        .update(table)
        .set({ expires_at: sql`now() - interval '1 minute'` })
        .where(eq(table.token_hash, hashToken(token)));
    };
    const rowsOf = async (table: typeof oneTimeTokens | typeof accessTokens, token: string) =>
      t.db
        .select()
        .from(table)
        .where(eq(table.token_hash, hashToken(token)));

    it("deletes used and expired links, keeps one still usable, and a replayed link reads the same", async () => {
      // Whatever earlier tests left is gone first, so the counts below are this test's.
      await sweepOnce(t.db);
      // Marta verified her address with her link; Pau never opened his within the hour; Laia's
      // link is fresh. Sergio changed his password with his reset link.
      const marta = await registerUser(t, { name: "Marta" });
      const pau = await registerUser(t, { name: "Pau" });
      const laia = await registerUser(t, { name: "Laia" });
      const sergio = await registerUser(t, { name: "Sergio" });
      const verifyLink = (email: string) => linkInOutbox(t, email, "/verify-email/");
      const used = tokenOf(await verifyLink(marta.email));
      const lateLink = await verifyLink(pau.email);
      const late = tokenOf(lateLink);
      const fresh = tokenOf(await verifyLink(laia.email));
      expect((await verify(used)).status).toBe(200);
      await expire(oneTimeTokens, late);
      expect(
        (await t.post("/api/forgot-password", { email: sergio.email }, undefined, uniqueIp()))
          .status,
      ).toBe(200);
      const reset = tokenOf(await linkInOutbox(t, sergio.email, "/change-password/"));
      const newPassword = "persiana-alicante-2027";
      const changed = await t.post(
        "/api/reset-password",
        {
          email: sergio.email,
          token: reset,
          password: newPassword,
          password_confirmation: newPassword,
        },
        undefined,
        uniqueIp(),
      );
      expect(changed.status).toBe(200);

      // What opening each spent link again says while its row is there...
      const before = {
        used: await answerOf(await verify(used)),
        late: await answerOf(await verify(late)),
        reset: await answerOf(await checkReset(sergio.email, reset)),
      };
      expect(before.used).toEqual({
        status: 400,
        body: {
          title: "Enlace no válido",
          message:
            "Este enlace de verificación no es válido, ya se usó o ha caducado. Si ya verificaste tu correo, solo tienes que iniciar sesión; si no, pide un enlace nuevo desde tu panel.",
        },
      });
      expect(before.late).toEqual(before.used);
      expect(before.reset).toEqual({
        status: 400,
        body: {
          title: "Enlace no válido",
          message:
            "Este enlace para cambiar la contraseña no es válido, ya se usó o ha caducado. Pide uno nuevo.",
        },
      });

      const counts = await sweepOnce(t.db);
      expect(counts).toMatchObject({ one_time_tokens: 3 });
      for (const token of [used, late, reset])
        expect(await rowsOf(oneTimeTokens, token)).toEqual([]);
      expect(await rowsOf(oneTimeTokens, fresh)).toHaveLength(1);

      // ...is what it says once the row is gone: nothing on the screen depends on it.
      expect(await answerOf(await verify(used))).toEqual(before.used);
      expect(await answerOf(await verify(late))).toEqual(before.late);
      expect(await answerOf(await checkReset(sergio.email, reset))).toEqual(before.reset);
      // Marta, signed in, still reads that her address is verified (the screen's «ya está
      // verificado» comes from her account, not from the link).
      const { user } = await (await t.get("/api/user", marta.token)).json();
      expect(user.email_verified_at).not.toBeNull();
      // Laia's link, still within its hour, still works after the sweep; Pau asks for a new one.
      expect(await answerOf(await verify(fresh))).toMatchObject({
        status: 200,
        body: { title: "Correo verificado" },
      });
      expect((await t.get("/api/email/resend", pau.token)).status).toBe(200);
      const again = await linkInOutbox(t, pau.email, "/verify-email/", lateLink);
      expect((await verify(tokenOf(again))).status).toBe(200);
    }, 30_000);

    it("deletes sign-in tokens past their expiry and keeps those still valid", async () => {
      await sweepOnce(t.db);
      const account = await registerUser(t, { name: "Joan" });
      const other = await t.post(
        "/api/login",
        { email: account.email, password: account.password, remember: true },
        undefined,
        uniqueIp(),
      );
      expect(other.status).toBe(200);
      const remembered: string = (await other.json()).token;
      // The first session (12 hours) ran out; the remembered one (30 days) did not.
      await expire(accessTokens, account.token);
      const expired = await t.get("/api/user", account.token);
      const refused = { status: expired.status, body: await expired.json() };
      expect(refused.status).toBe(401);

      const counts = await sweepOnce(t.db);
      expect(counts).toMatchObject({ access_tokens: 1 });
      expect(await rowsOf(accessTokens, account.token)).toEqual([]);
      expect(await rowsOf(accessTokens, remembered)).toHaveLength(1);
      // The expired session is refused as before; the other still signs Joan in.
      const after = await t.get("/api/user", account.token);
      expect({ status: after.status, body: await after.json() }).toEqual(refused);
      const still = await t.get("/api/user", remembered);
      expect(still.status).toBe(200);
      expect((await still.json()).user.email).toBe(account.email);
    });
  });

  it("deletes mail written to files after the mail copies' days, and nothing else there", async () => {
    // Mail goes to files here (no SMTP_URL), as on a laptop or a demo: through the outbox.
    const folder = mailFolder(t.deps.env.DATA_DIR);
    await t.deps.mail.flush(); // what earlier tests queued is written before the count
    const filesBefore = new Set(existsSync(folder) ? readdirSync(folder) : []);
    for (const name of ["Ana", "Bruno", "Carmen"]) {
      await t.deps.mail.send({
        to: addressOf(name),
        subject: `Hola, ${name}`,
        text: `Hola, ${name}.`,
        html: `<p>Hola, ${name}.</p>`,
      });
    }
    await t.deps.mail.flush();
    const written = readdirSync(folder).filter((name) => !filesBefore.has(name));
    expect(written).toHaveLength(3);
    expect(written.every((name) => name.endsWith(".eml"))).toBe(true);
    const [oldest, old, recent] = written.map((name) => path.join(folder, name)) as [
      string,
      string,
      string,
    ];
    const age = (file: string, days: number) => {
      const when = new Date(Date.now() - days * DAY);
      utimesSync(file, when, when);
    };
    age(oldest, mailCopyDays + 400);
    age(old, mailCopyDays + 1);
    age(recent, mailCopyDays - 1);
    // Not the outbox's: a note the operator left and a folder, however old, stay.
    const note = path.join(folder, "LEEME.txt");
    writeFileSync(note, "Copias de prueba.");
    age(note, mailCopyDays + 400);
    mkdirSync(path.join(folder, "archivo.eml"), { recursive: true });
    age(path.join(folder, "archivo.eml"), mailCopyDays + 400);

    const info = vi.spyOn(log, "info");
    const counts = await sweepOnce(t.db, { mailFolder: folder });
    expect(counts).toMatchObject({ mail_files: 2 });
    expect(counts.failed).toBeUndefined();
    expect(info).toHaveBeenCalledWith(counts, "retention: swept");
    expect(existsSync(oldest)).toBe(false);
    expect(existsSync(old)).toBe(false);
    for (const kept of [recent, note, path.join(folder, "archivo.eml")]) {
      expect(existsSync(kept)).toBe(true);
    }
    // Whatever the mail files' step meets, a folder never made (SMTP from the start) is empty.
    expect(
      await sweepOnce(t.db, { mailFolder: path.join(t.deps.env.DATA_DIR, "no-hay") }),
    ).toMatchObject({ mail_files: 0 });
  });

  describe("mail files of erased data (decision 188)", () => {
    const folderOf = () => mailFolder(t.deps.env.DATA_DIR);

    /** Where a lead's mails were written (no SMTP_URL here), as the outbox remembers them. */
    async function mailFilesOf(id: number) {
      const rows = await t.db
        .select({ file: mailOutbox.file })
        .from(mailOutbox)
        .where(eq(mailOutbox.contact_id, id));
      return rows.map((row) => path.join(folderOf(), row.file ?? "(ninguno)"));
    }
    const present = (files: string[]) => files.filter((file) => existsSync(file));

    it("a lead staff delete takes the files its mails were written to, and no other lead's", async () => {
      const one = await workedLead("Olga", "contactado");
      const bulk = await workedLead("Hugo", "nuevo");
      const kept = await workedLead("Inés", "visita");
      // Staff's answer from the lead's page is one of its mails too (decision 187).
      const reply = await t.post(
        "/api/admin/contacts/reply",
        { id: one.id, subject: "Re: su cocina", message: "Hola, Olga: ¿el martes a las 10?" },
        token,
      );
      expect(reply.status).toBe(201);
      await t.deps.mail.flush();
      const files = {
        one: await mailFilesOf(one.id),
        bulk: await mailFilesOf(bulk.id),
        kept: await mailFilesOf(kept.id),
      };
      // Its notice, its confirmation (and the reply), each an .eml file of its own.
      expect([files.one.length, files.bulk.length, files.kept.length]).toEqual([3, 2, 2]);
      expect(present([...files.one, ...files.bulk, ...files.kept])).toHaveLength(7);

      await deleteOneAndInBulk(one.id, bulk.id);
      expect(present([...files.one, ...files.bulk])).toEqual([]);
      expect(present(files.kept)).toEqual(files.kept);
    });

    it("a staff delete that rolls back keeps the lead's mail files", async () => {
      const lead = await workedLead("Gloria", "nuevo");
      const files = await mailFilesOf(lead.id);
      expect(present(files)).toHaveLength(2);
      // The delete's last step, its audit entry, fails: the whole delete rolls back.
      await t.db.execute(sql`create function refuse_audit() returns trigger language plpgsql
        as $$ begin raise exception 'cut short'; end $$`);
      await t.db.execute(sql`create trigger refuse_audit before insert on admin_audit
        for each row execute function refuse_audit()`);
      vi.spyOn(log, "error").mockImplementation(() => {});
      try {
        expect((await t.get(`/api/admin/contacts/delete/${lead.id}`, token)).status).toBe(500);
      } finally {
        await t.db.execute(sql`drop trigger refuse_audit on admin_audit`);
        await t.db.execute(sql`drop function refuse_audit()`);
      }
      expect(await rowOf(lead.id)).toMatchObject({ name: "Gloria" });
      expect(await mailFilesOf(lead.id)).toEqual(files);
      expect(present(files)).toEqual(files);
      // Done again, it goes, files and all.
      expect((await t.get(`/api/admin/contacts/delete/${lead.id}`, token)).status).toBe(200);
      expect(present(files)).toEqual([]);
    });

    it("never deletes a file named outside the mail folder, nor a link in it; a failure only warns", async () => {
      const lead = await workedLead("Víctor", "nuevo");
      const own = await mailFilesOf(lead.id);
      const outside = mkdtempSync(path.join(os.tmpdir(), "obra-fuera-"));
      const besides = path.join(t.deps.env.DATA_DIR, "fuera.eml");
      const elsewhere = path.join(outside, "ajeno.eml");
      const target = path.join(outside, "destino.eml");
      const link = path.join(folderOf(), "enlace.eml");
      for (const file of [besides, elsewhere, target]) writeFileSync(file, "No es del buzón.");
      symlinkSync(target, link);
      // What the outbox would never have written: a name leading up, a whole path, a link.
      const [notice, confirmation] = await t.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.contact_id, lead.id))
        .orderBy(mailOutbox.id);
      await t.db
        .update(mailOutbox)
        .set({ file: "../fuera.eml" })
        .where(eq(mailOutbox.id, notice?.id ?? 0));
      await t.db
        .update(mailOutbox)
        .set({ file: elsewhere })
        .where(eq(mailOutbox.id, confirmation?.id ?? 0));
      // A link in the folder, and a file the system will not delete (here a name too long for
      // it): the erasure stands.
      for (const file of ["enlace.eml", `${"x".repeat(300)}.eml`]) {
        await t.db.insert(mailOutbox).values({
          to: addressOf("Víctor"),
          subject: "Copia",
          text: "…",
          html: "…",
          sent_at: new Date(),
          contact_id: lead.id,
          kind: "reply",
          file,
        });
      }
      const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
      try {
        expect((await t.get(`/api/admin/contacts/delete/${lead.id}`, token)).status).toBe(200);
        expect(await rowOf(lead.id)).toBeUndefined();
        for (const file of [besides, elsewhere, target, link]) expect(existsSync(file)).toBe(true);
        expect(lstatSync(link).isSymbolicLink()).toBe(true);
        expect(warn).toHaveBeenCalledWith(
          { files: 3 },
          "mail: mail files of erased data named outside the mail folder were left as they are",
        );
        expect(warn).toHaveBeenCalledWith(
          { err: expect.objectContaining({ code: "ENAMETOOLONG" }) },
          "mail: a mail file of erased data could not be deleted",
        );
        expect(JSON.stringify(warn.mock.calls)).not.toMatch(/Víctor|victor@/);
        // The lead's own files, no longer named by any row, wait for the sweep's 30 days.
        expect(present(own)).toEqual(own);
      } finally {
        rmSync(outside, { recursive: true, force: true });
        rmSync(link, { force: true });
        rmSync(besides, { force: true });
      }
    });

    it("the sweep's erasure of an idle lead takes its mail files, and no other lead's", async () => {
      const idle = await workedLead("Ramón", "contactado");
      const kept = await workedLead("Clara", "contactado");
      const files = { idle: await mailFilesOf(idle.id), kept: await mailFilesOf(kept.id) };
      // Only the rows are dated back: the files stay young, out of reach of the age sweep.
      await backdate(idle.id, { lead: notWon.past });
      const counts = await sweepOnce(t.db, { mailFolder: folderOf() });
      expect(counts).toMatchObject({ leads_erased: 1, mail_files: 0 });
      expect(present(files.idle)).toEqual([]);
      expect(present(files.kept)).toEqual(files.kept);
    });

    it("a subscription staff erase, or a sign-up never confirmed, takes its mail files", async () => {
      const subscribe = async (email: string) => {
        const res = await t.post("/api/subscriptions", { email, page: "/" }, undefined, uniqueIp());
        expect(res.status).toBeLessThan(300);
        await t.deps.mail.flush();
        const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.email, email));
        if (!row) throw new Error("subscription not stored");
        const mails = await t.db
          .select({ file: mailOutbox.file })
          .from(mailOutbox)
          .where(eq(mailOutbox.subscription_id, row.id));
        const files = mails.map((mail) => path.join(folderOf(), mail.file ?? "(ninguno)"));
        expect(present(files)).toHaveLength(1);
        return { id: row.id, files };
      };
      const erased = await subscribe("borrame@example.test");
      const expired = await subscribe("caducada@example.test");
      const waiting = await subscribe("pendiente@example.test");

      const res = await t.get(`/api/admin/subscriptions/delete/${erased.id}`, token);
      expect(res.status).toBe(200);
      expect(present(erased.files)).toEqual([]);

      await t.db
        .update(subscriptions)
        .set({ consent_at: new Date(Date.now() - (pendingDays + 1) * DAY) })
        .where(eq(subscriptions.id, expired.id));
      expect(await sweepOnce(t.db, { mailFolder: folderOf() })).toMatchObject({
        expired_sign_ups: 1,
      });
      expect(present(expired.files)).toEqual([]);
      expect(present(waiting.files)).toEqual(waiting.files);
    });
  });

  it("says a turn that deleted nothing at debug only, once per turn", async () => {
    await sweepOnce(t.db, { mailFolder: mailFolder(t.deps.env.DATA_DIR) });
    const debug = vi.spyOn(log, "debug");
    const info = vi.spyOn(log, "info");
    const warn = vi.spyOn(log, "warn");
    const counts = await sweepOnce(t.db, { mailFolder: mailFolder(t.deps.env.DATA_DIR) });
    // Every step ran and found nothing.
    expect(counts).toEqual({
      expired_sign_ups: 0,
      blocked_consents: 0,
      unsubscribed: 0,
      leads_erased: 0,
      won_leads_erased: 0,
      mail_copies: 0,
      audit_entries: 0,
      access_tokens: 0,
      one_time_tokens: 0,
      mail_files: 0,
    });
    const swept = (spy: typeof debug) =>
      spy.mock.calls.filter(([, message]) => message === "retention: swept");
    expect(swept(debug)).toEqual([[counts, "retention: swept"]]);
    expect(swept(info)).toEqual([]);
    expect(swept(warn)).toEqual([]);
  });
});
