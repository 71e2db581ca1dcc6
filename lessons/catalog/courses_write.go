package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// CourseExistsError refuses a new course whose slug is taken.
type CourseExistsError struct{ Slug string }

func (e *CourseExistsError) Error() string {
	return fmt.Sprintf("a course with the address %q already exists: choose another", e.Slug)
}

// CreateCourse adds a course written in the browser. It has no lessons,
// so learners do not see it until one is published.
func (c *Catalog) CreateCourse(ctx context.Context, actorID int64, course lessons.Course) error {
	if err := lessons.CheckCourse(course); err != nil {
		return err
	}
	return postgres.InTx(ctx, c.pool, func(tx pgx.Tx) error {
		_, err := insertCourse(ctx, tx, course, &actorID, "")
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return &CourseExistsError{Slug: course.Slug}
		}
		return err
	})
}

// UpdateCourse changes a course's title and summary; its slug is its
// address and the name of its directory, so it does not change.
func (c *Catalog) UpdateCourse(ctx context.Context, actorID int64, course lessons.Course) error {
	if err := lessons.CheckCourse(course); err != nil {
		return err
	}
	return postgres.InTx(ctx, c.pool, func(tx pgx.Tx) error {
		var id int64
		var title, summary string
		err := tx.QueryRow(ctx, "SELECT id, title, summary FROM courses WHERE slug = $1 FOR UPDATE", course.Slug).Scan(&id, &title, &summary)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("course %q: %w", course.Slug, postgres.ErrNotFound)
		}
		if err != nil || (title == course.Title && summary == course.Summary) {
			return err
		}
		var changed []string
		if title != course.Title {
			changed = append(changed, "title")
		}
		if summary != course.Summary {
			changed = append(changed, "summary")
		}
		return updateCourse(ctx, tx, id, course, &actorID, strings.Join(changed, ", "))
	})
}

func insertCourse(ctx context.Context, tx pgx.Tx, course lessons.Course, actorID *int64, detail string) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, "INSERT INTO courses (slug, title, summary) VALUES ($1, $2, $3) RETURNING id",
		course.Slug, course.Title, course.Summary).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = tx.Exec(ctx, `INSERT INTO content_audit (course_id, actor_id, action, detail) VALUES ($1, $2, 'course created', $3)`,
		id, actorID, detail)
	return id, err
}

func updateCourse(ctx context.Context, tx pgx.Tx, id int64, course lessons.Course, actorID *int64, detail string) error {
	_, err := tx.Exec(ctx, "UPDATE courses SET title = $2, summary = $3, updated_at = now() WHERE id = $1",
		id, course.Title, course.Summary)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO content_audit (course_id, actor_id, action, detail) VALUES ($1, $2, 'course edited', $3)`,
		id, actorID, detail)
	return err
}
