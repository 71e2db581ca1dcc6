package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/learnercache"
	"github.com/practicum-dev/practicum/web/pagecache"
)

const lesson2 = "/courses/serving-incidents/separate-release-from-traffic"

// dueCard gives learner id a review card for lesson 3's checkpoint key,
// due at now() plus in (an SQL interval).
func (k *keptSite) dueCard(t *testing.T, id int64, key, in string) {
	t.Helper()
	if _, err := k.pool.Exec(context.Background(), `INSERT INTO review_cards (user_id, lesson_id, item_key, kind, criterion, state, due,
		stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses)
		SELECT $1, l.id, $2, 'checkpoint', '', 2, now() + $3::interval, 1, 5, 0, 1, 0, 1, 0 FROM lessons l WHERE l.slug = $4`,
		id, key, in, lesson3Slug); err != nil {
		t.Fatal(err)
	}
}

// TestKeptPageFollowsTheClock: a card falling due changes the navigation
// with no write at all; the kept part lasts no longer than that.
func TestKeptPageFollowsTheClock(t *testing.T) {
	t.Parallel()
	k := newKeptSite(t)
	users, as := accounts(t, k.site, map[string]auth.Role{"Cleo": auth.Learner})
	w := sessionOnly(t, as["Cleo"])
	cps, _ := k.checkpoints(t)
	// Due in a few seconds: the steps before the first look must fit in
	// them on a loaded machine under -race (1.5 s once did not).
	k.dueCard(t, users["Cleo"].ID, cps[0].Key, "4 seconds")
	w.get(lesson3)
	k.kept(t, w, "before the card is due")
	if got := navReview(w.get(lesson3)); got != "Review" {
		t.Fatalf("before the card is due the navigation says %q", got)
	}
	start := time.Now()
	for navReview(w.get(lesson3)) != "Review, 1 due" {
		if time.Since(start) > 8*time.Second {
			t.Fatal("8 s on, a card due in 4 s is still not counted")
		}
		time.Sleep(20 * time.Millisecond)
	}
	k.shows(t, w, "once the card is due", `aria-label="Review, 1 due"`)
}

// TestContentChangeForgetsKeptParts: publishing a lesson changes which of
// a learner's cards can be reviewed, which their page on another lesson
// counts; the publish is heard and every kept part forgotten.
func TestContentChangeForgetsKeptParts(t *testing.T) {
	t.Parallel()
	k := newKeptSite(t)
	users, as := accounts(t, k.site, map[string]auth.Role{"Dara": auth.Learner, "Ann": auth.Instructor})
	w := sessionOnly(t, as["Dara"])
	cps, _ := k.checkpoints(t)
	k.dueCard(t, users["Dara"].ID, cps[0].Key, "-1 hour")
	w.get(lesson2)
	if n := k.counter.cost(w, lesson2); n != 1 {
		t.Fatalf("lesson 2 costs %d statements a view, want 1", n)
	}
	if got := navReview(w.get(lesson2)); got != "Review, 1 due" {
		t.Fatalf("before the publish the navigation says %q", got)
	}

	// The checkpoint's key changes: the card's item is gone from the
	// lesson, and the card is not due any more.
	ctx := context.Background()
	d, err := k.catalog.Draft(ctx, "serving-incidents", lesson3Slug)
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(d.Source), "key: "+cps[0].Key+"\n", "key: "+cps[0].Key+"-renamed\n", 1)
	if src == string(d.Source) {
		t.Fatalf("no line key: %s in lesson 3", cps[0].Key)
	}
	saved, err := k.catalog.SaveDraft(ctx, users["Ann"].ID, "serving-incidents", lesson3Slug, d.Head.Number, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.catalog.Publish(ctx, users["Ann"].ID, "serving-incidents", lesson3Slug, saved.Revision.Number); err != nil {
		t.Fatal(err)
	}
	published := time.Now()
	for navReview(w.get(lesson2)) != "Review" {
		if time.Since(published) > time.Second {
			t.Fatal("a second after the publish, lesson 2 still counts the card whose item is gone")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The first view after a content change reads the whole page (the
	// route's frame is forgotten too); the next ones must not go back to
	// the part kept before it.
	for i := range 3 {
		if got := navReview(w.get(lesson2)); got != "Review" {
			t.Fatalf("view %d after the publish: the navigation says %q, kept from before it", i+2, got)
		}
	}
}

// TestAPostingBrowserReadsAfresh: the browser that just posted is marked
// for two seconds and reads its learner's part from the database, kept
// or not, so that the page it is sent to shows what it posted even when
// another server answers before hearing of it; a browser with the same
// session but no mark reads the kept part.
func TestAPostingBrowserReadsAfresh(t *testing.T) {
	t.Parallel()
	k := newKeptSite(t)
	_, as := accounts(t, k.site, map[string]auth.Role{"Eli": auth.Learner})
	b := as["Eli"]
	w := sessionOnly(t, b)
	cps, rev := k.checkpoints(t)
	p := b.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true))
	var marked *http.Cookie
	for _, c := range p.header.Values("Set-Cookie") {
		if strings.HasPrefix(c, "practicum_wrote=") {
			marked, _ = http.ParseSetCookie(c)
		}
	}
	if marked == nil || marked.MaxAge != 2 || !marked.HttpOnly {
		t.Fatalf("the answer's response marks the browser with %v, want practicum_wrote for 2 s, HttpOnly", marked)
	}
	w.get(lesson3)
	k.kept(t, w, "the unmarked browser")
	if n := k.counter.cost(b, lesson3); n != 2 {
		t.Errorf("the marked browser's view costs %d statements, want 2 (its part read afresh)", n)
	}
}

// TestPollingKeepsNoLearnerPart: a server that polls for content changes
// (PgBouncer) cannot hear learners' changes, so it keeps no learner's
// part: a change no server announced (an operator's SQL) shows at once.
func TestPollingKeepsNoLearnerPart(t *testing.T) {
	t.Parallel()
	pages := pagecache.New(pagecache.DefaultBudget)
	learners := web.NewLearners(learnercache.DefaultBudget, learnercache.DefaultMaxAge) // never flushed: serve's poll wiring
	s, counter := countedSiteOn(t, pgtest.NewDSN(t), withPages(pages), func(d *web.Deps) { d.Learners = learners })
	watch(t, s.pool, pages, "poll")
	users, as := accounts(t, s, map[string]auth.Role{"Fay": auth.Learner})
	w := sessionOnly(t, as["Fay"])
	// (The poll's own reads are counted too, now and then.)
	if n := counter.cost(w, lesson3); n < 2 {
		t.Errorf("a view costs %d statements, want 2: the session and the learner's part", n)
	}
	cps, rev := s.checkpoints(t)
	if _, err := s.pool.Exec(context.Background(), `INSERT INTO checkpoint_attempts (user_id, revision_id, item_key, option, correct, answered_at)
		VALUES ($1, $2, $3, $4, true, now())`, users["Fay"].ID, rev, cps[0].Key, cps[0].Checkpoint.Correct()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.get(lesson3).body, "result-right") {
		t.Error("an answer stored by SQL is not on the next view")
	}
}
