-- +goose Up
-- Spaced review (issue 12, item 1): what a signed-in learner answered comes
-- back on the Review page on an FSRS schedule (lessons/review owns these
-- tables; lessons/fsrs computes the schedule).

-- One card per learner × checkpoint (criterion '') and per learner × scored
-- item × criterion. A card names its item by lesson and key, not revision:
-- it outlives revisions, and is reviewed on the lesson's current one. The
-- FSRS columns are lessons/fsrs.Card's.
CREATE TABLE review_cards (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    lesson_id      bigint NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
    item_key       text NOT NULL,
    -- the item's kind when the card was made: a card whose key now names
    -- an item of another kind is not reviewed
    kind           text NOT NULL,
    criterion      text NOT NULL CHECK (criterion IN ('', 'result', 'reasoning', 'failure_case', 'verification')),
    state          smallint NOT NULL CHECK (state BETWEEN 0 AND 3),
    due            timestamptz NOT NULL,
    stability      double precision NOT NULL CHECK (stability >= 0),
    difficulty     double precision NOT NULL CHECK (difficulty >= 0),
    elapsed_days   int NOT NULL CHECK (elapsed_days >= 0),
    scheduled_days int NOT NULL CHECK (scheduled_days >= 0),
    learning_steps int NOT NULL CHECK (learning_steps >= 0),
    reps           int NOT NULL CHECK (reps >= 0),
    lapses         int NOT NULL CHECK (lapses >= 0),
    last_review    timestamptz,
    -- an answer of the card's current sitting was wrong (review.Sitting)
    sitting_wrong  boolean NOT NULL DEFAULT false,
    created_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, lesson_id, item_key, criterion)
);
-- The Review page and the navigation's count read a learner's cards by
-- due date.
CREATE INDEX review_cards_due_idx ON review_cards (user_id, due);

-- Every review, append-only: the card as it was before (so that a
-- reviewer's override can re-decide the review its answer drove), the
-- result and the rating, what drove it, and the due date it set.
CREATE TABLE review_log (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    card_id        bigint NOT NULL REFERENCES review_cards (id) ON DELETE CASCADE,
    reviewed_at    timestamptz NOT NULL,
    rating         smallint NOT NULL CHECK (rating BETWEEN 1 AND 4),
    -- the fsrs.Outcome the rating came from
    correct        boolean NOT NULL,
    wrong_earlier  boolean NOT NULL,
    not_yet        boolean NOT NULL,
    -- lesson: answered on the lesson page; review: on the Review page;
    -- merge: an anonymous answer moved into the account at sign-in;
    -- override: a reviewer's decision re-deciding review `replaces`
    source         text NOT NULL CHECK (source IN ('lesson', 'review', 'merge', 'override')),
    attempt_id     bigint REFERENCES checkpoint_attempts (id) ON DELETE CASCADE,
    response_id    bigint REFERENCES responses (id) ON DELETE CASCADE,
    score_event_id bigint REFERENCES score_events (id) ON DELETE CASCADE,
    replaces       bigint REFERENCES review_log (id) ON DELETE CASCADE,
    -- the card before the review
    state          smallint NOT NULL,
    due            timestamptz NOT NULL,
    stability      double precision NOT NULL,
    difficulty     double precision NOT NULL,
    elapsed_days   int NOT NULL,
    scheduled_days int NOT NULL,
    learning_steps int NOT NULL,
    reps           int NOT NULL,
    lapses         int NOT NULL,
    last_review    timestamptz,
    sitting_wrong  boolean NOT NULL,
    -- what the review set
    state_after    smallint NOT NULL,
    due_after      timestamptz NOT NULL,
    CHECK ((source = 'override') = (replaces IS NOT NULL)),
    CHECK (attempt_id IS NULL OR response_id IS NULL)
);
CREATE INDEX review_log_card_idx ON review_log (card_id, id DESC);
CREATE INDEX review_log_response_idx ON review_log (response_id) WHERE response_id IS NOT NULL;

-- lessons/review: the learner's cards that can be reviewed now, whatever
-- their due date — those whose item is in its lesson's current revision,
-- with the same kind. The Review page's query and review_due read the
-- cards through it, so both count the same ones.
-- +goose StatementBegin
CREATE FUNCTION review_live_cards(learner bigint) RETURNS TABLE (id bigint, due timestamptz, revision_id bigint)
LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT k.id, k.due, l.current_revision_id
    FROM review_cards k
    JOIN lessons l ON l.id = k.lesson_id
    JOIN lesson_items i ON i.revision_id = l.current_revision_id AND i.key = k.item_key AND i.kind = k.kind
    WHERE k.user_id = learner;
END;
-- +goose StatementEnd

-- lessons/review: how many of the learner's cards are due at `at`, for
-- the navigation's "Review, 3 due" (the lesson page reads it in its own
-- query: lessons/catalog/lesson_page.go).
-- +goose StatementBegin
CREATE FUNCTION review_due(learner bigint, at timestamptz) RETURNS TABLE (due bigint)
LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT count(*) FROM review_live_cards(learner) c WHERE c.due <= at;
END;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION review_due(bigint, timestamptz);
DROP FUNCTION review_live_cards(bigint);
DROP TABLE review_log;
DROP TABLE review_cards;
