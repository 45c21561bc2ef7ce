-- Decision 255: a lead can carry «volver a contactar el …» with a short note. The morning
-- reminder lists each assignee's follow-ups due that day; the inbox filters by overdue ones.
-- Additive: a build without them never reads these columns (decision 081).
ALTER TABLE "contacts" ADD COLUMN "follow_up_on" date;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "follow_up_note" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_follow_up_note_check" CHECK (char_length("follow_up_note") <= 200);
--> statement-breakpoint
-- The reminder's and the inbox's question: whose follow-ups are due by a day.
CREATE INDEX "contacts_follow_up_idx" ON "contacts" ("follow_up_on") WHERE "follow_up_on" IS NOT NULL;
