-- +goose Up
-- Score history is append-only: the auto score and every reviewer override
-- are separate rows. The current score of a response is its latest review
-- event, else its auto event; nothing is updated in place.
CREATE TABLE score_events (
    id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    response_id        bigint NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
    kind               text NOT NULL CHECK (kind IN ('auto', 'review')),
    -- all four criteria after this event: {"result": 1, "reasoning": 0, ...}
    scores             jsonb NOT NULL,
    total              int NOT NULL CHECK (total BETWEEN 0 AND 4),
    -- auto: the scorer's evidence and rationale per criterion
    detail             jsonb,
    confidence         real,
    -- review: a note for every criterion the reviewer changed {"result": "…"}
    notes              jsonb,
    reviewer_id        bigint REFERENCES users (id),
    -- the lesson revision whose rubric this was scored against
    rubric_revision_id bigint NOT NULL REFERENCES lesson_revisions (id),
    scorer_version     text,
    -- the event the reviewer was looking at; a save over a newer one is a conflict
    based_on_event_id  bigint REFERENCES score_events (id),
    created_at         timestamptz NOT NULL DEFAULT now(),
    CHECK ((kind = 'auto') = (reviewer_id IS NULL)),
    CHECK (kind = 'auto' OR notes IS NOT NULL)
);
CREATE UNIQUE INDEX score_events_one_auto ON score_events (response_id) WHERE kind = 'auto';
CREATE INDEX score_events_response_idx ON score_events (response_id, id DESC);

CREATE TABLE review_requests (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    response_id bigint NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason      text NOT NULL CHECK (length(reason) BETWEEN 1 AND 2000),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX review_requests_response_idx ON review_requests (response_id);

-- +goose Down
DROP TABLE review_requests;
DROP TABLE score_events;
