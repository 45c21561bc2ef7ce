-- Decision 257. A lead's conversation: the words staff wrote in a reply, and the name it was
-- signed with, kept on the reply's outbox row so the lead's page shows what the visitor read
-- and who signed it, even once the writer's account is gone. Null for every other mail, and for
-- replies sent before this migration (the page then shows the mail's text part).
ALTER TABLE "mail_outbox" ADD COLUMN "message" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "signer" text;
--> statement-breakpoint
UPDATE "mail_outbox" SET "signer" = "users"."name" FROM "users"
  WHERE "users"."id" = "mail_outbox"."sent_by" AND "mail_outbox"."kind" = 'reply';
