package catalog_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// TestChangesAreAnnounced: every change to what public pages show sends a
// notification on catalog.ChangesChannel when it commits and changes
// ContentVersion; a change learners do not see (a draft) does neither.
func TestChangesAreAnnounced(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	cat := catalog.New(pool)
	if _, err := cat.Import(ctx, load(t, demoTree(t, nil))); err != nil {
		t.Fatal(err)
	}
	var author int64
	if err := pool.QueryRow(ctx, `INSERT INTO users (email, display_name, password_hash, role)
		VALUES ('ann@example.com', 'Ann', '$argon2id$x', 'instructor') RETURNING id`).Scan(&author); err != nil {
		t.Fatal(err)
	}
	listener, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig.Copy())
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close(ctx)
	if _, err := listener.Exec(ctx, "LISTEN "+catalog.ChangesChannel); err != nil {
		t.Fatal(err)
	}
	heard := func(wait time.Duration) bool {
		waitCtx, cancel := context.WithTimeout(ctx, wait)
		defer cancel()
		_, err := listener.WaitForNotification(waitCtx)
		return err == nil
	}
	version := func() string {
		v, err := cat.ContentVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	var draft int
	for _, c := range []struct {
		name    string
		change  func() error
		changes bool
	}{
		{"an import that changes nothing", func() error { _, err := cat.Import(ctx, load(t, demoTree(t, nil))); return err }, false},
		{"an import with a changed lesson", func() error {
			_, err := cat.Import(ctx, load(t, demoTree(t, map[string]string{"title: ": "title: Renamed "})))
			return err
		}, true},
		{"a draft saved in the browser", func() error {
			d, err := cat.Draft(ctx, "demo", "second")
			if err != nil {
				return err
			}
			src := strings.Replace(string(d.Source), "title: ", "title: Drafted ", 1)
			res, err := cat.SaveDraft(ctx, author, "demo", "second", d.Head.Number, []byte(src))
			draft = res.Revision.Number
			return err
		}, false},
		{"publishing that draft", func() error { _, err := cat.Publish(ctx, author, "demo", "second", draft); return err }, true},
		{"a course's title edited", func() error {
			return cat.UpdateCourse(ctx, author, lessons.Course{Slug: "demo", Title: "Demo, edited", Summary: "A demo course."})
		}, true},
		{"a new course with no lesson yet", func() error {
			return cat.CreateCourse(ctx, author, lessons.Course{Slug: "new", Title: "New", Summary: "Soon."})
		}, true},
		{"a rolled-back change", func() error {
			tx, err := pool.Begin(ctx)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, "UPDATE courses SET title = 'Gone' WHERE slug = 'demo'"); err != nil {
				return err
			}
			return tx.Rollback(ctx)
		}, false},
		{"a lesson removed by an operator", func() error {
			_, err := pool.Exec(ctx, "DELETE FROM lessons WHERE slug = 'first'")
			return err
		}, true},
	} {
		before := version()
		if err := c.change(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		wait := 2 * time.Second
		if !c.changes {
			wait = 200 * time.Millisecond
		}
		if got := heard(wait); got != c.changes {
			t.Errorf("%s: notification heard %v, want %v", c.name, got, c.changes)
		}
		for heard(50 * time.Millisecond) { // one per statement is allowed; drain them
		}
		if changed := version() != before; changed != c.changes {
			t.Errorf("%s: ContentVersion changed %v, want %v", c.name, changed, c.changes)
		}
	}
}
