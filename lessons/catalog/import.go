package catalog

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// ImportResult says what an import changed.
type ImportResult struct {
	Courses        int      // courses read
	CoursesWritten int      // courses created or whose title or summary changed
	Lessons        int      // lessons read
	Revisions      []string // "course/lesson rN" for every new revision
}

// importLock serializes imports, so two at once cannot both decide a lesson
// needs revision N+1.
const importLock = 7_274_001

// Import writes every course in one transaction: all or nothing. A lesson
// whose source is unchanged writes nothing; a changed one gets a new
// revision, which becomes current.
func (c *Catalog) Import(ctx context.Context, courses []lessons.CourseFiles) (ImportResult, error) {
	var res ImportResult
	err := postgres.InTx(ctx, c.pool, func(tx pgx.Tx) error {
		res = ImportResult{}
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", importLock); err != nil {
			return err
		}
		for _, cf := range courses {
			courseID, written, err := upsertCourse(ctx, tx, cf.Course)
			if err != nil {
				return fmt.Errorf("course %s: %w", cf.Course.Slug, err)
			}
			res.Courses++
			if written {
				res.CoursesWritten++
			}
			for _, lf := range cf.Lessons {
				res.Lessons++
				number, err := importLesson(ctx, tx, courseID, lf, "import")
				if err != nil {
					return fmt.Errorf("%s: %w", lf.Path, err)
				}
				if number > 0 {
					res.Revisions = append(res.Revisions, fmt.Sprintf("%s/%s r%d", cf.Course.Slug, lf.Lesson.Slug, number))
				}
			}
		}
		return nil
	})
	return res, err
}

func upsertCourse(ctx context.Context, tx pgx.Tx, course lessons.Course) (id int64, written bool, err error) {
	var title, summary string
	err = tx.QueryRow(ctx, "SELECT id, title, summary FROM courses WHERE slug = $1", course.Slug).Scan(&id, &title, &summary)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		err = tx.QueryRow(ctx, "INSERT INTO courses (slug, title, summary) VALUES ($1, $2, $3) RETURNING id",
			course.Slug, course.Title, course.Summary).Scan(&id)
		return id, true, err
	case err != nil:
		return 0, false, err
	case title == course.Title && summary == course.Summary:
		return id, false, nil
	}
	_, err = tx.Exec(ctx, "UPDATE courses SET title = $2, summary = $3, updated_at = now() WHERE id = $1",
		id, course.Title, course.Summary)
	return id, true, err
}

// importLesson adds a revision when the source differs from the current
// one, returning its number, or 0 when nothing changed.
func importLesson(ctx context.Context, tx pgx.Tx, courseID int64, lf lessons.LessonFile, origin string) (int, error) {
	hash := sourceHash(lf.Source)
	var lessonID int64
	var currentHash *string
	var latest int
	err := tx.QueryRow(ctx, `
		SELECT l.id, r.source_hash,
		       (SELECT coalesce(max(number), 0) FROM lesson_revisions WHERE lesson_id = l.id)
		FROM lessons l LEFT JOIN lesson_revisions r ON r.id = l.current_revision_id
		WHERE l.course_id = $1 AND l.slug = $2`, courseID, lf.Lesson.Slug).Scan(&lessonID, &currentHash, &latest)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		err = tx.QueryRow(ctx, "INSERT INTO lessons (course_id, slug) VALUES ($1, $2) RETURNING id",
			courseID, lf.Lesson.Slug).Scan(&lessonID)
		if err != nil {
			return 0, err
		}
	case err != nil:
		return 0, err
	case currentHash != nil && *currentHash == hash:
		return 0, nil
	}
	doc, err := json.Marshal(lf.Lesson)
	if err != nil {
		return 0, err
	}
	number := latest + 1
	l := lf.Lesson
	var revisionID int64
	err = tx.QueryRow(ctx, `
		INSERT INTO lesson_revisions (lesson_id, number, position, title, goal, minutes, source, source_hash, document, origin)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
		lessonID, number, l.Position, l.Title, l.Goal, l.Minutes, string(lf.Source), hash, doc, origin).Scan(&revisionID)
	if err != nil {
		return 0, err
	}
	batch := &pgx.Batch{}
	for _, b := range l.Blocks {
		if b.Kind != lessons.KindProse {
			batch.Queue("INSERT INTO lesson_items (revision_id, key, kind, ordinal) VALUES ($1, $2, $3, $4)",
				revisionID, b.Key, string(b.Kind), b.Ordinal)
		}
	}
	batch.Queue("UPDATE lessons SET current_revision_id = $2 WHERE id = $1", lessonID, revisionID)
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return 0, err
	}
	return number, nil
}

func sourceHash(src []byte) string {
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:])
}
