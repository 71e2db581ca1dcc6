package progress

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// FirstAttempt is a learner's first answer to one checkpoint, which is
// what accuracy counts.
type FirstAttempt struct {
	Course, Lesson, LessonTitle string
	Key                         string
	Ordinal                     int // "Checkpoint 2" in the lesson's current revision; 0 if it was removed
	Correct                     bool
	// CorrectLater is true when a retry got it right.
	CorrectLater bool
	At           time.Time
}

// Rating is one confidence rating given with a saved free response.
type Rating struct {
	Course, Lesson, LessonTitle string
	Key                         string
	Kind                        string
	Confidence                  Confidence
	At                          time.Time
}

// Accuracy is the share of first attempts that were correct.
func Accuracy(first []FirstAttempt) (correct, total int) {
	for _, f := range first {
		if f.Correct {
			correct++
		}
	}
	return correct, len(first)
}

// FirstAttempts returns the learner's first attempt at every checkpoint
// they have answered, in the order they answered them. Revisions of a
// lesson share item keys, so a checkpoint answered in two revisions counts
// once.
func (s *Store) FirstAttempts(ctx context.Context, userID int64) ([]FirstAttempt, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT course, lesson, title, item_key, ordinal, correct, correct_later, answered_at FROM (
			SELECT DISTINCT ON (r.lesson_id, a.item_key)
				c.slug AS course, l.slug AS lesson, cur.title, a.item_key,
				coalesce(i.ordinal, 0) AS ordinal, a.correct,
				EXISTS (SELECT 1 FROM checkpoint_attempts b JOIN lesson_revisions br ON br.id = b.revision_id
					WHERE b.user_id = a.user_id AND br.lesson_id = r.lesson_id AND b.item_key = a.item_key AND b.correct) AS correct_later,
				a.answered_at
			FROM checkpoint_attempts a
			JOIN lesson_revisions r ON r.id = a.revision_id
			JOIN lessons l ON l.id = r.lesson_id
			JOIN courses c ON c.id = l.course_id
			JOIN lesson_revisions cur ON cur.id = l.current_revision_id
			LEFT JOIN lesson_items i ON i.revision_id = l.current_revision_id AND i.key = a.item_key
			WHERE a.user_id = $1
			ORDER BY r.lesson_id, a.item_key, a.answered_at, a.id) first
		ORDER BY answered_at`, userID)
	if err != nil {
		return nil, fmt.Errorf("reading first attempts: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (FirstAttempt, error) {
		var f FirstAttempt
		err := row.Scan(&f.Course, &f.Lesson, &f.LessonTitle, &f.Key, &f.Ordinal, &f.Correct, &f.CorrectLater, &f.At)
		return f, err
	})
}

// Ratings returns every confidence rating the learner has given, oldest
// first.
func (s *Store) Ratings(ctx context.Context, userID int64) ([]Rating, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT c.slug, l.slug, cur.title, x.item_key, x.kind, x.confidence, x.created_at
		FROM responses x
		JOIN lesson_revisions r ON r.id = x.revision_id
		JOIN lessons l ON l.id = r.lesson_id
		JOIN courses c ON c.id = l.course_id
		JOIN lesson_revisions cur ON cur.id = l.current_revision_id
		WHERE x.user_id = $1
		ORDER BY x.created_at, x.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("reading confidence ratings: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Rating, error) {
		var r Rating
		err := row.Scan(&r.Course, &r.Lesson, &r.LessonTitle, &r.Key, &r.Kind, &r.Confidence, &r.At)
		return r, err
	})
}
