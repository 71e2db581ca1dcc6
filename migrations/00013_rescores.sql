-- +goose Up
-- Re-scoring existing answers when a revision changes an item's rubric
-- (issue 14, item 5). River's own tables (river_job and the rest) are not
-- here: River's migrator applies them after these files (migrations.go),
-- so River's schema follows the River version in go.mod without its SQL
-- being copied in.

-- An answer may now have several auto events, one per rubric revision it
-- was scored against: the one given when it was submitted, and one for
-- each later revision it was re-scored against. At most one per revision,
-- so a retried job cannot add a second (it inserts ON CONFLICT DO
-- NOTHING). The current score is still the latest review, else the latest
-- auto event: a reviewer's override is never replaced by a re-score.
DROP INDEX score_events_one_auto;
CREATE UNIQUE INDEX score_events_one_auto ON score_events (response_id, rubric_revision_id) WHERE kind = 'auto';

-- A re-scoring an instructor asked for when publishing a revision: the
-- answers to one item that were scored against a different rubric, each
-- to be scored again against revision_id. The jobs that do it are River's;
-- which answers are done is read from score_events.
CREATE TABLE rescores (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    revision_id  bigint NOT NULL REFERENCES lesson_revisions (id) ON DELETE CASCADE,
    item_key     text NOT NULL,
    requested_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (revision_id, item_key)
);

CREATE TABLE rescore_answers (
    rescore_id  bigint NOT NULL REFERENCES rescores (id) ON DELETE CASCADE,
    response_id bigint NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
    PRIMARY KEY (rescore_id, response_id)
);
-- Deleting an account deletes its responses, and these rows with them.
CREATE INDEX rescore_answers_response_idx ON rescore_answers (response_id);

-- scores_latest, as in 00007, with each event's rubric revision number,
-- so that a learner's history can say which revision re-scored an answer.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION scores_latest(learner bigint, lesson bigint, scored_kinds text[]) RETURNS TABLE (latest json)
LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT coalesce(json_agg(json_build_object(
        'response_id', x.id, 'user_id', x.user_id, 'learner_name', lu.display_name,
        'course', c.slug, 'lesson', l.slug, 'lesson_title', rv.title, 'key', x.item_key,
        'kind', x.kind, 'answer', x.answer, 'confidence', x.confidence, 'revision_id', x.revision_id,
        'revision_number', rv.number, 'at', x.created_at,
        'history', (SELECT coalesce(json_agg(json_build_object(
                'id', e.id, 'response_id', e.response_id, 'kind', e.kind, 'scores', e.scores, 'total', e.total,
                'detail', e.detail, 'confidence', e.confidence, 'provisional', e.provisional, 'notes', e.notes,
                'reviewer_id', e.reviewer_id, 'reviewer_name', ru.display_name,
                'rubric_revision_id', e.rubric_revision_id, 'rubric_revision_number', er.number,
                'scorer_version', e.scorer_version,
                'based_on', e.based_on_event_id, 'at', e.created_at) ORDER BY e.id), '[]')
            FROM score_events e LEFT JOIN users ru ON ru.id = e.reviewer_id
            JOIN lesson_revisions er ON er.id = e.rubric_revision_id
            WHERE e.response_id = x.id),
        'requests', (SELECT coalesce(json_agg(json_build_object(
                'id', q.id, 'user_id', q.user_id, 'reason', q.reason, 'at', q.created_at) ORDER BY q.created_at, q.id), '[]')
            FROM review_requests q
            WHERE q.response_id = x.id))), '[]')
    FROM (SELECT DISTINCT ON (y.item_key) y.id, y.user_id, y.item_key, y.kind, y.answer, y.confidence,
                 y.revision_id, y.created_at
          FROM responses y
          WHERE y.user_id = learner AND y.kind = ANY (scored_kinds)
            AND y.revision_id IN (SELECT r.id FROM lesson_revisions r WHERE r.lesson_id = lesson)
            AND EXISTS (SELECT 1 FROM score_events se WHERE se.response_id = y.id)
          ORDER BY y.item_key, y.created_at DESC, y.id DESC) x
    JOIN users lu ON lu.id = x.user_id
    JOIN lesson_revisions rv ON rv.id = x.revision_id
    JOIN lessons l ON l.id = rv.lesson_id
    JOIN courses c ON c.id = l.course_id;
END;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION scores_latest(learner bigint, lesson bigint, scored_kinds text[]) RETURNS TABLE (latest json)
LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT coalesce(json_agg(json_build_object(
        'response_id', x.id, 'user_id', x.user_id, 'learner_name', lu.display_name,
        'course', c.slug, 'lesson', l.slug, 'lesson_title', rv.title, 'key', x.item_key,
        'kind', x.kind, 'answer', x.answer, 'confidence', x.confidence, 'revision_id', x.revision_id,
        'revision_number', rv.number, 'at', x.created_at,
        'history', (SELECT coalesce(json_agg(json_build_object(
                'id', e.id, 'response_id', e.response_id, 'kind', e.kind, 'scores', e.scores, 'total', e.total,
                'detail', e.detail, 'confidence', e.confidence, 'provisional', e.provisional, 'notes', e.notes,
                'reviewer_id', e.reviewer_id, 'reviewer_name', ru.display_name,
                'rubric_revision_id', e.rubric_revision_id, 'scorer_version', e.scorer_version,
                'based_on', e.based_on_event_id, 'at', e.created_at) ORDER BY e.id), '[]')
            FROM score_events e LEFT JOIN users ru ON ru.id = e.reviewer_id
            WHERE e.response_id = x.id),
        'requests', (SELECT coalesce(json_agg(json_build_object(
                'id', q.id, 'user_id', q.user_id, 'reason', q.reason, 'at', q.created_at) ORDER BY q.created_at, q.id), '[]')
            FROM review_requests q
            WHERE q.response_id = x.id))), '[]')
    FROM (SELECT DISTINCT ON (y.item_key) y.id, y.user_id, y.item_key, y.kind, y.answer, y.confidence,
                 y.revision_id, y.created_at
          FROM responses y
          WHERE y.user_id = learner AND y.kind = ANY (scored_kinds)
            AND y.revision_id IN (SELECT r.id FROM lesson_revisions r WHERE r.lesson_id = lesson)
            AND EXISTS (SELECT 1 FROM score_events se WHERE se.response_id = y.id)
          ORDER BY y.item_key, y.created_at DESC, y.id DESC) x
    JOIN users lu ON lu.id = x.user_id
    JOIN lesson_revisions rv ON rv.id = x.revision_id
    JOIN lessons l ON l.id = rv.lesson_id
    JOIN courses c ON c.id = l.course_id;
END;
-- +goose StatementEnd
DROP TABLE rescore_answers;
DROP TABLE rescores;
-- Rolling back loses the re-scores: the old index allowed one auto event
-- per answer, the one given against the revision answered.
UPDATE score_events SET based_on_event_id = NULL WHERE based_on_event_id IN (
    SELECT e.id FROM score_events e JOIN responses x ON x.id = e.response_id
    WHERE e.kind = 'auto' AND e.rubric_revision_id <> x.revision_id);
DELETE FROM score_events e USING responses x
    WHERE e.response_id = x.id AND e.kind = 'auto' AND e.rubric_revision_id <> x.revision_id;
DROP INDEX score_events_one_auto;
CREATE UNIQUE INDEX score_events_one_auto ON score_events (response_id) WHERE kind = 'auto';
