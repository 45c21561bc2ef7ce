-- The lead inbox and the admin's accountability (issue 13; decisions 140-143).
-- A lead's status replaces the yes/no "handled": answered leads become "contactado", so no
-- message answered before this migration shows up as new again. "handled" stays, kept equal to
-- "status <> 'nuevo'" by the server, since SPEC §7's contact form still shows and sends it.
ALTER TABLE "contacts" ADD COLUMN "status" text DEFAULT 'nuevo' NOT NULL;
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_status_check"
  CHECK ("status" IN ('nuevo', 'contactado', 'visita', 'presupuesto_enviado', 'ganado', 'perdido'));
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lost_reason" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "assignee_id" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "status_changed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "contacts" SET "status" = 'contactado', "status_changed_at" = "updated_at" WHERE "handled";
--> statement-breakpoint
-- The inbox opens on new leads, oldest first.
CREATE INDEX "contacts_status_created_idx" ON "contacts" ("status", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "contacts_created_idx" ON "contacts" ("created_at", "id");
--> statement-breakpoint
-- Internal notes on any admin record (a lead's timeline): staff never edit what a visitor sent.
CREATE TABLE "admin_notes" (
  "id" serial PRIMARY KEY NOT NULL,
  "resource" text NOT NULL,
  "record_id" integer NOT NULL,
  "author_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "author_name" text NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_notes_record_idx" ON "admin_notes" ("resource", "record_id", "created_at");
--> statement-breakpoint
-- Every admin write: who (kept by name and e-mail when the account goes), what, before and after.
CREATE TABLE "admin_audit" (
  "id" serial PRIMARY KEY NOT NULL,
  "actor_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "actor_name" text NOT NULL,
  "actor_email" text NOT NULL,
  "action" text NOT NULL,
  "resource" text NOT NULL,
  "record_id" integer,
  "record_title" text,
  "affected" integer DEFAULT 1 NOT NULL,
  "before" jsonb,
  "after" jsonb,
  "details" jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_audit_record_idx" ON "admin_audit" ("resource", "record_id", "created_at");
--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" ("created_at", "id");
--> statement-breakpoint
-- The audit log is a section of its own, for super admins only.
INSERT INTO "permissions" ("key", "name") VALUES ('audit', 'Registro de actividad');
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r.id, p.id FROM "roles" r CROSS JOIN "permissions" p
  WHERE r.name = 'super_admin' AND p.key = 'audit';
