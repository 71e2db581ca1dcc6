-- +goose Up
-- Teaching (issue 12, item 5): a learner who asks to see an item's answer
-- — a checkpoint's correct option, an exercise's model solution, a probe's
-- strong answer — has it shown from then on, and an answer written after
-- seeing it says so in its history. Asking is allowed only after a first
-- attempt at the item (lessons/progress checks it in the same statement
-- that records the reveal).

-- One row per learner × item revealed, against the revision they were
-- shown; keys are stable between revisions, so a reveal counts on the
-- lesson's later revisions too.
CREATE TABLE reveals (
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    revision_id bigint NOT NULL REFERENCES lesson_revisions (id) ON DELETE CASCADE,
    item_key    text NOT NULL,
    revealed_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, revision_id, item_key)
);

-- Whether the learner had seen the item's answer when they wrote this
-- version. Decided when the version is stored and never changed.
ALTER TABLE responses ADD COLUMN after_reveal boolean NOT NULL DEFAULT false;

-- An anonymous visitor's reveal is kept on their row for the item (a
-- reveal needs an attempt, so the row exists), and moves into the account
-- at sign-up with the answers.
ALTER TABLE anonymous_answers ADD COLUMN revealed_at timestamptz,
                              ADD COLUMN after_reveal boolean NOT NULL DEFAULT false;

-- lessons/progress: progress_lesson_state (00007) with the items whose
-- answer the learner has revealed ('reveals') and each response's
-- after_reveal ('after'). Decoded by progress.DecodeLessonState.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION progress_lesson_state(learner bigint, lesson bigint) RETURNS TABLE (state json)
LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT json_build_object(
        'last', (SELECT coalesce(json_agg(t), '[]') FROM (
            SELECT DISTINCT ON (a.item_key) a.revision_id AS rev, a.item_key AS key, a.option, a.correct,
                   count(*) OVER (PARTITION BY a.item_key) AS n, a.answered_at AS at
            FROM checkpoint_attempts a
            WHERE a.user_id = learner
              AND a.revision_id IN (SELECT r.id FROM lesson_revisions r WHERE r.lesson_id = lesson)
            ORDER BY a.item_key, a.answered_at DESC, a.id DESC) t),
        'responses', (SELECT coalesce(json_agg(json_build_object(
                'rev', x.revision_id, 'key', x.item_key, 'kind', x.kind, 'answer', x.answer,
                'confidence', x.confidence, 'at', x.created_at, 'after', x.after_reveal) ORDER BY x.created_at, x.id), '[]')
            FROM responses x
            WHERE x.user_id = learner
              AND x.revision_id IN (SELECT r.id FROM lesson_revisions r WHERE r.lesson_id = lesson)),
        'reveals', (SELECT coalesce(json_agg(DISTINCT v.item_key), '[]')
            FROM reveals v
            WHERE v.user_id = learner
              AND v.revision_id IN (SELECT r.id FROM lesson_revisions r WHERE r.lesson_id = lesson)));
END;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION progress_lesson_state(learner bigint, lesson bigint) RETURNS TABLE (state json)
LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT json_build_object(
        'last', (SELECT coalesce(json_agg(t), '[]') FROM (
            SELECT DISTINCT ON (a.item_key) a.revision_id AS rev, a.item_key AS key, a.option, a.correct,
                   count(*) OVER (PARTITION BY a.item_key) AS n, a.answered_at AS at
            FROM checkpoint_attempts a
            WHERE a.user_id = learner
              AND a.revision_id IN (SELECT r.id FROM lesson_revisions r WHERE r.lesson_id = lesson)
            ORDER BY a.item_key, a.answered_at DESC, a.id DESC) t),
        'responses', (SELECT coalesce(json_agg(json_build_object(
                'rev', x.revision_id, 'key', x.item_key, 'kind', x.kind, 'answer', x.answer,
                'confidence', x.confidence, 'at', x.created_at) ORDER BY x.created_at, x.id), '[]')
            FROM responses x
            WHERE x.user_id = learner
              AND x.revision_id IN (SELECT r.id FROM lesson_revisions r WHERE r.lesson_id = lesson)));
END;
-- +goose StatementEnd
ALTER TABLE anonymous_answers DROP COLUMN after_reveal, DROP COLUMN revealed_at;
ALTER TABLE responses DROP COLUMN after_reveal;
DROP TABLE reveals;
