package scores_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/practicum-dev/practicum/grading/scores"
)

// refusedWith checks err is a reason InputError whose message holds want.
func refusedWith(t *testing.T, what string, err error, want string) {
	t.Helper()
	var ie *scores.InputError
	if !errors.As(err, &ie) || ie.Field != scores.ProblemReason || !strings.Contains(ie.Msg, want) {
		t.Errorf("%s: err = %v, want a reason problem saying %q", what, err, want)
	}
}

// TestOneOpenRequestPerAnswer: asking again about an answer waiting for
// a review is refused; once it is reviewed, it can be asked about again.
func TestOneOpenRequestPerAnswer(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lea, rita := f.user(t, "Lea"), f.user(t, "Rita")
	id := f.submit(t, lea, exercise, time.Now(), score(0.9, 1, 1, 0, 0))
	if err := f.store.RequestReview(ctx, id, lea, "Please look"); err != nil {
		t.Fatal(err)
	}
	refusedWith(t, "asking twice", f.store.RequestReview(ctx, id, lea, "Please look again"), "already asked for a review of this answer")
	f.review(t, id, rita, 1, 1, 1, 0)
	if err := f.store.RequestReview(ctx, id, lea, "The reviewer missed my falsifier"); err != nil {
		t.Errorf("asking after the review: %v", err)
	}
	// The index holds even for a writer that skips the store's check.
	if _, err := f.pool.Exec(ctx, "INSERT INTO review_requests (response_id, user_id, reason) VALUES ($1, $2, 'x')", id, lea); err == nil {
		t.Error("a second open request was stored")
	}
}

// TestOpenRequestsPerLearner: a learner may have MaxOpenRequests waiting,
// even when asking for many at once; others are not affected, and a
// review frees a place.
func TestOpenRequestsPerLearner(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lea, ben, rita := f.user(t, "Lea"), f.user(t, "Ben"), f.user(t, "Rita")
	var ids []int64
	for i := range 10 {
		ids = append(ids, f.submit(t, lea, exercise, time.Now().Add(time.Duration(i)*time.Second), score(0.9, 1, 1, 0, 0)))
	}
	var ok atomic.Int32
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Go(func() {
			if f.store.RequestReview(ctx, id, lea, "Please look") == nil {
				ok.Add(1)
			}
		})
	}
	wg.Wait()
	if ok.Load() != scores.MaxOpenRequests {
		t.Fatalf("%d of 10 requests sent at once were taken, want %d", ok.Load(), scores.MaxOpenRequests)
	}
	var open []int64
	if err := f.pool.QueryRow(ctx, "SELECT array_agg(response_id) FROM review_requests WHERE user_id = $1 AND closed_at IS NULL", lea).Scan(&open); err != nil {
		t.Fatal(err)
	}
	var waiting int64
	for _, id := range ids {
		if !containsID(open, id) {
			waiting = id
			break
		}
	}
	refusedWith(t, "a fourth", f.store.RequestReview(ctx, waiting, lea, "And this"), "You already have 3 answers waiting for a review")
	benID := f.submit(t, ben, exercise, time.Now(), score(0.9, 1, 1, 0, 0))
	if err := f.store.RequestReview(ctx, benID, ben, "Mine too"); err != nil {
		t.Errorf("another learner: %v", err)
	}
	f.review(t, open[0], rita, 1, 1, 1, 0)
	if err := f.store.RequestReview(ctx, waiting, lea, "And this"); err != nil {
		t.Errorf("after one was reviewed: %v", err)
	}
}

func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// TestQueueTakesTurns: within each reason, learners take turns, so one
// learner's many items cannot push the others' off the page; the reasons
// keep their order.
func TestQueueTakesTurns(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	t0 := time.Now().Add(-24 * time.Hour)
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	ann, ben, cat := f.user(t, "Ann"), f.user(t, "Ben"), f.user(t, "Cat")

	// Low confidence: Ann answered two items before Ben and Cat answered.
	annLow1 := f.submit(t, ann, exercise, at(0), score(0.3, 0, 0, 0, 0))
	annLow2 := f.submit(t, ann, probe, at(1), score(0.3, 0, 0, 0, 0))
	benLow := f.submit(t, ben, exercise, at(2), score(0.3, 0, 0, 0, 0))
	catLow := f.submit(t, cat, probe, at(3), score(0.3, 0, 0, 0, 0))
	// Requests: Ann asks about three older answers before Ben asks.
	var annAsked []int64
	for i := range 3 {
		id := f.submit(t, ann, exercise, at(-10+i), score(0.9, 1, 1, 1, 1))
		annAsked = append(annAsked, id)
	}
	benAsked := f.submit(t, ben, probe, at(-5), score(0.9, 1, 1, 1, 1))
	for _, id := range annAsked {
		if err := f.store.RequestReview(ctx, id, ann, "Look"); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.store.RequestReview(ctx, benAsked, ben, "Look"); err != nil {
		t.Fatal(err)
	}

	q, err := f.store.Queue(ctx, 50)
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, it := range q {
		got = append(got, it.ResponseID)
	}
	want := []int64{
		annAsked[0], benAsked, annAsked[1], annAsked[2], // requests first, taking turns
		annLow1, benLow, catLow, annLow2, // then low confidence, taking turns
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("queue (-want +got):\n%s", diff)
	}
}
