import { parse } from "csv-parse/sync";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMailedTestApp,
  createTestApp,
  type Json,
  json,
  perSuite,
  type TestApp,
} from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import {
  freePort,
  type ReceivedMail,
  type SmtpPeer,
  startSmtpPeer,
  to,
} from "../../tests/support/smtp.ts";
import { createUser, signIn, staffRouteCallers, staffToken } from "../../tests/support/users.ts";
import { generateToken } from "../auth/tokens.ts";
import { adminAudit, blockedConsents, campaigns, mailOutbox, subscriptions } from "../db/schema.ts";
import { parseEnv } from "../env.ts";
import { createMailer } from "../mail/outbox.ts";
import { createTransport, type MailTransport } from "../mail/transport.ts";

const appUrl = "https://obra.test";

/** The token of the one site link to `path` in a received mail. */
function linkToken(mail: ReceivedMail, path: string): string {
  const links = (mail.text ?? "").match(/https:\/\/obra\.test\/\S+/g) ?? [];
  const url = links.map((link) => new URL(link)).find((u) => u.pathname === path);
  if (!url) throw new Error(`no link to ${path} in: ${mail.text}`);
  return url.searchParams.get("token") ?? "";
}

const header = (mail: ReceivedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();

/** A campaign made through the admin API by `token`'s holder; answers its id. */
async function createCampaign(t: TestApp, token: string, subject: string, body: string) {
  const res = await t.post("/api/admin/campaigns/create", { subject, body }, token);
  expect(res.status).toBe(201);
  return (await res.json()).data.id as number;
}

/** Confirmed subscriptions written straight into the database. */
const insertConfirmed = (t: TestApp, emails: string[]) =>
  t.db.insert(subscriptions).values(
    emails.map((email) => ({
      email,
      status: "confirmed" as const,
      confirmed_at: new Date(),
      unsubscribe_token: generateToken(),
    })),
  );

/** Runs outbox passes until `done` holds (rows are scheduled a few ms apart by the rate). */
async function deliverUntil(t: TestApp, done: () => boolean, timeoutMs = 15_000) {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > timeoutMs) throw new Error("outbox did not deliver in time");
    await t.deps.mail.flush();
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(skipDatabase)("newsletter campaigns, through a real SMTP server", () => {
  const t = perSuite(() =>
    createMailedTestApp({
      env: { APP_URL: appUrl, NEWSLETTER_RATE_PER_MINUTE: "60000" },
    }),
  );
  let token: string;
  let staffEmail: string;
  let ip = 0;
  const subscribe = (email: string) =>
    t.post("/api/subscriptions", { email, page: "/" }, undefined, `198.51.100.${++ip}`);
  const subjectOf = (mail: ReceivedMail) => mail.subject ?? "";

  async function subscribeAndConfirm(email: string): Promise<string> {
    expect((await subscribe(email)).status).toBe(201);
    const confirmation = await t.peer.waitForMail(
      (m) => to(email)(m) && subjectOf(m).startsWith("Confirma"),
    );
    const res = await t.post("/api/subscriptions/confirm", {
      token: linkToken(confirmation, "/newsletter/confirmar"),
    });
    expect(res.status).toBe(200);
    const welcome = await t.peer.waitForMail((m) => to(email)(m) && subjectOf(m).startsWith("Ya"));
    return linkToken(welcome, "/newsletter/baja");
  }

  beforeAll(async () => {
    const staff = await createUser(t.db, { role: "admin" });
    staffEmail = staff.email;
    token = await signIn(t.db, staff.id);
  });

  it("refuses to send to nobody: the draft stays a draft, and its screen says it would reach 0", async () => {
    const id = await createCampaign(t, token, "Nadie la recibiría", "Hola.");
    const send = await t.post(`/api/admin/campaigns/${id}/send`, {}, token);
    expect(send.status).toBe(409);
    expect(await send.json()).toMatchObject({
      title: "Sin destinatarios",
      message: "No hay suscriptores confirmados. La campaña no se ha enviado y sigue en borrador.",
    });
    const summary = await (await t.get(`/api/admin/campaigns/${id}`, token)).json();
    expect(summary.data).toMatchObject({ status: "draft", recipients: 0, counts: { queued: 0 } });
    // Not spent: staff can still edit it and send it once someone has confirmed.
    const edit = await t.post(
      "/api/admin/campaigns/update",
      { id, subject: "Más tarde", body: "Hola." },
      token,
    );
    expect(edit.status).toBe(200);
    await t.db.delete(campaigns).where(eq(campaigns.id, id));
  });

  it("subscribe → confirm → test send → send to the 3 confirmed only → unsubscribe by POST and by the page → the next campaign skips them", async () => {
    const confirmed = ["ana@example.test", "blas@example.test", "carla@example.test"];
    const unsubscribeTokens = new Map<string, string>();
    for (const email of confirmed) unsubscribeTokens.set(email, await subscribeAndConfirm(email));
    // One never confirms; one confirms and leaves before the campaign.
    expect((await subscribe("pendiente@example.test")).status).toBe(201);
    const leaverToken = await subscribeAndConfirm("se-va@example.test");
    expect((await t.post("/api/subscriptions/unsubscribe", { token: leaverToken })).status).toBe(
      200,
    );

    const subject = "Ideas para tu cocina <b>nueva</b> & más";
    const id = await createCampaign(
      t,
      token,
      subject,
      "## Cocinas que duran\n\nMira [nuestras obras](https://obra.test/gallery).\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>",
    );

    // Preview: the mail as subscribers get it, raw HTML shown as text.
    const preview = await t.get(`/api/admin/campaigns/${id}/preview`, token);
    expect(preview.status).toBe(200);
    const { data } = await preview.json();
    expect(data.subject).toBe(subject);
    expect(data.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(data.html).not.toContain("<script");
    expect(data.html).not.toContain("<img src=x");
    expect(data.html).toContain('<a href="https://obra.test/gallery"');
    expect(data.html).toContain("Obra Mediterránea Construcciones y Reformas, S.L.");
    expect(data.text).toContain("## Cocinas que duran");

    // A test to oneself, through the outbox.
    const test = await t.post(`/api/admin/campaigns/${id}/test`, {}, token);
    expect(test.status).toBe(200);
    await t.deps.mail.flush();
    const testMail = await t.peer.waitForMail(to(staffEmail));
    expect(testMail.subject).toBe(`[Prueba] ${subject}`);
    expect(testMail.html).toContain("Cocinas que duran");
    // Staff trying its way out are told it is a test's, by the page and by the one-click address.
    const testLeave = await t.post("/api/subscriptions/unsubscribe", {
      token: linkToken(testMail, "/newsletter/baja"),
    });
    expect(testLeave.status).toBe(200);
    expect((await testLeave.json()).message).toContain("correo de prueba: no da de baja a nadie");
    const testOneClick = await t.app.request(
      (header(testMail, "list-unsubscribe") ?? "").slice(1, -1).replace(appUrl, ""),
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(testOneClick.status).toBe(200);

    // Before the send, the screen says whom it will reach: the confirmed, not the pending or gone.
    const draft = await (await t.get(`/api/admin/campaigns/${id}`, token)).json();
    expect(draft.data).toMatchObject({ status: "draft", recipients: 3 });

    // The send: the three confirmed, nobody else, each with their own way out.
    const before = t.peer.received.length;
    const send = await t.post(`/api/admin/campaigns/${id}/send`, {}, token);
    expect(send.status).toBe(200);
    expect((await send.json()).data).toEqual({ queued: 3 });
    const campaignMails = () => t.peer.received.slice(before).filter((m) => m.subject === subject);
    await deliverUntil(t, () => campaignMails().length >= 3);
    expect(
      campaignMails()
        .flatMap((m) => m.envelopeTo)
        .sort(),
    ).toEqual(confirmed);
    for (const mail of campaignMails()) {
      const own = unsubscribeTokens.get(mail.envelopeTo[0] ?? "");
      expect(linkToken(mail, "/newsletter/baja")).toBe(own);
      expect(header(mail, "list-unsubscribe")).toBe(
        `<${appUrl}/api/subscriptions/unsubscribe?token=${own}>`,
      );
      expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      // An answer reaches the office, not the no-reply sender (decision 102).
      expect(header(mail, "reply-to")).toBe("hola@obramediterranea.es");
      expect(mail.text).toContain("Obra Mediterránea Construcciones y Reformas, S.L.");
      // Why this person gets it, in both parts (decision 102).
      const why = "Recibes este correo porque te suscribiste al boletín de Obra Mediterránea";
      expect(mail.text).toContain(why);
      expect(mail.html).toContain(why);
      expect(mail.html).toContain(`href="${appUrl}/newsletter/baja?token=${own}"`);
      expect(mail.html).not.toContain("<script");
    }

    // A second send of the same campaign queues nothing.
    expect((await t.post(`/api/admin/campaigns/${id}/send`, {}, token)).status).toBe(409);
    // A sent campaign is not edited.
    const edit = await t.post(
      "/api/admin/campaigns/update",
      { id, subject: "x", body: "y" },
      token,
    );
    expect(edit.status).toBe(422);

    // One leaves by the mail client's one-click POST, one by the page.
    const [ana, blas] = confirmed.map((e) => unsubscribeTokens.get(e) ?? "");
    const oneClick = await t.app.request(`/api/subscriptions/unsubscribe?token=${ana}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await t.post("/api/subscriptions/unsubscribe", { token: blas })).status).toBe(200);

    // Their proofs of consent are kept, blocked (decision 168): not a subscriber to anything below.
    const blocked = await t.db
      .select({ email: blockedConsents.email, ended_by: blockedConsents.ended_by })
      .from(blockedConsents)
      .where(inArray(blockedConsents.email, [...confirmed, "se-va@example.test"]));
    expect(blocked.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: "ana@example.test", ended_by: "one_click" },
      { email: "blas@example.test", ended_by: "page" },
      { email: "se-va@example.test", ended_by: "page" },
    ]);

    const summary = await t.get(`/api/admin/campaigns/${id}`, token);
    expect(summary.status).toBe(200);
    expect((await summary.json()).data).toMatchObject({
      status: "sent",
      recipients: null,
      counts: { queued: 3, sent: 3, failed: 0, waiting: 0, unsubscribed: 2 },
    });

    // The next campaign goes to the one still subscribed (sent this soon only when staff say
    // they mean it: the consent text promises at most one a month).
    const next = await createCampaign(t, token, "Segunda campaña", "Hola de nuevo.");
    const nextDraft = await (await t.get(`/api/admin/campaigns/${next}`, token)).json();
    expect(nextDraft.data).toMatchObject({ status: "draft", recipients: 1 });
    const sendNext = await t.post(
      `/api/admin/campaigns/${next}/send`,
      { confirm_frequency: true },
      token,
    );
    expect((await sendNext.json()).data).toEqual({ queued: 1 });
    const nextMails = () => t.peer.received.filter((m) => m.subject === "Segunda campaña");
    await deliverUntil(t, () => nextMails().length >= 1);
    await t.deps.mail.flush();
    expect(nextMails().flatMap((m) => m.envelopeTo)).toEqual(["carla@example.test"]);

    // The admin list shows the statuses in Spanish, as the status filter names them.
    const list = await (await t.get("/api/admin/subscriptions?page=1", token)).json();
    const byEmail = new Map(
      list.data.data.map((r: Record<string, unknown>) => [r.email, r.status_label]),
    );
    expect(byEmail.get("ana@example.test")).toBe("Baja");
    expect(byEmail.get("carla@example.test")).toBe("Confirmada");
    expect(byEmail.get("pendiente@example.test")).toBe("Pendiente");
    expect(list.data.data[0]).not.toHaveProperty("unsubscribe_token");
    expect(list.data.data[0]).not.toHaveProperty("confirm_token_hash");
  });

  it("keeps the consent text's «como mucho una vez al mes»: a send within 30 days of the last needs staff to confirm it", async () => {
    // The campaigns sent by the test above, moments ago.
    const [last] = await t.db
      .select()
      .from(campaigns)
      .where(isNotNull(campaigns.send_started_at))
      .orderBy(desc(campaigns.send_started_at))
      .limit(1);
    const id = await createCampaign(t, token, "Demasiado pronto", "Hola otra vez.");
    const draft = await (await t.get(`/api/admin/campaigns/${id}`, token)).json();
    // The screen can warn before anyone presses send: which campaign went out, and when.
    expect(draft.data.recent_send).toEqual({
      id: last?.id,
      subject: last?.subject,
      send_started_at: last?.send_started_at?.toISOString(),
    });

    for (const body of [{}, { confirm_frequency: false }, { confirm_frequency: "true" }]) {
      const refused = await t.post(`/api/admin/campaigns/${id}/send`, body, token);
      expect(refused.status).toBe(409);
      const answer = await refused.json();
      expect(answer.title).toBe("Campaña demasiado seguida");
      expect(answer.message).toContain(`«${last?.subject}»`);
      expect(answer.message).toContain("como mucho un correo al mes");
      expect(answer.message).toContain("sigue en borrador");
    }
    // Refused inside the send's transaction: still a draft, nothing queued.
    const still = await (await t.get(`/api/admin/campaigns/${id}`, token)).json();
    expect(still.data).toMatchObject({ status: "draft", counts: { queued: 0 } });

    // Said in so many words, it goes.
    const sent = await t.post(
      `/api/admin/campaigns/${id}/send`,
      { confirm_frequency: true },
      token,
    );
    expect(sent.status).toBe(200);

    // Once the last send is 30 days old, nothing needs confirming.
    await t.db
      .update(campaigns)
      .set({ send_started_at: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000 - 60_000) })
      .where(isNotNull(campaigns.send_started_at));
    const later = await createCampaign(t, token, "Un mes después", "Hola.");
    expect(
      (await (await t.get(`/api/admin/campaigns/${later}`, token)).json()).data.recent_send,
    ).toBeNull();
    expect((await t.post(`/api/admin/campaigns/${later}/send`, {}, token)).status).toBe(200);
    // Once sent, the campaign's own send is no warning about itself.
    expect(
      (await (await t.get(`/api/admin/campaigns/${later}`, token)).json()).data.recent_send,
    ).toBeNull();
  });

  it("refuses a subject that would forge headers, and renders hostile strings escaped", async () => {
    const forged = await t.post(
      "/api/admin/campaigns/create",
      { subject: "Hola\u0007", body: "x" },
      token,
    );
    expect(forged.status).toBe(422);
    // Line breaks fold into spaces (a one-line field): no header of the writer's choosing.
    const id = await createCampaign(t, token, "Hola\r\nBcc: victima@example.test", "x");
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row?.subject).toBe("Hola Bcc: victima@example.test");

    const blns = [
      "<svg/onload=alert(1)>",
      "'\"><img src=x onerror=alert(1)>",
      "javascript:alert(1)",
      "[click](javascript:alert(1))",
      "Ω≈ç√∫˜µ≤≥÷ 田中さんにあげて下さい 𝕿𝖍𝖊 ‮ RTL ‭",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, as text
      "{{7*7}} ${7*7} %s %n",
    ];
    const hostile = await createCampaign(t, token, blns.slice(0, 2).join(" "), blns.join("\n\n"));
    const { data } = await (await t.get(`/api/admin/campaigns/${hostile}/preview`, token)).json();
    expect(data.html).not.toMatch(/<svg|<img src=x|href="javascript/i);
    expect(data.html).toContain("&lt;svg/onload=alert(1)&gt;");
    expect(data.html).toContain("田中さんにあげて下さい");
    expect(data.subject).toBe(blns.slice(0, 2).join(" "));
  });

  it("exports the confirmed subscribers only, as a CSV Excel reads", async () => {
    await subscribeAndConfirm("exportada@example.test");
    await subscribe("pendiente-export@example.test");
    const res = await t.get("/api/admin/subscriptions/export?status=confirmed", token);
    expect(res.status).toBe(200);
    const rows: string[][] = parse(await res.text(), { bom: true, delimiter: ";" });
    const emails = rows.slice(1).map((row) => row[rows[0]?.indexOf("Correo electrónico") ?? 0]);
    expect(emails).toContain("exportada@example.test");
    expect(emails).not.toContain("pendiente-export@example.test");
    expect(rows.slice(1).every((row) => row.includes("Confirmada"))).toBe(true);
  });

  it("links every campaign in the admin list to its preview and send screen", async () => {
    const list = await (await t.get("/api/admin/campaigns", token)).json();
    expect(list.screens).toEqual([{ path: "send", label: "Vista previa y envío" }]);
  });

  it("erasing a subscription erases its row and the copies of its mails, and blocks its proof of consent", async () => {
    await subscribeAndConfirm("borrame@example.test");
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "borrame@example.test"));
    const id = row?.id ?? 0;
    const copies = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.subscription_id, id));
    expect((await copies()).length).toBe(2); // confirmation and welcome
    // Staff corrected the address once: the audit log held it.
    await t.post("/api/admin/subscriptions/update", { id, email: "borrame@example.test" }, token);
    const res = await t.get(`/api/admin/subscriptions/delete/${id}`, token);
    expect(res.status).toBe(200);
    expect(await copies()).toEqual([]);
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "borrame@example.test")),
    ).toEqual([]);
    // The audit log still says who erased which record, but not what it held.
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "subscriptions"), eq(adminAudit.record_id, id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["delete", "update"]);
    expect(JSON.stringify(audit)).not.toContain("borrame");
    // What the erasure keeps: the proof that the mails sent had consent, blocked for its
    // period (LOPDGDD art. 32; decision 168), outside the subscriptions staff see.
    const [proof, ...more] = await t.db
      .select()
      .from(blockedConsents)
      .where(eq(blockedConsents.email, "borrame@example.test"));
    expect(more).toEqual([]);
    expect(proof).toMatchObject({ consent_page: "/", ended_by: "erasure" });
    expect(proof?.consent_ip).toMatch(/^198\.51\.100\./);
    expect(proof?.confirmed_at).toBeInstanceOf(Date);
    const list = await (await t.get("/api/admin/subscriptions?q=borrame", token)).json();
    expect(list.data.total).toBe(0);

    // A pending subscription (never confirmed) keeps nothing when erased.
    await subscribe("nunca-confirmo@example.test");
    const [pending] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "nunca-confirmo@example.test"));
    expect((await t.get(`/api/admin/subscriptions/delete/${pending?.id}`, token)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(blockedConsents)
        .where(eq(blockedConsents.email, "nunca-confirmo@example.test")),
    ).toEqual([]);
  });
});

describe.skipIf(skipDatabase)("unsubscribes while a campaign is being sent", () => {
  // Two a minute: after the first, each mail waits its turn 30 s apart.
  const t = perSuite(() =>
    createMailedTestApp({ env: { APP_URL: appUrl, NEWSLETTER_RATE_PER_MINUTE: "2" } }),
  );

  it("counts those whose mail was still waiting among «Bajas desde el envío», and never sends it", async () => {
    const token = await staffToken(t.db);
    const emails = ["m1", "m2", "m3"].map((n) => `${n}@example.test`);
    await insertConfirmed(t, emails);
    const tokens = new Map(
      (await t.db.select().from(subscriptions)).map((r) => [r.email, r.unsubscribe_token]),
    );
    const id = await createCampaign(t, token, "Durante el envío", "Texto.");
    expect((await t.post(`/api/admin/campaigns/${id}/send`, {}, token)).status).toBe(200);
    await t.peer.waitForMail((m) => m.subject === "Durante el envío");

    // All three leave: the first after receiving it, the others before their turn came.
    for (const email of emails) {
      const res = await t.post("/api/subscriptions/unsubscribe", { token: tokens.get(email) });
      expect(res.status).toBe(200);
    }
    await t.deps.mail.flush();
    expect(t.peer.received.filter((m) => m.subject === "Durante el envío")).toHaveLength(1);
    const summary = await (await t.get(`/api/admin/campaigns/${id}`, token)).json();
    // Before: unsubscribed 1 and queued 1, as the two mails dropped took their people with them.
    expect(summary.data).toMatchObject({
      status: "sent",
      counts: { queued: 3, sent: 1, failed: 0, waiting: 0, unsubscribed: 3 },
    });
    // Leaving again changes no count.
    await t.post("/api/subscriptions/unsubscribe", { token: tokens.get("m2@example.test") });
    const again = await (await t.get(`/api/admin/campaigns/${id}`, token)).json();
    expect(again.data.counts).toEqual(summary.data.counts);
  });
});

describe.skipIf(skipDatabase)("a campaign send interrupted by a restart", () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let transport: MailTransport;
  let token: string;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    transport = createTransport(parseEnv({ SMTP_URL: peer.url, APP_URL: appUrl }));
    // Two a minute: the second mail is due 30 s after the first.
    t = await createTestApp({
      env: { APP_URL: appUrl, NEWSLETTER_RATE_PER_MINUTE: "2" },
      transport,
    });
    token = await staffToken(t.db, "super_admin");
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  it("is throttled by the rate and delivers the rest exactly once after a new worker starts, claims of the dead one included", async () => {
    const emails = ["r1", "r2", "r3", "r4", "r5"].map((n) => `${n}@example.test`);
    await insertConfirmed(t, emails);
    const id = await createCampaign(t, token, "Reanudable", "Texto.");
    const sent = await t.post(`/api/admin/campaigns/${id}/send`, {}, token);
    expect((await sent.json()).data).toEqual({ queued: 5 });

    // Scheduled 30 s apart, in subscription order.
    const rows = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.campaign_id, id))
      .orderBy(mailOutbox.subscription_id);
    const gaps = rows.slice(1).map((r, i) => {
      const previous = rows[i]?.next_attempt_at.getTime() ?? 0;
      return (r.next_attempt_at.getTime() - previous) / 1000;
    });
    expect(gaps).toEqual([30, 30, 30, 30]);

    // The first worker delivers what is due (one mail), then the process stops.
    await t.deps.mail.flush();
    const mine = () => peer.received.filter((m) => m.subject === "Reanudable");
    await peer.waitForMail((m) => m.subject === "Reanudable");
    expect(mine().length).toBe(1);
    await t.deps.mail.stop();

    // Time passes (the rest falls due) and a new instance starts on the same database.
    await t.db
      .update(mailOutbox)
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where(and(eq(mailOutbox.campaign_id, id), isNull(mailOutbox.sent_at)));
    // Two of them were held by the stopped instance when it died (a claim of 2 minutes).
    const waiting = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.campaign_id, id), isNull(mailOutbox.sent_at)))
      .orderBy(mailOutbox.id);
    const held = waiting.slice(0, 2).map((r) => r.id);
    await t.db
      .update(mailOutbox)
      .set({ locked_until: new Date(Date.now() + 120_000) })
      .where(inArray(mailOutbox.id, held));
    const restarted = createMailer(t.db, transport);
    try {
      await restarted.flush();
      // The new instance leaves the claimed ones alone...
      expect(mine().length).toBe(3);
      // ...until the claim runs out; then each goes out once.
      await t.db
        .update(mailOutbox)
        .set({ locked_until: new Date(Date.now() - 1000) })
        .where(inArray(mailOutbox.id, held));
      await restarted.flush();
      await restarted.flush();
      expect(
        mine()
          .flatMap((m) => m.envelopeTo)
          .sort(),
      ).toEqual(emails);
      const delivered = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.campaign_id, id), isNotNull(mailOutbox.sent_at)));
      expect(delivered.length).toBe(5);
    } finally {
      await restarted.stop();
    }
    const summary = await (await t.get(`/api/admin/campaigns/${id}`, token)).json();
    expect(summary.data).toMatchObject({ status: "sent", counts: { queued: 5, sent: 5 } });
  });
});

describe.skipIf(skipDatabase)("a campaign while the SMTP server is down", () => {
  it("counts the mail it could not hand over as failed, and delivers it once the server is back", async () => {
    const port = await freePort();
    const transport = createTransport(
      parseEnv({ SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: appUrl }),
    );
    const t = await createTestApp({
      env: { APP_URL: appUrl, NEWSLETTER_RATE_PER_MINUTE: "60000" },
      transport,
    });
    let peer: SmtpPeer | undefined;
    try {
      const token = await staffToken(t.db);
      await insertConfirmed(t, ["d1@example.test", "d2@example.test"]);
      const id = await createCampaign(t, token, "Con el servidor caído", "Texto.");
      await t.post(`/api/admin/campaigns/${id}/send`, {}, token);
      await new Promise((r) => setTimeout(r, 100)); // both mails due
      await t.deps.mail.flush();
      const counts = async () =>
        (await (await t.get(`/api/admin/campaigns/${id}`, token)).json()).data;
      // Each was tried once and failed (nothing listens): the outbox will try again later.
      expect(await counts()).toMatchObject({
        status: "sending",
        counts: { queued: 2, sent: 0, failed: 2, waiting: 0 },
      });

      peer = await startSmtpPeer(port);
      await t.db
        .update(mailOutbox)
        .set({ next_attempt_at: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.campaign_id, id));
      await t.deps.mail.flush();
      expect(
        peer.received
          .filter((m) => m.subject === "Con el servidor caído")
          .flatMap((m) => m.envelopeTo)
          .sort(),
      ).toEqual(["d1@example.test", "d2@example.test"]);
      expect(await counts()).toMatchObject({
        status: "sent",
        counts: { queued: 2, sent: 2, failed: 0, waiting: 0 },
      });
    } finally {
      await t.close();
      await peer?.stop();
    }
  });
});

describe.skipIf(skipDatabase)("a campaign with an address that does not exist", () => {
  const t = perSuite(() =>
    createMailedTestApp({
      env: { APP_URL: appUrl, NEWSLETTER_RATE_PER_MINUTE: "60000" },
      smtp: { refuse: { "bad.typo@gmial.con": 550 } },
    }),
  );

  it("counts the mail refused for good apart, never tries it again, and is sent", async () => {
    const token = await staffToken(t.db);
    await insertConfirmed(t, ["bad.typo@gmial.con", "bien@example.test"]);
    const id = await createCampaign(t, token, "Con una dirección mal escrita", "Texto.");
    await t.post(`/api/admin/campaigns/${id}/send`, {}, token);
    await deliverUntil(t, () => t.peer.received.length === 1);
    await t.deps.mail.flush();
    const summary = await (await t.get(`/api/admin/campaigns/${id}`, token)).json();
    // Before: "sending" for ever, the refused mail counted among those being retried.
    expect(summary.data).toMatchObject({
      status: "sent",
      counts: { queued: 2, sent: 1, failed: 0, refused: 1, waiting: 0 },
    });
    const [refused] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.campaign_id, id), isNull(mailOutbox.sent_at)));
    expect(refused).toMatchObject({ to: "bad.typo@gmial.con", attempts: 1 });
  });
});

describe.skipIf(skipDatabase)("a campaign that takes longer than 30 minutes", () => {
  // One a minute to 40 people: 40 minutes of sending.
  const t = perSuite(() =>
    createMailedTestApp({ env: { APP_URL: appUrl, NEWSLETTER_RATE_PER_MINUTE: "1" } }),
  );

  it("is not stuck while its later mails wait their turn", async () => {
    const token = await staffToken(t.db);
    await insertConfirmed(
      t,
      Array.from({ length: 40 }, (_, n) => `lector${n}@example.test`),
    );
    const id = await createCampaign(t, token, "Cuarenta minutos", "Texto.");
    await t.post(`/api/admin/campaigns/${id}/send`, {}, token);
    // 31 minutes go by: every time of the campaign's mails moves back as much.
    await t.db
      .update(mailOutbox)
      .set({
        created_at: sql`created_at - interval '31 minutes'`,
        due_at: sql`due_at - interval '31 minutes'`,
        next_attempt_at: sql`next_attempt_at - interval '31 minutes'`,
      })
      .where(eq(mailOutbox.campaign_id, id));
    await deliverUntil(t, () => t.peer.received.length === 32);
    const readyz = await (await t.get("/readyz")).json();
    // Before: "degraded", "mail": "stuck", for the 8 mails whose turn has not come. ("files":
    // this app writes mail through a test transport, with no SMTP_URL.)
    expect(readyz).toMatchObject({ status: "ok", mail: "files", mail_waiting: 0 });
    const summary = await (await t.get(`/api/admin/campaigns/${id}`, token)).json();
    expect(summary.data).toMatchObject({
      status: "sending",
      counts: { queued: 40, sent: 32, waiting: 8 },
    });
  });
});

/**
 * Issue 33 item 7 (decision 205): a send and each test send are in the audit log, beside the
 * campaign's create and delete, written in the transaction that queues their mails.
 */
describe.skipIf(skipDatabase)("a campaign's sends, in the audit log", () => {
  const t = perSuite(() => createTestApp({ env: { NEWSLETTER_RATE_PER_MINUTE: "60000" } }));

  const entriesOf = (id: number) =>
    t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "campaigns"), eq(adminAudit.record_id, id)))
      .orderBy(adminAudit.id);

  it("create → test sends → send → delete: who did each, when, and how many were queued", async () => {
    const staff = await createUser(t.db, { role: "admin", name: "Lucía Boletín" });
    const token = await signIn(t.db, staff.id);
    await insertConfirmed(t, ["uno@example.test", "dos@example.test"]);
    const id = await createCampaign(t, token, "Con su registro", "Hola.");

    expect((await t.post(`/api/admin/campaigns/${id}/test`, {}, token)).status).toBe(200);
    // Each caller of the test route: only staff send one, and only theirs are recorded.
    const testers: number[] = [];
    for (const [who, caller, status] of await staffRouteCallers(t.db, 200)) {
      const res = await t.post(`/api/admin/campaigns/${id}/test`, {}, caller);
      expect(res.status, who).toBe(status);
      if (status === 200) testers.push((await json(await t.get("/api/user", caller))).user.id);
    }
    const send = await t.post(`/api/admin/campaigns/${id}/send`, {}, token);
    expect(send.status).toBe(200);
    expect((await send.json()).data.queued).toBe(2);
    // A second send is refused, and a refusal is no send: nothing is recorded for it; nor for
    // a caller who may not send (signed out 401, guests and unverified staff 403, staff 409).
    expect((await t.post(`/api/admin/campaigns/${id}/send`, {}, token)).status).toBe(409);
    for (const [who, caller, status] of await staffRouteCallers(t.db, 409)) {
      const res = await t.post(`/api/admin/campaigns/${id}/send`, {}, caller);
      expect(res.status, who).toBe(status);
    }

    for (let i = 0; i < 100; i++) {
      await t.deps.mail.flush();
      const summary = await json(await t.get(`/api/admin/campaigns/${id}`, token));
      if (summary.data.status === "sent") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await t.get(`/api/admin/campaigns/delete/${id}`, token)).status).toBe(200);

    const entries = await entriesOf(id);
    expect(entries.map((e) => [e.action, e.actor_id, e.affected])).toEqual([
      ["create", staff.id, 1],
      ["test_send", staff.id, 1],
      ...testers.map((tester) => ["test_send", tester, 1]),
      ["send", staff.id, 2],
      ["delete", staff.id, 1],
    ]);
    const sent = entries.find((e) => e.action === "send");
    expect(sent?.details).toEqual({ queued: 2 });
    const tests = entries.filter((e) => e.action === "test_send");
    const [firstTest] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, Number(tests[0]?.details?.mail_id)));
    expect(firstTest?.to).toBe(staff.email);
    expect(firstTest?.subject).toBe("[Prueba] Con su registro");
    // Read by their Spanish names in the audit log's section.
    const boss = await signIn(t.db, (await createUser(t.db, { role: "super_admin" })).id);
    const listed = await json(await t.get(`/api/admin/audit?record_id=${id}&sort=id`, boss));
    expect(listed.data.data.map((row: Json) => row.action_title)).toContain("Envío de campaña");
    expect(listed.data.data.map((row: Json) => row.action_title)).toContain("Envío de prueba");
  });
});
