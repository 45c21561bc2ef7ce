-- Decision 240. store_contact writes the quote's details by the names `details` holds, each
-- into the column of that name and cast to its type (jsonb_populate_record), rather than a list
-- written here: a new detail (content/quote-fields.ts) is then only the migration adding its
-- column. The server sends only the details it checked (server/leads/quote-details.ts); a name
-- with no column fails the request rather than losing the detail. Otherwise as migration 0019.
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
  named text := '';
  taken text := '';
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
  SELECT coalesce(string_agg(', ' || quote_ident(k), '' ORDER BY k), ''),
         coalesce(string_agg(', d.' || quote_ident(k), '' ORDER BY k), '')
    INTO named, taken
    FROM jsonb_object_keys(coalesce(details, '{}'::jsonb)) AS k;
  RETURN QUERY EXECUTE format(
    'INSERT INTO "contacts" AS c ("name", "email", "phone", "subject", "message", "reference"%s)
     SELECT $1, $2, $3, $4, $5, $6%s FROM jsonb_populate_record(NULL::"contacts", $7) AS d
     RETURNING c."id", c."reference", false', named, taken)
    USING new_name, new_email, new_phone, new_subject, new_message,
      -- Five digits, more only past 99,999 requests in a year (lpad would cut them).
      'OM-' || this_year || '-' || lpad(number::text, greatest(5, length(number::text)), '0'),
      coalesce(details, '{}'::jsonb);
END
$$;
