import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createMailedTestApp,
  type Json,
  json,
  perSuite,
  uniqueIp,
} from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import type { ReceivedMail } from "../../tests/support/smtp.ts";
import { createUser, signIn, staffRouteCallers } from "../../tests/support/users.ts";
import { contacts } from "../db/schema.ts";

/**
 * The visitor's confirmation is no relay (issue 33 item 4, decision 205): anyone may name any
 * address in the quote form, so the mail to it carries nothing the sender wrote, and one mailbox
 * gets at most 3 in a day. The lead is stored and staff are told of every one all the same, and
 * its page says why its visitor got no confirmation.
 */
describe.skipIf(skipDatabase)("the confirmation to an address nobody has proven", () => {
  const t = perSuite(() =>
    createMailedTestApp({ env: { CONTACT_NOTIFY_TO: "oficina@obra.test" } }),
  );
  const scam = "Premio: visita http://scam.example/win";
  // One mailbox, written as a sender may vary it: letter case, a "+tag".
  const victim = ["victima@example.com", "Victima@Example.com", "victima+premio@example.com"];
  const references: string[] = [];
  const ids: number[] = [];
  let token: string;

  beforeAll(async () => {
    token = await signIn(t.db, (await createUser(t.db, { role: "admin" })).id);
    for (let i = 0; i < 8; i++) {
      // Each from another address, as a botnet would: the per-address limit does not stop it.
      const res = await t.post(
        "/api/contacts",
        {
          name: `${scam} ${i}`,
          email: victim[i % victim.length],
          subject: `${scam} (${i})`,
          message: `${scam}\nhttp://scam.example/win?n=${i}`,
          service: "reformas-de-cocinas",
          area: "Valencia",
          postcode: "46004",
        },
        undefined,
        uniqueIp(),
      );
      expect(res.status).toBe(201);
      references.push((await json(res)).reference);
    }
    await t.deps.mail.flush();
    const rows = await t.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(inArray(contacts.reference, references))
      .orderBy(contacts.id);
    ids.push(...rows.map((row) => row.id));
  });

  const toVictim = (mail: ReceivedMail) =>
    mail.envelopeTo.some((address) => /^victima(\+[^@]*)?@example\.com$/i.test(address));

  it("stores every request and tells staff of each", async () => {
    expect(ids).toHaveLength(8);
    await t.peer.waitForMail(
      () =>
        t.peer.received.filter((mail) => mail.envelopeTo.includes("oficina@obra.test")).length ===
        8,
    );
    const notices = t.peer.received.filter((mail) => mail.envelopeTo.includes("oficina@obra.test"));
    expect(notices).toHaveLength(8);
    // Staff read what was sent: the notice is to the office, whose address is known.
    expect(notices[0]?.text).toContain("scam.example");
  });

  it("sends one mailbox 3 confirmations, none of them echoing what the sender wrote", async () => {
    const confirmations = t.peer.received.filter(toVictim);
    expect(confirmations).toHaveLength(3);
    // The first three requests', in whatever order the outbox handed them over.
    expect(confirmations.map((mail) => mail.subject).sort()).toEqual(
      references.slice(0, 3).map((reference) => `Hemos recibido tu solicitud ${reference}`),
    );
    for (const mail of confirmations) {
      const whole = `${mail.subject}\n${mail.text}\n${mail.html}`;
      expect(whole).not.toContain("scam.example");
      expect(whole).not.toContain("Premio");
      // Still a confirmation: the request's choices, what happens next.
      expect(mail.text).toContain("Reforma de cocinas");
      expect(mail.text).toContain("46004");
    }
  });

  it("says on the lead's page and in the list why the others got none", async () => {
    const first = await json(await t.get(`/api/admin/contacts/detail/${ids[0]}`, token));
    expect(first.data.confirmation_mail).toBe("enviado");
    const held = await json(await t.get(`/api/admin/contacts/detail/${ids[3]}`, token));
    expect(held.data.confirmation_mail).toBe("retenido");
    expect(held.mails).toMatchObject([
      { field: "confirmation_mail", state: "retenido", to: victim[0], sent_at: null },
    ]);

    const list = await json(
      await t.get("/api/admin/contacts?confirmation=retenido&per_page=50", token),
    );
    expect(list.data.data.map((row: Json) => row.id).sort()).toEqual(ids.slice(3).sort());
    expect(list.tools.filters.confirmation.options).toContainEqual({
      value: "retenido",
      title: "No enviado: máximo diario de la dirección",
    });
  });

  it("shows that state to staff only", async () => {
    for (const [who, caller, status] of await staffRouteCallers(t.db, 200)) {
      const res = await t.get(`/api/admin/contacts/detail/${ids[3]}`, caller);
      expect(res.status, who).toBe(status);
      if (status !== 200) expect(await res.text(), who).not.toContain("retenido");
    }
  });

  it("keeps the flag out of the lead's data and its export", async () => {
    const [row] = await t.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, ids[3] as number));
    expect(row).toBeDefined();
    const detail = await json(await t.get(`/api/admin/contacts/detail/${ids[3]}`, token));
    expect(Object.keys(detail.data)).not.toContain("confirmation_withheld");
    const csv = await (await t.get("/api/admin/contacts/export", token)).text();
    expect(csv.split("\n")[0]).not.toContain("confirmation_withheld");
  });
});
