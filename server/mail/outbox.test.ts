import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, perSuite, type TestApp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { freePort, type SmtpPeer, startSmtpPeer } from "../../tests/support/smtp.ts";
import { mailOutbox } from "../db/schema.ts";
import { parseEnv } from "../env.ts";
import { log } from "../log.ts";
import { retryDelaySeconds } from "./outbox.ts";
import { createTransport } from "./transport.ts";

const message = (n: number) => ({
  to: `destino${n}@example.com`,
  subject: `Prueba ${n}`,
  text: `Mensaje número ${n}`,
  html: `<p>Mensaje número ${n}</p>`,
});

describe("retry schedule", () => {
  it("backs off from 5 seconds to an hour and keeps trying hourly", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelaySeconds)).toEqual([
      5, 30, 120, 600, 1800, 3600, 3600, 3600,
    ]);
  });
});

describe.skipIf(skipDatabase)("mail outbox over a real SMTP peer", () => {
  let t: TestApp;
  let peer: SmtpPeer | undefined;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    const env = parseEnv({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "Obra Mediterránea <hola@obra.test>",
    });
    t = await createTestApp({ transport: createTransport(env) });
  });
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });
  afterAll(() => t.close());

  const rows = () => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

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

    peer = await startSmtpPeer(port);
    await t.db.update(mailOutbox).set({ next_attempt_at: sql`now()` });
    await t.deps.mail.flush();
    await t.deps.mail.flush();

    expect(peer.received.map((m) => m.subject).sort()).toEqual([
      "Prueba 1",
      "Prueba 2",
      "Prueba 3",
    ]);
    expect(peer.received[0]?.from?.text).toBe('"Obra Mediterránea" <hola@obra.test>');
    const delivered = await rows();
    expect(delivered.every((r) => r.sent_at !== null && r.last_error === null)).toBe(true);
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

  it("writes an .eml file under DATA_DIR/mail and logs where, never the link", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    await t.deps.mail.send({
      to: "lucia@example.com",
      subject: "Confirma tu correo",
      text: "Abre http://localhost:3000/verify-email/abc123 para confirmar.\n",
      html: "<p>Abre el enlace</p>",
    });
    await t.deps.mail.flush();
    const folder = path.join(t.deps.env.DATA_DIR, "mail");
    const files = readdirSync(folder).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(folder, files[0] as string), "utf8");
    expect(eml).toMatch(/^To: lucia@example.com$/m);
    expect(eml).toMatch(/^Subject: Confirma tu correo$/m);
    expect(eml).toContain("Content-Type: text/html");
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(
      {
        to: "l***@example.com",
        subject: "Confirma tu correo",
        file: path.join(folder, files[0] as string),
      },
      "mail: written to a file",
    );
    // The link is a key to the account: it stays in the mail folder.
    expect(JSON.stringify(info.mock.calls)).not.toMatch(/abc123|lucia@/);
    info.mockRestore();
  });
});
