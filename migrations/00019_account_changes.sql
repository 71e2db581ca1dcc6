-- +goose Up
-- Every server keeps the signed-in sessions it read (web/auth's kept
-- sessions) with the account each names, and serves them without asking
-- the database, so it must hear of any change to either: a session ended
-- or rewritten (sign out, "sign out everywhere", a password change or
-- reset, disabling or deleting the account, the session's last-seen time),
-- an account's role, name, email, password or disabled mark changed, or
-- the account deleted. These triggers send the account's id on the channel
-- practicum_accounts in the transaction that makes the change; Postgres
-- delivers it to every listener when that transaction commits, and not at
-- all when it rolls back, so there is no moment between the commit and
-- the announcement. Triggers rather than a call in each writer, so that no
-- path (the web, `practicum user role`, an operator's psql) can change an
-- account and forget to say so. Postgres folds identical notifications of
-- one transaction into one: ending an account's ten sessions sends one.
--
-- The cost: a transaction that notifies takes the notification queue's
-- lock at commit, which serialises the commits of every notifying
-- transaction in the database (lessons/learnerchanges says why learners'
-- answers are announced after their commit instead). These writes are
-- rare beside answers: sessions are written at sign-in and sign-out and at
-- most once a minute per busy session (web/session_times.go, seenEvery),
-- accounts almost never, and none of them is on the answer's path.
--
-- Not announced: a session that names no account (a visitor's: nothing
-- kept), a new row (nothing can be kept of it yet), and the deletion of an
-- already expired row (pgxstore's cleanup; an expired session is never
-- served from memory either).

-- +goose StatementBegin
CREATE FUNCTION session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- The owner the row had, and on an UPDATE the one it has if another.
    IF OLD.user_id IS NOT NULL THEN
        PERFORM pg_notify('practicum_accounts', OLD.user_id::text);
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
        PERFORM pg_notify('practicum_accounts', NEW.user_id::text);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('practicum_accounts', OLD.id::text);
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- Two triggers on sessions, since a DELETE's condition cannot name NEW;
-- the conditions keep visitors' sessions and the cleanup from calling the
-- function at all.
CREATE TRIGGER sessions_updated_account_changed
    AFTER UPDATE ON sessions
    FOR EACH ROW WHEN (OLD.user_id IS NOT NULL OR NEW.user_id IS NOT NULL)
    EXECUTE FUNCTION session_changed();
CREATE TRIGGER sessions_deleted_account_changed
    AFTER DELETE ON sessions
    FOR EACH ROW WHEN (OLD.user_id IS NOT NULL AND OLD.expiry > current_timestamp)
    EXECUTE FUNCTION session_changed();
CREATE TRIGGER users_account_changed
    AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION account_changed();

-- +goose Down
DROP TRIGGER users_account_changed ON users;
DROP TRIGGER sessions_deleted_account_changed ON sessions;
DROP TRIGGER sessions_updated_account_changed ON sessions;
DROP FUNCTION account_changed();
DROP FUNCTION session_changed();
