package progress_test

import (
	"context"
	"sync"
	"testing"
)

// TestAddAttemptStoresAnswersSentTogether: answers sent at the same moment
// share statements, and every one is stored but the one Postgres refuses,
// whose request alone fails.
func TestAddAttemptStoresAnswersSentTogether(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	const answers = 300
	const bad = 137 // names a revision that does not exist
	errs := make([]error, answers)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Go(func() {
			a := f.attempt(i%len(f.checkpts), i%2 == 0, i%60)
			if i == bad {
				a.RevisionID = -1
			}
			errs[i] = f.store.AddAttempt(ctx, f.userID, a)
		})
	}
	wg.Wait()
	for i, err := range errs {
		if (err != nil) != (i == bad) {
			t.Errorf("answer %d: error %v", i, err)
		}
	}
	var stored int
	if err := f.pool.QueryRow(ctx, `SELECT count(*) FROM checkpoint_attempts WHERE user_id = $1`, f.userID).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != answers-1 {
		t.Errorf("stored %d answers, want %d", stored, answers-1)
	}
	st, err := f.store.LessonState(ctx, f.userID, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	var shown int
	for _, n := range st.Attempts {
		shown += n
	}
	if shown != answers-1 {
		t.Errorf("the lesson shows %d attempts, want %d", shown, answers-1)
	}
}

// TestAddAttemptCancelledStoresNothing: a request that is gone before its
// answer is stored gets an error, and nothing is stored for it.
func TestAddAttemptCancelledStoresNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := f.store.AddAttempt(ctx, f.userID, f.attempt(0, true, 1)); err == nil {
		t.Error("a cancelled request's answer was accepted")
	}
	var stored int
	if err := f.pool.QueryRow(context.Background(), `SELECT count(*) FROM checkpoint_attempts`).Scan(&stored); err != nil || stored != 0 {
		t.Errorf("stored %d answers (%v), want none", stored, err)
	}
}
