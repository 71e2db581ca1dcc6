package auth_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestBusyKeyClaimsHoldTheLimit: a key hit far faster than a person
// answers is counted several requests a statement, and the limit still
// holds across processes: never more through than the limit, and at most
// one claim per process's worth fewer.
func TestBusyKeyClaimsHoldTheLimit(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	processes := []*auth.RateCounter{auth.NewRateCounter(pool, "answers"), auth.NewRateCounter(pool, "answers")}
	now := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		limit    int
		requests int
	}{
		{"a person's pace", 30, 20},
		{"a script, limit 30", 30, 200},
		{"a script, limit 1000", 1000, 3000},
	}
	for i, tt := range tests {
		key := string(rune('a' + i))
		var mu sync.Mutex
		through := 0
		var wg sync.WaitGroup
		for r := range tt.requests {
			wg.Go(func() {
				ok, err := processes[r%2].Hit(t.Context(), key, tt.limit, time.Minute, now.Add(time.Duration(r)*time.Millisecond))
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					through++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		slack := 2 * max(1, tt.limit/16) // one unused claim per process at most
		if want := min(tt.limit, tt.requests); through > want || through < want-slack {
			t.Errorf("%s: %d of %d requests through, want %d (at most %d fewer)", tt.name, through, tt.requests, want, slack)
		}
	}
}

// TestPersonPacedKeyCountedExactly: a key with few requests in a window is
// counted one request a statement, so the stored count is the requests.
func TestPersonPacedKeyCountedExactly(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	c := auth.NewRateCounter(pool, "answers")
	now := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	for i := range 8 {
		if _, err := c.Hit(t.Context(), "k", 1000, time.Minute, now.Add(time.Duration(i)*time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count FROM rate_limits WHERE key = 'answers:k'`).Scan(&n); err != nil || n != 8 {
		t.Errorf("stored count %d (%v), want 8", n, err)
	}
}
