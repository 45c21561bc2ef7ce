// How long a lead keeps its personal data, and its erasure when that is over (decision 179): a
// lead not won a year after its last activity, a won one six years after (content/retention.ts).
// The admin shows the date (`personalDataUntil`); the server's hourly retention sweep
// (server/retention.ts) erases the leads past it (`eraseIdleLeads`).
import { and, inArray, lt, type SQLWrapper, sql } from "drizzle-orm";
import { type LeadStatus, leadStatuses } from "../../content/lead-statuses.ts";
import { quoteFields, rulesOf } from "../../content/quote-fields.ts";
import { leadRetention, yearsInWords } from "../../content/retention.ts";
import { deleteNotes } from "../admin/notes.ts";
import { forgetRecords } from "../audit-log.ts";
import type { Database } from "../db/client.ts";
import { idIn } from "../db/row-ids.ts";
import { adminNotes, contacts, inFull, leadPhotos, mailOutbox } from "../db/schema.ts";
import { deleteCopies } from "../mail/outbox.ts";
import { deleteMailFiles } from "../mail/transport.ts";

/** The admin section of leads: their notes and audit entries are filed under its key. */
const section = "contacts";

const years = (count: number) => sql`make_interval(years => ${count}::integer)`;

/**
 * A lead's last activity: its arrival, or the last time staff changed it (status, assignee,
 * «Atendido»: each write moves `updated_at`), wrote a note on it, or the site mailed about it.
 * Staff answer leads from their own mail program and on the phone, which the site never sees:
 * a note or a status change is how such a contact keeps the lead. Its row's columns are named
 * in full (`inFull`): this is read inside subqueries on other tables.
 */
export const leadActivity = sql<Date>`greatest(${inFull(contacts.updated_at)},
  (select max(${inFull(adminNotes.updated_at)}) from ${adminNotes}
    where ${inFull(adminNotes.resource)} = ${section}
      and ${inFull(adminNotes.record_id)} = ${inFull(contacts.id)}),
  (select max(coalesce(${inFull(mailOutbox.sent_at)}, ${inFull(mailOutbox.created_at)}))
    from ${mailOutbox} where ${inFull(mailOutbox.contact_id)} = ${inFull(contacts.id)}))`;

/** A won lead keeps its data `wonYears`, any other `notWonYears`. */
const period = sql`case when ${inFull(contacts.status)} = 'ganado'
  then ${years(leadRetention.wonYears)} else ${years(leadRetention.notWonYears)} end`;

/**
 * Until when a lead keeps its personal data: its period after its last activity. Null once
 * erased, unless staff wrote or changed something in it since (that is erased in its turn): the
 * erasure leaves its activity at the erasure's moment (`updated_at`, and nothing else left), so
 * an activity equal to `erased_at` is none since. `nullif` reads the activity once per row.
 */
export const personalDataUntil = sql<Date | null>`(nullif(${leadActivity},
  ${inFull(contacts.erased_at)}) + ${period})`.mapWith(contacts.erased_at);

/**
 * Why a lead's personal data went: its retention period ran out (decision 179), or the visitor
 * it belongs to asked from «Mis solicitudes» (decision 268).
 */
export type ErasureCause = "idle" | "asked";

const causeWords: Record<ErasureCause, string> = {
  idle: `Datos personales borrados tras ${yearsInWords(leadRetention.notWonYears)} sin actividad`,
  asked: "Datos personales borrados a petición del cliente",
};

/** What an erased lead that was not won says of how it ended, in the place of its reason. */
const erasedReason = (cause: ErasureCause) =>
  sql`case ${inFull(contacts.status)} ${sql.join(
    leadStatuses.map(
      ({ value, title }) =>
        sql`when ${value} then ${`${causeWords[cause]}; estaba en «${title}».`}`,
    ),
    sql` `,
  )} end`;

/** The quote's details that are personal data, emptied by the erasure (decision 179). */
const personalDetails = Object.fromEntries(
  quoteFields.flatMap((field) => (rulesOf(field).personal ? [[field.name, null]] : [])),
);

/** Leads erased per transaction: each batch is erased whole or not at all. */
const batchSize = 100;

/**
 * Erases the personal data of every lead past its `personalDataUntil`, in batches of
 * `batchSize`, each in one transaction: the lead's name, e-mail, phone, subject, message,
 * postcode, contact preferences and lost reason; its photos, notes and mail copies; what the
 * audit log held of it. The row stays with its reference, service, area, property type,
 * surface, budget, start window, assignee and dates, so counts still add up. A lead not won
 * becomes «Perdido» (a year without activity is a lost lead), its reason saying where it
 * stood; a won one stays «Ganado». Rows staff hold locked at that moment are left for the next
 * turn. The files its mails were written to in `mailFolder` (no SMTP_URL) go after each batch's
 * commit (decision 188). Answers how many were erased, and how many of them were won.
 */
export async function eraseIdleLeads(
  db: Database,
  mailFolder?: string,
): Promise<{ leads: number; won: number }> {
  const erased = { leads: 0, won: 0 };
  const shortest = Math.min(leadRetention.notWonYears, leadRetention.wonYears);
  for (;;) {
    const { gone: rows, files } = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            // Activity is never older than `updated_at`: most leads are passed over unread.
            lt(contacts.updated_at, sql`now() - ${years(shortest)}`),
            lt(personalDataUntil, sql`now()`),
          ),
        )
        // No order: the scan stops at the batch's last due lead instead of reading them all.
        .limit(batchSize)
        .for("update", { skipLocked: true });
      return eraseLeads(tx, due, "idle");
    });
    if (mailFolder) await deleteMailFiles(mailFolder, files);
    erased.leads += rows.length;
    erased.won += rows.filter((row) => row.status === "ganado").length;
    if (rows.length < batchSize) return erased;
  }
}

/**
 * Erases the personal data of the leads `due` names, inside the caller's transaction: the row
 * first (from there to the commit staff cannot change it), then its photos, notes, mail copies
 * and what the audit log held of it. Answers the leads erased and the names of their mail files,
 * to delete once the transaction has committed (`deleteMailFiles`, decision 188).
 */
export async function eraseLeads(
  tx: Database,
  due: SQLWrapper | readonly number[],
  cause: ErasureCause,
): Promise<{ gone: { id: number; status: LeadStatus }[]; files: string[] }> {
  const gone = await tx
    .update(contacts)
    .set({
      name: "",
      email: null,
      phone: null,
      subject: "",
      message: "",
      // The details content/quote-fields.ts marks as personal (postcode, contact preferences).
      ...personalDetails,
      // The ad click's id and the visitor's account point at a person (decision 260, 263);
      // where the lead came from otherwise stays, as its statistics.
      gclid: null,
      gbraid: null,
      wbraid: null,
      user_id: null,
      lost_reason: sql`case when ${contacts.status} = 'ganado' then null else ${erasedReason(cause)} end`,
      status: sql`case when ${contacts.status} = 'ganado' then 'ganado' else 'perdido' end`,
      handled: true,
      status_changed_at: sql`case when ${contacts.status} in ('ganado', 'perdido')
        then ${contacts.status_changed_at} else now() end`,
      erased_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where(
      Array.isArray(due) ? inArray(contacts.id, [...due]) : inArray(contacts.id, due as SQLWrapper),
    )
    .returning({ id: contacts.id, status: contacts.status });
  const ids = gone.map((row) => row.id);
  if (!ids.length) return { gone, files: [] };
  await tx.delete(leadPhotos).where(idIn(leadPhotos.contact_id, ids));
  await deleteNotes(tx, section, ids);
  const files = await deleteMailCopies(tx, ids);
  await forgetRecords(tx, section, ids);
  return { gone, files };
}

/**
 * Deletes the copies of the mails about these leads (their notice, their confirmation, staff's
 * replies) and answers the names of their mail files, to delete once the transaction has
 * committed (`deleteMailFiles`, decision 188).
 */
export async function deleteMailCopies(db: Database, ids: readonly number[]): Promise<string[]> {
  if (!ids.length) return [];
  return deleteCopies(db, idIn(mailOutbox.contact_id, ids));
}
