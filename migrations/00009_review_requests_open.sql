-- +goose Up
-- A review request is open until a reviewer saves a review of its answer
-- (scores.Store.Override closes it then, in the same transaction). Until
-- now "open" was only derived (made after the answer's latest review);
-- closed_at keeps the same meaning in a column an index can hold, so that
-- an answer has at most one open request and a learner's open requests
-- can be counted.
ALTER TABLE review_requests ADD COLUMN closed_at timestamptz;

-- Requests a review has already answered are closed as of that review.
UPDATE review_requests q SET closed_at = r.at
FROM (SELECT response_id, max(created_at) AS at FROM score_events WHERE kind = 'review' GROUP BY response_id) r
WHERE r.response_id = q.response_id AND q.created_at <= r.at;

-- Of several open requests on one answer (asking again was allowed), the
-- oldest stays open and the rest close now: the queue showed only the
-- oldest anyway.
UPDATE review_requests q SET closed_at = now()
WHERE q.closed_at IS NULL AND EXISTS (
    SELECT 1 FROM review_requests o
    WHERE o.response_id = q.response_id AND o.closed_at IS NULL AND (o.created_at, o.id) < (q.created_at, q.id));

CREATE UNIQUE INDEX review_requests_one_open ON review_requests (response_id) WHERE closed_at IS NULL;
-- A learner's open requests, counted on every new one.
CREATE INDEX review_requests_open_by_user ON review_requests (user_id) WHERE closed_at IS NULL;

-- +goose Down
DROP INDEX review_requests_open_by_user;
DROP INDEX review_requests_one_open;
ALTER TABLE review_requests DROP COLUMN closed_at;
