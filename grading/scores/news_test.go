package scores_test

import (
	"context"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/grading/scores"
)

// TestReviewNews: a review is news to its learner until TakeNews has
// returned it, once; a request counts while no reviewer has answered it;
// a reviewer's review of their own answer, and other learners' reviews,
// are no news to them.
func TestReviewNews(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lea, ben, ivan := f.user(t, "Lea"), f.user(t, "Ben"), f.user(t, "Ivan")
	reviewed := f.submit(t, lea, exercise, time.Now(), score(0.9, 1, 0, 0, 0))
	asked := f.submit(t, lea, probe, time.Now(), score(0.9, 1, 0, 0, 0))
	own := f.submit(t, ivan, exercise, time.Now(), score(0.9, 1, 0, 0, 0))
	f.review(t, reviewed, ivan, 1, 1, 0, 0)
	f.review(t, own, ivan, 1, 1, 1, 0)
	if err := f.store.RequestReview(ctx, asked, lea, "Please look."); err != nil {
		t.Fatal(err)
	}
	count := func(who int64) scores.NewsCount {
		t.Helper()
		n, err := f.store.NewsCount(ctx, who)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for who, want := range map[int64]scores.NewsCount{lea: {Requested: 1, Finished: 1}, ben: {}, ivan: {}} {
		if got := count(who); got != want {
			t.Errorf("user %d's news = %+v, want %+v", who, got, want)
		}
	}

	news, err := f.store.TakeNews(ctx, lea)
	if err != nil {
		t.Fatal(err)
	}
	if len(news.Finished) != 1 || news.Finished[0].ResponseID != reviewed || news.Finished[0].Total != 2 || news.Finished[0].Reviewer != "Ivan" ||
		len(news.Requested) != 1 || news.Requested[0].ResponseID != asked || news.Requested[0].Key != probe {
		t.Errorf("news = %+v, want the exercise reviewed by Ivan (2 of 4) and the probe asked about", news)
	}
	if got := count(lea); got != (scores.NewsCount{Requested: 1}) {
		t.Errorf("after taking the news: %+v, want the request only", got)
	}
	if again, err := f.store.TakeNews(ctx, lea); err != nil || len(again.Finished) != 0 || len(again.Requested) != 1 {
		t.Errorf("taking it again = %+v (%v), want the request only", again, err)
	}
	// Answering the request finishes it: news again.
	f.review(t, asked, ivan, 1, 1, 0, 0)
	if got := count(lea); got != (scores.NewsCount{Finished: 1}) {
		t.Errorf("after the requested review: %+v, want one finished", got)
	}
}

func TestStatusOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		current scores.Event
		open    bool
		want    scores.Status
	}{
		{scores.Event{}, false, scores.StatusNotScored},
		{scores.Event{Kind: scores.KindAuto}, false, scores.StatusScored},
		{scores.Event{Kind: scores.KindAuto, Provisional: true}, false, scores.StatusProvisional},
		{scores.Event{Kind: scores.KindAuto, Provisional: true}, true, scores.StatusReviewRequested},
		{scores.Event{Kind: scores.KindReview}, false, scores.StatusReviewed},
		{scores.Event{Kind: scores.KindReview}, true, scores.StatusReviewRequested},
	} {
		if got := scores.StatusOf(c.current, c.open); got != c.want {
			t.Errorf("StatusOf(%s, provisional %v, open request %v) = %q, want %q", c.current.Kind, c.current.Provisional, c.open, got, c.want)
		}
	}
	if got := scores.StatusReviewRequested.Label(); got != "Review requested" {
		t.Errorf("label = %q", got)
	}
}
