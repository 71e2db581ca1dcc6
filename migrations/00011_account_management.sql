-- +goose Up
-- Account management (issue 13, item 4).

-- Whose session a row is, so that a password change, "sign out
-- everywhere", disabling and deleting an account can end every session of
-- one user with one statement. Written by auth's session store on every
-- commit; NULL for an anonymous visitor. No foreign key: a session row
-- outliving its account for a moment must not make a commit fail, and the
-- account's deletion removes its sessions in the same transaction.
ALTER TABLE sessions ADD COLUMN user_id bigint;
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE user_id IS NOT NULL;

-- A disabled account cannot sign in and its sessions are ended; NULL is
-- enabled.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;

-- One-time password-reset links an admin issues. Only the SHA-256 of the
-- token is kept, so a copy of the database does not hold usable links.
CREATE TABLE password_resets (
    token_hash bytea PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

-- A deleted account's own answers go with it (ON DELETE CASCADE since
-- 00003); a review it made of someone else's answer stays in that
-- learner's score history with no reviewer named, so deleting an
-- instructor neither fails nor rewrites others' scores.
ALTER TABLE score_events DROP CONSTRAINT score_events_reviewer_id_fkey,
    ADD CONSTRAINT score_events_reviewer_id_fkey FOREIGN KEY (reviewer_id) REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE score_events DROP CONSTRAINT score_events_check,
    ADD CONSTRAINT score_events_auto_has_no_reviewer CHECK (kind = 'review' OR reviewer_id IS NULL);

-- The lesson page reads who is looking through auth_account; a disabled
-- account is no account there, as it is in auth.Store.ByID's callers.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION auth_account(account_id bigint) RETURNS TABLE (account json)
LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT json_build_object('id', u.id, 'email', u.email, 'display_name', u.display_name,
                             'role', u.role, 'created_at', u.created_at)
    FROM users u
    WHERE u.id = account_id AND u.disabled_at IS NULL;
END;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION auth_account(account_id bigint) RETURNS TABLE (account json)
LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT json_build_object('id', u.id, 'email', u.email, 'display_name', u.display_name,
                             'role', u.role, 'created_at', u.created_at)
    FROM users u
    WHERE u.id = account_id;
END;
-- +goose StatementEnd
ALTER TABLE score_events DROP CONSTRAINT score_events_auto_has_no_reviewer,
    ADD CONSTRAINT score_events_check CHECK ((kind = 'auto') = (reviewer_id IS NULL));
ALTER TABLE score_events DROP CONSTRAINT score_events_reviewer_id_fkey,
    ADD CONSTRAINT score_events_reviewer_id_fkey FOREIGN KEY (reviewer_id) REFERENCES users (id);
DROP TABLE password_resets;
ALTER TABLE users DROP COLUMN disabled_at;
DROP INDEX sessions_user_idx;
ALTER TABLE sessions DROP COLUMN user_id;
