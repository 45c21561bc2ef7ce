-- A quote request (issue 12; decision 130): the job the visitor describes, every part optional
-- so SPEC §7's five-field message stays valid, and a reference the visitor can quote.
ALTER TABLE "contacts" ADD COLUMN "reference" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "service" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "area" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "postcode" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "property_type" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "surface_m2" integer;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "budget" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "start_window" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "contact_channel" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "contact_time" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_reference_idx" ON "contacts" ("reference");
--> statement-breakpoint
-- OM-YYYY-NNNNN: one counter row per year. The row lock taken by the upsert orders concurrent
-- requests on every instance, and rolls back with a request that fails, so numbers have no gaps.
CREATE TABLE "lead_references" (
  "year" integer PRIMARY KEY NOT NULL,
  "last" integer NOT NULL
);
--> statement-breakpoint
-- Messages stored before references existed get theirs in the order they arrived, per year.
INSERT INTO "lead_references" ("year", "last")
  SELECT extract(year FROM "created_at" AT TIME ZONE 'Europe/Madrid')::integer, count(*)
  FROM "contacts" GROUP BY 1;
--> statement-breakpoint
UPDATE "contacts" SET "reference" = numbered.reference FROM (
  SELECT "id", 'OM-' || extract(year FROM "created_at" AT TIME ZONE 'Europe/Madrid')::integer
    || '-' || lpad((row_number() OVER (
      PARTITION BY extract(year FROM "created_at" AT TIME ZONE 'Europe/Madrid')
      ORDER BY "created_at", "id"))::text, 5, '0') AS reference
  FROM "contacts"
) AS numbered WHERE "contacts"."id" = numbered."id";
--> statement-breakpoint
DROP FUNCTION "store_contact"(integer, text, text, text, text, text, interval);
--> statement-breakpoint
-- Decision 060's single round trip, now with the quote's details (a JSON object of the optional
-- columns) and its reference. A repeat within the window answers the first message's id and
-- reference with `repeated`, so the visitor sees the same reference and staff no second notice.
CREATE FUNCTION "store_contact"(
  lock_key integer,
  new_name text,
  new_email text,
  new_phone text,
  new_subject text,
  new_message text,
  details jsonb,
  repeat_window interval
) RETURNS TABLE ("id" integer, "reference" text, "repeated" boolean) LANGUAGE plpgsql AS $$
DECLARE
  this_year integer := extract(year FROM now() AT TIME ZONE 'Europe/Madrid')::integer;
  number integer;
BEGIN
  PERFORM pg_advisory_xact_lock(1668576116, lock_key); -- 1668576116 = "ctct"
  RETURN QUERY
    SELECT c."id", c."reference", true FROM "contacts" c
    WHERE c."message" = new_message
      AND c."name" = new_name
      AND c."email" IS NOT DISTINCT FROM new_email
      AND c."phone" IS NOT DISTINCT FROM new_phone
      AND c."subject" = new_subject
      AND c."created_at" > now() - repeat_window
    ORDER BY c."created_at" LIMIT 1;
  IF FOUND THEN
    RETURN;
  END IF;
  INSERT INTO "lead_references" AS r ("year", "last") VALUES (this_year, 1)
    ON CONFLICT ("year") DO UPDATE SET "last" = r."last" + 1
    RETURNING r."last" INTO number;
  RETURN QUERY
    INSERT INTO "contacts" AS c ("name", "email", "phone", "subject", "message", "reference",
      "service", "area", "postcode", "property_type", "surface_m2", "budget", "start_window",
      "contact_channel", "contact_time")
    VALUES (new_name, new_email, new_phone, new_subject, new_message,
      -- Five digits, more only past 99,999 requests in a year (lpad would cut them).
      'OM-' || this_year || '-' || lpad(number::text, greatest(5, length(number::text)), '0'),
      details->>'service', details->>'area', details->>'postcode', details->>'property_type',
      (details->>'surface_m2')::integer, details->>'budget', details->>'start_window',
      details->>'contact_channel', details->>'contact_time')
    RETURNING c."id", c."reference", false;
END
$$;
