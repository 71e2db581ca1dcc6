package progress

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Resume is where a learner left off: the lesson of their latest answer.
type Resume struct {
	Course, Lesson           string
	CourseTitle, LessonTitle string
}

// Continue returns the lesson of the learner's latest answer; ok is false
// when they have answered nothing yet.
func (s *Store) Continue(ctx context.Context, userID int64) (r Resume, ok bool, err error) {
	err = s.pool.QueryRow(ctx, `
		SELECT c.slug, l.slug, c.title, cur.title
		FROM (
			(SELECT revision_id, answered_at AS at FROM checkpoint_attempts WHERE user_id = $1 ORDER BY answered_at DESC LIMIT 1)
			UNION ALL
			(SELECT revision_id, created_at FROM responses WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1)
			ORDER BY at DESC LIMIT 1) x
		JOIN lesson_revisions r ON r.id = x.revision_id
		JOIN lessons l ON l.id = r.lesson_id
		JOIN lesson_revisions cur ON cur.id = l.current_revision_id
		JOIN courses c ON c.id = l.course_id`, userID).Scan(&r.Course, &r.Lesson, &r.CourseTitle, &r.LessonTitle)
	if errors.Is(err, pgx.ErrNoRows) {
		return Resume{}, false, nil
	}
	if err != nil {
		return Resume{}, false, fmt.Errorf("finding where to continue: %w", err)
	}
	return r, true, nil
}

// ContinueFrom is Continue for an anonymous visitor; titles are left for
// the caller to fill in.
func ContinueFrom(a Anonymous) (latest Resume, ok bool) {
	var at int64
	consider := func(course, lesson string, t int64) {
		if !ok || t >= at {
			latest, at, ok = Resume{Course: course, Lesson: lesson}, t, true
		}
	}
	for _, x := range a.Attempts {
		consider(x.Course, x.Lesson, x.At.UnixNano())
	}
	for _, x := range a.Responses {
		consider(x.Course, x.Lesson, x.At.UnixNano())
	}
	return latest, ok
}
