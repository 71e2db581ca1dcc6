// Package catalog keeps courses, lessons and their immutable revisions in
// Postgres: importing lesson files and reading what learners see.
package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/lru"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Catalog reads and writes course content.
type Catalog struct {
	pool *pgxpool.Pool
	// docs caches decoded documents by revision ID. Revisions are immutable,
	// so an entry can never go stale, and every process may keep its own;
	// old revisions fall out by bytes (docsBudget) as new ones are read.
	docs *lru.Cache[int64, *lessons.Lesson]
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

// docsBudget bounds the decoded documents a process keeps, counted as
// their stored JSON (a decoded lesson takes about as much): the shipped
// lessons are 20–60 KB each, so this holds several hundred.
const docsBudget = 32 << 20

func New(pool *pgxpool.Pool) *Catalog {
	return &Catalog{pool: pool, docs: lru.New[int64, *lessons.Lesson](docsBudget)}
}

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

// document decodes a revision's stored document once per process.
func (c *Catalog) document(revisionID int64, doc []byte) (*lessons.Lesson, error) {
	if l, ok := c.docs.Get(revisionID); ok {
		return l, nil
	}
	var l lessons.Lesson
	if err := json.Unmarshal(doc, &l); err != nil {
		return nil, fmt.Errorf("decoding revision %d: %w", revisionID, err)
	}
	c.docs.Add(revisionID, &l, int64(len(doc)))
	return &l, nil
}

// Revision returns one published revision of a lesson, checking that it
// belongs to that lesson: answers are recorded against the revision the
// learner saw, and drafts are never shown to learners.
func (c *Catalog) Revision(ctx context.Context, courseSlug, lessonSlug string, revisionID int64) (*lessons.Lesson, error) {
	if l, ok := c.docs.Get(revisionID); ok {
		if l.Course == courseSlug && l.Slug == lessonSlug {
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
