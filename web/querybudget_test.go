package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/pagecache"
)

// queryCounter counts every statement the server's pool runs, alone or in
// a batch.
type queryCounter struct{ n atomic.Int64 }

func (c *queryCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *queryCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (c *queryCounter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

func (c *queryCounter) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {
	c.n.Add(1)
}

func (c *queryCounter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// countedSite is a site whose queries are counted.
func countedSite(t *testing.T, change ...func(*web.Deps)) (*site, *queryCounter) {
	t.Helper()
	return countedSiteOn(t, pgtest.NewDSN(t), change...)
}

// countedSiteOn is countedSite on the database dsn.
func countedSiteOn(t *testing.T, dsn string, change ...func(*web.Deps)) (*site, *queryCounter) {
	t.Helper()
	counter := &queryCounter{}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.Tracer = counter
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	// The budget tests build long histories faster than the per-account
	// answer limit lets a person.
	change = append([]func(*web.Deps){func(d *web.Deps) { d.AnswersPerMinute = 1000 }}, change...)
	return newSiteOn(t, pool, change...), counter
}

// cost is the number of queries one view of path costs v, after a first
// view that warms the document cache and the pool's connections.
func (c *queryCounter) cost(v *visitor, path string) int64 {
	v.t.Helper()
	v.get(path)
	before := c.n.Load()
	if p := v.get(path); p.status != http.StatusOK {
		v.t.Fatalf("GET %s: status %d", path, p.status)
	}
	return c.n.Load() - before
}

// TestLessonPageQueryBudget: a signed-in learner's lesson page costs at most
// two queries (the session, then the lesson with their account, answers and
// scores), however long their history; an anonymous visitor's at most one
// beyond their session, and one more for their answers once they have some
// (a table of their own, not the session row) — none at all without
// answers once the page is kept and changes are heard
// (TestWarmPublicPagesRunNoQuery), which this site's wiring does not.
func TestLessonPageQueryBudget(t *testing.T) {
	t.Parallel()
	s, counter := countedSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Lee": auth.Learner})
	lee := as["Lee"]
	cps, rev := s.checkpoints(t)

	fresh := counter.cost(lee, lesson3)
	for i := 0; i < 40; i++ {
		cp := cps[i%len(cps)]
		lee.post(lesson3+"/checkpoints/"+cp.Key, answer(cp, rev, i%2 == 0))
		lee.post(lesson3+"/responses/explain-back", url.Values{"revision": {rev}, "answer": {"Explanation"}, "confidence": {"confident"}})
	}
	lee.post(lesson3+"/responses/release-and-traffic", url.Values{"revision": {rev}, "answer": {"Compare long prompts on each version."}, "confidence": {"confident"}})
	seasoned := counter.cost(lee, lesson3)
	p := lee.get(lesson3)
	if !signedIn(p) || p.doc.Find(`[data-testid="score"]`).Length() != 1 {
		t.Errorf("after 81 answers: signed in %v, %d scores shown; want signed in with the exercise's score",
			signedIn(p), p.doc.Find(`[data-testid="score"]`).Length())
	}

	visitor := s.visitor(t)
	noSession := counter.cost(visitor, lesson3)
	visitor.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true))
	withAnswers := counter.cost(visitor, lesson3)

	t.Logf("lesson page queries: signed in %d with no history, %d after 81 answers; anonymous %d, %d with answers",
		fresh, seasoned, noSession, withAnswers)
	for _, c := range []struct {
		who      string
		got, max int64
	}{
		{"a signed-in learner with no history", fresh, 2},
		{"a signed-in learner after 81 answers", seasoned, 2},
		{"an anonymous visitor without a session", noSession, 1},
		{"an anonymous visitor with answers", withAnswers, 3},
	} {
		if c.got > c.max {
			t.Errorf("the lesson page costs %s %d queries, want at most %d", c.who, c.got, c.max)
		}
	}
}

// TestWarmPublicPagesRunNoQuery: while changes are being heard, a visitor
// with no session gets the home, course and lesson pages with no query at
// all once each has been rendered; a visitor with answers still gets their
// own page, reading only their session and their answers (the lesson's
// frame says what the lesson is), and so does a signed-in learner, whose
// part holds the navigation's count of due review cards.
func TestWarmPublicPagesRunNoQuery(t *testing.T) {
	t.Parallel()
	pages := pagecache.New(pagecache.DefaultBudget)
	s, counter := countedSite(t, withPages(pages))
	watch(t, s.pool, pages, "notify")
	for _, path := range []string{lesson3, "/", "/courses/serving-incidents"} {
		if n := counter.cost(s.visitor(t), path); n != 0 {
			t.Errorf("GET %s with the cache warm: %d queries, want 0", path, n)
		}
		if p := s.visitor(t).get(path); p.status != http.StatusOK || p.header.Get("ETag") == "" {
			t.Errorf("GET %s: status %d, ETag %q; want 200 with an ETag", path, p.status, p.header.Get("ETag"))
		}
	}
	cps, rev := s.checkpoints(t)
	v := s.visitor(t)
	v.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true))
	if p := v.get(lesson3); p.header.Get("ETag") != "" || !strings.Contains(p.body, "Correct") {
		t.Errorf("a visitor with an answer got the public page (ETag %q)", p.header.Get("ETag"))
	}
	if n := counter.cost(v, lesson3); n != 2 {
		t.Errorf("the lesson page of a visitor with an answer, the cache warm: %d queries, want 2 (session, answers)", n)
	}
	_, as := accounts(t, s, map[string]auth.Role{"Lee": auth.Learner})
	as["Lee"].post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true))
	if n := counter.cost(as["Lee"], lesson3); n != 2 {
		t.Errorf("a signed-in learner's lesson page, the cache warm: %d queries, want 2 (session, their part)", n)
	}
	// Their part holds the navigation's count of due review cards.
	if _, err := s.pool.Exec(context.Background(), `UPDATE review_cards SET due = now() - interval '1 hour'
		WHERE user_id = (SELECT id FROM users WHERE email = 'lee@example.com')`); err != nil {
		t.Fatal(err)
	}
	if p := as["Lee"].get(lesson3); p.doc.Find(`header a[aria-label="Review, 1 due"]`).Length() != 1 {
		t.Errorf("a learner with a card due, the cache warm: the header does not link \"Review, 1 due\"")
	}
	if n := counter.cost(as["Lee"], lesson3); n != 2 {
		t.Errorf("a signed-in learner's lesson page with a card due, the cache warm: %d queries, want 2", n)
	}
}

// TestLessonPageReadsTheAccountFresh: the lesson page reads the account in
// its own query, and still sees a role change or a deleted account at once.
func TestLessonPageReadsTheAccountFresh(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Learner})
	ivy := as["Ivy"]
	reviewLink := func() bool { return ivy.get(lesson3).doc.Find(`header a[href="/review/queue"]`).Length() == 1 }
	if reviewLink() {
		t.Fatal("a learner's lesson page links to the review queue")
	}
	ctx := context.Background()
	if _, err := s.users.SetRole(ctx, users["Ivy"].ID, auth.Instructor); err != nil {
		t.Fatal(err)
	}
	if !reviewLink() {
		t.Error("after promotion to instructor, the lesson page does not link to the review queue")
	}
	if _, err := s.users.SetRole(ctx, users["Ivy"].ID, auth.Learner); err != nil {
		t.Fatal(err)
	}
	if reviewLink() {
		t.Error("after demotion to learner, the lesson page still links to the review queue")
	}
	if _, err := s.pool.Exec(ctx, "DELETE FROM users WHERE id = $1", users["Ivy"].ID); err != nil {
		t.Fatal(err)
	}
	if p := ivy.get(lesson3); p.status != http.StatusOK || signedIn(p) {
		t.Errorf("after the account was deleted: status %d, signed in %v; want 200, signed out", p.status, signedIn(p))
	}
	if p := ivy.get("/courses/serving-incidents/no-such-lesson"); p.status != http.StatusNotFound || signedIn(p) {
		t.Errorf("a missing lesson after the account was deleted: status %d, signed in %v", p.status, signedIn(p))
	}
}

// TestMissingLessonShowsWhoIsSignedIn: the lesson page reads the account
// with the lesson, so when there is no lesson it reads it for the 404 page.
func TestMissingLessonShowsWhoIsSignedIn(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Max": auth.Learner})
	p := as["Max"].get("/courses/serving-incidents/no-such-lesson")
	if p.status != http.StatusNotFound || !signedIn(p) {
		t.Errorf("status %d, signed in %v; want 404 with the header signed in", p.status, signedIn(p))
	}
}

// TestDashboardQueryBudget: the dashboard runs as many queries for a
// learner with a long history — answers, revisions, reviews, requests —
// as for one with none: 11 (one of them lists their latest mock
// interviews), and 2 per course (its lessons, and the learner's answers in
// it); the navigation's count of review news costs it none (the page
// reads the news itself), its count of due review cards one (review_due,
// read once by the layout: navDueReviews).
func TestDashboardQueryBudget(t *testing.T) {
	t.Parallel()
	s, counter := countedSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Lee": auth.Learner, "Ivan": auth.Instructor})
	lee, ivan := as["Lee"], as["Ivan"]
	cps, rev := s.checkpoints(t)

	fresh := counter.cost(lee, "/me")
	for i := 0; i < 40; i++ {
		cp := cps[i%len(cps)]
		lee.post(lesson3+"/checkpoints/"+cp.Key, answer(cp, rev, i%2 == 0))
		lee.post(lesson3+"/responses/explain-back", url.Values{"revision": {rev}, "answer": {"Explanation"}, "confidence": {"confident"}})
		lee.post(lesson3+"/responses/"+lesson3Probe, url.Values{"revision": {rev}, "answer": {"Split queue wait from prefill."}, "confidence": {"not-yet"}})
	}
	const text = "Compare long-prompt latency on both versions at the same arrival rate."
	for i := 0; i < 3; i++ {
		id := s.scoredAnswer(t, users["Lee"].ID, lesson3Exercise, text, autoScore(text, 0.9, []int{1, 0, 0, 0}))
		_, _, basedOn := formChoices(t, ivan.get(reviewPath(id)))
		ivan.post(reviewPath(id), reviewForm(basedOn, []int{1, 1, 0, 0}, map[grading.Criterion]string{grading.Reasoning: "Shows why."}))
		lee.post(lesson3+"/reviews/"+lesson3Exercise, url.Values{"response": {strconv.FormatInt(id, 10)}, "reason": {"Please look again."}})
	}
	// The first view of cost shows the news; the second, counted, shows
	// the requests still in progress. Both are read whatever there is.
	seasoned := counter.cost(lee, "/me")
	p := lee.get("/me")
	if p.doc.Find(`[data-testid="written-answer"]`).Length() != 3 || p.doc.Find(`[data-testid="reviews-requested"] li`).Length() != 3 {
		t.Errorf("after 123 answers: %d written answers, %d reviews in progress; want 3 and 3",
			p.doc.Find(`[data-testid="written-answer"]`).Length(), p.doc.Find(`[data-testid="reviews-requested"] li`).Length())
	}
	t.Logf("dashboard queries: %d with no history, %d after 123 answers and 3 reviews", fresh, seasoned)
	if seasoned != fresh {
		t.Errorf("the dashboard costs %d queries after 123 answers and %d with none: its queries must not grow with the history", seasoned, fresh)
	}
	if budget := int64(11 + 2*1); seasoned > budget {
		t.Errorf("the dashboard costs %d queries, want at most %d with one course", seasoned, budget)
	}
}

// TestKeptSessionsQueryBudget: with sessions kept as serve keeps them
// (auth.NewKeptSessionStore, while accounts' changes are heard), a
// signed-in learner's warm lesson page runs no statement at all, and a
// checkpoint answer one fewer than with every session read (the session's
// statement); a role changed is still seen on the next view.
func TestKeptSessionsQueryBudget(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		site     func(*testing.T) *keptSite
		view     int64 // statements of a warm view
		postLess int64 // fewer statements a checkpoint answer runs than with sessions read
	}{
		{"sessions read", newKeptSite, 1, 0},
		{"sessions kept", newKeptSessionsSite, 0, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			k := c.site(t)
			users, as := accounts(t, k.site, map[string]auth.Role{"Lee": auth.Learner})
			w := sessionOnly(t, as["Lee"])
			var n int64
			for start := time.Now(); time.Since(start) < 2*time.Second; time.Sleep(10 * time.Millisecond) {
				if n = k.counter.cost(w, lesson3); n == c.view {
					break
				}
			}
			if n != c.view {
				t.Errorf("a signed-in learner's warm lesson page: %d statements, want %d", n, c.view)
			}
			cps, rev := k.checkpoints(t)
			var posts []int64
			for i := range 3 {
				before := k.counter.n.Load()
				if p := w.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, i%2 == 0)); p.status != http.StatusSeeOther {
					t.Fatalf("answering: status %d", p.status)
				}
				posts = append(posts, k.counter.n.Load()-before)
			}
			t.Logf("%s: a warm view %d statements, checkpoint answers %v", c.name, n, posts)
			// The first answer is the learner's first: it may write more.
			if got, want := posts[2], checkpointAnswerStatements-c.postLess; got != want {
				t.Errorf("a checkpoint answer: %d statements, want %d", got, want)
			}
			if p := w.get("/review/queue"); p.status != http.StatusForbidden {
				t.Fatalf("the review queue as a learner: status %d, want 403", p.status)
			}
			if _, err := k.users.SetRole(context.Background(), users["Lee"].ID, auth.Instructor); err != nil {
				t.Fatal(err)
			}
			for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
				p := w.get("/review/queue")
				if p.status == http.StatusOK {
					break
				}
				if time.Since(start) > time.Second {
					t.Fatalf("the review queue after promotion: status %d, want 200 within a second", p.status)
				}
			}
		})
	}
}

// checkpointAnswerStatements is what a signed-in learner's checkpoint
// answer costs with the session read from the database.
const checkpointAnswerStatements = 4
