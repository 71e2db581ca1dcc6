package catalog_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// demoTree is a two-lesson course built from the parser's valid fixture.
func demoTree(t *testing.T, edits map[string]string) fstest.MapFS {
	t.Helper()
	b, err := os.ReadFile("../testdata/valid.md")
	if err != nil {
		t.Fatal(err)
	}
	lesson := func(pos, slug string) *fstest.MapFile {
		s := strings.Replace(string(b), "position: 1", "position: "+pos, 1)
		s = strings.Replace(s, "slug: a-lesson", "slug: "+slug, 1)
		for old, new := range edits {
			if slug == "second" {
				s = strings.Replace(s, old, new, 1)
			}
		}
		return &fstest.MapFile{Data: []byte(s)}
	}
	return fstest.MapFS{
		"demo/course.yaml": {Data: []byte("slug: demo\ntitle: Demo\nsummary: A demo course.\n")},
		"demo/01.md":       lesson("1", "first"),
		"demo/02.md":       lesson("2", "second"),
	}
}

func load(t *testing.T, fsys fstest.MapFS) []lessons.CourseFiles {
	t.Helper()
	courses, err := lessons.Load(fsys, "content")
	if err != nil {
		t.Fatal(err)
	}
	return courses
}

func revisions(t *testing.T, pool *pgxpool.Pool) map[string][]int {
	t.Helper()
	rows, err := pool.Query(context.Background(), `
		SELECT l.slug, r.number FROM lesson_revisions r JOIN lessons l ON l.id = r.lesson_id ORDER BY 1, 2`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string][]int{}
	for rows.Next() {
		var slug string
		var n int
		if err := rows.Scan(&slug, &n); err != nil {
			t.Fatal(err)
		}
		got[slug] = append(got[slug], n)
	}
	return got
}

func TestImportRevisions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	cat := catalog.New(pool)

	res, err := cat.Import(ctx, load(t, demoTree(t, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"demo/first r1", "demo/second r1"}, res.Revisions); diff != "" {
		t.Errorf("first import revisions (-want +got):\n%s", diff)
	}

	res, err = cat.Import(ctx, load(t, demoTree(t, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Revisions) != 0 || res.CoursesWritten != 0 {
		t.Errorf("re-importing unchanged files wrote %v and %d course(s), want nothing", res.Revisions, res.CoursesWritten)
	}

	// Read the lesson once, so this catalog holds revision 1's document and
	// must notice the new revision without re-reading an unchanged one.
	if p, err := cat.Lesson(ctx, "demo", "second"); err != nil || p.Revision != 1 {
		t.Fatalf("before the change: revision %d, %v", p.Revision, err)
	}
	if p, err := cat.Lesson(ctx, "demo", "second"); err != nil || p.Revision != 1 || p.Lesson == nil {
		t.Fatalf("read again from the cached document: revision %d, %v", p.Revision, err)
	}
	res, err = cat.Import(ctx, load(t, demoTree(t, map[string]string{"Do the thing.": "Do the other thing."})))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"demo/second r2"}, res.Revisions); diff != "" {
		t.Errorf("changing one lesson (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string][]int{"first": {1}, "second": {1, 2}}, revisions(t, pool)); diff != "" {
		t.Errorf("stored revisions (-want +got):\n%s", diff)
	}

	page, err := cat.Lesson(ctx, "demo", "second")
	if err != nil {
		t.Fatal(err)
	}
	ex, _ := page.Lesson.Item("ex")
	if page.Revision != 2 || !strings.Contains(string(ex.Exercise.Prompt), "the other thing") {
		t.Errorf("lesson page shows revision %d with prompt %q, want the new revision 2", page.Revision, ex.Exercise.Prompt)
	}
}

// TestImportAllOrNothing makes the second course fail in the database and
// checks the first was not written either.
func TestImportAllOrNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	cat := catalog.New(pool)

	good := load(t, demoTree(t, nil))
	bad := load(t, demoTree(t, nil))
	bad[0].Course.Slug = "other"
	bad[0].Lessons[1].Lesson.Minutes = 1000 // violates the schema's check
	if _, err := cat.Import(ctx, append(good, bad...)); err == nil {
		t.Fatal("import succeeded, want the check constraint to fail it")
	}
	var n int
	if err := pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM courses) + (SELECT count(*) FROM lesson_revisions)").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("a failed import left %d course and revision rows, want 0", n)
	}
}

func TestCourseAndLessonReads(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	cat := catalog.New(pool)
	if _, err := cat.Import(ctx, load(t, demoTree(t, nil))); err != nil {
		t.Fatal(err)
	}
	d, err := cat.Course(ctx, "demo")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range d.Lessons {
		got = append(got, l.Slug)
	}
	if diff := cmp.Diff([]string{"first", "second"}, got); diff != "" {
		t.Errorf("course lessons (-want +got):\n%s", diff)
	}
	courses, err := cat.Courses(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(courses) != 1 || courses[0].Lessons != 2 || courses[0].Minutes != 20 {
		t.Errorf("courses = %+v, want one course with 2 lessons and 20 minutes", courses)
	}
	if _, err := cat.Course(ctx, "missing"); !isNotFound(err) {
		t.Errorf("missing course: err = %v, want ErrNotFound", err)
	}
	if _, err := cat.Lesson(ctx, "demo", "missing"); !isNotFound(err) {
		t.Errorf("missing lesson: err = %v, want ErrNotFound", err)
	}
}
