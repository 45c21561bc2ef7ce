-- Photos staff upload for the public pages (issue 35; decision 248): a project's photos, a team
-- member's portrait. Each is encoded once, at upload, to every responsive variant the pages
-- use; the variants are kept here, where every instance reads them, and served by their hash.
CREATE TABLE "site_photos" (
  "id" serial PRIMARY KEY NOT NULL,
  -- Of the file as sent: the same file uploaded again is the same photo, not encoded twice.
  "original_sha256" bytea NOT NULL,
  "name" text NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "uploaded_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_photos_original_idx" ON "site_photos" ("original_sha256");
--> statement-breakpoint
CREATE TABLE "site_photo_files" (
  -- The first 128 bits of the SHA-256 of `bytes`, in hex: the file's public name.
  "hash" text PRIMARY KEY NOT NULL,
  "photo_id" integer NOT NULL REFERENCES "site_photos"("id") ON DELETE CASCADE,
  "format" text NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "bytes" bytea NOT NULL,
  CONSTRAINT "site_photo_files_format_check" CHECK ("format" IN ('avif', 'webp', 'jpeg'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_photo_files_variant_idx" ON "site_photo_files" ("photo_id", "format", "width");
