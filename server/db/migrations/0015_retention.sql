-- Decision 179. When the retention sweep erased a lead's personal data (its name, e-mail, phone,
-- subject, message, postcode, contact preferences and lost reason; its photos, notes and mail
-- copies): a lead not won a year after its last activity, a won one six years after. The row
-- stays, with its reference, what was asked and how it ended, so that counts by service, area,
-- budget, status and date still add up. Null while the lead holds its data.
ALTER TABLE "contacts" ADD COLUMN "erased_at" timestamp with time zone;
--> statement-breakpoint
-- Copies of mails that belong to no lead and no subscription (an account's verification and
-- password-reset mails) are deleted by age once they went, or were refused for good.
CREATE INDEX "mail_outbox_other_copies_idx" ON "mail_outbox" (coalesce("sent_at", "failed_at"))
  WHERE "contact_id" IS NULL AND "subscription_id" IS NULL;
