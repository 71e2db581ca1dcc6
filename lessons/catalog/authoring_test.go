package catalog_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// authoring is a database with the demo course imported and an instructor.
func authoring(t *testing.T) (context.Context, *pgxpool.Pool, *catalog.Catalog, int64) {
	t.Helper()
	ctx := context.Background()
	pool := pgtest.New(t)
	cat := catalog.New(pool)
	if _, err := cat.Import(ctx, load(t, demoTree(t, nil))); err != nil {
		t.Fatal(err)
	}
	var author int64
	err := pool.QueryRow(ctx, `INSERT INTO users (email, display_name, password_hash, role)
		VALUES ('ines@example.com', 'Ines Instructor', '$argon2id$x', 'instructor') RETURNING id`).Scan(&author)
	if err != nil {
		t.Fatal(err)
	}
	return ctx, pool, cat, author
}

// edit returns the head of demo/second with its body passed through fn.
func edit(t *testing.T, cat *catalog.Catalog, fn func(*lessons.SourceParts)) (base int, src []byte) {
	t.Helper()
	d, err := cat.Draft(context.Background(), "demo", "second")
	if err != nil {
		t.Fatal(err)
	}
	parts, err := lessons.SplitSource(d.Source)
	if err != nil {
		t.Fatal(err)
	}
	fn(&parts)
	return d.Head.Number, parts.Bytes()
}

func TestDraftsStayInvisibleUntilPublished(t *testing.T) {
	t.Parallel()
	ctx, _, cat, author := authoring(t)
	if err := cat.CreateCourse(ctx, author, lessons.Course{Slug: "fresh", Title: "Fresh course", Summary: "New."}); err != nil {
		t.Fatal(err)
	}
	var exists *catalog.CourseExistsError
	if err := cat.CreateCourse(ctx, author, lessons.Course{Slug: "fresh", Title: "Again", Summary: "S"}); !errors.As(err, &exists) {
		t.Errorf("a second course with the same slug: %v, want CourseExistsError", err)
	}
	listed := func() bool {
		cs, err := cat.Courses(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if c.Slug == "fresh" {
				return true
			}
		}
		return false
	}
	if listed() {
		t.Error("a course with no published lesson is listed for learners")
	}
	if _, err := cat.Course(ctx, "fresh"); !isNotFound(err) {
		t.Errorf("the course page of a course with no published lesson: %v, want not found", err)
	}
	pos, err := cat.NextPosition(ctx, "fresh")
	if err != nil || pos != 1 {
		t.Fatalf("next position in an empty course = %d, %v", pos, err)
	}
	src := lessons.SourceParts{Front: lessons.FrontMatter{Course: "fresh", Position: pos, Slug: "intro", Title: "Intro", Goal: "Start.", Minutes: 5},
		Body: "\n## Start\n\nFirst words.\n"}.Bytes()
	res, err := cat.CreateLesson(ctx, author, "fresh", src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cat.Lesson(ctx, "fresh", "intro"); !isNotFound(err) {
		t.Errorf("learner read of a draft-only lesson: %v, want not found", err)
	}
	if _, err := cat.Revision(ctx, "fresh", "intro", res.Revision.ID); !isNotFound(err) {
		t.Errorf("answering against a draft revision: %v, want not found", err)
	}
	if _, err := cat.Publish(ctx, author, "fresh", "intro", res.Revision.Number); err != nil {
		t.Fatal(err)
	}
	if p, err := cat.Lesson(ctx, "fresh", "intro"); err != nil || p.Revision != 1 {
		t.Errorf("after publishing: revision %d, %v", p.Revision, err)
	}
	if !listed() {
		t.Error("the course is not listed after its lesson was published")
	}

	// A later draft leaves learners on the published revision.
	base, src := edit(t, cat, func(p *lessons.SourceParts) { p.Body = strings.Replace(p.Body, "Do the thing.", "Do it better.", 1) })
	if _, err := cat.SaveDraft(ctx, author, "demo", "second", base, src); err != nil {
		t.Fatal(err)
	}
	page, err := cat.Lesson(ctx, "demo", "second")
	if err != nil {
		t.Fatal(err)
	}
	if ex, _ := page.Lesson.Item("ex"); page.Revision != 1 || !strings.Contains(string(ex.Exercise.Prompt), "Do the thing.") {
		t.Errorf("learners see revision %d %q while revision 2 is a draft", page.Revision, ex.Exercise.Prompt)
	}
}

func TestStaleSaveIsRefusedAndWritesNothing(t *testing.T) {
	t.Parallel()
	ctx, _, cat, author := authoring(t)
	base, first := edit(t, cat, func(p *lessons.SourceParts) { p.Front.Title = "First author's title" })
	_, second := edit(t, cat, func(p *lessons.SourceParts) { p.Front.Title = "Second author's title" })
	if _, err := cat.SaveDraft(ctx, author, "demo", "second", base, first); err != nil {
		t.Fatal(err)
	}
	_, err := cat.SaveDraft(ctx, author, "demo", "second", base, second)
	var stale *catalog.StaleError
	if !errors.As(err, &stale) {
		t.Fatalf("saving over a newer revision: %v, want StaleError", err)
	}
	if stale.Head.Number != 2 || stale.Head.Author != "Ines Instructor" || !strings.Contains(string(stale.Source), "First author's title") {
		t.Errorf("stale error = %+v, want revision 2 by Ines with the first title", stale.Head)
	}
	if !strings.Contains(err.Error(), "revision 2 was saved by Ines Instructor after you opened revision 1") {
		t.Errorf("message = %q", err)
	}
	revs, _ := cat.Revisions(ctx, "demo", "second")
	if len(revs) != 2 {
		t.Errorf("%d revisions after a refused save, want 2", len(revs))
	}
	if _, err := cat.Publish(ctx, author, "demo", "second", 1); !errors.As(err, &stale) {
		t.Errorf("publishing revision 1 when 2 exists: %v, want StaleError", err)
	}
}

func TestSaveDraftReportsProblemsAtTheirLines(t *testing.T) {
	t.Parallel()
	ctx, _, cat, author := authoring(t)
	for _, c := range []struct {
		name     string
		edit     func(*lessons.SourceParts)
		line     int
		contains string
	}{
		{"slug changed", func(p *lessons.SourceParts) { p.Front.Slug = "renamed" }, 4, "slug must stay"},
		{"course changed", func(p *lessons.SourceParts) { p.Front.Course = "other" }, 2, "course must be"},
		{"position taken", func(p *lessons.SourceParts) { p.Front.Position = 1 }, 3, `position 1 is lesson "first"'s`},
		{"minutes out of range", func(p *lessons.SourceParts) { p.Front.Minutes = 999 }, 7, "minutes"},
		{"broken block", func(p *lessons.SourceParts) {
			p.Body = strings.Replace(p.Body, "evidence_class: recommended", "evidence_class: maybe", 1)
		}, 0, "evidence_class"},
	} {
		t.Run(c.name, func(t *testing.T) {
			base, src := edit(t, cat, c.edit)
			_, err := cat.SaveDraft(ctx, author, "demo", "second", base, src)
			var ps lessons.Problems
			if !errors.As(err, &ps) || len(ps) == 0 {
				t.Fatalf("got %v, want problems", err)
			}
			if !strings.Contains(ps[0].Msg, c.contains) || (c.line > 0 && ps[0].Line != c.line) {
				t.Errorf("problem %v, want line %d containing %q", ps[0], c.line, c.contains)
			}
		})
	}
	if revs, _ := cat.Revisions(ctx, "demo", "second"); len(revs) != 1 {
		t.Errorf("%d revisions after refused saves, want 1", len(revs))
	}
}

func TestPublishWaitsForCalibration(t *testing.T) {
	t.Parallel()
	ctx, _, cat, author := authoring(t)
	// A probe example expecting a point its criterion has no cues for: the
	// scorer can never give it.
	base, src := edit(t, cat, func(p *lessons.SourceParts) {
		p.Body = strings.Replace(p.Body, "  verification:\n    description: v\n",
			"  verification:\n    description: v\nexamples:\n  - answer: I would look at the queue first because it grew.\n"+
				"    scores: {result: 1, reasoning: 0, failure_case: 0, verification: 0}\n", 1)
	})
	res, err := cat.SaveDraft(ctx, author, "demo", "second", base, src)
	if err != nil {
		t.Fatal(err)
	}
	if d := res.Calibration; len(d) != 1 || d[0].Criterion != grading.Result || d[0].Expected != 1 || d[0].Got != 0 ||
		d[0].Example != 1 || d[0].Field != "examples.1.scores.result" || !strings.Contains(d[0].Message(), "scorer gives result 0, the example expects 1") {
		t.Fatalf("calibration = %v, want one disagreement on result", res.Calibration)
	}
	var calib *catalog.CalibrationError
	if _, err := cat.Publish(ctx, author, "demo", "second", res.Revision.Number); !errors.As(err, &calib) {
		t.Fatalf("publishing with a disagreement: %v, want CalibrationError", err)
	}
	if p, _ := cat.Lesson(ctx, "demo", "second"); p.Revision != 1 {
		t.Errorf("learners see revision %d after a refused publish, want 1", p.Revision)
	}
}

func TestAuditSaysWhoChangedWhatAndWhen(t *testing.T) {
	t.Parallel()
	ctx, _, cat, author := authoring(t)
	base, src := edit(t, cat, func(p *lessons.SourceParts) {
		p.Front.Minutes = 12
		p.Body = strings.Replace(p.Body, "What first?", "What do you do first?", 1)
	})
	res, err := cat.SaveDraft(ctx, author, "demo", "second", base, src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cat.Publish(ctx, author, "demo", "second", res.Revision.Number); err != nil {
		t.Fatal(err)
	}
	if err := cat.UpdateCourse(ctx, author, lessons.Course{Slug: "demo", Title: "Demo, revised", Summary: "A demo course."}); err != nil {
		t.Fatal(err)
	}
	entries, err := cat.Audit(ctx, "demo", "", 10)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, strings.Join([]string{e.Actor, e.Action, e.Lesson, e.Detail}, " | "))
	}
	want := []string{
		"Ines Instructor | course edited |  | title",
		"Ines Instructor | published | second | revision 2",
		"Ines Instructor | draft saved | second | front matter (minutes); changed probe pr",
		" | imported | second | new lesson",
		" | imported | first | new lesson",
		" | course created |  | imported from files",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("audit log:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	lessonOnly, _ := cat.Audit(ctx, "demo", "second", 10)
	if len(lessonOnly) != 3 {
		t.Errorf("lesson audit has %d entries, want 3", len(lessonOnly))
	}
}
