-- One row: the version of everything staff publish for the public pages (decision 244).
-- A publishing transaction bumps it and notifies `site_content` with the new number; every
-- instance then forgets the pages it rendered and keeps.
CREATE TABLE "site_content_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "site_content_version" ("id") VALUES (1);
