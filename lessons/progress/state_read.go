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

// DecodeLessonState decodes what progress_lesson_state (see
// migrations/00007_lesson_page.sql) read of a learner's answers on the
// lesson with these slugs; nil is no answers.
func DecodeLessonState(b []byte, course, lesson string) (LessonState, error) {
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
			After      bool      `json:"after"`
		} `json:"responses"`
		Reveals []string `json:"reveals"`
	}
	st := newLessonState()
	if b == nil { // no such lesson
		return st, nil
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return st, fmt.Errorf("decoding answers on %s/%s: %w", course, lesson, err)
	}
	for _, a := range raw.Last {
		st.Last[a.Key] = Attempt{Course: course, Lesson: lesson, RevisionID: a.Rev, Key: a.Key, Option: a.Option, Correct: a.Correct, At: a.At}
		st.Attempts[a.Key] = a.N
	}
	for _, r := range raw.Responses {
		st.Responses[r.Key] = append(st.Responses[r.Key], Response{Course: course, Lesson: lesson, RevisionID: r.Rev, Key: r.Key,
			Kind: lessons.Kind(r.Kind), Answer: r.Answer, Confidence: Confidence(r.Confidence), At: r.At, AfterReveal: r.After})
	}
	for _, key := range raw.Reveals {
		st.Revealed[key] = true
	}
	return st, nil
}

// LessonState returns a learner's answers on one lesson, in any revision:
// the latest attempt per checkpoint with the count, and every response. It
// reads them as the lesson page does, with progress_lesson_state.
func (s *Store) LessonState(ctx context.Context, userID int64, course, lesson string) (LessonState, error) {
	var b []byte
	err := s.pool.QueryRow(ctx, `SELECT st.state
		FROM courses c JOIN lessons l ON l.course_id = c.id
		CROSS JOIN LATERAL progress_lesson_state($1, l.id) st
		WHERE c.slug = $2 AND l.slug = $3`, userID, course, lesson).Scan(&b)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return LessonState{}, fmt.Errorf("reading answers: %w", err)
	}
	return DecodeLessonState(b, course, lesson)
}
