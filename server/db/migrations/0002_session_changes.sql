-- Announces every change that can end or alter a signed-in session, so each server instance
-- forgets what it remembered (server/auth/session-cache.ts). Payloads: token:<hash> when an
-- access token goes, user:<id> when an account changes or goes, * when roles or permissions
-- change.
CREATE FUNCTION "announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'access_tokens' THEN
    PERFORM pg_notify('session_changes', 'token:' || OLD.token_hash);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changes', 'user:' || OLD.id);
  ELSE
    PERFORM pg_notify('session_changes', '*');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "access_tokens_session_change" AFTER UPDATE OR DELETE ON "access_tokens"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_session_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
--> statement-breakpoint
CREATE TRIGGER "roles_session_change" AFTER UPDATE OR DELETE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_session_change"();
--> statement-breakpoint
CREATE TRIGGER "permissions_session_change" AFTER UPDATE OR DELETE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_session_change"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_session_change" AFTER INSERT OR UPDATE OR DELETE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_session_change"();
