-- Decision 173. Whether a mail's last attempt failed for the mail server's sake (no answer, the
-- connection, the login or the sender refused) rather than this message's: the next delivery
-- that succeeds makes every such mail due at once, so the backlog of an outage goes out as
-- soon as the server is back. Mails already waiting after a failure are taken to be such.
ALTER TABLE "mail_outbox" ADD COLUMN "server_failure" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "mail_outbox" SET "server_failure" = true WHERE "sent_at" IS NULL AND "attempts" > 0;
--> statement-breakpoint
-- What a delivery looks for after each success: a handful of rows, never a campaign's queue.
CREATE INDEX "mail_outbox_server_failure_idx" ON "mail_outbox" ("next_attempt_at")
  WHERE "server_failure" AND "sent_at" IS NULL;
--> statement-breakpoint
-- A mail the server refused for good (a 5xx to its recipient or its content: 550 no such
-- mailbox) is never tried again: a final state beside sent, which /readyz counts apart and never
-- calls stuck.
ALTER TABLE "mail_outbox" ADD COLUMN "failed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "mail_outbox_failed_idx" ON "mail_outbox" ("failed_at") WHERE "failed_at" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "mail_outbox_pending_idx";
--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" ("next_attempt_at")
  WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
--> statement-breakpoint
-- When a mail was meant to go: when it was queued, or its turn in a campaign's schedule (decision
-- 103). A mail is late ("stuck") 30 minutes after this, not after it was queued: a campaign
-- longer than 30 minutes is not stuck while its later mails wait their turn. next_attempt_at
-- cannot say it once a retry has moved it.
ALTER TABLE "mail_outbox" ADD COLUMN "due_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "mail_outbox" SET "due_at" = CASE
  WHEN "sent_at" IS NULL AND "attempts" = 0 THEN greatest("created_at", "next_attempt_at")
  ELSE "created_at" END;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "due_at" SET DEFAULT now();
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "due_at" SET NOT NULL;
--> statement-breakpoint
-- The lead a mail is about (its notice to the office, its confirmation to the visitor), so each
-- mail's log lines name the lead its "lead stored" line names. Deleting the lead leaves its mails
-- as before, without the link.
ALTER TABLE "mail_outbox" ADD COLUMN "contact_id" integer REFERENCES "contacts"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "mail_outbox_contact_idx" ON "mail_outbox" ("contact_id") WHERE "contact_id" IS NOT NULL;
