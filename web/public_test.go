package web_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/migrations/postgres/listen"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/pagecache"
)

// withPages gives the site the page cache pages.
func withPages(pages *pagecache.Cache) func(*web.Deps) {
	return func(d *web.Deps) { d.PublicPages = pages }
}

// watch flushes pages on content changes in pool's database, as serve
// does with -cache-invalidation=MODE, and waits until pages are trusted.
func watch(t *testing.T, pool *pgxpool.Pool, pages *pagecache.Cache, mode string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	go func() {
		defer close(done)
		switch mode {
		case "notify":
			listen.Notify(ctx, pool.Config().ConnConfig, catalog.ChangesChannel, pages.Flush, quiet)
		case "poll":
			listen.Poll(ctx, 100*time.Millisecond, catalog.New(pool).ContentVersion, pages.Flush, quiet)
		}
	}()
	t.Cleanup(func() { cancel(); <-done })
	for deadline := time.Now().Add(5 * time.Second); !pages.Trusted(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: the page cache is not trusted after 5 s", mode)
		}
	}
}

// TestPublishedPageIsSeenOnAnotherServer: two servers on one database,
// each with its own cache warm; a lesson published through one is shown
// fresh by the other within a second — its lesson page and its course's
// page — whether changes are heard by notification or by polling.
func TestPublishedPageIsSeenOnAnotherServer(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"notify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			pool := pgtest.New(t)
			pagesA, pagesB := pagecache.New(pagecache.DefaultBudget), pagecache.New(pagecache.DefaultBudget)
			a := newSiteOn(t, pool, withPages(pagesA))
			b := newSiteOn(t, pool, withPages(pagesB))
			watch(t, pool, pagesA, mode)
			watch(t, pool, pagesB, mode)
			const course = "/courses/serving-incidents"
			title := func(s *site, path, sel string) string {
				return strings.Join(texts(s.visitor(t).get(path).doc.Find(sel)), " | ")
			}
			for range 2 { // render, then serve from memory
				title(b, lesson3, "h1")
				title(b, course, "main")
			}
			if got := title(b, lesson3, "h1"); strings.Contains(got, "Republished") {
				t.Fatalf("before the publish, the lesson's title is already %q", got)
			}

			ctx := context.Background()
			var author int64
			if err := pool.QueryRow(ctx, `INSERT INTO users (email, display_name, password_hash, role)
				VALUES ('ann@example.com', 'Ann', '$argon2id$x', 'instructor') RETURNING id`).Scan(&author); err != nil {
				t.Fatal(err)
			}
			d, err := a.catalog.Draft(ctx, "serving-incidents", "work-a-serving-incident")
			if err != nil {
				t.Fatal(err)
			}
			src := strings.Replace(string(d.Source), "title: ", "title: Republished ", 1)
			saved, err := a.catalog.SaveDraft(ctx, author, "serving-incidents", "work-a-serving-incident", d.Head.Number, []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := a.catalog.Publish(ctx, author, "serving-incidents", "work-a-serving-incident", saved.Revision.Number); err != nil {
				t.Fatal(err)
			}
			published := time.Now()

			for _, c := range []struct{ path, sel string }{{lesson3, "h1"}, {course, "main"}} {
				for !strings.Contains(title(b, c.path, c.sel), "Republished") {
					if time.Since(published) > time.Second {
						t.Fatalf("%s on the other server still shows the old title a second after the publish", c.path)
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
			t.Logf("%s: seen on the other server after %v", mode, time.Since(published).Round(time.Millisecond))
		})
	}
}
