-- Decision 260 (issue 36): where each lead came from, kept on the lead. Every value was checked
-- on its way in (server/leads/lead-source.ts): at most 200 printable characters, else none. The
-- click ids only when the visitor granted advertising consent. `source_channel` is worked out at
-- intake from the rest (content/lead-sources.ts), so the inbox filters and the report groups by
-- one column. Additive: a build without them never reads these columns (decision 081).
ALTER TABLE "contacts" ADD COLUMN "landing_page" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "referrer_domain" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_source" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_medium" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_campaign" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_term" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "utm_content" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "gclid" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "gbraid" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "wbraid" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source_channel" text;
--> statement-breakpoint
-- Decision 261: when the lead was first moved to «Presupuesto enviado» (the report's quotes and
-- the offline conversions' "quoted" time). Leads already there or won count from their last change.
ALTER TABLE "contacts" ADD COLUMN "quoted_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "contacts" SET "quoted_at" = coalesce("status_changed_at", "updated_at")
WHERE "status" IN ('presupuesto_enviado', 'ganado');
--> statement-breakpoint
-- Decision 263: the account a request belongs to («Mis solicitudes»): the visitor signed in when
-- sending it, or the account that later verified the request's e-mail.
ALTER TABLE "contacts" ADD COLUMN "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "contacts_user_idx" ON "contacts" ("user_id", "created_at") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
-- The requests an e-mail just verified may claim, without reading every lead.
CREATE INDEX "contacts_unclaimed_email_idx" ON "contacts" (lower("email")) WHERE "user_id" IS NULL;
