-- +goose Up
-- Anonymous visitors' answers (issue 13, item 2). They were kept in the
-- session row, which every post rewrote whole and every page view
-- decoded: one visitor grew a row to 4 MB in 3 s. Here each visitor's
-- answers are rows of their own, the latest per item, so a post writes one
-- row and the session holds only the visitor's id.

-- A visitor who has answered something. The session names it by id, a
-- random token of its own: the session's token changes at sign-in, the
-- visitor's does not. expires_at moves on each post (idle timeout) but
-- never past created_at plus the anonymous lifetime; an expired visitor
-- is never read, and is deleted with its answers.
CREATE TABLE anonymous_visitors (
    id         text PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);
CREATE INDEX anonymous_visitors_expiry_idx ON anonymous_visitors (expires_at);

-- The latest answer to each item. A checkpoint keeps its first attempt
-- too, so that first-try accuracy survives the merge into an account.
CREATE TABLE anonymous_answers (
    visitor_id    text NOT NULL REFERENCES anonymous_visitors (id) ON DELETE CASCADE,
    course        text NOT NULL,
    lesson        text NOT NULL,
    item_key      text NOT NULL,
    revision_id   bigint NOT NULL REFERENCES lesson_revisions (id) ON DELETE CASCADE,
    kind          text NOT NULL,
    option        integer,
    correct       boolean,
    first_option  integer,
    first_correct boolean,
    first_at      timestamptz,
    attempts      integer NOT NULL DEFAULT 0,
    answer        text,
    confidence    text,
    answered_at   timestamptz NOT NULL,
    PRIMARY KEY (visitor_id, course, lesson, item_key)
);
CREATE INDEX anonymous_answers_revision_idx ON anonymous_answers (revision_id);

-- +goose Down
DROP TABLE anonymous_answers;
DROP TABLE anonymous_visitors;
