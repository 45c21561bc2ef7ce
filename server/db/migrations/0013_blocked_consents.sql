-- The proof of a newsletter consent that has ended, kept blocked (decision 168): GDPR art. 7.1
-- asks the company to show that every mail it sent had consent, and LOPDGDD art. 32 has it keep
-- data blocked, used for nothing but that, while a claim can still arise (3 years), then
-- destroyed. A confirmed subscription's proof is copied here when it ends: its person
-- unsubscribes (`page`: the page the mails link to; `one_click`: the mail program's button,
-- RFC 8058), or staff delete the subscription (`erasure`) or change its address
-- (`readdressed`). The subscription row itself keeps no proof once it ends, so nothing that
-- reads subscriptions (campaigns, their counts, the admin) can take a blocked proof for a
-- subscriber. By address, not by subscription: the proof outlives an erased row, and a later
-- subscription of the same address is another consent with its own proof.
CREATE TABLE "blocked_consents" (
  "id" serial PRIMARY KEY NOT NULL,
  "email" text NOT NULL,
  "consent_at" timestamp with time zone,
  "consent_version" text,
  "consent_text" text,
  "consent_page" text,
  "consent_ip" text,
  "confirmed_at" timestamp with time zone,
  "ended_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ended_by" text NOT NULL,
  CONSTRAINT "blocked_consents_ended_by_check"
    CHECK ("ended_by" IN ('page', 'one_click', 'erasure', 'readdressed'))
);
--> statement-breakpoint
CREATE INDEX "blocked_consents_email_idx" ON "blocked_consents" (lower("email"));
--> statement-breakpoint
-- The hourly sweep deletes by age: proofs past their period, and the unsubscribed rows whose
-- period is over (the address, the date and the copies of the mails sent to it go with them).
CREATE INDEX "blocked_consents_ended_idx" ON "blocked_consents" ("ended_at");
--> statement-breakpoint
CREATE INDEX "subscriptions_unsubscribed_idx" ON "subscriptions" ("unsubscribed_at")
  WHERE "status" = 'unsubscribed';
