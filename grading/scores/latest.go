package scores

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
)

// DecodeLatest decodes what scores_latest (see
// migrations/00007_lesson_page.sql) read: a learner's latest scored answer
// per item of a lesson, by item key; nil is none.
func DecodeLatest(b []byte) (map[string]Submission, error) {
	out := map[string]Submission{}
	if b == nil { // no such lesson
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
	if err := json.Unmarshal(b, &raw); err != nil {
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
// query: scores_latest, as the lesson page reads it. Items never answered,
// or answered only before scoring existed, are absent.
func (s *Store) LatestFor(ctx context.Context, userID int64, course, lesson string) (map[string]Submission, error) {
	var b []byte
	err := s.pool.QueryRow(ctx, `SELECT sc.latest
		FROM courses c JOIN lessons l ON l.course_id = c.id
		CROSS JOIN LATERAL scores_latest($1, l.id, $2) sc
		WHERE c.slug = $3 AND l.slug = $4`, userID, lessons.ScoredKinds(), course, lesson).Scan(&b)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("reading scored answers on %s/%s: %w", course, lesson, err)
	}
	return DecodeLatest(b)
}
