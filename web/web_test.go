package web_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/content"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/jobs"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
)

// site is a running server over a fresh database holding the shipped course,
// with direct access to its accounts for users with roles sign-up cannot
// give, and to its database for checking what was stored.
type site struct {
	*httptest.Server
	catalog *catalog.Catalog
	users   *auth.Store
	pool    *pgxpool.Pool
	// registry holds the site's metrics, which cmd/practicum serves on a
	// listener of its own.
	registry *prometheus.Registry
	// clock is the service's (service.WithClock): a test moves it on to
	// make review cards fall due.
	clock *testClock
}

// newSite takes a testing.TB so benchmarks can use it too; with no Postgres
// it skips (pgtest.New).
func newSite(t testing.TB) *site {
	t.Helper()
	return newSiteOn(t, pgtest.New(t))
}

// shippedCourses is the shipped course, parsed once for every site: Import
// only reads it.
var shippedCourses = sync.OnceValues(func() ([]lessons.CourseFiles, error) {
	return lessons.Load(content.FS, "lessons/content")
})

// newSiteWith is newSite with changes to the wiring, such as trusted
// proxies.
func newSiteWith(t testing.TB, change ...func(*web.Deps)) *site {
	t.Helper()
	return newSiteOn(t, pgtest.New(t), change...)
}

// newSiteOn serves the shipped course from pool.
func newSiteOn(t testing.TB, pool *pgxpool.Pool, change ...func(*web.Deps)) *site {
	t.Helper()
	cat := catalog.New(pool)
	courses, err := shippedCourses()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cat.Import(context.Background(), courses); err != nil {
		t.Fatal(err)
	}
	deps := siteDeps(pool, cat)
	clock := &testClock{}
	deps.Service.WithClock(clock.now)
	for _, c := range change {
		c(&deps)
	}
	srv := httptest.NewServer(web.New(deps))
	t.Cleanup(srv.Close)
	return &site{Server: srv, catalog: cat, users: auth.NewStore(pool, auth.CheapHashingForTests()), pool: pool, registry: deps.Registry, clock: clock}
}

// siteDeps wires the stores and use cases over pool as cmd/practicum's
// serve does, except that passwords are hashed with argon2id's cheapest
// settings: the tests create and sign in hundreds of accounts, and the
// real settings are auth's own tests' business.
func siteDeps(pool *pgxpool.Pool, cat *catalog.Catalog) web.Deps {
	reg := prometheus.NewRegistry()
	reg.MustRegister(postgres.PoolCollector(pool))
	prog, sc := progress.NewStore(pool), scores.NewStore(pool)
	return web.Deps{
		Log:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		Catalog:  cat,
		Progress: prog,
		Scores:   sc,
		Users:    auth.NewStore(pool, auth.CheapHashingForTests()),
		Service:  service.New(pool, cat, prog, sc),
		Jobs:     jobs.NewStore(pool),
		Sessions: auth.NewSessionStore(pool),
		DB:       pool,
		Registry: reg,
	}
}

type page struct {
	status int
	header http.Header
	body   string
	doc    *goquery.Document
}

func (s *site) get(t *testing.T, path string) page {
	t.Helper()
	resp, err := s.Client().Get(s.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return page{status: resp.StatusCode, header: resp.Header, body: string(b), doc: doc}
}

func texts(sel *goquery.Selection) []string {
	var out []string
	sel.Each(func(_ int, s *goquery.Selection) { out = append(out, strings.Join(strings.Fields(s.Text()), " ")) })
	return out
}
