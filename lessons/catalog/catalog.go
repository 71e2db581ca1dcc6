// Package catalog keeps courses, lessons and their immutable revisions in
// Postgres: importing lesson files and reading what learners see.
package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Catalog reads and writes course content.
type Catalog struct {
	pool *pgxpool.Pool
	// docs caches decoded documents by revision ID. Revisions are immutable,
	// so an entry can never go stale, and every process may keep its own.
	docs sync.Map
	// lastRevision is a hint, "course/lesson" → the revision last decoded;
	// the database always decides which revision is current.
	lastRevision sync.Map
	// listings caches each course's lesson list, course slug →
	// *listing, under the set of its lessons' current revisions, which
	// determines it: slugs never change, and titles and places belong to
	// revisions. The database says whether the set is still the same.
	listings sync.Map
}

// listing is a course's lesson list and the current revisions it was read
// at.
type listing struct {
	revisions []int64 // ascending
	lessons   []LessonSummary
}

func New(pool *pgxpool.Pool) *Catalog { return &Catalog{pool: pool} }

// CourseSummary is a course as the home page lists it.
type CourseSummary struct {
	Slug, Title, Summary string
	Lessons, Minutes     int
}

// LessonSummary is a lesson as a course page lists it.
type LessonSummary struct {
	Slug, Title, Goal string
	Position, Minutes int
	// Answerable is the keys of the items a learner answers (checkpoints
	// and free responses) in the current revision: what completion needs.
	Answerable []string
}

// CourseDetail is a course with its lessons in order.
type CourseDetail struct {
	Course  lessons.Course
	Lessons []LessonSummary
}

// LessonPage is everything the lesson page shows.
type LessonPage struct {
	Course     lessons.Course
	Lesson     *lessons.Lesson
	RevisionID int64
	Revision   int
	Siblings   []LessonSummary // every lesson of the course, in order
}

// Prev and Next return the neighbouring lessons, if any.
func (p LessonPage) Prev() (LessonSummary, bool) { return p.sibling(-1) }
func (p LessonPage) Next() (LessonSummary, bool) { return p.sibling(+1) }

func (p LessonPage) sibling(d int) (LessonSummary, bool) {
	for i, l := range p.Siblings {
		if l.Slug == p.Lesson.Slug {
			if j := i + d; j >= 0 && j < len(p.Siblings) {
				return p.Siblings[j], true
			}
		}
	}
	return LessonSummary{}, false
}

// HasCourses reports whether any course has been imported.
func (c *Catalog) HasCourses(ctx context.Context) (bool, error) {
	var ok bool
	err := c.pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM courses)").Scan(&ok)
	return ok, err
}

// Courses lists every course learners can see (one with a published
// lesson) with its lesson count and total minutes.
func (c *Catalog) Courses(ctx context.Context) ([]CourseSummary, error) {
	rows, err := c.pool.Query(ctx, `
		SELECT c.slug, c.title, c.summary, count(r.id), coalesce(sum(r.minutes), 0)
		FROM courses c
		LEFT JOIN lessons l ON l.course_id = c.id
		LEFT JOIN lesson_revisions r ON r.id = l.current_revision_id
		GROUP BY c.id HAVING count(r.id) > 0 ORDER BY c.title`)
	if err != nil {
		return nil, fmt.Errorf("listing courses: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (CourseSummary, error) {
		var s CourseSummary
		err := row.Scan(&s.Slug, &s.Title, &s.Summary, &s.Lessons, &s.Minutes)
		return s, err
	})
}

// Course returns one course learners can see and its lessons in order.
func (c *Catalog) Course(ctx context.Context, slug string) (CourseDetail, error) {
	var d CourseDetail
	var lessonsJSON []byte
	err := c.pool.QueryRow(ctx, `
		SELECT c.slug, c.title, c.summary, `+siblingsJSON("$2")+`
		FROM courses c WHERE c.slug = $1`, slug, lessons.AnswerableKinds()).Scan(&d.Course.Slug, &d.Course.Title, &d.Course.Summary, &lessonsJSON)
	if errors.Is(err, pgx.ErrNoRows) {
		return d, fmt.Errorf("course %q: %w", slug, postgres.ErrNotFound)
	}
	if err != nil {
		return d, fmt.Errorf("reading course %q: %w", slug, err)
	}
	d.Lessons, err = decodeSiblings(lessonsJSON)
	if err == nil && len(d.Lessons) == 0 {
		// Written in the browser and not yet published: not for learners.
		err = fmt.Errorf("course %q has no published lesson: %w", slug, postgres.ErrNotFound)
	}
	return d, err
}

// siblingsJSON is course c's lesson list as JSON; answerable is the
// placeholder of lessons.AnswerableKinds().
func siblingsJSON(answerable string) string {
	return `(SELECT coalesce(json_agg(json_build_object(
		'slug', l2.slug, 'title', r2.title, 'goal', r2.goal, 'position', r2.position, 'minutes', r2.minutes,
		'answerable', (SELECT coalesce(json_agg(i.key ORDER BY i.kind, i.ordinal), '[]') FROM lesson_items i
			WHERE i.revision_id = r2.id AND i.kind = ANY(` + answerable + `)))
		ORDER BY r2.position), '[]')
	FROM lessons l2 JOIN lesson_revisions r2 ON r2.id = l2.current_revision_id
	WHERE l2.course_id = c.id)`
}

func decodeSiblings(b []byte) ([]LessonSummary, error) {
	var raw []struct {
		Slug, Title, Goal string
		Position, Minutes int
		Answerable        []string
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("decoding lesson list: %w", err)
	}
	out := make([]LessonSummary, len(raw))
	for i, r := range raw {
		out[i] = LessonSummary{Slug: r.Slug, Title: r.Title, Goal: r.Goal, Position: r.Position, Minutes: r.Minutes, Answerable: r.Answerable}
	}
	return out, nil
}

// Column is one more value read together with a lesson, in the lesson's
// query, from another package's SQL: a signed-in learner's page needs their
// account, answers and scores, and one round trip costs less than four.
type Column interface {
	// Expr is a scalar SQL expression. It may refer to the lesson's course
	// as c, the lesson as l and its current revision as r; arg adds a
	// parameter and returns its placeholder.
	Expr(arg func(v any) string) string
	// Dest receives the value, as for pgx's Scan.
	Dest() any
}

// Lesson returns the current revision of a lesson, with its course's lesson
// list and any extra columns, in one query.
func (c *Catalog) Lesson(ctx context.Context, courseSlug, lessonSlug string, extra ...Column) (LessonPage, error) {
	var p LessonPage
	var revisions []int64
	var siblings, doc []byte
	// The document and the lesson list cost more to build, send and decode
	// than anything else here, and change rarely: send what this process
	// last read, and the database returns them only when they changed.
	key := courseSlug + "/" + lessonSlug
	var known int64
	if id, ok := c.lastRevision.Load(key); ok {
		known = id.(int64)
	}
	var list *listing
	if l, ok := c.listings.Load(courseSlug); ok {
		list = l.(*listing)
	} else {
		list = &listing{}
	}
	args := []any{courseSlug, lessonSlug, known, list.revisions, lessons.AnswerableKinds()}
	dest := []any{&p.Course.Slug, &p.Course.Title, &p.Course.Summary, &p.RevisionID, &p.Revision, &revisions, &siblings, &doc}
	var cols strings.Builder
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	for _, x := range extra {
		cols.WriteString(", ")
		cols.WriteString(x.Expr(arg))
		dest = append(dest, x.Dest())
	}
	err := c.pool.QueryRow(ctx, `
		SELECT c.slug, c.title, c.summary, r.id, r.number, cur.revisions,
		       CASE WHEN cur.revisions = $4 THEN NULL ELSE `+siblingsJSON("$5")+` END,
		       CASE WHEN r.id = $3 THEN NULL ELSE r.document END`+cols.String()+`
		FROM courses c
		JOIN lessons l ON l.course_id = c.id
		JOIN lesson_revisions r ON r.id = l.current_revision_id
		CROSS JOIN LATERAL (SELECT array_agg(l2.current_revision_id ORDER BY l2.current_revision_id) AS revisions
			FROM lessons l2 WHERE l2.course_id = c.id AND l2.current_revision_id IS NOT NULL) cur
		WHERE c.slug = $1 AND l.slug = $2`, args...).Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, fmt.Errorf("lesson %s/%s: %w", courseSlug, lessonSlug, postgres.ErrNotFound)
	}
	if err != nil {
		return p, fmt.Errorf("reading lesson %s/%s: %w", courseSlug, lessonSlug, err)
	}
	if siblings == nil {
		p.Siblings = list.lessons
	} else {
		if p.Siblings, err = decodeSiblings(siblings); err != nil {
			return p, err
		}
		c.listings.Store(courseSlug, &listing{revisions: revisions, lessons: p.Siblings})
	}
	if doc == nil {
		if l, ok := c.docs.Load(p.RevisionID); ok {
			p.Lesson = l.(*lessons.Lesson)
			return p, nil
		}
		c.lastRevision.Delete(key) // cannot happen while docs never evicts; retry in full
		return c.Lesson(ctx, courseSlug, lessonSlug, extra...)
	}
	p.Lesson, err = c.document(p.RevisionID, doc)
	if err == nil {
		c.lastRevision.Store(key, p.RevisionID)
	}
	return p, err
}

// document decodes a revision's stored document once per process.
func (c *Catalog) document(revisionID int64, doc []byte) (*lessons.Lesson, error) {
	if l, ok := c.docs.Load(revisionID); ok {
		return l.(*lessons.Lesson), nil
	}
	var l lessons.Lesson
	if err := json.Unmarshal(doc, &l); err != nil {
		return nil, fmt.Errorf("decoding revision %d: %w", revisionID, err)
	}
	c.docs.Store(revisionID, &l)
	return &l, nil
}

// Revision returns one published revision of a lesson, checking that it
// belongs to that lesson: answers are recorded against the revision the
// learner saw, and drafts are never shown to learners.
func (c *Catalog) Revision(ctx context.Context, courseSlug, lessonSlug string, revisionID int64) (*lessons.Lesson, error) {
	if l, ok := c.docs.Load(revisionID); ok {
		if l := l.(*lessons.Lesson); l.Course == courseSlug && l.Slug == lessonSlug {
			return l, nil
		}
	}
	var doc []byte
	err := c.pool.QueryRow(ctx, `
		SELECT r.document FROM lesson_revisions r
		JOIN lessons l ON l.id = r.lesson_id JOIN courses c ON c.id = l.course_id
		WHERE r.id = $1 AND c.slug = $2 AND l.slug = $3 AND r.published_at IS NOT NULL`, revisionID, courseSlug, lessonSlug).Scan(&doc)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("revision %d of %s/%s: %w", revisionID, courseSlug, lessonSlug, postgres.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("reading revision %d: %w", revisionID, err)
	}
	return c.document(revisionID, doc)
}
