/** The only extra headers a message may carry: a body or subject can never add one. */
export interface MailHeaders {
  "List-Unsubscribe"?: string;
  "List-Unsubscribe-Post"?: "List-Unsubscribe=One-Click";
}

/** A message as the product writes it: Spanish subject, text and HTML parts. */
export interface MailMessage {
  to: string;
  /** Where a Reply goes, when not to the sender (a lead's notice: the visitor's address). */
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  headers?: MailHeaders | null;
  /** The newsletter subscription a mail is about: erasing that subscription erases this copy. */
  subscriptionId?: number | null;
  /** The lead a mail is about (its notice, its confirmation): its log lines name it. */
  contactId?: number | null;
  /** What the mail is to that lead (decision 187). */
  kind?: MailKind | null;
  /** The member of staff who wrote it (a reply). */
  sentBy?: number | null;
  /** A reply's own words and the name it is signed with, for the lead's page (decision 257). */
  conversation?: { message: string; signer: string } | null;
}

/**
 * A lead's mails, told apart (decision 187): a lead's confirmation state reads only its own. And
 * the office's morning reminder of leads left unanswered, of no one lead (decision 198); the mail
 * telling staff that leads were given to them (decision 254), and each assignee's morning
 * reminder of their follow-ups (decision 255).
 */
export type MailKind =
  | "notice"
  | "confirmation"
  | "reply"
  | "reminder"
  | "assignment"
  | "assignee_reminder";

/**
 * `send` stores the message in the outbox (in the caller's transaction when one is given)
 * and wakes the worker; delivery and retries happen there.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Delivers what is due now; resolves when that pass is done (tests and shutdown use it). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}
