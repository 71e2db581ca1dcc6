package catalog

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// TestLessonPageIsOneStatement: the planner inlines the owners' functions
// into the lesson page's query, so the page is planned and run as one
// statement, as it was when their SQL was pasted into it: its plan calls
// no function.
func TestLessonPageIsOneStatement(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	rows, err := pool.Query(context.Background(), "EXPLAIN "+lessonPageQuery,
		"course", "lesson", int64(0), []int64{}, lessons.AnswerableKinds(), int64(1), lessons.ScoredKinds())
	if err != nil {
		t.Fatal(err)
	}
	plan, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if text := strings.Join(plan, "\n"); strings.Contains(text, "Function Scan") {
		t.Errorf("the lesson page's plan calls a function instead of inlining it:\n%s", text)
	}
}
