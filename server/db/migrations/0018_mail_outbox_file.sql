-- Decision 188. Which .eml file a mail delivered without SMTP_URL became, by its name in
-- DATA_DIR/mail: a lead or a subscription erased takes its mails' files with their copies, instead
-- of leaving them to the 30-day sweep of the folder. Null for mails sent by SMTP, and for those
-- written before this column (the sweep still deletes their files).
ALTER TABLE "mail_outbox" ADD COLUMN "file" text;
