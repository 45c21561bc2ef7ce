-- A campaign's mails dropped before delivery because their person unsubscribed during the send
-- (decision 103 addendum). The dropped outbox rows took the only trace of those recipients with
-- them, so «Bajas desde el envío» missed them; this count keeps them, and nothing personal.
ALTER TABLE "campaigns" ADD COLUMN "withdrawn" integer DEFAULT 0 NOT NULL;
