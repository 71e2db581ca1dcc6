package catalog

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Revisions lists a lesson's revisions, newest first.
func (c *Catalog) Revisions(ctx context.Context, courseSlug, lessonSlug string) ([]RevisionInfo, error) {
	rows, err := c.pool.Query(ctx, `
		SELECT `+revisionColumns+`
		FROM courses c JOIN lessons l ON l.course_id = c.id
		JOIN lesson_revisions r ON r.lesson_id = l.id
		LEFT JOIN users u ON u.id = r.author_id
		WHERE c.slug = $1 AND l.slug = $2 ORDER BY r.number DESC`, courseSlug, lessonSlug)
	if err != nil {
		return nil, fmt.Errorf("listing revisions of %s/%s: %w", courseSlug, lessonSlug, err)
	}
	revs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (RevisionInfo, error) { return scanRevision(row) })
	if err == nil && len(revs) == 0 {
		err = fmt.Errorf("lesson %s/%s: %w", courseSlug, lessonSlug, postgres.ErrNotFound)
	}
	return revs, err
}

// RevisionSource returns one revision's lesson file.
func (c *Catalog) RevisionSource(ctx context.Context, courseSlug, lessonSlug string, number int) (RevisionInfo, []byte, error) {
	var src []byte
	rev, err := scanRevision(c.pool.QueryRow(ctx, `
		SELECT `+revisionColumns+`, r.source
		FROM courses c JOIN lessons l ON l.course_id = c.id
		JOIN lesson_revisions r ON r.lesson_id = l.id
		LEFT JOIN users u ON u.id = r.author_id
		WHERE c.slug = $1 AND l.slug = $2 AND r.number = $3`, courseSlug, lessonSlug, number), &src)
	if errors.Is(err, pgx.ErrNoRows) {
		return rev, nil, fmt.Errorf("revision %d of %s/%s: %w", number, courseSlug, lessonSlug, postgres.ErrNotFound)
	}
	return rev, src, err
}

// AuditEntry is one change to a course or lesson: who, what and when.
type AuditEntry struct {
	At       time.Time
	Actor    string // display name; empty for imports from files
	Action   string // course created, course edited, lesson created, draft saved, published, imported
	Lesson   string // lesson slug; empty for course changes
	Revision int    // 0 for course changes
	Detail   string
}

// Audit lists changes to a course, newest first, or to one lesson of it
// when lessonSlug is not empty. At most limit entries.
func (c *Catalog) Audit(ctx context.Context, courseSlug, lessonSlug string, limit int) ([]AuditEntry, error) {
	rows, err := c.pool.Query(ctx, `
		SELECT a.created_at, coalesce(u.display_name, ''), a.action, coalesce(l.slug, ''), coalesce(r.number, 0), a.detail
		FROM content_audit a JOIN courses c ON c.id = a.course_id
		LEFT JOIN lessons l ON l.id = a.lesson_id
		LEFT JOIN lesson_revisions r ON r.id = a.revision_id
		LEFT JOIN users u ON u.id = a.actor_id
		WHERE c.slug = $1 AND ($2 = '' OR l.slug = $2)
		ORDER BY a.created_at DESC, a.id DESC LIMIT $3`, courseSlug, lessonSlug, limit)
	if err != nil {
		return nil, fmt.Errorf("reading the audit log of %s: %w", courseSlug, err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (AuditEntry, error) {
		var e AuditEntry
		err := row.Scan(&e.At, &e.Actor, &e.Action, &e.Lesson, &e.Revision, &e.Detail)
		return e, err
	})
}

// AuthorLesson is a lesson as the instructor area lists it.
type AuthorLesson struct {
	Slug, Title string
	Position    int
	Head        int // newest revision number
	Published   int // revision learners see; 0 when never published
}

// AuthorCourse is a course with every lesson, drafts included.
type AuthorCourse struct {
	Course  lessons.Course
	Lessons []AuthorLesson
}

// AuthorCourses lists every course and lesson for the instructor area,
// including courses and lessons learners cannot see yet.
func (c *Catalog) AuthorCourses(ctx context.Context) ([]AuthorCourse, error) {
	return c.authorCourses(ctx, "")
}

// AuthorCourse returns one course for the instructor area.
func (c *Catalog) AuthorCourse(ctx context.Context, slug string) (AuthorCourse, error) {
	cs, err := c.authorCourses(ctx, slug)
	if err != nil {
		return AuthorCourse{}, err
	}
	if len(cs) == 0 {
		return AuthorCourse{}, fmt.Errorf("course %q: %w", slug, postgres.ErrNotFound)
	}
	return cs[0], nil
}

func (c *Catalog) authorCourses(ctx context.Context, slug string) ([]AuthorCourse, error) {
	rows, err := c.pool.Query(ctx, `
		SELECT c.slug, c.title, c.summary, l.slug, h.title, h.position, h.number, coalesce(p.number, 0)
		FROM courses c
		LEFT JOIN lessons l ON l.course_id = c.id
		LEFT JOIN LATERAL (SELECT title, position, number FROM lesson_revisions WHERE lesson_id = l.id
			ORDER BY number DESC LIMIT 1) h ON true
		LEFT JOIN lesson_revisions p ON p.id = l.current_revision_id
		WHERE $1 = '' OR c.slug = $1
		ORDER BY c.title, c.slug, h.position, l.slug`, slug)
	if err != nil {
		return nil, fmt.Errorf("listing courses for authors: %w", err)
	}
	defer rows.Close()
	var out []AuthorCourse
	for rows.Next() {
		var course lessons.Course
		var lessonSlug, title *string
		var position, head *int
		var published int
		if err := rows.Scan(&course.Slug, &course.Title, &course.Summary, &lessonSlug, &title, &position, &head, &published); err != nil {
			return nil, err
		}
		if len(out) == 0 || out[len(out)-1].Course.Slug != course.Slug {
			out = append(out, AuthorCourse{Course: course})
		}
		if lessonSlug != nil && head != nil {
			ac := &out[len(out)-1]
			ac.Lessons = append(ac.Lessons, AuthorLesson{Slug: *lessonSlug, Title: *title, Position: *position, Head: *head, Published: published})
		}
	}
	return out, rows.Err()
}
