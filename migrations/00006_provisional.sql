-- +goose Up
-- An auto score the scorer itself doubts is provisional: learners see it
-- labelled as such and reviewers get it right after open review requests.
ALTER TABLE score_events ADD COLUMN provisional boolean NOT NULL DEFAULT false;
CREATE INDEX score_events_provisional_idx ON score_events (response_id) WHERE provisional;

-- +goose Down
DROP INDEX score_events_provisional_idx;
ALTER TABLE score_events DROP COLUMN provisional;
