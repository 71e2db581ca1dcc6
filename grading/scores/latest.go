package scores

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
)

// LatestColumn reads, per item key, a learner's latest scored answer on a
// lesson in another query that has the lesson as l and its course as c:
// catalog.Lesson's, so that a signed-in lesson page is one round trip. It
// is a catalog.Column.
type LatestColumn struct {
	userID int64
	raw    []byte
}

// NewLatestColumn reads userID's scored answers.
func NewLatestColumn(userID int64) *LatestColumn { return &LatestColumn{userID: userID} }

// Expr is the latest scored exercise and probe answer per item, in any
// revision of lesson l, with its history and review requests, as JSON.
// Items never answered, or answered only before scoring existed, are
// absent.
func (c *LatestColumn) Expr(arg func(any) string) string {
	return `(SELECT coalesce(json_agg(json_build_object(
		'response_id', x.id, 'user_id', x.user_id, 'learner_name', lu.display_name,
		'course', c.slug, 'lesson', l.slug, 'lesson_title', rv.title, 'key', x.item_key,
		'kind', x.kind, 'answer', x.answer, 'confidence', x.confidence, 'revision_id', x.revision_id,
		'revision_number', rv.number, 'at', x.created_at, 'history', ` + historyJSON + `, 'requests', ` + requestsJSON + `)), '[]')
	FROM (SELECT DISTINCT ON (y.item_key) y.* FROM responses y
		WHERE y.user_id = ` + arg(c.userID) + ` AND y.kind = ANY(` + arg(lessons.ScoredKinds()) + `)
		  AND y.revision_id IN (SELECT id FROM lesson_revisions WHERE lesson_id = l.id)
		  AND EXISTS (SELECT 1 FROM score_events se WHERE se.response_id = y.id)
		ORDER BY y.item_key, y.created_at DESC, y.id DESC) x
	JOIN users lu ON lu.id = x.user_id
	JOIN lesson_revisions rv ON rv.id = x.revision_id)`
}

func (c *LatestColumn) Dest() any { return &c.raw }

// Submissions is what was read, by item key.
func (c *LatestColumn) Submissions() (map[string]Submission, error) {
	out := map[string]Submission{}
	if c.raw == nil { // no such lesson
		return out, nil
	}
	var raw []struct {
		ResponseID  int64     `json:"response_id"`
		UserID      int64     `json:"user_id"`
		LearnerName string    `json:"learner_name"`
		Course      string    `json:"course"`
		Lesson      string    `json:"lesson"`
		LessonTitle string    `json:"lesson_title"`
		Key         string    `json:"key"`
		Kind        string    `json:"kind"`
		Answer      string    `json:"answer"`
		Confidence  string    `json:"confidence"`
		RevisionID  int64     `json:"revision_id"`
		RevisionNum int       `json:"revision_number"`
		At          time.Time `json:"at"`
		History     []Event   `json:"history"`
		Requests    []Request `json:"requests"`
	}
	if err := json.Unmarshal(c.raw, &raw); err != nil {
		return nil, fmt.Errorf("decoding scored answers: %w", err)
	}
	for _, r := range raw {
		out[r.Key] = Submission{ResponseID: r.ResponseID, UserID: r.UserID, LearnerName: r.LearnerName,
			Course: r.Course, Lesson: r.Lesson, LessonTitle: r.LessonTitle, Key: r.Key,
			Kind: r.Kind, Answer: r.Answer, Confidence: r.Confidence, RevisionID: r.RevisionID, RevisionNumber: r.RevisionNum, At: r.At,
			History: r.History, Requests: r.Requests}
	}
	return out, nil
}

// LatestFor returns, per item key, a learner's latest scored answer on one
// lesson (in any of its revisions) with its history and requests, in one
// query. Items never answered, or answered only before scoring existed,
// are absent.
func (s *Store) LatestFor(ctx context.Context, userID int64, course, lesson string) (map[string]Submission, error) {
	c := NewLatestColumn(userID)
	args := []any{course, lesson}
	expr := c.Expr(func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	})
	err := s.pool.QueryRow(ctx, `SELECT `+expr+`
		FROM courses c JOIN lessons l ON l.course_id = c.id WHERE c.slug = $1 AND l.slug = $2`,
		args...).Scan(c.Dest())
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("reading scored answers on %s/%s: %w", course, lesson, err)
	}
	return c.Submissions()
}
