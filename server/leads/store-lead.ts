import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { type QuoteDetails, quoteDetailNames } from "./quote-details.ts";

/** A visitor's request as the public form sends it (SPEC §3) with the quote's details. */
export interface LeadRequest extends QuoteDetails {
  name: string;
  email?: string | null;
  phone?: string | null;
  subject: string;
  message: string;
}

export interface StoredLead {
  id: number;
  /** OM-YYYY-NNNNN (migration 0008). */
  reference: string;
  /** The same message arrived within the window: nothing was stored this time. */
  repeated: boolean;
}

/**
 * An identical message (same name, e-mail, phone, subject and text) arriving again within this
 * window is the same message sent twice: a double click, a retry after a lost answer, a second
 * tab (docs/decisions/060-contact-message-deduplication.md).
 */
const duplicateWindowSeconds = 10 * 60;

/**
 * Stores the request with the next reference of the year, unless an identical one arrived
 * within the window: then it answers the first one's id and reference, `repeated`. The database
 * function (migration 0008) takes an advisory lock on the message's hash, so simultaneous
 * identical posts wait for each other and exactly one of them inserts.
 */
export async function storeLead(db: Database, lead: LeadRequest): Promise<StoredLead> {
  const digest = createHash("sha256")
    .update(JSON.stringify([lead.name, lead.email, lead.phone, lead.subject, lead.message]))
    .digest();
  const details = Object.fromEntries(quoteDetailNames.map((name) => [name, lead[name]]));
  // Both drivers answer raw SQL with { rows }, typed as the driver's own result.
  const { rows } = (await db.execute(
    sql`select * from store_contact(${digest.readInt32BE(0)}, ${lead.name},
      ${lead.email ?? null}, ${lead.phone ?? null}, ${lead.subject}, ${lead.message},
      ${JSON.stringify(details)}::jsonb, make_interval(secs => ${duplicateWindowSeconds}))`,
  )) as unknown as { rows: StoredLead[] };
  const [stored] = rows;
  if (!stored) throw new Error("store_contact answered no row");
  return stored;
}
