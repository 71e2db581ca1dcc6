package auth_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web/auth"
)

func TestDelayPolicy(t *testing.T) {
	t.Parallel()
	p := auth.DelayPolicy{Free: 5, First: 30 * time.Second, Max: 15 * time.Minute}
	for failures, want := range map[int]time.Duration{
		0: 0, 4: 0, 5: 30 * time.Second, 6: time.Minute, 7: 2 * time.Minute,
		10: 15 * time.Minute, 1000: 15 * time.Minute,
	} {
		if got := p.Delay(failures); got != want {
			t.Errorf("Delay(%d) = %v, want %v", failures, got, want)
		}
	}
}

// TestSignInAttemptsAtOnce: attempts sent together are counted before any
// password is checked, so a burst gets no more than the free failures.
func TestSignInAttemptsAtOnce(t *testing.T) {
	t.Parallel()
	store := auth.NewStore(pgtest.New(t))
	limits := store.SignInLimits(auth.DefaultSignInPolicies)
	var mu sync.Mutex
	let := 0
	var wg sync.WaitGroup
	for range 30 {
		wg.Go(func() {
			a, wait, err := limits.Begin(context.Background(), "ada@example.com", "192.0.2.1")
			if err != nil {
				t.Error(err)
				return
			}
			if a != nil && wait == 0 {
				mu.Lock()
				let++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if want := auth.DefaultSignInPolicies.AccountAddress.Free; let != want {
		t.Errorf("%d of 30 simultaneous attempts let through, want %d", let, want)
	}
	// The same account from another address is not held up.
	if _, wait, err := limits.Begin(context.Background(), "ADA@example.com ", "192.0.2.2"); err != nil || wait != 0 {
		t.Errorf("another address: wait %v, %v; want none", wait, err)
	}
}
