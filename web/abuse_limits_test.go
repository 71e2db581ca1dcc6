package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestAnswerPostsLimitedPerAccount: one account may post 30 answers a
// minute; the 31st is refused, saying why, while other accounts and
// anonymous visitors (counted by address, apart) go on.
func TestAnswerPostsLimitedPerAccount(t *testing.T) {
	t.Parallel()
	var p page
	var s *site
	withinOneWindow(t, time.Minute, func() bool {
		s = newSite(t)
		createAccount(t, s, "Lea", auth.Learner)
		lea := signedInAs(t, s, "lea@example.com")
		cps, rev := s.checkpoints(t)
		for i := range 30 {
			if p := lea.post(lesson3+"/checkpoints/"+cps[i%len(cps)].Key, answer(cps[i%len(cps)], rev, i%2 == 0)); p.status != http.StatusSeeOther {
				t.Fatalf("answer %d: status %d, want 303", i+1, p.status)
			}
		}
		p = lea.post(lesson3+"/responses/explain-back", answerForm(rev, "One more"))
		return p.status == http.StatusTooManyRequests
	})
	if p.status != http.StatusTooManyRequests || p.header.Get("Retry-After") != "60" {
		t.Fatalf("31st answer: status %d, Retry-After %q; want 429, 60", p.status, p.header.Get("Retry-After"))
	}
	if !strings.Contains(p.body, "Your answer was not saved: this account sent more than 30 answers in the last minute.") {
		t.Error("the 429 page does not say why")
	}
	createAccount(t, s, "Ben", auth.Learner)
	cps, rev := s.checkpoints(t)
	if p := signedInAs(t, s, "ben@example.com").post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true)); p.status != http.StatusSeeOther {
		t.Errorf("another account: status %d, want 303", p.status)
	}
	anon := s.visitor(t)
	for i := range 35 {
		if p := anon.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true)); p.status != http.StatusSeeOther {
			t.Fatalf("anonymous answer %d: status %d, want 303", i+1, p.status)
		}
	}
}

// TestAnonymousAnswersLimitedPerAddress: answers posted without an
// account are counted per client address (through the trusted proxy),
// whichever browser sends them: past the limit the next is refused with a
// 429 that says why, while another address and a signed-in account at the
// same address go on.
func TestAnonymousAnswersLimitedPerAddress(t *testing.T) {
	t.Parallel()
	const limit = 5
	var s *site
	var p page
	withinOneWindow(t, time.Minute, func() bool {
		s = newSiteWith(t, behindProxy, func(d *web.Deps) { d.AnonymousAnswersPerMinute = limit })
		cps, rev := s.checkpoints(t)
		for i := range limit {
			// A new browser each time: clearing cookies does not help.
			if p := s.visitor(t).post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true), "X-Forwarded-For", "203.0.113.7"); p.status != http.StatusSeeOther {
				t.Fatalf("anonymous answer %d: status %d, want 303", i+1, p.status)
			}
		}
		p = s.visitor(t).post(lesson3+"/responses/explain-back", answerForm(rev, "One more"), "X-Forwarded-For", "203.0.113.7")
		return p.status == http.StatusTooManyRequests
	})
	if p.status != http.StatusTooManyRequests || p.header.Get("Retry-After") != "60" {
		t.Fatalf("answer %d from one address: status %d, Retry-After %q; want 429, 60", limit+1, p.status, p.header.Get("Retry-After"))
	}
	if !strings.Contains(p.body, "more than 5 answers were sent without an account from your network address in the last minute") {
		t.Error("the 429 page does not say why")
	}
	createAccount(t, s, "Lea", auth.Learner)
	cps, rev := s.checkpoints(t)
	lea := s.visitor(t)
	lea.post("/signin", signInForm("lea@example.com", password), "X-Forwarded-For", "203.0.113.7")
	for _, tt := range []struct {
		who string
		v   *visitor
		at  string
	}{
		{"a visitor at another address", s.visitor(t), "203.0.113.8"},
		{"a signed-in account at the same address", lea, "203.0.113.7"},
	} {
		if p := tt.v.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true), "X-Forwarded-For", tt.at); p.status != http.StatusSeeOther {
			t.Errorf("%s: status %d, want 303", tt.who, p.status)
		}
	}
}

// TestReviewRequestsBounded: through the lesson page, a learner cannot
// ask twice about one answer, nor have more than three waiting; each
// refusal says why beside the item.
func TestReviewRequestsBounded(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	lea := createAccount(t, s, "Lea", auth.Learner)
	v := signedInAs(t, s, "lea@example.com")
	var ids []int64
	for i := range 4 {
		ids = append(ids, s.scoredAnswer(t, lea.ID, lesson3Probe, fmt.Sprint("Answer ", i), autoScore("x", 0.9, []int{1, 0, 0, 0})))
	}
	ask := func(id int64) page {
		return v.post(lesson3+"/reviews/"+lesson3Probe, url.Values{"response": {strconv.FormatInt(id, 10)}, "reason": {"Please look"}})
	}
	if p := ask(ids[0]); p.status != http.StatusSeeOther {
		t.Fatalf("first request: status %d", p.status)
	}
	refused := func(what string, p page, want string) {
		t.Helper()
		if p.status != http.StatusUnprocessableEntity || !strings.Contains(p.doc.Find("#probe-"+lesson3Probe).Text(), want) {
			t.Errorf("%s: status %d; want 422 with %q beside the probe", what, p.status, want)
		}
	}
	refused("asking twice", ask(ids[0]), "You have already asked for a review of this answer.")
	ask(ids[1])
	ask(ids[2])
	refused("a fourth", ask(ids[3]), "You already have 3 answers waiting for a review")
}

// TestFloodingAddressRefusedBeforeItsSession: once an address is over the
// anonymous limit, its next anonymous answers — from a new browser, or
// from a visitor already refused — are refused with the same page without
// a single query (not even the session's), so a flood costs the database
// nothing; a signed-in account at that address is still let through.
func TestFloodingAddressRefusedBeforeItsSession(t *testing.T) {
	t.Parallel()
	const limit = 3
	s, queries := countedSite(t, behindProxy, func(d *web.Deps) { d.AnonymousAnswersPerMinute = limit })
	createAccount(t, s, "Lea", auth.Learner)
	cps, rev := s.checkpoints(t)
	type refusal struct {
		who     string
		status  int
		retry   string
		reason  bool
		queries int64
	}
	// Each attempt floods from an address of its own, and counts only if
	// it ran inside one window: in the next, the address is no longer
	// known to be full, and its posts take the path behind the session.
	for attempt := range 3 {
		address := fmt.Sprintf("203.0.113.%d", 20+attempt)
		post := func(v *visitor) page {
			return v.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true), "X-Forwarded-For", address)
		}
		start := time.Now().Truncate(time.Minute)
		flooder := s.visitor(t)
		for range limit + 1 {
			post(flooder)
		}
		var got []refusal
		for _, who := range []struct {
			name string
			v    *visitor
		}{{"the refused visitor again", flooder}, {"a new browser at that address", s.visitor(t)}} {
			before := queries.n.Load()
			p := post(who.v)
			got = append(got, refusal{who.name, p.status, p.header.Get("Retry-After"),
				strings.Contains(p.body, "more than 3 answers were sent without an account from your network address in the last minute"),
				queries.n.Load() - before})
		}
		if time.Now().Truncate(time.Minute) != start {
			t.Logf("attempt %d straddled a minute boundary; trying again", attempt+1)
			continue
		}
		for _, r := range got {
			if r.status != http.StatusTooManyRequests || r.retry != "60" || !r.reason {
				t.Errorf("%s: status %d, Retry-After %q, reason shown %v; want 429, 60, true", r.who, r.status, r.retry, r.reason)
			}
			if r.queries != 0 {
				t.Errorf("%s: the refusal ran %d queries, want none", r.who, r.queries)
			}
		}
		lea := s.visitor(t)
		lea.post("/signin", signInForm("lea@example.com", password), "X-Forwarded-For", address)
		if p := post(lea); p.status != http.StatusSeeOther {
			t.Errorf("a signed-in account at the flooding address: status %d, want 303", p.status)
		}
		return
	}
	t.Fatal("three attempts straddled minute boundaries")
}
