-- +goose Up
-- Reviews a learner has not yet seen (issue 12, item 4): the dashboard
-- lists the reviews finished since the learner's last visit to it, and
-- every page's navigation counts them with the reviews still in progress.
--
-- A review is news from the moment it is saved (scores.Store.Override
-- adds its row in the review's own transaction) until the dashboard shows
-- it (scores.Store.TakeNews deletes the rows it shows, in the statement
-- that reads them). So "since the last visit" is exact — a review saved
-- while the dashboard is being read is either shown now or kept for the
-- next visit — and counting it on every page reads this learner's few
-- rows, where a last-visit timestamp would have to be compared with the
-- review events of every answer the learner ever wrote (score_events has
-- no learner column to index).
CREATE TABLE review_news (
    event_id bigint PRIMARY KEY REFERENCES score_events (id) ON DELETE CASCADE,
    user_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX review_news_user_idx ON review_news (user_id);

-- grading/scores: what the navigation counts for a learner, as JSON: their
-- review requests no reviewer has answered yet ("requested") and the
-- reviews finished since they last saw the dashboard ("finished").
-- Decoded by scores.DecodeNews; it is what Store.NewsCount reads, and the
-- lesson page reads it in its own query (lessons/catalog/lesson_page.go),
-- like the functions of 00007_lesson_page.sql.
-- +goose StatementBegin
CREATE FUNCTION scores_review_news(learner bigint) RETURNS TABLE (news json)
LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT json_build_object(
        'requested', (SELECT count(*) FROM review_requests q WHERE q.user_id = learner AND q.closed_at IS NULL),
        'finished', (SELECT count(*) FROM review_news n WHERE n.user_id = learner));
END;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION scores_review_news(bigint);
DROP TABLE review_news;
