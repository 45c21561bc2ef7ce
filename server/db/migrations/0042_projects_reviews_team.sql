-- Finished projects (Obras), client opinions (Opiniones) and the team (Equipo), published from
-- the admin (issue 35; decisions 249-251). Nothing here is public until `status`/`published`
-- says so; only staff of the section (super_admin and admin) may change them.
CREATE TABLE "projects" (
  "id" serial PRIMARY KEY NOT NULL,
  "title" text NOT NULL,
  "slug" text NOT NULL,
  "service" text NOT NULL,
  "city" text NOT NULL,
  "province" text NOT NULL,
  "year" integer NOT NULL,
  "duration" text NOT NULL,
  "budget_band" text,
  "summary" text NOT NULL,
  "body" text NOT NULL,
  "featured" boolean DEFAULT false NOT NULL,
  "status" text DEFAULT 'draft' NOT NULL,
  "published_at" timestamp with time zone,
  -- The lead it came from ("Crear obra" on a won lead), and who agreed its photos be shown.
  "lead_id" integer REFERENCES "contacts"("id") ON DELETE SET NULL,
  "photo_consent_by" text,
  "photo_consent_at" timestamp with time zone,
  "photo_consent_staff_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  -- A draft's preview link (decision 250): its SHA-256, and until when it opens.
  "preview_token_hash" bytea,
  "preview_expires_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "projects_status_check" CHECK ("status" IN ('draft', 'published'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "projects_slug_idx" ON "projects" ("slug");
--> statement-breakpoint
CREATE INDEX "projects_published_idx" ON "projects" ("published_at") WHERE "status" = 'published';
--> statement-breakpoint
CREATE TABLE "project_photos" (
  "id" serial PRIMARY KEY NOT NULL,
  "project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
  "photo_id" integer NOT NULL REFERENCES "site_photos"("id"),
  "position" integer NOT NULL,
  "stage" text NOT NULL,
  "alt" text NOT NULL,
  "cover" boolean DEFAULT false NOT NULL,
  CONSTRAINT "project_photos_stage_check" CHECK ("stage" IN ('antes', 'durante', 'despues'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "project_photos_position_idx" ON "project_photos" ("project_id", "position");
--> statement-breakpoint
CREATE UNIQUE INDEX "project_photos_cover_idx" ON "project_photos" ("project_id") WHERE "cover";
--> statement-breakpoint
CREATE INDEX "project_photos_photo_idx" ON "project_photos" ("photo_id");
--> statement-breakpoint
CREATE TABLE "reviews" (
  "id" serial PRIMARY KEY NOT NULL,
  "author" text NOT NULL,
  "city" text NOT NULL,
  "service" text NOT NULL,
  -- Deleting the project keeps the opinion (decision 251).
  "project_id" integer REFERENCES "projects"("id") ON DELETE SET NULL,
  "rating" integer NOT NULL,
  "text" text NOT NULL,
  "reviewed_on" date NOT NULL,
  "source" text NOT NULL,
  "consent_proof" text NOT NULL,
  "published" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX "reviews_project_idx" ON "reviews" ("project_id");
--> statement-breakpoint
CREATE TABLE "team_members" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "role" text NOT NULL,
  "photo_id" integer REFERENCES "site_photos"("id"),
  "bio" text NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  "published" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "permissions" ("key", "name") VALUES
  ('projects', 'Obras'),
  ('reviews', 'Opiniones'),
  ('team', 'Equipo');
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r.id, p.id FROM "roles" r CROSS JOIN "permissions" p
  WHERE r.name IN ('super_admin', 'admin') AND p.key IN ('projects', 'reviews', 'team');
