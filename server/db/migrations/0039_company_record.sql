-- The company record staff edit in the admin, «Empresa» (decision 245): one row, its facts as
-- JSON (null until the first save: the site shows content/company.ts's defaults), and the
-- section's permission for admins and super admins.
CREATE TABLE "company_record" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"facts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "company_record" ("id") VALUES (1);
--> statement-breakpoint
INSERT INTO "permissions" ("key", "name") VALUES ('company', 'Empresa');
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r.id, p.id FROM "roles" r CROSS JOIN "permissions" p
  WHERE r.name IN ('super_admin', 'admin') AND p.key = 'company'
  ON CONFLICT DO NOTHING;
