-- Decision 205. A lead whose visitor was sent no confirmation because their mailbox had had its
-- day's confirmations: its page and the inbox's filter say so (state «retenido», decision 180).
ALTER TABLE "contacts" ADD COLUMN "confirmation_withheld" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Decision 205. Exports and bulk actions kept the list's search as staff typed it (a name, a
-- phone, a street), in entries about no record that an erasure cannot find. Now they keep that a
-- search was made, as "[redacted]"; so do the entries written before.
UPDATE "admin_audit" SET "details" = jsonb_set("details", '{query,q}', '"[redacted]"')
WHERE jsonb_typeof("details" -> 'query') = 'object' AND "details" -> 'query' ? 'q';
