package catalog

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/content"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// TestLessonPageIsOneStatement: the planner inlines the owners' functions
// into the lesson page's query, so the page is planned and run as one
// statement, as it was when their SQL was pasted into it: its plan calls
// no function.
func TestLessonPageIsOneStatement(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	for _, q := range []struct {
		name string
		sql  string
		args []any
	}{
		{"the lesson page", lessonPageQuery, []any{"course", "lesson", int64(0), []int64{}, lessons.AnswerableKinds(), int64(1), lessons.ScoredKinds()}},
		{"the learner's part", learnerQuery, []any{int64(1), int64(1), lessons.ScoredKinds()}},
		{"the learner's work", learnerWorkQuery, []any{int64(1), int64(1), lessons.ScoredKinds()}},
	} {
		rows, err := pool.Query(context.Background(), "EXPLAIN "+q.sql, q.args...)
		if err != nil {
			t.Fatal(err)
		}
		plan, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		if text := strings.Join(plan, "\n"); strings.Contains(text, "Function Scan") {
			t.Errorf("%s: the plan calls a function instead of inlining it:\n%s", q.name, text)
		}
	}
}

// TestLessonPageAfterEviction: the page query leaves out a document the
// process has read before; when that document has since been evicted, the
// page is read again in full rather than shown without its lesson.
func TestLessonPageAfterEviction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := New(pgtest.New(t))
	courses, err := lessons.Load(content.FS, "content")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Import(ctx, courses); err != nil {
		t.Fatal(err)
	}
	const course, lesson = "serving-incidents", "work-a-serving-incident"
	first, err := c.Lesson(ctx, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	c.docs.Purge() // as if newer revisions had pushed it out
	again, err := c.Lesson(ctx, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	if again.Lesson == nil || again.Lesson.Title != first.Lesson.Title || again.RevisionID != first.RevisionID {
		t.Errorf("after eviction: lesson %v, revision %d; want %q at revision %d", again.Lesson, again.RevisionID, first.Lesson.Title, first.RevisionID)
	}
}
