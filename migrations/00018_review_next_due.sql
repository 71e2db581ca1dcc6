-- +goose Up
-- A server keeps each signed-in learner's part of the lesson page in
-- memory (web/learnercache) and reads it again when the learner's work
-- changes (lessons/learnerchanges). One thing in it changes with the
-- clock alone: the navigation's count of due review cards (review_due),
-- which grows when a card falls due. So the learner's part is read with
-- the time its next live card falls due, and kept no longer than that.

-- lessons/review: when the next of the learner's live cards (those
-- review_due counts) falls due after `at`; NULL when none will.
-- +goose StatementBegin
CREATE FUNCTION review_next_due(learner bigint, at timestamptz) RETURNS TABLE (next_due timestamptz)
LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT min(c.due) FROM review_live_cards(learner) c WHERE c.due > at;
END;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION review_next_due(bigint, timestamptz);
