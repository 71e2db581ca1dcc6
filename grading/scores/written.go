package scores

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading"
)

// Status is where a written answer's score stands, as its learner is told.
type Status string

const (
	StatusNotScored       Status = "not scored" // an explain-it-back answer, or one saved before scoring existed
	StatusScored          Status = "scored"
	StatusProvisional     Status = "provisional" // the scorer doubts it; a reviewer will look
	StatusReviewRequested Status = "review requested"
	StatusReviewed        Status = "reviewed"
)

// StatusOf is the status of an answer whose current score is current
// (Current; the zero Event when never scored) and which has, or has not,
// a review request no reviewer has answered yet. A request asked after a
// review is in progress again, so it comes first.
func StatusOf(current Event, openRequest bool) Status {
	switch {
	case openRequest:
		return StatusReviewRequested
	case current.Kind == KindReview:
		return StatusReviewed
	case current.Kind == "":
		return StatusNotScored
	case current.Provisional:
		return StatusProvisional
	}
	return StatusScored
}

// Label is the status at the start of a sentence or in a table cell.
func (s Status) Label() string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(string(s[:1])) + string(s[1:])
}

// Status is the submission's status.
func (s Submission) Status() Status { return StatusOf(s.Current(), len(s.OpenRequests()) > 0) }

// Written is a learner's latest answer to one written item, in any
// revision of its lesson: what "your written answers" lists and what the
// dashboard's statistics count, one per item however often it was saved.
type Written struct {
	ResponseID                  int64
	Course, Lesson, LessonTitle string
	// CurrentRevision is the lesson's current revision, whose blocks
	// name the item as learners see it now.
	CurrentRevision       int64
	Key, Kind, Confidence string
	At                    time.Time // when the latest answer was saved
	Saves                 int       // how many times an answer to the item was saved
	Current               Event     // its score that counts; the zero Event when not scored
	OpenRequest           bool      // a review request no reviewer has answered yet
}

// Status is the latest answer's status.
func (w Written) Status() Status { return StatusOf(w.Current, w.OpenRequest) }

// Scored reports whether the latest answer has a score.
func (w Written) Scored() bool { return w.Current.Kind != "" }

// WrittenBy returns the learner's latest answer to every written item they
// answered, newest first, each with its current score (the latest review,
// else the latest automatic score) in one query.
func (s *Store) WrittenBy(ctx context.Context, userID int64) ([]Written, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT x.id, c.slug, l.slug, coalesce(cur.title, ''), coalesce(l.current_revision_id, 0),
		       x.item_key, x.kind, x.confidence, x.created_at, x.saves,
		       coalesce(ev.kind, ''), ev.scores, coalesce(ev.total, 0), coalesce(ev.provisional, false), coalesce(ev.created_at, x.created_at),
		       EXISTS (SELECT 1 FROM review_requests q WHERE q.response_id = x.id AND q.closed_at IS NULL)
		FROM (
			SELECT DISTINCT ON (r.lesson_id, y.item_key) y.id, r.lesson_id, y.item_key, y.kind, y.confidence, y.created_at,
			       count(*) OVER (PARTITION BY r.lesson_id, y.item_key) AS saves
			FROM responses y JOIN lesson_revisions r ON r.id = y.revision_id
			WHERE y.user_id = $1
			ORDER BY r.lesson_id, y.item_key, y.created_at DESC, y.id DESC) x
		JOIN lessons l ON l.id = x.lesson_id
		JOIN courses c ON c.id = l.course_id
		LEFT JOIN lesson_revisions cur ON cur.id = l.current_revision_id
		LEFT JOIN LATERAL (
			SELECT e.kind, e.scores, e.total, e.provisional, e.created_at FROM score_events e
			WHERE e.response_id = x.id
			ORDER BY e.kind = 'review' DESC, e.id DESC LIMIT 1) ev ON true
		ORDER BY x.created_at DESC, x.id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("reading the written answers of user %d: %w", userID, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Written, error) {
		var w Written
		var points []byte
		err := row.Scan(&w.ResponseID, &w.Course, &w.Lesson, &w.LessonTitle, &w.CurrentRevision,
			&w.Key, &w.Kind, &w.Confidence, &w.At, &w.Saves,
			&w.Current.Kind, &points, &w.Current.Total, &w.Current.Provisional, &w.Current.At, &w.OpenRequest)
		if err != nil || points == nil {
			return w, err
		}
		w.Current.ResponseID = w.ResponseID
		w.Current.Scores = map[grading.Criterion]int{}
		return w, json.Unmarshal(points, &w.Current.Scores)
	})
	if err != nil {
		return nil, fmt.Errorf("reading the written answers of user %d: %w", userID, err)
	}
	return out, nil
}
