package catalog_test

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

func siblingTitles(t *testing.T, cat *catalog.Catalog, lesson string) []string {
	t.Helper()
	p, err := cat.Lesson(context.Background(), "demo", lesson)
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, s := range p.Siblings {
		titles = append(titles, s.Slug+": "+s.Title)
	}
	return titles
}

// TestLessonListFollowsChanges: the lesson page's list of the course's
// lessons is cached by their current revisions, so a new revision of
// another lesson, or a new lesson, shows at once.
func TestLessonListFollowsChanges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	cat := catalog.New(pool)
	if _, err := cat.Import(ctx, load(t, demoTree(t, nil))); err != nil {
		t.Fatal(err)
	}
	want := []string{"first: A lesson", "second: A lesson"}
	for range 2 { // read, then from the cache
		if diff := cmp.Diff(want, siblingTitles(t, cat, "first")); diff != "" {
			t.Fatalf("lesson list (-want +got):\n%s", diff)
		}
	}

	// Another catalog, as another process would, changes the second lesson.
	if _, err := catalog.New(pool).Import(ctx, load(t, demoTree(t, map[string]string{"title: A lesson": "title: Renamed"}))); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"first: A lesson", "second: Renamed"}, siblingTitles(t, cat, "first")); diff != "" {
		t.Errorf("after a new revision of the second lesson (-want +got):\n%s", diff)
	}

	three := demoTree(t, map[string]string{"title: A lesson": "title: Renamed"})
	three["demo/03.md"] = &fstest.MapFile{Data: []byte(
		"---\ncourse: demo\nposition: 3\nslug: third\ntitle: Third\ngoal: One more.\nminutes: 5\n---\n\n## Only\n\nText.\n")}
	if _, err := catalog.New(pool).Import(ctx, load(t, three)); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"first: A lesson", "second: Renamed", "third: Third"}, siblingTitles(t, cat, "first")); diff != "" {
		t.Errorf("after adding a lesson (-want +got):\n%s", diff)
	}
}
