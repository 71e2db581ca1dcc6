package web_test

import (
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
)

// writtenItem is where a written answer to one item is posted, with the
// revision its form carries.
type writtenItem struct{ path, rev string }

// writtenItems lists every written item of the shipped course.
func (s *site) writtenItems(t *testing.T) []writtenItem {
	t.Helper()
	d, err := s.catalog.Course(t.Context(), "serving-incidents")
	if err != nil {
		t.Fatal(err)
	}
	var out []writtenItem
	for _, l := range d.Lessons {
		lp, err := s.catalog.Lesson(t.Context(), "serving-incidents", l.Slug)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range lp.Lesson.Blocks {
			if b.Kind.Written() {
				out = append(out, writtenItem{"/courses/serving-incidents/" + l.Slug + "/responses/" + b.Key, strconv.FormatInt(lp.RevisionID, 10)})
			}
		}
	}
	return out
}

// wideText is n random four-byte characters (emoji), 4n bytes that
// Postgres cannot compress: the most bytes an answer within the character
// limit can carry.
func wideText(n int) string {
	var b strings.Builder
	for range n {
		b.WriteRune(rune(0x1F300 + rand.IntN(0x300)))
	}
	return b.String()
}

// storageSize is the bytes on disk of everything an anonymous visitor's
// answers and session are kept in.
func (s *site) storageSize(t *testing.T) int64 {
	t.Helper()
	var n int64
	if err := s.pool.QueryRow(t.Context(), `SELECT pg_total_relation_size('sessions') +
		pg_total_relation_size('anonymous_visitors') + pg_total_relation_size('anonymous_answers')`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestAnonymousAnswersBoundedInBytes: a visitor posting answers as large
// as allowed to every written item stores at most MaxAnonymousBytes of
// answer text, the latest per item; the post past the cap is refused
// saying why; storage grows by about the cap, and the session row stays
// small whatever is answered.
func TestAnonymousAnswersBoundedInBytes(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	items := s.writtenItems(t)
	per := progress.MaxAnswerBytes / 4 // characters of wideText within the byte limit
	fit := progress.MaxAnonymousBytes / (per * 4)
	if len(items) <= fit {
		t.Fatalf("the course has %d written items; the test needs more than %d", len(items), fit)
	}
	before := s.storageSize(t)
	v := s.visitor(t)
	for i, it := range items[:fit] {
		if p := v.post(it.path, answerForm(it.rev, wideText(per))); p.status != http.StatusSeeOther {
			t.Fatalf("answer %d of %d bytes: status %d, want 303", i+1, per*4, p.status)
		}
	}
	over := items[fit]
	p := v.post(over.path, answerForm(over.rev, wideText(per)))
	if p.status != http.StatusUnprocessableEntity || !strings.Contains(p.body, "answers kept without an account are limited to 128 KB in all") {
		t.Errorf("past the cap: status %d; want 422 saying answers without an account are limited to 128 KB", p.status)
	}
	grown := s.storageSize(t) - before
	// Replacing an answer stays within the cap: only the latest counts.
	for i := range 3 * fit {
		it := items[i%fit]
		if p := v.post(it.path, answerForm(it.rev, wideText(per))); p.status != http.StatusSeeOther {
			t.Fatalf("replacing answer %d: status %d, want 303", i%fit+1, p.status)
		}
	}
	var stored, rows, sessionBytes int64
	if err := s.pool.QueryRow(t.Context(), `SELECT coalesce(sum(octet_length(answer)), 0), count(*) FROM anonymous_answers`).Scan(&stored, &rows); err != nil {
		t.Fatal(err)
	}
	if err := s.pool.QueryRow(t.Context(), `SELECT max(octet_length(data)) FROM sessions`).Scan(&sessionBytes); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d answers of %d bytes, %d refused: storage grew %d bytes; %d bytes in %d rows after %d more; session row %d bytes",
		fit, per*4, 1, grown, stored, rows, 3*fit, sessionBytes)
	if stored > progress.MaxAnonymousBytes || rows != int64(fit) {
		t.Errorf("stored %d bytes in %d rows, want at most %d bytes, the latest of each of %d items", stored, rows, progress.MaxAnonymousBytes, fit)
	}
	// Pages and index entries come on top of the text itself.
	if limit := int64(progress.MaxAnonymousBytes) + 96<<10; grown > limit {
		t.Errorf("one visitor's answers grew storage by %d bytes, want at most %d", grown, limit)
	}
	if sessionBytes > 256 {
		t.Errorf("the session row is %d bytes, want it small whatever is answered", sessionBytes)
	}
}

// TestOversizeAnswerRefused: an answer over the limit in characters or in
// bytes is refused beside its field with a message
// that says which limit, for a visitor and an account alike; nothing is
// stored.
func TestOversizeAnswerRefused(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Lea", auth.Learner)
	_, rev := s.checkpoints(t)
	tests := []struct {
		name, answer, want string
	}{
		{"too many characters", strings.Repeat("a", progress.MaxAnswer+1), "characters long; the limit is 10000"},
		{"too many bytes", wideText(progress.MaxAnswerBytes/4 + 1), "the limit is 20.0 KB"},
	}
	for _, who := range []string{"anonymous", "signed in"} {
		for _, tt := range tests {
			v := s.visitor(t)
			if who == "signed in" {
				v = signedInAs(t, s, "lea@example.com")
			}
			p := v.post(lesson3+"/responses/explain-back", answerForm(rev, tt.answer))
			if msg := p.doc.Find("#explain-explain-back").Text(); p.status != http.StatusUnprocessableEntity || !strings.Contains(msg, tt.want) {
				t.Errorf("%s, %s: status %d; want 422 with %q beside the item", who, tt.name, p.status, tt.want)
			}
		}
	}
	var n int
	if err := s.pool.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM anonymous_answers) + (SELECT count(*) FROM responses)`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("%d answers stored, want none", n)
	}
}

// TestConcurrentSignInsMergeOnce: five sign-ins sent at once from one
// browser, whose anonymous answers are waiting, merge those answers into
// the account exactly once.
func TestConcurrentSignInsMergeOnce(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	lea := createAccount(t, s, "Lea", auth.Learner)
	cps, rev := s.checkpoints(t)
	v := s.visitor(t)
	for _, p := range []page{
		v.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, false)),
		v.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true)),
		v.post(lesson3+"/responses/explain-back", answerForm(rev, "Queue wait, not decode.")),
	} {
		if p.status != http.StatusSeeOther {
			t.Fatalf("anonymous answer: status %d", p.status)
		}
	}
	// Every sign-in carries the same session cookie: none sees another's
	// new token.
	u, _ := url.Parse(s.URL)
	cookies := v.client.Jar.Cookies(u)
	var wg sync.WaitGroup
	statuses := make([]int, 5)
	start := make(chan struct{})
	for i := range statuses {
		wg.Go(func() {
			req, _ := http.NewRequest(http.MethodPost, s.URL+"/signin", strings.NewReader(signInForm("lea@example.com", password).Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			for _, c := range cookies {
				req.AddCookie(c)
			}
			<-start
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				return
			}
			resp.Body.Close()
			statuses[i] = resp.StatusCode
		})
	}
	close(start)
	wg.Wait()
	for i, st := range statuses {
		if st != http.StatusSeeOther {
			t.Errorf("sign-in %d: status %d, want 303", i+1, st)
		}
	}
	var attempts, responses, left int
	if err := s.pool.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM checkpoint_attempts WHERE user_id = $1),
		(SELECT count(*) FROM responses WHERE user_id = $1 AND kind = $2), (SELECT count(*) FROM anonymous_answers)`,
		lea.ID, string(lessons.KindExplain)).Scan(&attempts, &responses, &left); err != nil {
		t.Fatal(err)
	}
	// The checkpoint's first and latest attempts, and the explanation.
	if attempts != 2 || responses != 1 || left != 0 {
		t.Errorf("after five sign-ins at once: %d attempts, %d explanations in the account, %d anonymous answers left; want 2, 1, 0",
			attempts, responses, left)
	}
}

// TestAnonymousAnswersExpire: a visitor's answers, and their session, end
// after the anonymous idle timeout without an answer, and after the
// anonymous lifetime however busy; then their page shows none, a sign-in
// with that session brings none, and the rows are deleted.
func TestAnonymousAnswersExpire(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name           string
		idle, lifetime time.Duration
		busy           bool
	}{
		{"idle", time.Second, time.Hour, false},
		{"lifetime, however busy", time.Hour, 1500 * time.Millisecond, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newSiteWith(t, func(d *web.Deps) { d.AnonymousIdleTimeout, d.AnonymousLifetime = tt.idle, tt.lifetime })
			lea := createAccount(t, s, "Lea", auth.Learner)
			cps, rev := s.checkpoints(t)
			v := s.visitor(t)
			start := time.Now()
			if p := v.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true)); p.status != http.StatusSeeOther {
				t.Fatalf("anonymous answer: status %d", p.status)
			}
			u, _ := url.Parse(s.URL)
			cookies := v.client.Jar.Cookies(u)
			// shown counts the answers the lesson page shows to a browser
			// that still sends the first session cookie, expired or not.
			shown := func() int {
				req, _ := http.NewRequest(http.MethodGet, s.URL+lesson3, nil)
				for _, c := range cookies {
					req.AddCookie(c)
				}
				return (&visitor{t: t, site: s, client: &http.Client{}}).do(req).doc.Find(`[data-testid="checkpoint-result"]`).Length()
			}
			if n := shown(); n != 1 {
				t.Fatalf("before expiry the page shows %d answers, want 1", n)
			}
			end := start.Add(min(tt.idle, tt.lifetime))
			for tt.busy && time.Until(end) > 400*time.Millisecond {
				time.Sleep(200 * time.Millisecond)
				if p := v.post(lesson3+"/checkpoints/"+cps[1].Key, answer(cps[1], rev, true)); p.status != http.StatusSeeOther {
					t.Fatalf("answer within the lifetime: status %d", p.status)
				}
			}
			time.Sleep(time.Until(end) + 300*time.Millisecond)
			if n := shown(); n != 0 {
				t.Errorf("after expiry the page shows %d answers, want none", n)
			}
			req, _ := http.NewRequest(http.MethodPost, s.URL+"/signin", strings.NewReader(signInForm("lea@example.com", password).Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			for _, c := range cookies {
				req.AddCookie(c)
			}
			if resp, err := http.DefaultTransport.RoundTrip(req); err != nil || resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("signing in with the expired session: %v", err)
			} else {
				resp.Body.Close()
			}
			if _, err := progress.NewStore(s.pool).DeleteExpiredAnonymous(t.Context()); err != nil {
				t.Fatal(err)
			}
			var merged, visitors, answers, sessions int
			if err := s.pool.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM checkpoint_attempts WHERE user_id = $1),
				(SELECT count(*) FROM anonymous_visitors), (SELECT count(*) FROM anonymous_answers),
				(SELECT count(*) FROM sessions WHERE user_id IS NULL AND expiry > now())`, lea.ID).Scan(&merged, &visitors, &answers, &sessions); err != nil {
				t.Fatal(err)
			}
			if merged+visitors+answers+sessions != 0 {
				t.Errorf("after expiry: %d answers merged, %d visitors, %d answers, %d live anonymous sessions kept; want none",
					merged, visitors, answers, sessions)
			}
		})
	}
}
