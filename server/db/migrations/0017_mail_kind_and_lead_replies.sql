-- Decision 187. What a mail is to its lead: the office's notice, the visitor's confirmation, or a
-- reply staff wrote from the lead's page. A lead's confirmation state (decision 180) reads its
-- latest 'confirmation', so a reply never stands for it. Null for every other mail (an account's
-- links, a campaign's) and for mails no rule can name.
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;
--> statement-breakpoint
-- Who on the staff sent a reply; kept as null when that account is deleted.
ALTER TABLE "mail_outbox" ADD COLUMN "sent_by" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- Until now a lead's mails were its notice and its confirmation, and decision 180 told them apart
-- by address: its latest mail to the lead's own address is the confirmation, any other the notice.
UPDATE "mail_outbox" SET "kind" = 'confirmation' WHERE "id" IN (
  SELECT max("mail_outbox"."id") FROM "mail_outbox"
  JOIN "contacts" ON "contacts"."id" = "mail_outbox"."contact_id"
    AND "mail_outbox"."to" = "contacts"."email"
  GROUP BY "mail_outbox"."contact_id");
--> statement-breakpoint
UPDATE "mail_outbox" SET "kind" = 'notice' WHERE "contact_id" IS NOT NULL AND "kind" IS NULL;
