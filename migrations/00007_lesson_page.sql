-- +goose Up
-- The lesson page reads the lesson, the signed-in learner's account, their
-- answers and their scores in one query (lessons/catalog/lesson_page.go).
-- The learner's three parts are functions, each defined for the package
-- that owns what it reads and decoded by that package, and called with
-- explicit arguments: Postgres checks every call against the name and
-- argument types, and, the bodies being SQL-standard (BEGIN ATOMIC), checks
-- the tables and columns they read when they are created and refuses a
-- later migration that would drop one from under them.
--
-- Each is one STABLE SELECT returning a set, so the planner inlines it into
-- the calling query: the page is still planned as one statement.

-- web/auth: the account with this id as JSON, no row when there is none.
-- Decoded by auth.DecodeAccount; auth's TestAccountFunction holds it to
-- Store.ByID.
-- +goose StatementBegin
CREATE FUNCTION auth_account(account_id bigint) RETURNS TABLE (account json)
LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT json_build_object('id', u.id, 'email', u.email, 'display_name', u.display_name,
                             'role', u.role, 'created_at', u.created_at)
    FROM users u
    WHERE u.id = account_id;
END;
-- +goose StatementEnd

-- lessons/progress: a learner's answers on a lesson, in any of its
-- revisions: the latest attempt per checkpoint with the count, and every
-- response oldest first. Decoded by progress.DecodeLessonState; it is what
-- Store.LessonState reads.
-- +goose StatementBegin
CREATE FUNCTION progress_lesson_state(learner bigint, lesson bigint) RETURNS TABLE (state json)
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

-- grading/scores: a learner's latest scored answer per item on a lesson, in
-- any of its revisions, with its score history and review requests, as a
-- JSON array. scored_kinds is lessons.ScoredKinds(). Items never answered,
-- or answered only before scoring existed, are absent. Decoded by
-- scores.DecodeLatest; it is what Store.LatestFor reads, and TestLatestFor
-- holds each entry to Store.Submission.
-- +goose StatementBegin
CREATE FUNCTION scores_latest(learner bigint, lesson bigint, scored_kinds text[]) RETURNS TABLE (latest json)
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

-- +goose Down
DROP FUNCTION scores_latest(bigint, bigint, text[]);
DROP FUNCTION progress_lesson_state(bigint, bigint);
DROP FUNCTION auth_account(bigint);
