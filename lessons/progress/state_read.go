package progress

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
)

// StateColumn reads a learner's state on a lesson in another query that has
// the lesson as l: catalog.Lesson's, so that a signed-in lesson page is one
// round trip. It is a catalog.Column.
type StateColumn struct {
	userID int64
	raw    []byte
}

// NewStateColumn reads userID's answers.
func NewStateColumn(userID int64) *StateColumn { return &StateColumn{userID: userID} }

// Expr is the latest attempt per checkpoint with the count, and every
// response oldest first, on any revision of lesson l, as JSON.
func (c *StateColumn) Expr(arg func(any) string) string {
	u := arg(c.userID)
	return `(SELECT json_build_object(
		'last', (SELECT coalesce(json_agg(t), '[]') FROM (
			SELECT DISTINCT ON (a.item_key) a.revision_id AS rev, a.item_key AS key, a.option, a.correct,
			       count(*) OVER (PARTITION BY a.item_key) AS n, a.answered_at AS at
			FROM checkpoint_attempts a
			WHERE a.user_id = ` + u + ` AND a.revision_id IN (SELECT id FROM lesson_revisions WHERE lesson_id = l.id)
			ORDER BY a.item_key, a.answered_at DESC, a.id DESC) t),
		'responses', (SELECT coalesce(json_agg(json_build_object(
			'rev', x.revision_id, 'key', x.item_key, 'kind', x.kind, 'answer', x.answer,
			'confidence', x.confidence, 'at', x.created_at) ORDER BY x.created_at, x.id), '[]')
			FROM responses x
			WHERE x.user_id = ` + u + ` AND x.revision_id IN (SELECT id FROM lesson_revisions WHERE lesson_id = l.id))))`
}

func (c *StateColumn) Dest() any { return &c.raw }

// State is what was read, on the lesson with these slugs.
func (c *StateColumn) State(course, lesson string) (LessonState, error) {
	var raw struct {
		Last []struct {
			Rev     int64     `json:"rev"`
			Key     string    `json:"key"`
			Option  int       `json:"option"`
			Correct bool      `json:"correct"`
			N       int       `json:"n"`
			At      time.Time `json:"at"`
		} `json:"last"`
		Responses []struct {
			Rev        int64     `json:"rev"`
			Key        string    `json:"key"`
			Kind       string    `json:"kind"`
			Answer     string    `json:"answer"`
			Confidence string    `json:"confidence"`
			At         time.Time `json:"at"`
		} `json:"responses"`
	}
	st := newLessonState()
	if c.raw == nil { // no such lesson
		return st, nil
	}
	if err := json.Unmarshal(c.raw, &raw); err != nil {
		return st, fmt.Errorf("decoding answers on %s/%s: %w", course, lesson, err)
	}
	for _, a := range raw.Last {
		st.Last[a.Key] = Attempt{Course: course, Lesson: lesson, RevisionID: a.Rev, Key: a.Key, Option: a.Option, Correct: a.Correct, At: a.At}
		st.Attempts[a.Key] = a.N
	}
	for _, r := range raw.Responses {
		st.Responses[r.Key] = append(st.Responses[r.Key], Response{Course: course, Lesson: lesson, RevisionID: r.Rev, Key: r.Key,
			Kind: lessons.Kind(r.Kind), Answer: r.Answer, Confidence: Confidence(r.Confidence), At: r.At})
	}
	return st, nil
}

// LessonState returns a learner's answers on one lesson, in any revision:
// the latest attempt per checkpoint with the count, and every response.
func (s *Store) LessonState(ctx context.Context, userID int64, course, lesson string) (LessonState, error) {
	c := NewStateColumn(userID)
	err := s.pool.QueryRow(ctx, `SELECT `+c.Expr(func(any) string { return "$1" })+`
		FROM courses cs JOIN lessons l ON l.course_id = cs.id WHERE cs.slug = $2 AND l.slug = $3`,
		userID, course, lesson).Scan(c.Dest())
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return LessonState{}, fmt.Errorf("reading answers: %w", err)
	}
	return c.State(course, lesson)
}
