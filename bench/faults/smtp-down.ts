/**
 * SMTP is down while contact messages arrive: SMTP_URL points at a port where nothing listens,
 * CONTACT_NOTIFY_TO is set. Every message must be answered 201 and stored; once a real SMTP
 * peer (tests/support/smtp.ts) starts on that port, the outbox's retries (5 s, then 30 s, 2 min:
 * server/mail/outbox.ts) deliver every notice exactly once.
 */
import { freePort, startSmtpPeer } from "../../tests/support/smtp.ts";
import { postJson, sleep, startProduct } from "../lib/product.ts";
import { verdict } from "../lib/report.ts";
import { randomIp, uniqueToken } from "../lib/users.ts";

export async function smtpDown(options: { port: number; messages?: number }) {
  const lines: string[] = [];
  const count = options.messages ?? 30;
  const smtpPort = await freePort();
  const product = await startProduct({
    label: "smtp",
    port: options.port,
    quiet: true,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      CONTACT_NOTIFY_TO: "oficina@obra.test",
    },
  });
  const { server, database } = product;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>> | undefined;
  try {
    const tokens = Array.from({ length: count }, () => `T${uniqueToken()}`);
    const answers = await Promise.all(
      tokens.map((token) =>
        postJson(
          server.base,
          "/api/contacts",
          {
            name: "Andrés Sin Correo",
            email: "andres@example.com",
            subject: `Presupuesto ${token}`,
            message: `Reforma integral de un piso. ${token}`,
          },
          randomIp(),
        ),
      ),
    );
    const created = answers.filter((a) => a.status === 201).length;
    verdict(
      lines,
      `all ${count} messages answered 201 while SMTP is down`,
      created === count,
      `${created}/${count}`,
    );
    const stored = await database.query<{ n: number }>(
      "select count(*)::int as n from contacts where subject like 'Presupuesto T%'",
    );
    verdict(lines, "all stored", stored[0]?.n === count, `${stored[0]?.n} rows`);
    // Let the worker fail at least one pass against the closed port.
    await sleep(3000);
    const failed = await database.query<{ n: number; attempts: number }>(
      "select count(*)::int as n, coalesce(max(attempts), 0)::int as attempts from mail_outbox where sent_at is null",
    );
    console.log(
      `outbox before SMTP returns: ${failed[0]?.n} pending, max attempts ${failed[0]?.attempts}`,
    );

    peer = await startSmtpPeer(smtpPort);
    const started = Date.now();
    const deadline = started + 180_000;
    const delivered = () =>
      tokens.filter((token) => peer?.received.some((m) => m.subject?.endsWith(` ${token}`))).length;
    while (delivered() < count && Date.now() < deadline) await sleep(500);
    const allAfter = Math.round((Date.now() - started) / 1000);
    // Any duplicate would come from a second pass over a row already sent: give it a few more.
    await sleep(12_000);
    const perToken = tokens.map(
      (token) => peer?.received.filter((m) => m.subject?.endsWith(` ${token}`)).length ?? 0,
    );
    const once = perToken.filter((n) => n === 1).length;
    const twice = perToken.filter((n) => n > 1).length;
    const pending = await database.query<{ n: number }>(
      "select count(*)::int as n from mail_outbox where sent_at is null",
    );
    lines.unshift(
      `${count} contact messages posted at once (distinct client addresses) with SMTP down; the outbox had ${failed[0]?.n} notices pending (max ${failed[0]?.attempts} failed attempts) when the SMTP peer started; all delivered ${allAfter} s later.`,
    );
    verdict(
      lines,
      "every notice delivered once SMTP returns",
      once + twice === count,
      `${once + twice}/${count} in ${allAfter} s`,
    );
    verdict(
      lines,
      "none delivered twice",
      twice === 0 && peer.received.length === count,
      `${twice} duplicates, ${peer.received.length} mails received in all`,
    );
    verdict(lines, "outbox empty afterwards", pending[0]?.n === 0, `${pending[0]?.n} pending`);
    verdict(lines, "server alive", server.child.exitCode === null);
  } finally {
    await peer?.stop();
    await product.close();
  }
  return lines;
}
