package auth

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// counterTimeout bounds each counter query. httprate's LimitCounter methods
// take no context, so the request's own deadline cannot reach them.
const counterTimeout = 3 * time.Second

// RateCounter is an httprate.LimitCounter kept in the rate_limits table, so
// that a limit holds across every server process sharing the database.
// Each limiter needs its own counter: Config records the limiter's window,
// and the namespace keeps its keys apart from other limiters'.
//
// httprate reads the count and then increments it, so two processes
// handling the same key at the same instant can each let one request more
// through than the limit. For sign-in throttling that slack is harmless.
type RateCounter struct {
	pool      *pgxpool.Pool
	namespace string
	window    atomic.Int64 // time.Duration, from Config
	// sweptWindow is the start (Unix ns) of the last window in which this
	// process deleted expired rows.
	sweptWindow atomic.Int64
	// limit is the limiter's request limit, from Config.
	limit atomic.Int64
	// full holds, per key, the counts read in a window whose own count had
	// already reached the limit. A window's count only grows, so every
	// later request for that key in the window is refused whatever other
	// processes add, and is refused without a query: a flood of refused
	// requests (one address posting as fast as it can) costs the database
	// nothing. Entries of past windows are dropped at the next sweep.
	full sync.Map // key → fullWindow
	// claims holds, per busy key, the counts this process has added to
	// the key's row and not yet used (claims.go).
	claims sync.Map // key → *claim
}

type fullWindow struct {
	start      int64 // Unix ns
	curr, prev int
}

// NewRateCounter returns a counter whose keys are stored as namespace + ":"
// + key, e.g. "signin-ip:192.0.2.1".
func NewRateCounter(pool *pgxpool.Pool, namespace string) *RateCounter {
	return &RateCounter{pool: pool, namespace: namespace + ":"}
}

// RateCounter is a counter in the same database as the accounts, under
// namespace (see NewRateCounter).
func (s *Store) RateCounter(namespace string) *RateCounter { return NewRateCounter(s.pool, namespace) }

// Config is called once by httprate.NewRateLimiter with the limiter's
// settings; the counter only needs the window length, to know which rows
// have expired.
func (c *RateCounter) Config(requestLimit int, windowLength time.Duration) {
	c.limit.Store(int64(requestLimit))
	c.window.Store(int64(windowLength))
}

// Increment counts one request for key in the window starting at
// currentWindow.
func (c *RateCounter) Increment(key string, currentWindow time.Time) error {
	return c.IncrementBy(key, currentWindow, 1)
}

// upsertCount adds $3 to key $1's count in the window starting at $2.
//
// Its transaction commits without waiting for its WAL to reach the disk:
// set_config(..., true) is SET LOCAL synchronous_commit = off for the
// statement's own transaction, in the statement (a separate SET LOCAL
// would cost a round trip, and outside BEGIN Postgres warns and logs).
// Every request a limit covers adds to one row per key and window, and
// the upsert holds that row's lock until its transaction ends; with
// synchronous commit that includes the WAL flush, so one account's
// answers took turns behind each other's fsync, at a few hundred a
// second. Asynchronously, the lock is released as soon as the commit is
// in the WAL buffers. What it risks is what a crash of Postgres itself
// (not of a server process) loses: the counts of the last fraction of a
// second (at most three wal_writer_delay), never a corrupt table. A
// limit then lets through at most that many requests more in the window
// of the crash, which bounds nothing that matters: the limits slow a
// flood or a guesser down over a minute or more, and the answers and
// sign-ins they count commit synchronously in their own transactions.
const upsertCount = `
	INSERT INTO rate_limits (key, window_start, count)
	SELECT $1, $2, $3 FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
	ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + EXCLUDED.count`

// IncrementBy counts amount requests for key in the window starting at
// currentWindow. The first increment a process makes in each new window
// also deletes this namespace's rows from before the previous window
// (the sliding estimate reads only the current and previous ones), so
// the table stays small without a background job.
func (c *RateCounter) IncrementBy(key string, currentWindow time.Time, amount int) error {
	ctx, cancel := context.WithTimeout(context.Background(), counterTimeout)
	defer cancel()
	sql, args := upsertCount, []any{c.namespace + key, currentWindow, amount}
	if window := time.Duration(c.window.Load()); window > 0 && c.sweepDue(currentWindow) {
		c.forgetBefore(currentWindow)
		// One statement: the CTE's DELETE runs even though nothing reads it.
		sql = `WITH expired AS (
			DELETE FROM rate_limits WHERE starts_with(key, $4) AND window_start < $5
		)` + sql
		args = append(args, c.namespace, currentWindow.Add(-window))
	}
	if _, err := c.pool.Exec(ctx, sql, args...); err != nil {
		return fmt.Errorf("counting request for rate limit %s%s: %w", c.namespace, key, err)
	}
	return nil
}

// sweepDue reports whether this call is the first in currentWindow to
// reach it, in this process.
func (c *RateCounter) sweepDue(currentWindow time.Time) bool {
	w := currentWindow.UnixNano()
	last := c.sweptWindow.Load()
	return last < w && c.sweptWindow.CompareAndSwap(last, w)
}

// Get returns key's counts in the current and previous windows.
func (c *RateCounter) Get(key string, currentWindow, previousWindow time.Time) (curr, prev int, err error) {
	if v, ok := c.full.Load(key); ok && v.(fullWindow).start == currentWindow.UnixNano() {
		return v.(fullWindow).curr, v.(fullWindow).prev, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), counterTimeout)
	defer cancel()
	err = c.pool.QueryRow(ctx, `
		SELECT coalesce(sum(count) FILTER (WHERE window_start = $2), 0),
		       coalesce(sum(count) FILTER (WHERE window_start = $3), 0)
		FROM rate_limits WHERE key = $1 AND window_start IN ($2, $3)`,
		c.namespace+key, currentWindow, previousWindow).Scan(&curr, &prev)
	if err != nil {
		return 0, 0, fmt.Errorf("reading rate limit %s%s: %w", c.namespace, key, err)
	}
	if limit := c.limit.Load(); limit > 0 && int64(curr) >= limit {
		c.full.Store(key, fullWindow{start: currentWindow.UnixNano(), curr: curr, prev: prev})
	}
	return curr, prev, nil
}

// Hit counts one request for key in the window of length window that holds
// now, and reports whether the request is within limit: the sliding
// estimate (the previous window's count weighted by how much of it still
// overlaps, plus the current count including this request) is at most
// limit. It takes no lock in the process while it queries: concurrent
// requests meet only at the key's row in Postgres, so a slow or failing
// database delays the requests that use this key, not every limited
// request of the server (httprate serialises its counter's queries behind
// one mutex). A key already known to be over the limit in this window is
// refused without a query, and so is a request counted by a claim this
// process already holds (claims.go): a busy key's requests are counted in
// Postgres several at a time.
func (c *RateCounter) Hit(ctx context.Context, key string, limit int, window time.Duration, now time.Time) (bool, error) {
	if c.Full(key, window, now) {
		return false, nil
	}
	current := now.Truncate(window)
	overlap := 1 - float64(now.Sub(current))/float64(window)
	number, prev, err := c.number(ctx, key, current, window, limit)
	if err != nil {
		return false, err
	}
	if float64(prev)*overlap+float64(number) > float64(limit) {
		if number > limit {
			c.full.Store(key, fullWindow{start: current.UnixNano(), curr: number, prev: prev})
		}
		return false, nil
	}
	return true, nil
}

// forgetBefore drops what this process kept of windows before current.
func (c *RateCounter) forgetBefore(current time.Time) {
	c.full.Range(func(k, v any) bool {
		if v.(fullWindow).start != current.UnixNano() {
			c.full.Delete(k)
		}
		return true
	})
	c.claims.Range(func(k, v any) bool {
		if v.(*claim).stale(current) {
			c.claims.Delete(k)
		}
		return true
	})
}

// Full reports, from this process's memory alone, whether key is already
// over its limit in the window holding now: every later Hit for it in
// this window is refused. False means only "not known to be full".
func (c *RateCounter) Full(key string, window time.Duration, now time.Time) bool {
	v, ok := c.full.Load(key)
	return ok && v.(fullWindow).start == now.Truncate(window).UnixNano()
}
