import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as the SMTP peer received it: parsed, plus the envelope recipients. */
export type ReceivedMail = ParsedMail & { envelopeTo: string[] };

export interface SmtpPeer {
  port: number;
  /** For SMTP_URL: plain SMTP on loopback, no TLS, no login. */
  url: string;
  received: ReceivedMail[];
  /** The first message (already received or still to come) matching `predicate`. */
  waitForMail(
    predicate?: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export { freePort } from "./ports.ts";

export interface SmtpPeerOptions {
  /**
   * Recipients this server refuses, with the reply code it gives to their RCPT TO: 550 (no such
   * mailbox, for good) or 452 (mailbox full, try later), as a provider's server would.
   */
  refuse?: Record<string, number>;
}

/** A real SMTP server in this process (smtp-server), parsing every message with mailparser. */
export async function startSmtpPeer(port = 0, options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.[address.address.toLowerCase()];
      if (!code) return callback();
      const reason = code >= 500 ? "5.1.1 Mailbox does not exist" : "4.2.2 Mailbox full, try later";
      callback(Object.assign(new Error(reason), { responseCode: code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          received.push(Object.assign(mail, { envelopeTo }));
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;

  function waitForMail(
    predicate: (mail: ReceivedMail) => boolean = () => true,
    timeoutMs = 10_000,
  ) {
    return new Promise<ReceivedMail>((resolve, reject) => {
      const check = () => {
        const match = received.find(predicate);
        if (!match) return;
        done();
        resolve(match);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`No matching mail within ${timeoutMs} ms (${received.length} received)`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    waitForMail,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** For `waitForMail` and filters: a message whose envelope is addressed to `address`. */
export const to = (address: string) => (mail: ReceivedMail) => mail.envelopeTo.includes(address);
