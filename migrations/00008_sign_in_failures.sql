-- +goose Up
-- Failed sign-ins, counted per account and client address and per address
-- across accounts, so that delays fall on whoever is guessing and never on
-- the account's owner signing in from elsewhere (web/auth/signin_limits.go).
-- An attempt is counted when it starts, so concurrent guesses cannot all
-- slip in before the first failure is written; a success takes its count
-- back (prev_failed_at restores the time of the failure before it).
CREATE TABLE sign_in_failures (
    -- the email as the form gave it, trimmed and lowercased; '' for the
    -- address's failures on any account
    account        text NOT NULL,
    address        text NOT NULL,
    failures       int NOT NULL CHECK (failures >= 0),
    last_failed_at timestamptz NOT NULL,
    prev_failed_at timestamptz,
    PRIMARY KEY (account, address)
);
-- Rows past the forgetting period are swept by age.
CREATE INDEX sign_in_failures_last_idx ON sign_in_failures (last_failed_at);

-- +goose Down
DROP TABLE sign_in_failures;
