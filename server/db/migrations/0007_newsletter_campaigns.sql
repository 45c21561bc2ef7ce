-- Newsletter campaigns (issue 14, decisions 102-105). A campaign is written in Markdown and
-- sent once to every confirmed subscription through the outbox: one outbox row per
-- (campaign, subscription), never two (the unique index), each row scheduled by the
-- configured rate so delivery is throttled and resumes after a restart where it stopped.
CREATE TABLE "campaigns" (
  "id" serial PRIMARY KEY NOT NULL,
  "subject" text NOT NULL,
  "body" text NOT NULL,
  "status" text DEFAULT 'draft' NOT NULL,
  "send_started_at" timestamp with time zone,
  "sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "campaigns_status_check" CHECK ("status" IN ('draft', 'sending', 'sent'))
);
--> statement-breakpoint
-- Which newsletter mail a row is. Erasing a subscription erases the copies of its mails.
ALTER TABLE "mail_outbox" ADD COLUMN "campaign_id" integer REFERENCES "campaigns"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "subscription_id" integer REFERENCES "subscriptions"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_campaign_subscription_unique" ON "mail_outbox" ("campaign_id", "subscription_id");
--> statement-breakpoint
CREATE INDEX "mail_outbox_subscription_idx" ON "mail_outbox" ("subscription_id");
--> statement-breakpoint
-- Confirmed subscriptions in id order: what a campaign's INSERT … SELECT reads.
CREATE INDEX "subscriptions_confirmed_idx" ON "subscriptions" ("id") WHERE "status" = 'confirmed';
--> statement-breakpoint
INSERT INTO "permissions" ("key", "name") VALUES ('campaigns', 'Campañas');
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r.id, p.id FROM "roles" r CROSS JOIN "permissions" p
  WHERE r.name IN ('super_admin', 'admin') AND p.key = 'campaigns'
  ON CONFLICT DO NOTHING;
