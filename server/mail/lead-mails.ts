import { desc, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { contacts, inFull, mailOutbox } from "../db/schema.ts";

/**
 * Where a lead's confirmation mail stands (decision 180), as staff filter and read it: the
 * outbox's final states (decision 173: sent, or refused for good) and the one in between, plus
 * the lead that gave no address, who got none, and the one whose mailbox had had its day's
 * confirmations (decision 205). Spanish codes, as the lead's statuses have.
 */
export const confirmationStates = [
  { value: "rechazado", title: "Rechazado" },
  { value: "pendiente", title: "Pendiente de envío" },
  { value: "enviado", title: "Enviado" },
  { value: "sin_correo", title: "No enviado: no dejó correo" },
  { value: "retenido", title: "No enviado: máximo diario de la dirección" },
] as const;

export type ConfirmationState = (typeof confirmationStates)[number]["value"];

export const confirmationTitle = "Correo de confirmación";

// Columns are named with their table (`inFull`): these are read in subqueries on another table.
const rowState = sql<ConfirmationState>`case when ${inFull(mailOutbox.failed_at)} is not null
  then 'rechazado' when ${inFull(mailOutbox.sent_at)} is not null then 'enviado' else 'pendiente' end`;

/**
 * A lead's confirmation is its latest outbox row of that kind (`contact_id`, migration 0014;
 * `kind`, 0017): never a reply staff sent to the same address from the lead's page (decision
 * 187), nor the office's notice, which is at the visitor's address too when a visitor gives the
 * office's own.
 */
const confirmationOf = (contact: SQL | number) =>
  sql`${inFull(mailOutbox.contact_id)} = ${contact} and ${inFull(mailOutbox.kind)} = 'confirmation'`;

/**
 * The state of each lead's confirmation, as a column of the contacts' list, CSV and filter:
 * null for a lead from before the outbox named its leads, and for one whose personal data was
 * erased (decision 179: its address and its mails' copies are gone), of which nothing is known.
 */
export const confirmationState: SQL<ConfirmationState | null> = sql<ConfirmationState | null>`
  case when ${inFull(contacts.erased_at)} is not null then null
  when ${inFull(contacts.email)} is null then 'sin_correo'
  when ${inFull(contacts.confirmation_withheld)} then 'retenido' else (
    select ${rowState} from ${mailOutbox}
    where ${confirmationOf(inFull(contacts.id))}
    order by ${inFull(mailOutbox.id)} desc limit 1
  ) end`;

/** The outbox rows a lead in each state has among its mails: what an index finds first. */
const rowsIn: Record<Exclude<ConfirmationState, "sin_correo" | "retenido">, SQL> = {
  rechazado: sql`${inFull(mailOutbox.failed_at)} is not null`,
  pendiente: sql`${inFull(mailOutbox.sent_at)} is null and ${inFull(mailOutbox.failed_at)} is null`,
  // Not a campaign's mails: only a lead's carry its id (the partial index of 0014).
  enviado: sql`${inFull(mailOutbox.contact_id)} is not null and ${inFull(mailOutbox.sent_at)} is not null`,
};

/**
 * The leads whose confirmation is in one of `states` (the list's filter). Compared row by row,
 * `confirmationState` is a subquery for each lead: 6,667 of them for 10,000 leads; the few with
 * a refused or a waiting mail are found first through the outbox's partial indexes, and only
 * they are compared (167; 21 times fewer buffers read, decision 180).
 */
export function confirmationIn(states: readonly string[]): SQL {
  const each = states.map((state) =>
    state === "sin_correo"
      ? sql`(${inFull(contacts.email)} is null and ${inFull(contacts.erased_at)} is null)`
      : state === "retenido"
        ? sql`(${inFull(contacts.confirmation_withheld)} and ${inFull(contacts.email)} is not null and ${inFull(contacts.erased_at)} is null)`
        : sql`(${inFull(contacts.id)} in (select ${inFull(mailOutbox.contact_id)} from ${mailOutbox} where ${
            rowsIn[state as keyof typeof rowsIn]
          } and ${inFull(mailOutbox.kind)} = 'confirmation') and ${confirmationState} = ${state})`,
  );
  return or(...each) as SQL;
}

/** A mail a lead's visitor was sent (or not), as the lead's page shows it. */
export interface LeadMail {
  /** The record field that says the same in a word (shown apart, not again among the data). */
  field: string;
  title: string;
  state: ConfirmationState;
  to: string | null;
  /** When it was queued (the lead's arrival). */
  queued_at: string | null;
  sent_at: string | null;
  /** Refused for good (decision 173): never tried again. */
  failed_at: string | null;
  /** A waiting mail's next try. */
  next_attempt_at: string | null;
  attempts: number;
  /** The last try failed for the mail server's sake (ours down), not the visitor's address. */
  server_failure: boolean;
  /** The visitor's mail server's own answer to the last try ("550 5.1.1 …"), when it gave one. */
  reply: string | null;
}

/**
 * What the visitor's mail server answered, out of the stored error: nodemailer's message ends
 * with the reply ("Can't send mail - all recipients were rejected: 550 5.1.1 Mailbox does not
 * exist"). A failure without a reply (no connection) has none.
 */
export function replyOf(error: string | null): string | null {
  const reply = /(?:^|[\s:])([45]\d\d[ -][^\n]*)/.exec(error ?? "")?.[1]?.trim();
  return reply ? reply.slice(0, 300) : null;
}

/** A mail never queued: the lead gave no address. */
const notSent = {
  to: null,
  queued_at: null,
  sent_at: null,
  failed_at: null,
  next_attempt_at: null,
  attempts: 0,
  server_failure: false,
  reply: null,
} as const;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The lead's confirmation as its page shows it; none for a lead from before migration 0014 or
 * one whose personal data was erased (decision 179).
 */
export async function leadMails(
  db: Database,
  lead: { id: number; email?: unknown; erased_at?: unknown; confirmation_mail?: unknown },
): Promise<LeadMail[]> {
  if (lead.erased_at) return [];
  const base = { field: "confirmation_mail", title: confirmationTitle };
  if (typeof lead.email !== "string" || lead.email === "") {
    return [{ ...base, ...notSent, state: "sin_correo" }];
  }
  // Not sent, to this address: its mailbox had had its day's confirmations (decision 205).
  if (lead.confirmation_mail === "retenido") {
    return [{ ...base, ...notSent, to: lead.email, state: "retenido" }];
  }
  const [row] = await db
    .select(mailLine.columns)
    .from(mailOutbox)
    .where(confirmationOf(lead.id))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row ? [mailLine.of(row, base)] : [];
}

/**
 * One outbox row as a lead's page tells it (its confirmation; a reply, decision 187): the
 * columns to read, and the line they make.
 */
export const mailLine = {
  columns: {
    state: rowState,
    to: mailOutbox.to,
    created_at: mailOutbox.created_at,
    sent_at: mailOutbox.sent_at,
    failed_at: mailOutbox.failed_at,
    next_attempt_at: mailOutbox.next_attempt_at,
    attempts: mailOutbox.attempts,
    server_failure: mailOutbox.server_failure,
    last_error: mailOutbox.last_error,
  },
  of(
    row: {
      state: ConfirmationState;
      to: string;
      created_at: Date;
      sent_at: Date | null;
      failed_at: Date | null;
      next_attempt_at: Date;
      attempts: number;
      server_failure: boolean;
      last_error: string | null;
    },
    base: { field: string; title: string },
  ): LeadMail {
    const waiting = row.state === "pendiente";
    return {
      ...base,
      state: row.state,
      to: row.to,
      queued_at: iso(row.created_at),
      sent_at: iso(row.sent_at),
      failed_at: iso(row.failed_at),
      next_attempt_at: waiting ? iso(row.next_attempt_at) : null,
      attempts: row.attempts,
      server_failure: waiting && row.server_failure,
      reply: row.state === "enviado" ? null : replyOf(row.last_error),
    };
  },
};
