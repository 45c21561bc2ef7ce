import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, perSuite, type TestApp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { freePort, type SmtpPeer, startSmtpPeer } from "../../tests/support/smtp.ts";
import { mailOutbox } from "../db/schema.ts";
import { parseEnv } from "../env.ts";
import { log } from "../log.ts";
import { createMailer, failureOf, retryDelaySeconds } from "./outbox.ts";
import { createTransport, type MailTransport } from "./transport.ts";

const message = (n: number) => ({
  to: `destino${n}@example.com`,
  subject: `Prueba ${n}`,
  text: `Mensaje número ${n}`,
  html: `<p>Mensaje número ${n}</p>`,
});

describe("retry schedule", () => {
  it("backs off from 5 seconds to 5 minutes and keeps trying every 5 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelaySeconds)).toEqual([
      5, 30, 120, 300, 300, 300, 300, 300,
    ]);
  });

  it("tells a server that is down or refuses the sender from one that refuses a message, for now or for good", () => {
    const refused = (responseCode: number, command: string) => ({ responseCode, command });
    expect(failureOf(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toBe(
      "server",
    );
    expect(failureOf(refused(421, "RCPT TO"))).toBe("server");
    expect(failureOf(refused(535, "AUTH PLAIN"))).toBe("server");
    expect(failureOf(refused(550, "MAIL FROM"))).toBe("server");
    expect(failureOf(refused(452, "RCPT TO"))).toBe("message");
    expect(failureOf(refused(451, "DATA"))).toBe("message");
    expect(failureOf(refused(550, "RCPT TO"))).toBe("refused");
    expect(failureOf(refused(554, "DATA"))).toBe("refused");
  });
});

describe.skipIf(skipDatabase)("mail outbox over a real SMTP peer", () => {
  let t: TestApp;
  let peer: SmtpPeer | undefined;
  let port: number;
  let transport: MailTransport;

  beforeAll(async () => {
    port = await freePort();
    const settings = {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "Obra Mediterránea <hola@obra.test>",
    };
    transport = createTransport(parseEnv(settings));
    t = await createTestApp({ transport, env: settings });
  });
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });
  afterAll(() => t.close());

  const rows = () => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

  /** The rows still waiting, each with when it is due next, in seconds from now. */
  const waiting = async () =>
    (await rows())
      .filter((r) => r.sent_at === null && r.failed_at === null)
      .map((r) => ({
        subject: r.subject,
        dueInS: Math.round((r.next_attempt_at.getTime() - Date.now()) / 1000),
        serverFailure: r.server_failure,
      }));
  /** As if the outage had gone on: every waiting mail is in the 5-minute step. */
  const inTheFiveMinuteStep = () =>
    t.db
      .update(mailOutbox)
      .set({ next_attempt_at: sql`now() + interval '5 minutes'` })
      .where(isNull(mailOutbox.sent_at));

  it("keeps mail while the server is down and delivers each message once when it is back", async () => {
    const warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
    for (const n of [1, 2, 3]) await t.deps.mail.send(message(n));
    // A pass stops at the first "server unreachable" error and the failed row waits 5 s, so
    // each further pass tries the next row.
    await vi.waitFor(
      async () => {
        await t.deps.mail.flush();
        expect((await rows()).every((r) => r.attempts > 0)).toBe(true);
      },
      { timeout: 10_000, interval: 10 },
    );
    const pending = await rows();
    expect(pending.every((r) => r.sent_at === null && r.last_error)).toBe(true);
    expect(pending.every((r) => r.next_attempt_at.getTime() > Date.now())).toBe(true);
    expect(warnings).toHaveBeenCalledWith(
      expect.objectContaining({ to: "d***@example.com", attempt: 1 }),
      expect.stringContaining("mail: delivery failed"),
    );
    warnings.mockRestore();
    expect(pending.every((r) => r.server_failure)).toBe(true);

    // The server comes back while the three wait for their next try, minutes away. The first
    // mail that gets through (a lead's notice, say) takes them along, in the same pass.
    await inTheFiveMinuteStep();
    peer = await startSmtpPeer(port);
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    await t.deps.mail.send(message(4));
    await t.deps.mail.flush();
    expect(info).toHaveBeenCalledWith(
      { messages: 3 },
      "mail: retrying now the mails that waited for the server",
    );
    info.mockRestore();

    expect(peer.received.map((m) => m.subject).sort()).toEqual([
      "Prueba 1",
      "Prueba 2",
      "Prueba 3",
      "Prueba 4",
    ]);
    expect(peer.received[0]?.from?.text).toBe('"Obra Mediterránea" <hola@obra.test>');
    const delivered = await rows();
    expect(delivered.every((r) => r.sent_at !== null && r.last_error === null)).toBe(true);
  });

  it("waits at most 5 minutes between tries, however long the server has been down", async () => {
    const warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
    // Nine failures in: the old ladder had reached its hourly step.
    await t.db.insert(mailOutbox).values({ ...message(30), attempts: 9 });
    await t.deps.mail.flush();
    warnings.mockRestore();
    const [late] = await waiting();
    expect(late?.subject).toBe("Prueba 30");
    expect(late?.dueInS).toBeGreaterThan(290);
    expect(late?.dueInS).toBeLessThanOrEqual(300);
    expect(late?.serverFailure).toBe(true);

    // A restarted instance (the operator mended the settings) tries it with its first pass.
    peer = await startSmtpPeer(port);
    const restarted = createMailer(t.db, transport);
    try {
      await restarted.flush();
    } finally {
      await restarted.stop();
    }
    expect(peer.received.map((m) => m.subject)).toEqual(["Prueba 30"]);
    expect(await waiting()).toEqual([]);
  });

  it("keeps the step of a mail deferred for its own sake (452), and sends the others", async () => {
    peer = await startSmtpPeer(port, { refuse: { "lleno@example.com": 452 } });
    const warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
    await t.deps.mail.send({ ...message(40), to: "lleno@example.com" });
    await t.deps.mail.send(message(41));
    await t.deps.mail.flush();
    await t.deps.mail.send(message(42));
    await t.deps.mail.flush();
    expect(warnings).toHaveBeenCalledWith(
      expect.objectContaining({ to: "l***@example.com", attempt: 1, retry_in_s: 5 }),
      expect.stringContaining("452 4.2.2 Mailbox full"),
    );
    warnings.mockRestore();
    expect(peer.received.map((m) => m.subject).sort()).toEqual(["Prueba 41", "Prueba 42"]);
    // Not made due by the deliveries after it: each mail of a campaign would try it again.
    expect(await waiting()).toEqual([
      { subject: "Prueba 40", dueInS: expect.any(Number), serverFailure: false },
    ]);
    expect((await waiting())[0]?.dueInS).toBeGreaterThan(0);
    await t.db.delete(mailOutbox).where(isNull(mailOutbox.sent_at));
  });

  it("gives up at once on a mail refused for good (550), says so, and /readyz does not call it stuck", async () => {
    peer = await startSmtpPeer(port, { refuse: { "bad.typo@gmial.con": 550 } });
    const warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
    // A quote whose visitor mistyped their address, queued 31 minutes ago during an outage.
    const [typo] = await t.db
      .insert(mailOutbox)
      .values({
        ...message(50),
        to: "bad.typo@gmial.con",
        created_at: sql`now() - interval '31 minutes'`,
        due_at: sql`now() - interval '31 minutes'`,
      })
      .returning();
    await t.deps.mail.send(message(51));
    await t.deps.mail.flush();
    expect(peer.received.map((m) => m.subject)).toEqual(["Prueba 51"]);
    expect(warnings).toHaveBeenCalledWith(
      { message: typo?.id, to: "b***@gmial.con", attempt: 1, code: 550 },
      expect.stringMatching(/^mail: refused for good, not tried again: .*550 5\.1\.1/),
    );
    expect(JSON.stringify(warnings.mock.calls)).not.toContain("bad.typo@");
    warnings.mockRestore();

    // Never tried again, whatever its time says.
    await t.db.update(mailOutbox).set({ next_attempt_at: sql`now() - interval '1 hour'` });
    await t.deps.mail.flush();
    const [refused] = (await rows()).filter((r) => r.id === typo?.id);
    expect(refused).toMatchObject({ attempts: 1, sent_at: null, locked_until: null });
    expect(refused?.failed_at).toBeInstanceOf(Date);
    expect(refused?.last_error).toContain("550");

    const readyz = await t.get("/readyz");
    expect(await readyz.json()).toEqual({
      status: "ok",
      database: "ok",
      migrations: "current",
      mail: "ok",
      mail_waiting: 0,
      mail_failed: 1,
      disk: "ok",
      disk_free_mb: { data_dir: expect.any(Number), uploads: expect.any(Number) },
    });
  });

  it("sends a message queued while the worker is idle without waiting for the timer", async () => {
    peer = await startSmtpPeer(port);
    await t.deps.mail.send(message(4));
    const mail = await peer.waitForMail((m) => m.subject === "Prueba 4", 3_000);
    expect(mail.text?.trim()).toBe("Mensaje número 4");
    expect(mail.html).toContain("<p>Mensaje número 4</p>");
  });

  it("never lets a line break in a subject add a header", async () => {
    peer = await startSmtpPeer(port);
    await t.deps.mail.send({ ...message(5), subject: "Hola\r\nBcc: victima@example.com" });
    const mail = await peer.waitForMail((m) => m.subject?.startsWith("Hola") ?? false, 3_000);
    expect(mail.subject).toBe("Hola Bcc: victima@example.com");
    expect(mail.headers.has("bcc")).toBe(false);
    expect(mail.envelopeTo).toEqual(["destino5@example.com"]);
  });
});

describe.skipIf(skipDatabase)("mail without SMTP", () => {
  const t = perSuite(() => createTestApp());

  it("writes an .eml file under DATA_DIR/mail and logs where, never the link nor the subject", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    await t.deps.mail.send({
      to: "lucia@example.com",
      subject: "Confirma tu correo, Lucia Fernandez",
      text: "Abre http://localhost:3000/verify-email/abc123 para confirmar.\n",
      html: "<p>Abre el enlace</p>",
    });
    await t.deps.mail.flush();
    const [row] = await t.db.select().from(mailOutbox);
    const folder = path.join(t.deps.env.DATA_DIR, "mail");
    const files = readdirSync(folder).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(folder, files[0] as string), "utf8");
    expect(eml).toMatch(/^To: lucia@example.com$/m);
    expect(eml).toMatch(/^Subject: Confirma tu correo, Lucia Fernandez$/m);
    expect(eml).toContain("Content-Type: text/html");
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(
      { message: row?.id, to: "l***@example.com", file: path.join(folder, files[0] as string) },
      "mail: written to a file",
    );
    // The row remembers its file, by its name in the folder, to delete it with its lead (188).
    expect(row?.file).toBe(files[0]);
    // The link is a key to the account, and a subject may name a visitor (a lead's notice):
    // both stay in the mail folder.
    expect(JSON.stringify(info.mock.calls)).not.toMatch(/abc123|lucia@|Fernandez/);
    info.mockRestore();
  });
});

describe.skipIf(skipDatabase)("mail without SMTP, its row erased while the file is written", () => {
  let written: string | undefined;
  // The file transport, and the lead or subscription the mail belongs to erased in the moment
  // between the file written and the row marked sent (decision 188).
  const t: TestApp = perSuite(() =>
    createTestApp({
      transport: {
        async deliver(mail) {
          const delivery = await createTransport(t.deps.env).deliver(mail);
          written = delivery.file;
          await t.db.delete(mailOutbox).where(eq(mailOutbox.subject, mail.subject));
          return delivery;
        },
      },
    }),
  );

  it("deletes the file it has just written", async () => {
    await t.deps.mail.send(message(1));
    await t.deps.mail.flush();
    expect(written).toMatch(/\.eml$/);
    expect(existsSync(written as string)).toBe(false);
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
  });
});
