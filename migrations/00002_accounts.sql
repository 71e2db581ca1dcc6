-- +goose Up
CREATE TABLE users (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- stored lowercased, so uniqueness ignores case
    email         text NOT NULL UNIQUE CHECK (email = lower(email) AND email LIKE '%_@_%'),
    display_name  text NOT NULL,
    -- an argon2id PHC string; never a password
    password_hash text NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
    role          text NOT NULL DEFAULT 'learner' CHECK (role IN ('learner', 'instructor', 'admin')),
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- scs/pgxstore's table: sessions live in Postgres so any number of server
-- processes can share them.
CREATE TABLE sessions (
    token  text PRIMARY KEY,
    data   bytea NOT NULL,
    expiry timestamptz NOT NULL
);
CREATE INDEX sessions_expiry_idx ON sessions (expiry);

-- Sliding-window counters for rate limits that must hold across processes
-- (sign-in attempts per IP and per account).
CREATE TABLE rate_limits (
    key          text NOT NULL,
    window_start timestamptz NOT NULL,
    count        int NOT NULL,
    PRIMARY KEY (key, window_start)
);

-- +goose Down
DROP TABLE rate_limits;
DROP TABLE sessions;
DROP TABLE users;
