package scores

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// ScoredWith counts the answers to one item whose latest auto score was
// given against one rubric revision: the answers a re-scoring against
// another revision would score again.
type ScoredWith struct {
	Key        string
	RevisionID int64 // the rubric revision of their latest auto event
	Answers    int
}

// currentAnswers is each learner's current answer to each scored item of
// a lesson — their latest, in any revision: earlier ones are history that
// no page shows as theirs now — with the rubric revision of its latest
// auto event. $1 and $2 are the course and lesson slugs, $3 the scored
// kinds.
const currentAnswers = `
	SELECT DISTINCT ON (x.user_id, x.item_key) x.id, x.item_key, a.rubric_revision_id
	FROM responses x
	JOIN lesson_revisions rv ON rv.id = x.revision_id
	JOIN LATERAL (
	    SELECT e.rubric_revision_id FROM score_events e
	    WHERE e.response_id = x.id AND e.kind = 'auto'
	    ORDER BY e.id DESC LIMIT 1) a ON true
	WHERE rv.lesson_id = (SELECT l.id FROM lessons l JOIN courses c ON c.id = l.course_id WHERE c.slug = $1 AND l.slug = $2)
	  AND x.kind = ANY($3)
	ORDER BY x.user_id, x.item_key, x.created_at DESC, x.id DESC`

// RescoreCandidates counts the learners' current scored answers on a
// lesson per item and the rubric revision their latest auto score was
// given against. q may be the caller's transaction.
func RescoreCandidates(ctx context.Context, q postgres.Querier, course, lesson string) ([]ScoredWith, error) {
	rows, err := q.Query(ctx, `
		WITH cur AS (`+currentAnswers+`)
		SELECT item_key, rubric_revision_id, count(*)::int FROM cur
		GROUP BY item_key, rubric_revision_id ORDER BY item_key, rubric_revision_id`,
		course, lesson, lessons.ScoredKinds())
	if err != nil {
		return nil, fmt.Errorf("counting the answers to re-score on %s/%s: %w", course, lesson, err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[ScoredWith])
	if err != nil {
		return nil, fmt.Errorf("counting the answers to re-score on %s/%s: %w", course, lesson, err)
	}
	return out, nil
}

// NewRescore is a re-scoring to record: the current answers to item Key of
// a lesson whose latest auto score was given against one of From, to be
// scored again against Revision.
type NewRescore struct {
	Course, Lesson, Key string
	Revision            int64
	From                []int64
	RequestedBy         int64
}

// StartRescore records a re-scoring and its answers inside the caller's
// transaction (the one that publishes Revision), and returns its id and
// the answers, by response id, for the jobs that will score them.
func StartRescore(ctx context.Context, tx pgx.Tx, n NewRescore) (id int64, responses []int64, err error) {
	err = tx.QueryRow(ctx, `INSERT INTO rescores (revision_id, item_key, requested_by) VALUES ($1, $2, nullif($3, 0::bigint)) RETURNING id`,
		n.Revision, n.Key, n.RequestedBy).Scan(&id)
	if err != nil {
		return 0, nil, fmt.Errorf("recording the re-scoring of %q: %w", n.Key, err)
	}
	rows, err := tx.Query(ctx, `
		WITH cur AS (`+currentAnswers+`)
		INSERT INTO rescore_answers (rescore_id, response_id)
		SELECT $4, id FROM cur WHERE item_key = $5 AND rubric_revision_id = ANY($6)
		RETURNING response_id`, n.Course, n.Lesson, lessons.ScoredKinds(), id, n.Key, n.From)
	if err != nil {
		return 0, nil, fmt.Errorf("recording the answers to re-score for %q: %w", n.Key, err)
	}
	responses, err = pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return 0, nil, fmt.Errorf("recording the answers to re-score for %q: %w", n.Key, err)
	}
	// Oldest answers first, so jobs cut from the list take them in order.
	slices.Sort(responses)
	return id, responses, nil
}

// Rescore is a re-scoring of one item's answers and how far it has got.
type Rescore struct {
	ID             int64
	Key            string
	RevisionID     int64
	RevisionNumber int
	RequestedBy    string // display name; empty when the account is gone
	At             time.Time
	// Answers is how many answers are to be re-scored (fewer as learners
	// delete their accounts); Done, how many have their new auto score.
	Answers, Done int
}

// Finished reports whether every answer has its new score.
func (r Rescore) Finished() bool { return r.Done >= r.Answers }

// Rescores returns the latest re-scoring of each item of a lesson that has
// had one, by item key.
func (s *Store) Rescores(ctx context.Context, course, lesson string) (map[string]Rescore, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT DISTINCT ON (r.item_key) r.id, r.item_key, r.revision_id, rv.number, coalesce(u.display_name, ''), r.created_at,
		       (SELECT count(*)::int FROM rescore_answers ra WHERE ra.rescore_id = r.id),
		       (SELECT count(*)::int FROM rescore_answers ra WHERE ra.rescore_id = r.id AND EXISTS (
		            SELECT 1 FROM score_events e
		            WHERE e.response_id = ra.response_id AND e.kind = 'auto' AND e.rubric_revision_id = r.revision_id))
		FROM rescores r
		JOIN lesson_revisions rv ON rv.id = r.revision_id
		JOIN lessons l ON l.id = rv.lesson_id
		JOIN courses c ON c.id = l.course_id
		LEFT JOIN users u ON u.id = r.requested_by
		WHERE c.slug = $1 AND l.slug = $2
		ORDER BY r.item_key, r.id DESC`, course, lesson)
	if err != nil {
		return nil, fmt.Errorf("reading the re-scorings of %s/%s: %w", course, lesson, err)
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Rescore])
	if err != nil {
		return nil, fmt.Errorf("reading the re-scorings of %s/%s: %w", course, lesson, err)
	}
	out := make(map[string]Rescore, len(list))
	for _, r := range list {
		out[r.Key] = r
	}
	return out, nil
}
