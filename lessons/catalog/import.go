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
				number, err := importLesson(ctx, tx, courseID, lf)
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
		id, err = insertCourse(ctx, tx, course, nil, "imported from files")
		return id, err == nil, err
	case err != nil:
		return 0, false, err
	case title == course.Title && summary == course.Summary:
		return id, false, nil
	}
	err = updateCourse(ctx, tx, id, course, nil, "imported from files")
	return id, err == nil, err
}

// importLesson adds a published revision when the source differs from the
// current one, returning its number, or 0 when nothing changed. Drafts
// saved in the browser stay in the history, behind the imported revision.
func importLesson(ctx context.Context, tx pgx.Tx, courseID int64, lf lessons.LessonFile) (int, error) {
	hash := sourceHash(lf.Source)
	var lessonID int64
	var currentHash *string
	err := tx.QueryRow(ctx, `
		SELECT l.id, r.source_hash
		FROM lessons l LEFT JOIN lesson_revisions r ON r.id = l.current_revision_id
		WHERE l.course_id = $1 AND l.slug = $2`, courseID, lf.Lesson.Slug).Scan(&lessonID, &currentHash)
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
	rev, err := addRevision(ctx, tx, newRevision{
		courseID: courseID, lessonID: lessonID, lesson: lf.Lesson, source: lf.Source,
		origin: "import", publish: true, action: "imported",
	})
	return rev.Number, err
}

// newRevision is a revision about to be written.
type newRevision struct {
	courseID, lessonID int64
	lesson             *lessons.Lesson
	source             []byte
	origin             string // "import" or "browser"
	authorID           *int64 // nil for imports from the command line
	publish            bool
	action             string // the audit log's verb
}

// addRevision writes revision N+1 of a lesson, its items and its audit
// entry, and makes it current when it is published. The caller holds the
// transaction and whatever lock makes N+1 safe.
func addRevision(ctx context.Context, tx pgx.Tx, n newRevision) (RevisionInfo, error) {
	var previous []byte
	var number int
	err := tx.QueryRow(ctx, `
		SELECT (SELECT source FROM lesson_revisions WHERE lesson_id = $1 ORDER BY number DESC LIMIT 1),
		       (SELECT coalesce(max(number), 0) FROM lesson_revisions WHERE lesson_id = $1)`, n.lessonID).Scan(&previous, &number)
	if err != nil {
		return RevisionInfo{}, err
	}
	doc, err := json.Marshal(n.lesson)
	if err != nil {
		return RevisionInfo{}, err
	}
	l := n.lesson
	rev := RevisionInfo{Number: number + 1, Origin: n.origin, Title: l.Title}
	err = tx.QueryRow(ctx, `
		INSERT INTO lesson_revisions (lesson_id, number, position, title, goal, minutes, source, source_hash, document, origin, author_id, published_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, CASE WHEN $12::bool THEN now() END)
		RETURNING id, created_at, published_at`,
		n.lessonID, rev.Number, l.Position, l.Title, l.Goal, l.Minutes, string(n.source), sourceHash(n.source), doc, n.origin,
		n.authorID, n.publish).Scan(&rev.ID, &rev.CreatedAt, &rev.PublishedAt)
	if err != nil {
		return RevisionInfo{}, err
	}
	batch := &pgx.Batch{}
	for _, b := range l.Blocks {
		if b.Kind != lessons.KindProse {
			batch.Queue("INSERT INTO lesson_items (revision_id, key, kind, ordinal) VALUES ($1, $2, $3, $4)",
				rev.ID, b.Key, string(b.Kind), b.Ordinal)
		}
	}
	if n.publish {
		batch.Queue("UPDATE lessons SET current_revision_id = $2 WHERE id = $1", n.lessonID, rev.ID)
	}
	detail := lessons.DescribeChanges(previous, n.source)
	if previous == nil && n.action != "imported" {
		detail = "" // "lesson created" says it
	}
	batch.Queue(`INSERT INTO content_audit (course_id, lesson_id, revision_id, actor_id, action, detail)
		VALUES ($1, $2, $3, $4, $5, $6)`, n.courseID, n.lessonID, rev.ID, n.authorID, n.action, detail)
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return RevisionInfo{}, err
	}
	return rev, nil
}

func sourceHash(src []byte) string {
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:])
}
