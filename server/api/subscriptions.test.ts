import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consentVersions, currentConsentVersion } from "../../content/newsletter.ts";
import { createMailedTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { type ReceivedMail, to } from "../../tests/support/smtp.ts";
import { generateToken } from "../auth/tokens.ts";
import { blockedConsents, subscriptions } from "../db/schema.ts";

const checkYourMail = {
  title: "Revisa tu correo",
  message:
    "Te hemos enviado un enlace para confirmar la suscripción. Hasta que lo abras no te enviaremos nada.",
};

/** The token of the one site link in a received mail. */
function linkToken(mail: ReceivedMail, path: string): string {
  const links = (mail.text ?? "").match(/https:\/\/obra\.test\/\S+/g) ?? [];
  const url = links.map((link) => new URL(link)).find((u) => u.pathname === path);
  if (!url) throw new Error(`no link to ${path} in: ${mail.text}`);
  return url.searchParams.get("token") ?? "";
}

describe.skipIf(skipDatabase)("the newsletter's double opt-in, through a real SMTP server", () => {
  const t = perSuite(() => createMailedTestApp({ env: { APP_URL: "https://obra.test" } }));
  let ip = 0;
  const subscribe = (body: unknown, from = `198.51.100.${++ip}`) =>
    t.post("/api/subscriptions", body, undefined, from);
  const rowsFor = async (email: string) =>
    (await t.db.select().from(subscriptions)).filter((r) => r.email === email);
  /**
   * `email`'s row, expected pending with the proof of a request just made from `page` and `ip`
   * under the current consent text, and neither confirmed nor unsubscribed.
   */
  const pendingRowOf = async (email: string, proof: { page: string; ip: string }) => {
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({
      status: "pending",
      consent_version: currentConsentVersion,
      consent_text: consentVersions[currentConsentVersion],
      consent_page: proof.page,
      consent_ip: proof.ip,
      confirmed_at: null,
      unsubscribed_at: null,
    });
    expect(row?.consent_at).toBeInstanceOf(Date);
    return row;
  };
  /** The proofs of `email`'s ended consents, kept blocked (decision 168), oldest first. */
  const blockedFor = (email: string) =>
    t.db
      .select()
      .from(blockedConsents)
      .where(eq(blockedConsents.email, email))
      .orderBy(asc(blockedConsents.id));
  const mailsTo = (address: string) => t.peer.received.filter(to(address)).length;
  const confirm = (token: unknown) => t.post("/api/subscriptions/confirm", { token });
  /** Moves the last request for `email` back in time, past the repeat window or further. */
  const askedAgo = (email: string, minutes: number) =>
    t.db
      .update(subscriptions)
      .set({ consent_at: new Date(Date.now() - minutes * 60_000) })
      .where(eq(subscriptions.email, email));

  /** Confirmed subscribers added as a confirmation would leave them; answers their unsubscribe tokens. */
  const confirmedSubscribers = async (prefix: string, count: number) => {
    const rows = await t.db
      .insert(subscriptions)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `${prefix}${i}@example.test`,
          status: "confirmed" as const,
          consent_version: currentConsentVersion,
          consent_text: consentVersions[currentConsentVersion],
          confirmed_at: new Date(),
          unsubscribe_token: generateToken(),
        })),
      )
      .returning({ token: subscriptions.unsubscribe_token });
    return rows.map((row) => row.token as string);
  };
  /** RFC 8058's one-click POST, as a mail provider's server sends it from `ip`. */
  const oneClick = (token: string, ip: string) =>
    t.app.request(`/api/subscriptions/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
      body: "List-Unsubscribe=One-Click",
    });

  it("records a pending subscription with its proof of consent and mails a confirmation link", async () => {
    const res = await subscribe(
      { email: "  Nuria@Example.TEST ", consent_version: currentConsentVersion, page: "/team" },
      "198.51.100.200",
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(checkYourMail);
    await pendingRowOf("nuria@example.test", { page: "/team", ip: "198.51.100.200" });

    const mail = await t.peer.waitForMail(to("nuria@example.test"));
    expect(mail.subject).toBe("Confirma tu suscripción al boletín de Obra Mediterránea");
    // The plain-text part has a link where the HTML has a button: its words fit both.
    expect(mail.text).toContain("confirma la suscripción aquí abajo");
    expect(mail.text).not.toContain("botón");
    const token = linkToken(mail, "/newsletter/confirmar");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).title).toBe("Suscripción confirmada");
    const [after] = await rowsFor("nuria@example.test");
    expect(after?.status).toBe("confirmed");
    expect(after?.confirmed_at).toBeInstanceOf(Date);
    expect(after?.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Opened again from the mail: still confirmed, and said so; nothing changes, no second welcome.
    await t.deps.mail.flush();
    const welcomes = mailsTo("nuria@example.test");
    const again = await confirm(token);
    expect(again.status).toBe(200);
    expect((await again.json()).title).toBe("Suscripción confirmada");
    expect((await rowsFor("nuria@example.test"))[0]?.confirmed_at).toEqual(after?.confirmed_at);
    await t.deps.mail.flush();
    expect(mailsTo("nuria@example.test")).toBe(welcomes);
  });

  it("answers the same for a confirmed address, keeps one row and sends nothing", async () => {
    await t.deps.mail.flush();
    const before = mailsTo("nuria@example.test");
    const res = await subscribe({ email: "NURIA@example.test" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(checkYourMail);
    const rows = await rowsFor("nuria@example.test");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("confirmed");
    await t.deps.mail.flush();
    expect(mailsTo("nuria@example.test")).toBe(before);
  });

  it("keeps one row and sends one mail for 20 simultaneous identical subscriptions", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        subscribe({ email: i % 2 ? "pablo@example.test" : "Pablo@Example.test" }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await rowsFor("pablo@example.test")).toHaveLength(1);
    await t.deps.mail.flush();
    expect(mailsTo("pablo@example.test")).toBe(1);
  });

  it("mails nothing for a request repeated within 10 minutes, so the first link keeps working", async () => {
    await subscribe({ email: "marta@example.test", page: "/team" });
    const first = linkToken(
      await t.peer.waitForMail(to("marta@example.test")),
      "/newsletter/confirmar",
    );
    await askedAgo("marta@example.test", 9);
    expect((await subscribe({ email: "marta@example.test", page: "/" })).status).toBe(201);
    await t.deps.mail.flush();
    expect(mailsTo("marta@example.test")).toBe(1);
    // The proof of consent stays the one the mailed link confirms.
    expect((await rowsFor("marta@example.test"))[0]?.consent_page).toBe("/team");
    expect((await confirm(first)).status).toBe(200);
  });

  it("mails the person whose address staff added, which has no proof of its own", async () => {
    await t.db.insert(subscriptions).values({ email: "alta@example.test", consent_at: null });
    expect((await subscribe({ email: "alta@example.test" })).status).toBe(201);
    await t.deps.mail.flush();
    expect(mailsTo("alta@example.test")).toBe(1);
    expect((await rowsFor("alta@example.test"))[0]?.consent_ip).toMatch(/^198\.51\.100\./);
  });

  it("mails one address at most 3 confirmation links a day, whoever asks", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await subscribe({ email: "rosa@example.test" })).status).toBe(201);
      await askedAgo("rosa@example.test", 11);
    }
    await t.deps.mail.flush();
    expect(mailsTo("rosa@example.test")).toBe(3);
  });

  it("after 10 minutes only the newest confirmation link works; an expired one is refused", async () => {
    await subscribe({ email: "ines@example.test" });
    const first = linkToken(
      await t.peer.waitForMail(to("ines@example.test")),
      "/newsletter/confirmar",
    );
    await askedAgo("ines@example.test", 11);
    await subscribe({ email: "ines@example.test" });
    await t.deps.mail.flush();
    const mails = t.peer.received.filter(to("ines@example.test"));
    expect(mails).toHaveLength(2);
    const second = linkToken(mails[1] as ReceivedMail, "/newsletter/confirmar");
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(400);

    await askedAgo("ines@example.test", 8 * 24 * 60);
    expect((await confirm(second)).status).toBe(400);
    expect((await rowsFor("ines@example.test"))[0]?.status).toBe("pending");
    // The next request forgets expired pending subscriptions.
    await subscribe({ email: "otro@example.test" });
    expect(await rowsFor("ines@example.test")).toHaveLength(0);
  });

  it("refuses forged, truncated and wrongly typed links with a Spanish message", async () => {
    for (const token of ["x".repeat(43), "abc", "", 42, null, "../../etc", "a".repeat(500)]) {
      const res = await confirm(token);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/^Este enlace no es válido o ha caducado/);
    }
  });

  it("unsubscribes in one click by the page and by RFC 8058's POST; the row keeps only the address, the proof is kept blocked", async () => {
    await subscribe({ email: "jordi@example.test", page: "/gallery" }, "198.51.100.201");
    const token = linkToken(
      await t.peer.waitForMail(to("jordi@example.test")),
      "/newsletter/confirmar",
    );
    expect((await confirm(token)).status).toBe(200);
    // The welcome mail: a visible link to the page, and RFC 8058's headers for the POST.
    const welcome = await t.peer.waitForMail(
      (m) => to("jordi@example.test")(m) && (m.subject ?? "").startsWith("Ya recibes"),
    );
    const unsubscribeToken = linkToken(welcome, "/newsletter/baja");
    expect(welcome.html).toContain(
      `href="https://obra.test/newsletter/baja?token=${unsubscribeToken}"`,
    );
    expect(welcome.text).toContain("Obra Mediterránea Construcciones y Reformas, S.L.");
    const header = (name: string) =>
      welcome.headerLines
        .find((h) => h.key === name)
        ?.line.slice(name.length + 1)
        .trim();
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toBe(
      `<https://obra.test/api/subscriptions/unsubscribe?token=${unsubscribeToken}>`,
    );
    // Its answer reaches the office, not the no-reply sender (decision 102).
    expect(header("reply-to")).toBe("hola@obramediterranea.es");

    const oneClick = await t.app.request(
      `/api/subscriptions/unsubscribe?token=${unsubscribeToken}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(oneClick.status).toBe(200);
    expect((await oneClick.json()).title).toBe("Baja confirmada");
    const [gone] = await rowsFor("jordi@example.test");
    expect(gone).toMatchObject({
      status: "unsubscribed",
      consent_text: null,
      consent_ip: null,
      consent_page: null,
      confirmed_at: null,
    });
    expect(gone?.unsubscribed_at).toBeInstanceOf(Date);
    // The proof that the mails sent had consent is kept apart, blocked, with when and how the
    // consent ended (GDPR art. 7.1, LOPDGDD art. 32; decision 168). Before, it was erased.
    const [blocked, ...more] = await blockedFor("jordi@example.test");
    expect(more).toEqual([]);
    expect(blocked).toMatchObject({
      consent_version: currentConsentVersion,
      consent_text: consentVersions[currentConsentVersion],
      consent_page: "/gallery",
      consent_ip: "198.51.100.201",
      ended_by: "one_click",
      ended_at: gone?.unsubscribed_at,
    });
    expect(blocked?.consent_at).toBeInstanceOf(Date);
    expect(blocked?.confirmed_at?.getTime()).toBeGreaterThanOrEqual(
      blocked?.consent_at?.getTime() ?? Number.POSITIVE_INFINITY,
    );
    // The old confirmation link does not subscribe the address again: that takes a new consent.
    expect((await confirm(token)).status).toBe(400);
    expect((await rowsFor("jordi@example.test"))[0]?.status).toBe("unsubscribed");

    // The page's JSON post with the same link: the same answer, nothing changes.
    const page = await t.post("/api/subscriptions/unsubscribe", { token: unsubscribeToken });
    expect(page.status).toBe(200);
    expect((await rowsFor("jordi@example.test"))[0]?.unsubscribed_at).toEqual(
      gone?.unsubscribed_at,
    );
    expect(await blockedFor("jordi@example.test")).toEqual([blocked]);

    const forged = await t.post("/api/subscriptions/unsubscribe", { token: "y".repeat(43) });
    expect(forged.status).toBe(400);
    // Someone who wants to leave is not told to subscribe: what to do instead, and an address.
    const refusal = await forged.json();
    expect(refusal.title).toBe("Enlace no válido");
    expect(refusal.message).not.toMatch(/suscríbete/i);
    expect(refusal.message).toContain("hola@obramediterranea.es");
  });

  it("starts over with a new confirmation and a fresh proof when an unsubscribed address subscribes again", async () => {
    await t.deps.mail.flush();
    const before = mailsTo("jordi@example.test");
    const [first] = await blockedFor("jordi@example.test");
    expect(
      (await subscribe({ email: "jordi@example.test", page: "/services" }, "203.0.113.77")).status,
    ).toBe(201);
    await t.deps.mail.flush();
    expect(mailsTo("jordi@example.test")).toBe(before + 1);
    const row = await pendingRowOf("jordi@example.test", { page: "/services", ip: "203.0.113.77" });
    expect(row?.consent_at?.getTime()).toBeGreaterThan(first?.ended_at.getTime() ?? 0);
    // The unsubscribe link of the mails already sent stays the address's (decision 101).
    expect(row?.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The new request leaves the first consent's blocked proof as it was.
    expect(await blockedFor("jordi@example.test")).toEqual([first]);

    // Confirmed and then left by the page: each consent has its own proof, and each its end.
    const confirmation = t.peer.received.filter(to("jordi@example.test")).at(-1) as ReceivedMail;
    expect((await confirm(linkToken(confirmation, "/newsletter/confirmar"))).status).toBe(200);
    expect((await rowsFor("jordi@example.test"))[0]?.status).toBe("confirmed");
    const leave = await t.post("/api/subscriptions/unsubscribe", {
      token: row?.unsubscribe_token,
    });
    expect(leave.status).toBe(200);
    const proofs = await blockedFor("jordi@example.test");
    expect(proofs.map((p) => [p.consent_page, p.consent_ip, p.ended_by])).toEqual([
      ["/gallery", "198.51.100.201", "one_click"],
      ["/services", "203.0.113.77", "page"],
    ]);
    expect(proofs[0]).toEqual(first);
  });

  it("records the current consent text when the form names an unknown version", async () => {
    await subscribe({ email: "luz@example.test", consent_version: "1999", page: "javascript:x" });
    const [row] = await rowsFor("luz@example.test");
    expect(row?.consent_version).toBe(currentConsentVersion);
    expect(row?.consent_page).toBeNull();
  });

  it("answers 422 to something that is not an e-mail address", async () => {
    for (const email of ["", "pablo", "pablo@", undefined]) {
      const res = await subscribe({ email });
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.errors.email).toHaveLength(1);
      expect(body.errors.email[0]).toMatch(
        /^El campo «Correo electrónico» (es obligatorio|debe ser un correo electrónico válido)\.$/,
      );
    }
  });

  it("answers 429 with Retry-After after 10 subscriptions from one address in 10 minutes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await subscribe({ email: `lote${i}@example.test` }, "192.0.2.80")).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    const refused = await subscribe({ email: "otra@example.test" }, "192.0.2.80");
    expect(statuses[10]).toBe(429);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await rowsFor("otra@example.test")).toHaveLength(0);
  });

  it("honours every valid one-click unsubscribe from one mail provider's server; only made-up links are limited", async () => {
    // Gmail, Yahoo and Outlook send the one-click POSTs of all their users from a few servers,
    // and do not retry a refusal: after a campaign, 40 in ten minutes from one address is normal.
    const tokens = await confirmedSubscribers("gmail", 40);
    const statuses: number[] = [];
    for (const token of tokens) statuses.push((await oneClick(token, "192.0.2.25")).status);
    expect(statuses).toEqual(Array(40).fill(200));
    const rows = (await t.db.select().from(subscriptions)).filter((r) =>
      r.email.startsWith("gmail"),
    );
    expect(rows.map((r) => r.status)).toEqual(Array(40).fill("unsubscribed"));

    // Made-up links are counted: 30 in ten minutes are answered "no válido", then 429.
    const [still] = await confirmedSubscribers("yahoo", 1);
    const forged: number[] = [];
    for (let i = 0; i < 30; i++)
      forged.push((await oneClick(generateToken(), "192.0.2.26")).status);
    expect(forged).toEqual(Array(30).fill(400));
    const refused = await oneClick(generateToken(), "192.0.2.26");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    const confirmRefused = await t.post(
      "/api/subscriptions/confirm",
      { token: generateToken() },
      undefined,
      "192.0.2.26",
    );
    expect(confirmRefused.status).toBe(429);
    // A real link from that same address is still honoured.
    expect((await oneClick(still as string, "192.0.2.26")).status).toBe(200);
    expect((await rowsFor("yahoo0@example.test"))[0]?.status).toBe("unsubscribed");
  });

  it("sends a browser that opens the List-Unsubscribe address to the page with its button", async () => {
    // Mail apps that know only RFC 2369's header open its address in a browser: a GET, which
    // must not unsubscribe (a link scanner does the same), and must not be a JSON 404 either.
    const [token] = await confirmedSubscribers("navegador", 1);
    for (const method of ["GET", "HEAD"]) {
      const res = await t.app.request(`/api/subscriptions/unsubscribe?token=${token}`, { method });
      expect(res.status, method).toBe(303);
      expect(res.headers.get("location")).toBe(`/newsletter/baja?token=${token}`);
    }
    expect((await rowsFor("navegador0@example.test"))[0]?.status).toBe("confirmed");
    const bare = await t.app.request("/api/subscriptions/unsubscribe");
    expect(bare.status).toBe(303);
    expect(bare.headers.get("location")).toBe("/newsletter/baja");
    const odd = await t.app.request("/api/subscriptions/unsubscribe?token=a%0d%0ab&token=c");
    expect(odd.headers.get("location")).toBe("/newsletter/baja?token=a%0D%0Ab");

    // A one-click POST that names no body type (or an unusual one) is a one-click POST too.
    const untyped = await t.app.request(`/api/subscriptions/unsubscribe?token=${token}`, {
      method: "POST",
    });
    expect(untyped.status).toBe(200);
    expect((await rowsFor("navegador0@example.test"))[0]?.status).toBe("unsubscribed");
    const [other] = await confirmedSubscribers("texto", 1);
    const plain = await t.app.request(`/api/subscriptions/unsubscribe?token=${other}`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(plain.status).toBe(200);
  });

  it("keeps every unsubscribe link ever mailed to an address working after it subscribes again", async () => {
    const email = "vuelve@example.test";
    /** Subscribes and confirms from the mails; answers the welcome mail's unsubscribe token. */
    const subscribeAndConfirm = async (already: number) => {
      expect((await subscribe({ email })).status).toBe(201);
      await t.deps.mail.flush();
      const confirmation = t.peer.received.filter(to(email)).at(already) as ReceivedMail;
      expect((await confirm(linkToken(confirmation, "/newsletter/confirmar"))).status).toBe(200);
      await t.deps.mail.flush();
      const welcome = t.peer.received.filter(to(email)).at(already + 1) as ReceivedMail;
      expect(welcome.subject).toMatch(/^Ya recibes/);
      return linkToken(welcome, "/newsletter/baja");
    };
    const first = await subscribeAndConfirm(0);
    expect((await oneClick(first, "192.0.2.40")).status).toBe(200);
    const second = await subscribeAndConfirm(2);
    expect((await rowsFor(email))[0]?.status).toBe("confirmed");

    // The link of a mail from the first subscription, opened while subscribed again: it unsubscribes.
    const old = await t.post("/api/subscriptions/unsubscribe", { token: first });
    expect(old.status).toBe(200);
    expect((await old.json()).title).toBe("Baja confirmada");
    expect((await rowsFor(email))[0]?.status).toBe("unsubscribed");
    // The newer mails carry the same link, so it is one way out however often the person returns.
    expect(second).toBe(first);

    // Asked for again, not yet confirmed: an old link stops that too, and its confirmation link
    // no longer subscribes (the last word is the person's "no").
    expect((await subscribe({ email })).status).toBe(201);
    await t.deps.mail.flush();
    const pending = t.peer.received.filter(to(email)).at(-1) as ReceivedMail;
    expect((await oneClick(first, "192.0.2.40")).status).toBe(200);
    expect((await rowsFor(email))[0]).toMatchObject({ status: "unsubscribed", consent_text: null });
    expect((await confirm(linkToken(pending, "/newsletter/confirmar"))).status).toBe(400);
    // Two consents were confirmed and ended; the request never confirmed was no consent, and
    // nothing was mailed under it but its link: no proof of it is kept (decision 168).
    expect((await blockedFor(email)).map((proof) => proof.ended_by)).toEqual(["one_click", "page"]);
  });

  it("keeps the last mailed link working when the day's cap holds a request back", async () => {
    const email = "tope@example.test";
    for (let i = 0; i < 3; i++) {
      expect((await subscribe({ email, page: `/paso-${i}` })).status).toBe(201);
      await askedAgo(email, 11);
      // Each delivered before the next is asked for, so the last received is the last sent.
      await t.deps.mail.flush();
      expect(t.peer.received.filter(to(email))).toHaveLength(i + 1);
    }
    const mails = t.peer.received.filter(to(email));
    const last = linkToken(mails[2] as ReceivedMail, "/newsletter/confirmar");
    // The fourth of the day: no mail, and nothing replaced (before, its new link replaced the
    // third mail's, which then answered "Enlace no válido", and no mail brought the new one).
    expect((await subscribe({ email, page: "/cuarta" })).status).toBe(201);
    await t.deps.mail.flush();
    expect(t.peer.received.filter(to(email))).toHaveLength(3);
    expect((await rowsFor(email))[0]?.consent_page).toBe("/paso-2");
    expect((await confirm(last)).status).toBe(200);
  });
});
