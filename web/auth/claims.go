package auth

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// A busy key's requests are counted in Postgres several at a time: the
// process adds n to the key's row in one statement and numbers its next
// n−1 requests itself. A key stays at one count a statement until this
// process has seen claimAfter of its requests in the window, so a person
// answering at a person's pace is counted exactly as before; after that a
// claim covers the requests waiting for it and a quarter of those seen so
// far, at most a claimShare-th of the limit and maxClaim. Counts a process
// claims and does not use (the window ends first) stay counted: a limit
// can only refuse a little early, by at most one claim per process, never
// let more through.
const (
	claimAfter = 8
	claimShare = 16
	maxClaim   = 64
)

// claim is what this process holds of one key's count in one window. At
// most one claim per key is being made at a time; the key's other
// requests wait for it and take their numbers from it.
type claim struct {
	mu     sync.Mutex
	window int64 // start (Unix ns) of the window the fields below are of
	seen   int   // requests for the key this process numbered in window
	// from..to are the request numbers claimed and not yet used.
	from, to int
	prev     int // the previous window's count, read with the claim
	// claiming is closed when the claim being made ends (nil: none is).
	claiming chan struct{}
	waiting  int // requests waiting for it
}

func (c *RateCounter) claimOf(key string) *claim {
	if v, ok := c.claims.Load(key); ok {
		return v.(*claim)
	}
	v, _ := c.claims.LoadOrStore(key, &claim{})
	return v.(*claim)
}

// number gives a request for key its number in the window starting at
// current, from a claim this process holds or one it makes, and the
// previous window's count.
func (c *RateCounter) number(ctx context.Context, key string, current time.Time, window time.Duration, limit int) (number, prev int, err error) {
	k := c.claimOf(key)
	k.mu.Lock()
	for {
		if k.window != current.UnixNano() {
			k.window, k.seen, k.from, k.to = current.UnixNano(), 0, 1, 0
		}
		if k.from <= k.to {
			k.seen++
			number = k.from
			k.from++
			prev = k.prev
			k.mu.Unlock()
			return number, prev, nil
		}
		if k.claiming == nil {
			break
		}
		wait := k.claiming
		k.waiting++
		k.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			k.mu.Lock()
			k.waiting--
			k.mu.Unlock()
			return 0, 0, fmt.Errorf("counting request for rate limit %s%s: %w", c.namespace, key, ctx.Err())
		}
		k.mu.Lock()
		k.waiting--
	}
	n := 1
	if k.seen >= claimAfter {
		n = max(1, min(max(k.seen/4, k.waiting+1), limit/claimShare, maxClaim))
	}
	done := make(chan struct{})
	k.claiming = done
	k.mu.Unlock()

	var curr int
	err = c.pool.QueryRow(ctx, `
		WITH hit AS (`+upsertCount+` RETURNING count)
		SELECT (SELECT count FROM hit),
		       coalesce((SELECT count FROM rate_limits WHERE key = $1 AND window_start = $4), 0)`,
		c.namespace+key, current, n, current.Add(-window)).Scan(&curr, &prev)

	k.mu.Lock()
	k.claiming = nil
	close(done)
	if err != nil {
		k.mu.Unlock()
		return 0, 0, fmt.Errorf("counting request for rate limit %s%s: %w", c.namespace, key, err)
	}
	if k.window == current.UnixNano() {
		k.seen++
		k.from, k.to, k.prev = curr-n+2, curr, prev
	}
	k.mu.Unlock()
	if c.sweepDue(current) {
		// Rows from before the previous window are never read again.
		_, _ = c.pool.Exec(ctx, `DELETE FROM rate_limits WHERE starts_with(key, $1) AND window_start < $2`,
			c.namespace, current.Add(-window))
		c.forgetBefore(current)
	}
	return curr - n + 1, prev, nil
}

// stale reports a claim of a window before current.
func (k *claim) stale(current time.Time) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.window != current.UnixNano()
}
