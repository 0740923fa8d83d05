-- Signed-in callers are cached for a few seconds in each server process (auth/caller-cache.ts).
-- Whatever a cached caller was built from (the session, the user, a code session's candidate
-- profile, the account's services) announces its change on the channel parlance_sessions, so
-- every process drops the callers of that user at once. Triggers, not application code, so that
-- no path that signs out, deactivates, changes roles or deletes a profile can forget to.
-- The payload is a user id, or '*' for everyone (an account's services changed).
CREATE FUNCTION parlance_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'accounts' THEN
    PERFORM pg_notify('parlance_sessions', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('parlance_sessions', OLD.id::text);
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('parlance_sessions', OLD.user_id::text);
  ELSIF TG_TABLE_NAME = 'candidates' THEN
    IF OLD.user_id IS NOT NULL THEN
      PERFORM pg_notify('parlance_sessions', OLD.user_id::text);
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('parlance_sessions', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION parlance_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION parlance_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER candidates_changed AFTER UPDATE OF user_id, account_id, office_id, deleted_at OR DELETE ON candidates
  FOR EACH ROW EXECUTE FUNCTION parlance_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_changed AFTER UPDATE OR DELETE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION parlance_sessions_changed();
