-- POST /api/contacts in one round trip instead of five (decision 060): under load each round
-- trip waits for a pooled connection and for the database's turn on the CPU.
-- Identical posts arriving together queue on the advisory lock; each statement of a function
-- reads what was committed when it starts, so the one that waited sees the first one's row.
CREATE FUNCTION "store_contact"(
  lock_key integer,
  new_name text,
  new_email text,
  new_phone text,
  new_subject text,
  new_message text,
  repeat_window interval
) RETURNS SETOF "contacts" LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1668576116, lock_key); -- 1668576116 = "ctct"
  IF EXISTS (
    SELECT 1 FROM "contacts"
    WHERE "message" = new_message
      AND "name" = new_name
      AND "email" IS NOT DISTINCT FROM new_email
      AND "phone" IS NOT DISTINCT FROM new_phone
      AND "subject" = new_subject
      AND "created_at" > now() - repeat_window
  ) THEN
    RETURN;
  END IF;
  RETURN QUERY
    INSERT INTO "contacts" ("name", "email", "phone", "subject", "message")
    VALUES (new_name, new_email, new_phone, new_subject, new_message)
    RETURNING *;
END
$$;
