-- +goose Up
-- Every checkpoint answer is kept; the first per item counts for accuracy.
CREATE TABLE checkpoint_attempts (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    revision_id bigint NOT NULL REFERENCES lesson_revisions (id),
    item_key    text NOT NULL,
    option      int NOT NULL CHECK (option >= 0),
    correct     boolean NOT NULL,
    answered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkpoint_attempts_user_idx ON checkpoint_attempts (user_id, answered_at);
-- The lesson page reads the latest attempt per item of one learner's lesson.
CREATE INDEX checkpoint_attempts_item_idx ON checkpoint_attempts (user_id, revision_id, item_key, answered_at DESC);

-- Free responses (exercises, probes, explain-it-back). Editing adds a row;
-- the latest per item is the current answer, the rest are its history.
CREATE TABLE responses (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    revision_id bigint NOT NULL REFERENCES lesson_revisions (id),
    item_key    text NOT NULL,
    kind        text NOT NULL CHECK (kind IN ('exercise', 'probe', 'explain')),
    answer      text NOT NULL CHECK (length(answer) BETWEEN 1 AND 10000),
    confidence  text NOT NULL CHECK (confidence IN ('not-yet', 'getting-there', 'confident')),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX responses_user_idx ON responses (user_id, created_at);
CREATE INDEX responses_item_idx ON responses (user_id, revision_id, item_key);

-- +goose Down
DROP TABLE responses;
DROP TABLE checkpoint_attempts;
