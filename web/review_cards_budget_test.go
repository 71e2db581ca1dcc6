package web_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestReviewPageQueryBudget: the Review page runs as many queries for a
// learner with many cards and a long review history as for one with a
// single card: the session, the account, the queue (the navigation's
// count of due cards comes with the queue; the items come from the
// catalog's decoded revisions) and the navigation's count of review news
// (main's "Dashboard (n)", read once by the layout: navNews) — 4,
// however long the history.
func TestReviewPageQueryBudget(t *testing.T) {
	t.Parallel()
	s, counter := countedSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Lee": auth.Learner})
	lee := as["Lee"]
	cps, rev := s.checkpoints(t)

	lee.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, false))
	s.clock.advance(2 * time.Minute)
	fresh := counter.cost(lee, "/review")

	// Ten days of answering everything in lesson 3, every other answer
	// wrong: each day's answers are reviews of the cards due by then.
	for day := 0; day < 10; day++ {
		for i, cp := range cps {
			lee.post(lesson3+"/checkpoints/"+cp.Key, answer(cp, rev, (day+i)%2 == 0))
		}
		for _, key := range []string{lesson3Exercise, lesson3Probe} {
			lee.post(lesson3+"/responses/"+key, url.Values{"revision": {rev}, "answer": {"Compare long-prompt latency on each version at the same arrival rate."},
				"confidence": {"getting-there"}})
		}
		s.clock.advance(36 * time.Hour)
	}
	var cards, reviews int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(DISTINCT k.id), count(*) FROM review_cards k JOIN review_log g ON g.card_id = k.id WHERE k.user_id = $1`,
		users["Lee"].ID).Scan(&cards, &reviews); err != nil {
		t.Fatal(err)
	}
	seasoned := counter.cost(lee, "/review")
	p := lee.get("/review")
	if p.status != http.StatusOK || p.doc.Find(`[data-testid="review-item"]`).Length() < 2 {
		t.Fatalf("after ten days: status %d, %d items due; want several", p.status, p.doc.Find(`[data-testid="review-item"]`).Length())
	}
	t.Logf("Review page queries: %d with one card, %d with %d cards and %d reviews", fresh, seasoned, cards, reviews)
	if cards < len(cps)+8 || reviews < 4*cards {
		t.Fatalf("%d cards, %d reviews: the history is too short to tell", cards, reviews)
	}
	if seasoned != fresh || seasoned > 4 {
		t.Errorf("the Review page costs %d queries with %d cards and %d reviews, %d with one card; want the same, at most 4", seasoned, cards, reviews, fresh)
	}
}
