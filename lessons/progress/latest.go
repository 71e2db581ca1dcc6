package progress

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
)

// ItemRef names an item across revisions: its course, lesson and key.
type ItemRef struct{ Course, Lesson, Key string }

// LatestAnswers is when learner userID last answered each item of kind
// (a written kind), in any revision: /practice's "Answered" list.
func (s *Store) LatestAnswers(ctx context.Context, userID int64, kind lessons.Kind) (map[ItemRef]time.Time, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT c.slug, l.slug, x.item_key, max(x.created_at)
		FROM responses x
		JOIN lesson_revisions r ON r.id = x.revision_id
		JOIN lessons l ON l.id = r.lesson_id
		JOIN courses c ON c.id = l.course_id
		WHERE x.user_id = $1 AND x.kind = $2
		GROUP BY c.slug, l.slug, x.item_key`, userID, string(kind))
	if err != nil {
		return nil, fmt.Errorf("reading latest answers: %w", err)
	}
	out := map[ItemRef]time.Time{}
	var ref ItemRef
	var at time.Time
	_, err = pgx.ForEachRow(rows, []any{&ref.Course, &ref.Lesson, &ref.Key, &at}, func() error {
		out[ref] = at
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading latest answers: %w", err)
	}
	return out, nil
}

// LatestFrom is LatestAnswers for an anonymous visitor's answers.
func LatestFrom(a Anonymous, kind lessons.Kind) map[ItemRef]time.Time {
	out := map[ItemRef]time.Time{}
	for _, r := range a.Responses {
		ref := ItemRef{r.Course, r.Lesson, r.Key}
		if r.Kind == kind && r.At.After(out[ref]) {
			out[ref] = r.At
		}
	}
	return out
}
