-- Decision 270: a draft opinion or team member has a preview link of an hour, as a draft
-- project has (decision 250): the SHA-256 of its token, and until when it opens.
ALTER TABLE "reviews" ADD COLUMN "preview_token_hash" bytea;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "preview_expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "preview_token_hash" bytea;
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "preview_expires_at" timestamp with time zone;
