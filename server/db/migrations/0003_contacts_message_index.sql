-- The duplicate check of POST /api/contacts looks a message up by its text (decision 060);
-- without an index it read the whole table on every message.
CREATE INDEX "contacts_message_idx" ON "contacts" USING hash ("message");
