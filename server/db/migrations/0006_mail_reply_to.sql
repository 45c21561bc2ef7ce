-- A staff notice of a contact message is answered with the mail client's Reply, which must
-- reach the visitor (issue 10 item 15): the outbox keeps each message's Reply-To.
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;
