/**
 * Site photos in the database (decision 248): every variant is a row of `site_photo_files`,
 * so every instance serves them, and db:backup and db:restore carry them with the rest.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  type SitePhotoFormat,
  type SitePhotoView,
  sitePhotoFormats,
  sitePhotoUrl,
} from "../../content/site-photos.ts";
import type { Database } from "../db/client.ts";
import { base64Of, sitePhotoFiles, sitePhotos } from "../db/schema.ts";
import type { EncodedPhoto } from "./encode.ts";

/** The photo already made from a file with this SHA-256, if any. */
export async function photoOfOriginal(db: Database, originalSha256: Buffer) {
  const [photo] = await db
    .select({ id: sitePhotos.id })
    .from(sitePhotos)
    .where(eq(sitePhotos.original_sha256, originalSha256));
  return photo?.id;
}

/** Stores an encoded photo and its variants in one transaction; answers its id. */
export async function storeSitePhoto(
  db: Database,
  photo: { originalSha256: Buffer; name: string; uploadedBy: number | null },
  encoded: EncodedPhoto,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sitePhotos)
      .values({
        original_sha256: photo.originalSha256,
        name: photo.name,
        width: encoded.width,
        height: encoded.height,
        uploaded_by: photo.uploadedBy,
      })
      // Two uploads of one file at once: the second answers the first's photo.
      .onConflictDoNothing()
      .returning({ id: sitePhotos.id });
    if (!row) return (await photoOfOriginal(tx, photo.originalSha256)) as number;
    // One variant at a time: a statement holds its parameters, and a photo's are some MB.
    for (const variant of encoded.variants) {
      await tx
        .insert(sitePhotoFiles)
        .values({ ...variant, photo_id: row.id })
        // Identical bytes are one file (a tiny photo's formats cannot collide, but a re-upload can).
        .onConflictDoNothing();
    }
    return row.id;
  });
}

/** One variant's bytes and format, by its public hash. */
export async function sitePhotoFile(db: Database, hash: string) {
  const [file] = await db
    .select({ format: sitePhotoFiles.format, bytes: base64Of(sitePhotoFiles.bytes) })
    .from(sitePhotoFiles)
    .where(eq(sitePhotoFiles.hash, hash));
  return file && { format: file.format, bytes: Buffer.from(file.bytes, "base64") };
}

/** The photos with these ids as pages draw them; ids with no photo are left out. */
export async function sitePhotoViews(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, SitePhotoView>> {
  const views = new Map<number, SitePhotoView>();
  if (ids.length === 0) return views;
  const files = await db
    .select({
      photo_id: sitePhotoFiles.photo_id,
      hash: sitePhotoFiles.hash,
      format: sitePhotoFiles.format,
      width: sitePhotoFiles.width,
      photo_width: sitePhotos.width,
      photo_height: sitePhotos.height,
    })
    .from(sitePhotoFiles)
    .innerJoin(sitePhotos, eq(sitePhotos.id, sitePhotoFiles.photo_id))
    .where(inArray(sitePhotoFiles.photo_id, [...new Set(ids)]))
    .orderBy(asc(sitePhotoFiles.photo_id), asc(sitePhotoFiles.width));
  const grouped = new Map<number, typeof files>();
  for (const file of files) {
    grouped.set(file.photo_id, [...(grouped.get(file.photo_id) ?? []), file]);
  }
  for (const [id, photoFiles] of grouped) {
    const first = photoFiles[0] as (typeof files)[number];
    const srcSet = Object.fromEntries(
      sitePhotoFormats.map((format) => [
        format,
        photoFiles
          .filter((f) => f.format === format)
          .map((f) => `${sitePhotoUrl(f.hash, format)} ${f.width}w`)
          .join(", "),
      ]),
    ) as Record<SitePhotoFormat, string>;
    const jpegs = photoFiles.filter((f) => f.format === "jpeg");
    const fallback = jpegs.find((f) => f.width >= 800) ?? (jpegs.at(-1) as (typeof files)[number]);
    views.set(id, {
      id,
      width: first.photo_width,
      height: first.photo_height,
      srcSet,
      src: sitePhotoUrl(fallback.hash, "jpeg"),
    });
  }
  return views;
}

/** Whether every id names a stored photo (a form naming another is refused). */
export async function photosExist(db: Database, ids: readonly number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const rows = await db
    .select({ id: sitePhotos.id })
    .from(sitePhotos)
    .where(and(inArray(sitePhotos.id, unique)));
  return rows.length === unique.length;
}
