-- Proof that an account holder accepted the terms and conditions and the privacy policy when
-- signing up, and which version of them (decision 167): the moment the server took the form,
-- and the version the form showed. Accounts made before this migration, by staff or by
-- `npm run user:create` have neither: nobody accepted anything for them. Both or neither.
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_version" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_terms_acceptance_check"
  CHECK (("terms_accepted_at" IS NULL) = ("terms_version" IS NULL));
