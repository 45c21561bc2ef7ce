-- Decision 259. A campaign may be scheduled: a draft with `scheduled_at` is sent by the first
-- instance whose timer finds it due (the draft → sending step, atomic, happens once), for
-- `scheduled_by` (its audit entry's author). A scheduled send that could not start (nobody to
-- send to) says why in `schedule_failure` and waits, a draft again, for staff.
ALTER TABLE "campaigns" ADD COLUMN "scheduled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "scheduled_by" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "schedule_failure" text;
--> statement-breakpoint
CREATE INDEX "campaigns_scheduled_idx" ON "campaigns" ("scheduled_at") WHERE "status" = 'draft' AND "scheduled_at" IS NOT NULL;
