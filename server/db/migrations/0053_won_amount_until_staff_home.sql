-- Decision 261: the «Fuentes» report and the offline conversions read what a won lead is worth.
-- The column belongs to the staff home's work (migration 0045, which asks the amount when a lead
-- is marked «ganado»); it is written here the same way, only if missing, so that this branch
-- works before that one is merged and does nothing after it.
ALTER TABLE "contacts" ADD COLUMN IF NOT EXISTS "won_amount" numeric(12, 2);
--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'contacts_won_amount_check') THEN
    ALTER TABLE "contacts" ADD CONSTRAINT "contacts_won_amount_check" CHECK ("won_amount" >= 0);
  END IF;
END $$;
