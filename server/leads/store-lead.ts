import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { contacts, leadPhotos } from "../db/schema.ts";
import type { LeadSource } from "./lead-source.ts";
import { type LeadPhoto, photoLimits } from "./photos.ts";
import { type QuoteDetails, quoteDetailNames } from "./quote-details.ts";
import { releaseBufferMemory } from "./release-memory.ts";

/** A visitor's request as the public form sends it (SPEC §3) with the quote's details. */
export interface LeadRequest extends QuoteDetails {
  name: string;
  email?: string | null;
  phone?: string | null;
  subject: string;
  message: string;
}

/**
 * What the server knows of a request besides what the visitor wrote: where it came from
 * (decision 260) and the account of a visitor signed in when sending it (decision 263).
 */
export interface LeadOrigin {
  source?: LeadSource;
  user_id?: number;
}

export interface StoredLead {
  id: number;
  /** OM-YYYY-NNNNN (migration 0008). */
  reference: string;
  /** The same message arrived within the window: nothing was stored this time. */
  repeated: boolean;
  /** The names of the photos stored with this request (a repeat: those it added). */
  photos: string[];
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
 *
 * Photos (decision 131) are stored in the same transaction, so a failure leaves neither the
 * request nor any of them; the advisory lock is then held to the commit, so repeats wait for the
 * photos too. A repeat adds the photos the request does not hold yet (by the SHA-256 of the file
 * sent), up to five in all: a visitor who sends the form again with the photos they forgot loses
 * none, and a double click stores each photo once. Without photos it stays one round trip.
 */
export async function storeLead(
  db: Database,
  lead: LeadRequest,
  photos: readonly LeadPhoto[] = [],
  origin: LeadOrigin = {},
): Promise<StoredLead> {
  const columns = { ...origin.source, ...(origin.user_id ? { user_id: origin.user_id } : {}) };
  const tagged = Object.values(columns).some((value) => value !== undefined);
  if (!photos.length && !tagged) return { ...(await storeContact(db, lead)), photos: [] };
  return db.transaction(async (tx) => {
    const stored = await storeContact(tx, lead);
    // The origin is written with the row, in its transaction; a repeat keeps the first one's.
    if (tagged && !stored.repeated) {
      await tx.update(contacts).set(columns).where(eq(contacts.id, stored.id));
    }
    if (!photos.length) return { ...stored, photos: [] };
    return { ...stored, photos: await addLeadPhotos(tx, stored.id, photos, stored.repeated) };
  });
}

/**
 * Adds `photos` to a stored lead, in the caller's transaction: for one that already holds some
 * (`held`: a repeat, or a visitor adding to their request), only those it does not hold yet by
 * the SHA-256 of the file sent, and never past five in all. Answers the names of those added.
 */
export async function addLeadPhotos(
  tx: Database,
  contactId: number,
  photos: readonly LeadPhoto[],
  held: boolean,
): Promise<string[]> {
  const kept = held
    ? await tx
        .select({ position: leadPhotos.position, sha256: leadPhotos.original_sha256 })
        .from(leadPhotos)
        .where(eq(leadPhotos.contact_id, contactId))
        .orderBy(asc(leadPhotos.position))
    : [];
  const seen = new Set(kept.map((photo) => photo.sha256.toString("hex")));
  const added: LeadPhoto[] = [];
  for (const photo of photos) {
    const hash = photo.originalSha256.toString("hex");
    if (seen.has(hash) || kept.length + added.length >= photoLimits.maxFiles) continue;
    seen.add(hash);
    added.push(photo);
  }
  const last = kept.at(-1)?.position ?? 0;
  // One statement per photo, read from its file just before (decision 151): a few megabytes
  // in memory at a time, freed before the next, rather than every photo at once.
  for (const [index, photo] of added.entries()) {
    await tx.insert(leadPhotos).values({
      contact_id: contactId,
      position: last + index + 1,
      name: photo.name,
      content_type: photo.contentType,
      width: photo.width,
      height: photo.height,
      bytes: await readFile(photo.path),
      thumbnail: await readFile(photo.thumbnailPath),
      original_sha256: photo.originalSha256,
    });
    releaseBufferMemory();
  }
  return added.map((photo) => photo.name);
}

/** store_contact (migrations 0008, 0036): the request's row, or the first one's for a repeat. */
async function storeContact(db: Database, lead: LeadRequest): Promise<Omit<StoredLead, "photos">> {
  const digest = createHash("sha256")
    .update(JSON.stringify([lead.name, lead.email, lead.phone, lead.subject, lead.message]))
    .digest();
  const details = Object.fromEntries(quoteDetailNames.map((name) => [name, lead[name]]));
  // Both drivers answer raw SQL with { rows }, typed as the driver's own result.
  const { rows } = (await db.execute(
    sql`select * from store_contact(${digest.readInt32BE(0)}, ${lead.name},
      ${lead.email ?? null}, ${lead.phone ?? null}, ${lead.subject}, ${lead.message},
      ${JSON.stringify(details)}::jsonb, make_interval(secs => ${duplicateWindowSeconds}))`,
  )) as unknown as { rows: Omit<StoredLead, "photos">[] };
  const [stored] = rows;
  if (!stored) throw new Error("store_contact answered no row");
  return stored;
}
