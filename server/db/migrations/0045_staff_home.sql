-- Decision 253: the staff home. A won lead's amount (euros, optional, never negative), asked
-- when it is marked «Ganado», shown on the lead and in exports; and, per staff member and day,
-- the counts their home showed, so that the next day's home can say what changed. Additive: a
-- build without them never reads these (decision 081).
ALTER TABLE "contacts" ADD COLUMN "won_amount" numeric(12, 2);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_won_amount_check" CHECK ("won_amount" >= 0);
--> statement-breakpoint
-- The last counts of each day a staff member opened the home (their «míos» is their own).
CREATE TABLE "staff_home_counts" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "counts" jsonb NOT NULL,
  PRIMARY KEY ("user_id", "day")
);
