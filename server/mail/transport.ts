import type { Env } from "../env.ts";
import type { MailMessage } from "./mailer.ts";

/** Delivers one message now, or throws. SMTP when SMTP_URL is set, otherwise .eml files. */
export interface MailTransport {
  deliver(message: MailMessage): Promise<void>;
}

export function createTransport(env: Env): MailTransport {
  // TODO(platform): nodemailer SMTP / .eml file transport.
  void env;
  return { async deliver() {} };
}
