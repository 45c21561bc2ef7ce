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
