package scores

import (
	"context"
	"fmt"
	"time"

	"github.com/practicum-dev/practicum/lessons"
)

// Reason is why a submission is in the review queue, in queue order.
type Reason int

const (
	// ReasonRequested: the learner asked for a review after the latest
	// review event (or before any).
	ReasonRequested Reason = iota + 1
	// ReasonProvisional: the auto score is provisional (the scorer's own
	// signals say it may be wrong) and no one has reviewed it.
	ReasonProvisional
	// ReasonLowConfidence: the auto-scorer was unsure and no one has
	// reviewed it.
	ReasonLowConfidence
	// ReasonMiddling: a total of 2 or 3, where one criterion decides the
	// outcome, and no one has reviewed it.
	ReasonMiddling
)

// LowConfidence is the scorer confidence below which an unreviewed answer
// goes to the queue.
const LowConfidence = 0.6

// QueueItem is a submission needing a human.
type QueueItem struct {
	ResponseID                                    int64
	LearnerName, Course, Lesson, LessonTitle, Key string
	Kind                                          string
	At                                            time.Time // submitted
	Total                                         int       // the current total
	Reason                                        Reason
	Request                                       string    // ReasonRequested: the oldest open request's reason
	RequestedAt                                   time.Time // and when it was made
	Confidence                                    float64   // the auto-scorer's
}

// Why says in words why the item is in the queue.
func (q QueueItem) Why() string {
	switch q.Reason {
	case ReasonRequested:
		return "Review requested: " + q.Request
	case ReasonProvisional:
		return fmt.Sprintf("Provisional score: the scorer may be wrong (confidence %.2f)", q.Confidence)
	case ReasonLowConfidence:
		return fmt.Sprintf("Low scorer confidence (%.2f)", q.Confidence)
	case ReasonMiddling:
		return fmt.Sprintf("Middling total (%d of 4)", q.Total)
	}
	return ""
}

// Queue lists up to limit submissions needing a human, in this order:
// those with an open review request; then provisional auto scores with no
// review; then auto-scored answers with scorer confidence below
// LowConfidence and no review; then unreviewed auto totals of 2 or 3. The
// last two consider only each learner's current answer to an item: an
// answer they have since replaced needs no reviewer's time unless they
// ask.
//
// Within each of those groups learners take turns: every learner's oldest
// item (oldest request, or oldest answer), oldest first, then every
// learner's second, and so on. So one learner with many answers in a
// group cannot push everyone else's off the page.
func (s *Store) Queue(ctx context.Context, limit int) ([]QueueItem, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.pool.Query(ctx, `
		WITH scored AS (
			SELECT x.id, x.user_id, x.revision_id, x.item_key, x.kind, x.created_at,
			       a.total AS auto_total, a.confidence AS auto_confidence, a.provisional AS auto_provisional,
			       rvw.total AS review_total, rvw.created_at AS reviewed_at,
			       NOT EXISTS (
			           SELECT 1 FROM responses y JOIN lesson_revisions yr ON yr.id = y.revision_id
			           WHERE y.user_id = x.user_id AND y.item_key = x.item_key AND yr.lesson_id = rv.lesson_id
			             AND (y.created_at, y.id) > (x.created_at, x.id)) AS current_answer
			FROM responses x
			JOIN lesson_revisions rv ON rv.id = x.revision_id
			LEFT JOIN LATERAL (
			    SELECT e.id, e.total, e.confidence, e.provisional FROM score_events e
			    WHERE e.response_id = x.id AND e.kind = 'auto'
			    ORDER BY e.id DESC LIMIT 1) a ON true
			LEFT JOIN LATERAL (
			    SELECT e.total, e.created_at FROM score_events e
			    WHERE e.response_id = x.id AND e.kind = 'review'
			    ORDER BY e.id DESC LIMIT 1) rvw ON true
			WHERE x.kind = ANY($3) AND (a.id IS NOT NULL OR rvw.total IS NOT NULL)
		), queued AS (
			SELECT s.*, req.reason, req.created_at AS requested_at,
			       CASE WHEN req.reason IS NOT NULL THEN 1
			            WHEN s.reviewed_at IS NULL AND s.current_answer AND s.auto_provisional THEN 2
			            WHEN s.reviewed_at IS NULL AND s.current_answer AND s.auto_confidence < $2::real THEN 3
			            WHEN s.reviewed_at IS NULL AND s.current_answer AND s.auto_total IN (2, 3) THEN 4
			       END AS why
			FROM scored s
			LEFT JOIN LATERAL (
			    SELECT q.reason, q.created_at FROM review_requests q
			    WHERE q.response_id = s.id AND (s.reviewed_at IS NULL OR q.created_at > s.reviewed_at)
			    ORDER BY q.created_at, q.id LIMIT 1) req ON true
		)
		SELECT q.id, u.display_name, c.slug, l.slug, rv.title, q.item_key, q.kind, q.created_at,
		       coalesce(q.review_total, q.auto_total), q.why, coalesce(q.reason, ''),
		       q.requested_at, coalesce(q.auto_confidence::numeric::float8, 0),
		       row_number() OVER (PARTITION BY q.why, q.user_id ORDER BY coalesce(q.requested_at, q.created_at), q.id) AS turn
		FROM queued q
		JOIN users u ON u.id = q.user_id
		JOIN lesson_revisions rv ON rv.id = q.revision_id
		JOIN lessons l ON l.id = rv.lesson_id
		JOIN courses c ON c.id = l.course_id
		WHERE q.why IS NOT NULL
		ORDER BY q.why, turn, coalesce(q.requested_at, q.created_at), q.id
		LIMIT $1`, limit, LowConfidence, lessons.ScoredKinds())
	if err != nil {
		return nil, fmt.Errorf("reading the review queue: %w", err)
	}
	defer rows.Close()
	var out []QueueItem
	for rows.Next() {
		var q QueueItem
		var requested *time.Time
		if err := rows.Scan(&q.ResponseID, &q.LearnerName, &q.Course, &q.Lesson, &q.LessonTitle, &q.Key, &q.Kind, &q.At,
			&q.Total, &q.Reason, &q.Request, &requested, &q.Confidence, nil); err != nil {
			return nil, fmt.Errorf("reading the review queue: %w", err)
		}
		if requested != nil {
			q.RequestedAt = *requested
		}
		out = append(out, q)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading the review queue: %w", err)
	}
	return out, nil
}
