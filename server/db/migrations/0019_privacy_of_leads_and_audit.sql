-- Decision 205 (issue 33 items 4, 5 and 8). A lead whose visitor was sent no confirmation because their mailbox had had its
-- day's confirmations: its page and the inbox's filter say so (state «retenido», decision 180).
ALTER TABLE "contacts" ADD COLUMN "confirmation_withheld" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Decision 205. Exports and bulk actions kept the list's search as staff typed it (a name, a
-- phone, a street), in entries about no record that an erasure cannot find. Now they keep that a
-- search was made, as "[redacted]"; so do the entries written before.
UPDATE "admin_audit" SET "details" = jsonb_set("details", '{query,q}', '"[redacted]"')
WHERE jsonb_typeof("details" -> 'query') = 'object' AND "details" -> 'query' ? 'q';
--> statement-breakpoint
-- Decision 205. A request caught in a spam trap is answered with a reference drawn from 90000 to
-- 99999, so that a robot cannot tell it was caught; real references pass over that block (after
-- 89999 comes 100000), so one given to a robot is never a real one. Otherwise as migration 0008.
CREATE OR REPLACE FUNCTION "store_contact"(
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
    ON CONFLICT ("year") DO UPDATE
      SET "last" = CASE WHEN r."last" + 1 BETWEEN 90000 AND 99999 THEN 100000 ELSE r."last" + 1 END
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
