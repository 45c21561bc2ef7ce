-- Photos and plans a visitor attaches to a quote request (issue 12; decision 131). Only the
-- re-encoded images are kept (no metadata, at most 2560 px), never the file as sent, beside a
-- 400 px thumbnail for staff's lists. They live in the database, in the lead's transaction:
-- one backup holds everything, and deleting a lead deletes its photos.
CREATE TABLE "lead_photos" (
  "id" serial PRIMARY KEY NOT NULL,
  "contact_id" integer NOT NULL REFERENCES "contacts"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "name" text NOT NULL,
  "content_type" text NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "bytes" bytea NOT NULL,
  "thumbnail" bytea NOT NULL,
  -- SHA-256 of the file as sent: a repeated request (decision 060) adds only photos not yet kept.
  "original_sha256" bytea NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A lead's photos in the order the visitor chose them; also how they are found by lead.
CREATE UNIQUE INDEX "lead_photos_contact_position_idx" ON "lead_photos" ("contact_id", "position");
--> statement-breakpoint
-- JPEG is compressed already: TOAST keeps the images out of line without trying to compress them.
ALTER TABLE "lead_photos" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "lead_photos" ALTER COLUMN "thumbnail" SET STORAGE EXTERNAL;
