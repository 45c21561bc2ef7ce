-- Decision 205. A lead whose visitor was sent no confirmation because their mailbox had had its
-- day's confirmations: its page and the inbox's filter say so (state «retenido», decision 180).
ALTER TABLE "contacts" ADD COLUMN "confirmation_withheld" boolean DEFAULT false NOT NULL;
