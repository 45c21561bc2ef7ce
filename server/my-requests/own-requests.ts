/**
 * A visitor's own requests (issue 36; decisions 263, 267): every query here is scoped to the
 * signed-in account's id, so another visitor's request is never read, changed or erased, whether
 * it is named by its reference or a photo's id. What a client reads is chosen here, field by
 * field: never staff's notes, the assignee, the lost reason or where the lead came from.
 */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { LeadStatus } from "../../content/lead-statuses.ts";
import { clientStatuses, isOpenStatus, type OwnRequest } from "../../content/my-requests.ts";
import { serviceChoices } from "../../content/service-choices.ts";
import type { Database } from "../db/client.ts";
import { base64Of, contacts, leadPhotos } from "../db/schema.ts";

/** The service as the form named it; a slug the catalogue dropped since is shown as it is. */
const serviceOf = (value: string) => ({
  value,
  label: serviceChoices.find((choice) => choice.value === value)?.label ?? value,
});

/** The account's requests, newest first, with their photos' names and sizes (not the images). */
export async function ownRequests(db: Database, userId: number): Promise<OwnRequest[]> {
  const rows = await db
    .select({
      id: contacts.id,
      reference: contacts.reference,
      created_at: contacts.created_at,
      service: contacts.service,
      status: contacts.status,
    })
    .from(contacts)
    .where(and(eq(contacts.user_id, userId), sql`${contacts.erased_at} is null`))
    .orderBy(desc(contacts.created_at), desc(contacts.id));
  const ids = rows.map((row) => row.id);
  const photos = ids.length
    ? await db
        .select({
          contact_id: leadPhotos.contact_id,
          id: leadPhotos.id,
          name: leadPhotos.name,
          width: leadPhotos.width,
          height: leadPhotos.height,
        })
        .from(leadPhotos)
        .where(inArray(leadPhotos.contact_id, ids))
        .orderBy(asc(leadPhotos.position))
    : [];
  return rows.map((row) => ({
    reference: row.reference ?? "",
    created_at: row.created_at.toISOString(),
    service: serviceOf(row.service ?? ""),
    status: clientStatuses[row.status],
    open: isOpenStatus(row.status),
    photos: photos
      .filter((photo) => photo.contact_id === row.id)
      .map(({ contact_id: _, ...photo }) => photo),
  }));
}

/** References are OM-YYYY-NNNNN (migration 0008): anything else names no request. */
export const isReference = (value: string) => /^OM-\d{4}-\d{5,9}$/.test(value);

/**
 * The account's request by its reference, locked for the caller's transaction; none when it is
 * another's, erased or does not exist, which the caller answers alike (404).
 */
export async function ownRequestForUpdate(
  tx: Database,
  userId: number,
  reference: string,
): Promise<{ id: number; status: LeadStatus; photos: number } | undefined> {
  if (!isReference(reference)) return undefined;
  const [row] = await tx
    .select({ id: contacts.id, status: contacts.status })
    .from(contacts)
    .where(
      and(
        eq(contacts.reference, reference),
        eq(contacts.user_id, userId),
        sql`${contacts.erased_at} is null`,
      ),
    )
    .for("update");
  if (!row) return undefined;
  const [held] = await tx
    .select({ photos: count() })
    .from(leadPhotos)
    .where(eq(leadPhotos.contact_id, row.id));
  return { ...row, photos: held?.photos ?? 0 };
}

/** One of the account's photos, its thumbnail or full size; none when it is not theirs. */
export async function ownPhoto(
  db: Database,
  userId: number,
  reference: string,
  photoId: number,
  size: "thumbnail" | "full",
): Promise<{ name: string; type: string; bytes: Buffer } | undefined> {
  if (!isReference(reference)) return undefined;
  const [photo] = await db
    .select({
      name: leadPhotos.name,
      type: leadPhotos.content_type,
      bytes: base64Of(size === "thumbnail" ? leadPhotos.thumbnail : leadPhotos.bytes),
    })
    .from(leadPhotos)
    .innerJoin(contacts, eq(contacts.id, leadPhotos.contact_id))
    .where(
      and(
        eq(leadPhotos.id, photoId),
        eq(contacts.reference, reference),
        eq(contacts.user_id, userId),
        sql`${contacts.erased_at} is null`,
      ),
    );
  return photo && { ...photo, bytes: Buffer.from(photo.bytes, "base64") };
}
