package web_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/learnerchanges"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/migrations/postgres/listen"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/learnercache"
	"github.com/practicum-dev/practicum/web/pagecache"
)

// keptSite is a site wired as serve wires one with
// -cache-invalidation=notify: public pages, lesson frames and learners'
// parts kept while changes are heard, its service and account pages
// announcing whose work they change, content and learners' changes heard
// on one connection — except that it reads every session from the
// database, so that a view's statements are the session's and the
// learner part's, unless made by newKeptSessionsSite, which keeps
// sessions too (and hears accounts' changes), as serve does. Its own
// pool's statements are counted; the listener and the announcer have
// theirs, as they would have a connection each.
type keptSite struct {
	*site
	counter  *queryCounter
	learners *web.Learners
	// sessions is what newKeptSessionsSite keeps of sessions; nil for
	// newKeptSite.
	sessions *auth.KeptSessions
	svc      *service.Service
	// whole renders every lesson page whole from the database, for
	// holding the kept pages to byte for byte.
	whole *httptest.Server
}

func newKeptSite(t *testing.T) *keptSite {
	t.Helper()
	return newKeptSiteWith(t, false)
}

// newKeptSessionsSite is newKeptSite with signed-in sessions kept while
// accounts' changes are heard, as serve keeps them.
func newKeptSessionsSite(t *testing.T) *keptSite {
	t.Helper()
	return newKeptSiteWith(t, true)
}

func newKeptSiteWith(t *testing.T, keepSessions bool) *keptSite {
	t.Helper()
	dsn := pgtest.NewDSN(t)
	side, err := pgxpool.New(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(side.Close)
	pages := pagecache.New(pagecache.DefaultBudget)
	learners := web.NewLearners(learnercache.DefaultBudget, learnercache.DefaultMaxAge)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	changes := learnerchanges.New(side, learners.Forget, quiet)
	t.Cleanup(func() { changes.Close(context.Background()) })
	k := &keptSite{learners: learners}
	// Never trusted unless heard below: an untrusted cache keeps nothing.
	sessions := auth.NewKeptSessions(auth.DefaultSessionBudget, auth.DefaultSessionMaxAge)
	k.site, k.counter = countedSiteOn(t, dsn, func(d *web.Deps) {
		d.PublicPages, d.Learners, d.Changes = pages, learners, changes
		k.svc = d.Service.WithChanges(changes)
		if keepSessions {
			k.sessions = sessions
			d.Sessions = auth.NewKeptSessionStore(d.DB.(*pgxpool.Pool), sessions)
			d.Users = auth.NewStore(d.DB.(*pgxpool.Pool), auth.CheapHashingForTests(), auth.WithKeptSessions(sessions))
		}
	})
	heard := []listen.Channel{
		{Name: catalog.ChangesChannel, Heard: func(string) { pages.Flush(true); learners.Flush(true) }},
		{Name: learnerchanges.Channel, Heard: func(p string) { learners.Forget(learnerchanges.Parse(p)) }},
		{Name: auth.ChangesChannel, Heard: sessions.Heard},
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		listen.NotifyEach(ctx, side.Config().ConnConfig, heard, func(trusted bool) {
			pages.Flush(trusted)
			learners.Flush(trusted)
			if keepSessions {
				sessions.Flush(trusted)
			}
		}, quiet)
	}()
	t.Cleanup(func() { cancel(); <-done })
	for deadline := time.Now().Add(5 * time.Second); !learners.Trusted(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("learners' parts are not trusted after 5 s")
		}
	}
	k.whole = httptest.NewServer(web.NewWhole(siteDeps(k.pool, k.catalog)))
	t.Cleanup(k.whole.Close)
	return k
}

// sessionOnly is a browser holding v's session and nothing else: it is
// never marked as having just written (practicum_wrote), so its views
// read the learner's kept part whenever there is one.
func sessionOnly(t *testing.T, v *visitor) *visitor {
	t.Helper()
	w := v.site.visitor(t)
	u, _ := url.Parse(v.site.URL)
	for _, c := range v.client.Jar.Cookies(u) {
		if c.Name == "practicum_session" {
			w.client.Jar.SetCookies(u, []*http.Cookie{{Name: c.Name, Value: c.Value, Path: "/"}})
		}
	}
	return w
}

// kept fails t unless w's lesson 3 page comes to be served from their
// kept part: one statement (the session) per view. It may take a moment:
// the announcement of a change heard just before comes back from Postgres
// after the view that read the change, and forgets it once more.
func (k *keptSite) kept(t *testing.T, w *visitor, when string) {
	t.Helper()
	var n int64
	for start := time.Now(); time.Since(start) < 2*time.Second; time.Sleep(10 * time.Millisecond) {
		if n = k.counter.cost(w, lesson3); n == 1 {
			return
		}
	}
	t.Errorf("%s: a view costs %d statements, want 1 (the session; the learner's part kept)", when, n)
}

// shows fails t unless w's lesson 3 page shows mark at once, and is the
// page rendered whole, byte for byte, in each coding; then that it is
// kept again.
func (k *keptSite) shows(t *testing.T, w *visitor, who, mark string) {
	t.Helper()
	sameAsWhole(t, k.site, k.whole, who, w, mark)
	k.kept(t, w, who+", viewed again")
	sameAsWhole(t, k.site, k.whole, who+", from the kept part", w, mark)
}
