-- Double opt-in and proof of consent for the newsletter (LSSI-CE arts. 20-22, GDPR art. 7;
-- decision 101). A subscription is pending until its confirmation link is opened; only
-- confirmed ones are ever mailed a campaign. Rows from before this migration have no proof of
-- consent: they become pending and expire like any unconfirmed subscription.
ALTER TABLE "subscriptions" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check"
  CHECK ("status" IN ('pending', 'confirmed', 'unsubscribed'));
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_at" timestamp with time zone DEFAULT now();
--> statement-breakpoint
UPDATE "subscriptions" SET "consent_at" = "created_at";
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_version" text;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_text" text;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_page" text;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_ip" text;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "confirm_token_hash" text;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "unsubscribe_token" text;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "unsubscribed_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_confirm_token_unique" ON "subscriptions" ("confirm_token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_unsubscribe_token_unique" ON "subscriptions" ("unsubscribe_token");
--> statement-breakpoint
CREATE INDEX "subscriptions_pending_idx" ON "subscriptions" ("consent_at") WHERE "status" = 'pending';
--> statement-breakpoint
-- Extra headers of a message, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;
