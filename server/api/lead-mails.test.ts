import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createMailedTestApp, type Json, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { sendLead } from "../../tests/support/leads.ts";
import { to } from "../../tests/support/smtp.ts";
import { createUser, signIn, staffRouteCallers } from "../../tests/support/users.ts";
import { contacts, mailOutbox } from "../db/schema.ts";
import { sweepOnce } from "../retention.ts";

/**
 * Decision 180: a lead's page says where the visitor's confirmation stands, and the inbox marks
 * and filters the leads whose confirmation the visitor's mail server refused for good (550), so
 * staff phone them. A real SMTP server answers each address as a provider's would.
 */
describe.skipIf(skipDatabase)("a lead's confirmation mail, as staff see it", () => {
  const t = perSuite(() =>
    createMailedTestApp({
      env: { CONTACT_NOTIFY_TO: "oficina@obra.test" },
      smtp: { refuse: { "bad.typo@gmial.con": 550, "lleno@example.com": 452 } },
    }),
  );
  let token: string;
  const tag = `Confirmación${Date.now().toString(36)}`;

  beforeAll(async () => {
    const admin = await createUser(t.db, { role: "admin", name: "Lucía Comercial" });
    token = await signIn(t.db, admin.id);
  });

  /** A visitor's quote request, its mails handed to the SMTP server; answers the lead's id. */
  const lead = async (name: string, email?: string) =>
    (await sendLead(t, `${name} ${tag}`, email)).id;

  const detailOf = async (id: number) =>
    json(await t.get(`/api/admin/contacts/detail/${id}`, token));
  const list = async (query = "") =>
    json(
      await t.get(`/api/admin/contacts?q=${encodeURIComponent(tag)}&per_page=50${query}`, token),
    );

  it("says a confirmation refused for good (550) was refused, when, and what the server answered", async () => {
    const id = await lead("Rosa", "bad.typo@gmial.con");
    // The office still hears of the lead: only the visitor's address refuses mail.
    await t.peer.waitForMail(to("oficina@obra.test"));
    expect(t.peer.received.some((mail) => mail.envelopeTo.includes("bad.typo@gmial.con"))).toBe(
      false,
    );

    const detail = await detailOf(id);
    expect(detail.data.confirmation_mail).toBe("rechazado");
    expect(detail.mails).toEqual([
      {
        field: "confirmation_mail",
        title: "Correo de confirmación",
        state: "rechazado",
        to: "bad.typo@gmial.con",
        queued_at: expect.any(String),
        sent_at: null,
        failed_at: expect.any(String),
        next_attempt_at: null,
        attempts: 1,
        server_failure: false,
        reply: "550 5.1.1 Mailbox does not exist",
      },
    ]);
    // Refused within the seconds this test took, not at some other time.
    expect(Date.now() - Date.parse(detail.mails[0].failed_at)).toBeLessThan(60_000);
    // Its label for the generic screens (the detail's own line draws it apart).
    expect(detail.parameter_titles.confirmation_mail).toBe("Correo de confirmación");
    expect(detail.value_titles.confirmation_mail.rechazado).toBe("Rechazado");
  });

  it("says a delivered confirmation was sent, and when", async () => {
    const id = await lead("Pablo", "pablo.reformas@example.com");
    await t.peer.waitForMail(to("pablo.reformas@example.com"));
    const [mail] = (await detailOf(id)).mails;
    expect(mail).toMatchObject({
      state: "enviado",
      to: "pablo.reformas@example.com",
      failed_at: null,
      next_attempt_at: null,
      reply: null,
    });
    expect(Date.parse(mail.sent_at)).toBeGreaterThanOrEqual(Date.parse(mail.queued_at));
  });

  it("says a confirmation put off by the visitor's server (452) is waiting, with its next try", async () => {
    const id = await lead("Marta", "lleno@example.com");
    const [mail] = (await detailOf(id)).mails;
    expect(mail).toMatchObject({
      state: "pendiente",
      sent_at: null,
      failed_at: null,
      attempts: 1,
      server_failure: false,
      reply: "452 4.2.2 Mailbox full, try later",
    });
    // The ladder's first step: 5 seconds after the failed try (decision 173).
    const inMs = Date.parse(mail.next_attempt_at) - Date.now();
    expect(inMs).toBeGreaterThan(0);
    expect(inMs).toBeLessThanOrEqual(5_000);
  });

  it("says a lead who gave no address was sent no confirmation", async () => {
    const id = await lead("Joan");
    const detail = await detailOf(id);
    expect(detail.data.confirmation_mail).toBe("sin_correo");
    expect(detail.mails).toMatchObject([{ state: "sin_correo", to: null, attempts: 0 }]);
  });

  it("marks the refused lead in the inbox, filters it, and exports the state by its label", async () => {
    const all = await list();
    const byName = new Map<string, Json>(all.data.data.map((r: Json) => [r.name.split(" ")[0], r]));
    expect(byName.get("Rosa")?.record_alert).toBe("Confirmación rechazada: llama al cliente");
    for (const name of ["Pablo", "Marta", "Joan"]) {
      expect(byName.get(name)).not.toHaveProperty("record_alert");
    }
    expect(all.tools.filters.confirmation).toEqual({
      kind: "choice",
      title: "Correo de confirmación",
      options: [
        { value: "rechazado", title: "Rechazado" },
        { value: "pendiente", title: "Pendiente de envío" },
        { value: "enviado", title: "Enviado" },
        { value: "sin_correo", title: "No enviado: no dejó correo" },
        { value: "retenido", title: "No enviado: máximo diario de la dirección" },
      ],
    });

    const refused = await list("&confirmation=rechazado");
    expect(refused.data.data.map((r: Json) => r.name)).toEqual([`Rosa ${tag}`]);
    expect(refused.applied.confirmation).toBe("rechazado");
    const toPhone = await list("&confirmation=rechazado,sin_correo&sort=name");
    expect(toPhone.data.data.map((r: Json) => r.name)).toEqual([`Joan ${tag}`, `Rosa ${tag}`]);

    const bad = await t.get("/api/admin/contacts?confirmation=perdido", token);
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.confirmation[0]).toContain("«rechazado»");

    const csv = await t.get(
      `/api/admin/contacts/export?q=${encodeURIComponent(tag)}&sort=name`,
      token,
    );
    const [header, ...rows]: string[][] = parse((await csv.text()).slice(1), { delimiter: ";" });
    const at = header?.indexOf("Correo de confirmación") ?? -1;
    expect(at).toBeGreaterThan(0);
    expect(rows.map((row) => row[at])).toEqual([
      "No enviado: no dejó correo",
      "Pendiente de envío",
      "Enviado",
      "Rechazado",
    ]);
  });

  it("shows none of it to anyone but staff", async () => {
    const id = await lead("Íñigo", "bad.typo@gmial.con");
    for (const [who, caller, status] of await staffRouteCallers(t.db, 200)) {
      for (const path of [
        `/api/admin/contacts/detail/${id}`,
        `/api/admin/contacts?confirmation=rechazado&q=${encodeURIComponent(tag)}`,
      ]) {
        const res = await t.get(path, caller);
        expect(res.status, `${who} ${path}`).toBe(status);
        const body = await res.text();
        if (status === 200) expect(body).toContain("rechazado");
        else {
          expect(body, who).not.toContain("bad.typo");
          expect(body, who).not.toContain("rechazad");
        }
      }
    }
  });
  it("says nothing of the mail of a lead whose personal data was erased (decision 179)", async () => {
    const id = await lead("Olga", "bad.typo@gmial.con");
    expect((await detailOf(id)).data.confirmation_mail).toBe("rechazado");
    // Idle past its period: the retention sweep erases its address and its mails' copies.
    const longAgo = sql`now() - interval '2 years'`;
    await t.db
      .update(contacts)
      .set({ created_at: longAgo, updated_at: longAgo })
      .where(eq(contacts.id, id));
    await t.db
      .update(mailOutbox)
      .set({
        created_at: longAgo,
        due_at: longAgo,
        // The office's notice went; the confirmation was refused.
        sent_at: sql`case when ${mailOutbox.sent_at} is null then null else ${longAgo} end`,
        failed_at: sql`case when ${mailOutbox.failed_at} is null then null else ${longAgo} end`,
      })
      .where(eq(mailOutbox.contact_id, id));
    expect((await sweepOnce(t.db)).leads_erased).toBe(1);

    const detail = await detailOf(id);
    expect(detail.data.erased_at).not.toBeNull();
    expect(detail.data.confirmation_mail).toBeNull();
    expect(detail.mails).toEqual([]);
    const query = `/api/admin/contacts?confirmation=rechazado,sin_correo&per_page=100`;
    const listed = (await json(await t.get(query, token))).data.data.map((r: Json) => r.id);
    expect(listed).not.toContain(id);
  });
});
