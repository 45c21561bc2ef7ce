-- Decisions 220 and 221: a second factor for staff (TOTP), its recovery codes, the sign-in
-- challenge between the password and the code, the browsers a staff member has signed in from,
-- and what the session list shows of each sign-in token. Additive: a build without them never
-- reads these tables or columns (decision 081).

-- One authenticator per account. `confirmed_at` null = enrolment begun, not finished (the secret
-- is shown, no code typed back yet). `last_time_step`: the TOTP time step of the last code taken,
-- so a code is never taken twice, nor an older one.
CREATE TABLE "two_factor_secrets" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "secret" text NOT NULL,
  "confirmed_at" timestamp with time zone,
  "last_time_step" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Ten single-use codes per account, as SHA-256 of 80 random bits each.
CREATE TABLE "recovery_codes" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_hash_idx" ON "recovery_codes" ("user_id", "code_hash");
--> statement-breakpoint
-- A password accepted for an account with a second factor: the code must follow within minutes,
-- with this challenge (its SHA-256 here), once. `attempts` counts wrong codes against it.
CREATE TABLE "login_challenges" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "challenge_hash" text NOT NULL UNIQUE,
  "remember" boolean DEFAULT false NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_challenges_user_idx" ON "login_challenges" ("user_id");
--> statement-breakpoint
-- Browsers a staff member has signed in from, by the SHA-256 of the random id the browser keeps.
CREATE TABLE "staff_browsers" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "browser_hash" text NOT NULL,
  "first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "browser_hash")
);
--> statement-breakpoint
-- The session list: when a token was last used (written at most every few minutes), and the
-- browser that signed in, in words ("Chrome en Windows"), never the whole User-Agent.
ALTER TABLE "access_tokens" ADD COLUMN "last_used_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "browser" text;
--> statement-breakpoint
-- A second factor confirmed or removed changes what the account's sessions may do: the
-- instances' session caches forget the account (migration 0002's channel). A code taken
-- (last_time_step) changes nothing a session holds, so it announces nothing.
CREATE FUNCTION "announce_two_factor_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('session_changes', 'user:' || OLD.user_id);
  ELSE
    PERFORM pg_notify('session_changes', 'user:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "two_factor_secrets_session_change"
  AFTER INSERT OR DELETE OR UPDATE OF "confirmed_at" ON "two_factor_secrets"
  FOR EACH ROW EXECUTE FUNCTION "announce_two_factor_change"();
--> statement-breakpoint
-- Writing when a token was last used must not make every instance forget the session it is
-- about (that would undo the cache it keeps, decision 064): the trigger of migration 0002 now
-- fires for a token deleted or its owner, hash or expiry changed, not for last_used_at alone.
DROP TRIGGER "access_tokens_session_change" ON "access_tokens";
--> statement-breakpoint
CREATE TRIGGER "access_tokens_session_change"
  AFTER DELETE OR UPDATE OF "token_hash", "user_id", "expires_at" ON "access_tokens"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
