import type { Database } from "../db/client.ts";
import type { Mailer } from "./mailer.ts";
import type { MailTransport } from "./transport.ts";

export function createMailer(db: Database, transport: MailTransport): Mailer {
  // TODO(platform): outbox table + worker with retries.
  void db;
  return {
    send: (m) => transport.deliver(m),
    async flush() {},
    async stop() {},
  };
}
