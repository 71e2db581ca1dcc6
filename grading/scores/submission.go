package scores

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Request is a learner's request for a human review of a scored answer.
type Request struct {
	ID     int64     `json:"id"`
	UserID int64     `json:"user_id"`
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

// Submission is one stored answer with where it was given, its whole score
// history and the review requests made about it.
type Submission struct {
	ResponseID, UserID                            int64
	LearnerName, Course, Lesson, LessonTitle, Key string
	Kind, Answer, Confidence                      string
	RevisionID                                    int64
	RevisionNumber                                int // the lesson revision answered, as authors number them
	At                                            time.Time
	// AfterReveal is true when the learner had seen the item's model
	// solution or strong answer before writing this version.
	AfterReveal bool
	History     []Event   // oldest first
	Requests    []Request // oldest first
}

// Current is the submission's score that counts (see Current).
func (s Submission) Current() Event { return Current(s.History) }

// Latest is the newest event, whatever its kind: the one a reviewer's
// decision must be based on. The zero Event when never scored.
func (s Submission) Latest() Event { return latest(s.History) }

// Auto is the latest auto event, if there is one: the score given against
// the newest rubric the answer was scored with.
func (s Submission) Auto() (Event, bool) { return LatestAuto(s.History) }

// OpenRequests are the review requests made after the latest review
// event: the ones no reviewer has answered yet.
func (s Submission) OpenRequests() []Request {
	var reviewed time.Time
	for _, e := range s.History {
		if e.Kind == KindReview {
			reviewed = e.At
		}
	}
	var out []Request
	for _, r := range s.Requests {
		if r.At.After(reviewed) {
			out = append(out, r)
		}
	}
	return out
}

const requestsJSON = `(SELECT coalesce(json_agg(json_build_object(
		'id', q.id, 'user_id', q.user_id, 'reason', q.reason, 'at', q.created_at) ORDER BY q.created_at, q.id), '[]')
	FROM review_requests q WHERE q.response_id = x.id)`

// submissionColumns reads a submission from responses x.
const submissionColumns = `x.id, x.user_id, lu.display_name, c.slug, l.slug, rv.title, x.item_key,
	x.kind, x.answer, x.confidence, x.revision_id, rv.number, x.created_at, x.after_reveal, ` + historyJSON + `, ` + requestsJSON

const submissionJoins = `
	JOIN users lu ON lu.id = x.user_id
	JOIN lesson_revisions rv ON rv.id = x.revision_id
	JOIN lessons l ON l.id = rv.lesson_id
	JOIN courses c ON c.id = l.course_id`

func scanSubmission(row pgx.Row) (Submission, error) {
	var s Submission
	var history, requests []byte
	err := row.Scan(&s.ResponseID, &s.UserID, &s.LearnerName, &s.Course, &s.Lesson, &s.LessonTitle, &s.Key,
		&s.Kind, &s.Answer, &s.Confidence, &s.RevisionID, &s.RevisionNumber, &s.At, &s.AfterReveal, &history, &requests)
	if err != nil {
		return s, err
	}
	if s.History, err = decodeEvents(history); err != nil {
		return s, err
	}
	if err := json.Unmarshal(requests, &s.Requests); err != nil {
		return s, fmt.Errorf("decoding review requests: %w", err)
	}
	return s, nil
}

// Submission returns one response with its history and requests, in one
// query.
func (s *Store) Submission(ctx context.Context, responseID int64) (Submission, error) {
	sub, err := scanSubmission(s.pool.QueryRow(ctx, `SELECT `+submissionColumns+` FROM responses x `+submissionJoins+`
		WHERE x.id = $1`, responseID))
	if errors.Is(err, pgx.ErrNoRows) {
		return sub, fmt.Errorf("response %d: %w", responseID, postgres.ErrNotFound)
	}
	if err != nil {
		return sub, fmt.Errorf("reading response %d: %w", responseID, err)
	}
	return sub, nil
}
