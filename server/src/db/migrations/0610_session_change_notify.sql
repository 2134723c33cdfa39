-- Issue 14 / decision 031: the auth plugin caches resolved sessions in memory for a few seconds. PostgreSQL
-- stays the source of truth: every change to what the session lookup returns notifies channel
-- `session_changes` with the user's id (or '*' for a TRUNCATE), in the writing transaction, so every server
-- process evicts that user's cached sessions when it commits. Covers every writer — services, scripts,
-- hand-written SQL, ON DELETE CASCADE — because it lives on the tables, not in the code that writes them.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('session_changes', '*');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changes', OLD.id::text);
    IF TG_OP = 'UPDATE' AND NEW.id <> OLD.id THEN PERFORM pg_notify('session_changes', NEW.id::text); END IF;
  ELSE
    PERFORM pg_notify('session_changes', OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN PERFORM pg_notify('session_changes', NEW.user_id::text); END IF;
  END IF;
  RETURN NULL;
END
$$;

-- Sessions: revocation, sign-out, a changed expiry, deletion (also by cascade from users). An INSERT cannot
-- change a cached entry (a new token is not cached yet), so it does not notify.
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER sessions_notify_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();

-- Users: any column change except the sign-in bookkeeping (last_access, updated_at) — status (blocked),
-- role, permissions, partner, name, e-mail, password. Compared as whole rows minus those two, so a column
-- added later notifies without touching this trigger.
CREATE TRIGGER users_notify_change AFTER UPDATE ON users
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_access' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_access' - 'updated_at'))
  EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER users_notify_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
