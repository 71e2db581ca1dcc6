package auth_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/go-chi/httprate"
	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web/auth"
)

var _ httprate.LimitCounter = (*auth.RateCounter)(nil)

func TestRateCounterCounts(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	c := auth.NewRateCounter(pool, "test")
	c.Config(10, time.Minute)
	prev := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	curr := prev.Add(time.Minute)

	steps := []struct {
		name      string
		key       string
		window    time.Time
		amount    int
		wantCurr  int
		wantPrev  int
		otherCurr int // what "other" reads meanwhile
	}{
		{"empty", "", curr, 0, 0, 0, 0},
		{"previous window", "k", prev, 2, 0, 2, 0},
		{"current window", "k", curr, 1, 1, 2, 0},
		{"by more than one", "k", curr, 3, 4, 2, 0},
		{"other key is separate", "other", curr, 5, 4, 2, 5},
	}
	for _, st := range steps {
		if st.amount > 0 {
			if err := c.IncrementBy(st.key, st.window, st.amount); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
		}
		gotCurr, gotPrev, err := c.Get("k", curr, prev)
		if err != nil {
			t.Fatal(err)
		}
		otherCurr, _, err := c.Get("other", curr, prev)
		if err != nil {
			t.Fatal(err)
		}
		if gotCurr != st.wantCurr || gotPrev != st.wantPrev || otherCurr != st.otherCurr {
			t.Errorf("after %s: Get(k) = %d, %d and Get(other) = %d; want %d, %d and %d",
				st.name, gotCurr, gotPrev, otherCurr, st.wantCurr, st.wantPrev, st.otherCurr)
		}
	}
}

// TestRateCounterRemembersAFullWindow: once a key's count in a window has
// reached the limit, the counter answers for it from memory for the rest
// of that window (a window's count only grows), so refused requests cost
// no query; a key under the limit, and the next window, are read afresh.
func TestRateCounterRemembersAFullWindow(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	c := auth.NewRateCounter(pool, "answers-address")
	c.Config(2, time.Minute)
	w := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	next := w.Add(time.Minute)
	for _, key := range []string{"full", "full", "under"} {
		if err := c.Increment(key, w); err != nil {
			t.Fatal(err)
		}
	}
	if curr, _, err := c.Get("full", w, w.Add(-time.Minute)); err != nil || curr != 2 {
		t.Fatalf("Get(full) = %d, %v; want 2", curr, err)
	}
	// What is in the table no longer matters to a full window: removing it
	// shows which reads go to the database.
	if _, err := pool.Exec(t.Context(), "DELETE FROM rate_limits"); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		key          string
		window       time.Time
		curr, prev   int
		fromDatabase bool
	}{
		{"full", w, 2, 0, false},
		{"under", w, 0, 0, true},
		{"full", next, 0, 0, true},
	} {
		curr, prev, err := c.Get(tt.key, tt.window, tt.window.Add(-time.Minute))
		if err != nil || curr != tt.curr || prev != tt.prev {
			t.Errorf("Get(%s, %v) = %d, %d, %v; want %d, %d (from the database: %v)", tt.key, tt.window, curr, prev, err, tt.curr, tt.prev, tt.fromDatabase)
		}
	}
}

// TestRateCounterSharedAndNamespaced stands in for two server processes:
// separate counters over one database see each other's counts when they
// share a namespace, and not otherwise.
func TestRateCounterSharedAndNamespaced(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	w := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	a := auth.NewRateCounter(pool, "signin-ip")
	b := auth.NewRateCounter(pool, "signin-ip")
	other := auth.NewRateCounter(pool, "signin-email")
	for _, c := range []*auth.RateCounter{a, b, other} {
		c.Config(10, time.Minute)
	}
	if err := a.Increment("k", w); err != nil {
		t.Fatal(err)
	}
	if err := b.Increment("k", w); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		c    *auth.RateCounter
		want int
	}{
		{"first process", a, 2},
		{"second process", b, 2},
		{"another namespace", other, 0},
	}
	for _, tt := range tests {
		got, _, err := tt.c.Get("k", w, w.Add(-time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%s: Get = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestRateCounterDeletesExpiredWindows(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	ctx := context.Background()
	c := auth.NewRateCounter(pool, "ip")
	c.Config(10, time.Minute)
	other := auth.NewRateCounter(pool, "email")
	other.Config(10, time.Hour)
	t0 := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)

	for _, inc := range []struct {
		c   *auth.RateCounter
		key string
		at  time.Time
	}{
		{c, "old", t0},
		{c, "kept", t0.Add(time.Minute)},
		{other, "old", t0}, // another namespace with a longer window
		{c, "new", t0.Add(2 * time.Minute)},
	} {
		if err := inc.c.Increment(inc.key, inc.at); err != nil {
			t.Fatal(err)
		}
	}

	rows, err := pool.Query(ctx, "SELECT key FROM rate_limits ORDER BY key")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			t.Fatal(err)
		}
		got = append(got, k)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// At 12:02 the sliding estimate reads 12:02 and 12:01; 12:00 is gone.
	want := []string{"email:old", "ip:kept", "ip:new"}
	if !slices.Equal(got, want) {
		t.Errorf("rows left = %q, want %q", got, want)
	}
}

// TestRateCounterWithHTTPRate runs the counter under httprate, as the
// sign-in limits do, with two limiters standing in for two processes.
func TestRateCounterWithHTTPRate(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})
	newLimiter := func() http.Handler {
		return httprate.LimitBy(3, time.Hour, byAddress,
			httprate.WithLimitCounter(auth.NewRateCounter(pool, "test")))(ok)
	}
	processes := []http.Handler{newLimiter(), newLimiter()}

	var got []int
	for i := range 5 {
		r := httptest.NewRequest(http.MethodPost, "/signin", nil)
		r.RemoteAddr = "192.0.2.1:1234"
		w := httptest.NewRecorder()
		processes[i%2].ServeHTTP(w, r)
		got = append(got, w.Code)
	}
	want := []int{200, 200, 200, 429, 429}
	if !slices.Equal(got, want) {
		t.Errorf("statuses across two processes = %v, want %v", got, want)
	}

	// Another address has its own allowance.
	r := httptest.NewRequest(http.MethodPost, "/signin", nil)
	r.RemoteAddr = "192.0.2.2:1234"
	w := httptest.NewRecorder()
	processes[0].ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		t.Errorf("another address got %d, want 200", w.Code)
	}
}

// byAddress keys a limit by the connection's address, as the sign-in limits
// do when no proxy header is trusted.
func byAddress(r *http.Request) (string, error) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return httprate.CanonicalizeIP(host), nil
}

// TestRateCounterHit: Hit lets a key through up to the limit within a
// window, weighs the previous window by how much of it still overlaps,
// keeps keys and namespaces apart, and shares counts between counters on
// one database (two processes).
func TestRateCounterHit(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	a, b := auth.NewRateCounter(pool, "hits"), auth.NewRateCounter(pool, "hits")
	other := auth.NewRateCounter(pool, "other")
	start := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	const limit = 3
	steps := []struct {
		name    string
		counter *auth.RateCounter
		key     string
		at      time.Duration // after start
		want    bool
	}{
		{"first", a, "k", 0, true},
		{"second, through another process", b, "k", time.Second, true},
		{"third", a, "k", 2 * time.Second, true},
		{"fourth is over", b, "k", 3 * time.Second, false},
		{"and stays over in the window", a, "k", 50 * time.Second, false},
		{"another key is apart", a, "j", 50 * time.Second, true},
		{"another namespace is apart", other, "k", 50 * time.Second, true},
		// Next window, a quarter in: the previous window's 4 counted hits
		// (the last refusal was answered from memory, uncounted) weigh 3,
		// so even one more is over.
		{"previous window still weighs", a, "k", 75 * time.Second, false},
		// Two windows on, the old counts no longer weigh.
		{"a window later it is free", b, "k", 2*time.Minute + 59*time.Second, true},
	}
	for _, st := range steps {
		ok, err := st.counter.Hit(t.Context(), st.key, limit, time.Minute, start.Add(st.at))
		if err != nil {
			t.Fatal(err)
		}
		if ok != st.want {
			t.Errorf("%s: let through %v, want %v", st.name, ok, st.want)
		}
	}
}

// TestCountsCommitAsynchronously: the statement that counts a request
// turns synchronous_commit off for its own transaction (upsertCount says
// why), and only for it: the connection's next transaction, an answer's
// say, commits synchronously again.
func TestCountsCommitAsynchronously(t *testing.T) {
	t.Parallel()
	dsn := pgtest.NewDSN(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	// pgtest's databases commit asynchronously; a server's do not.
	if _, err := conn.Exec(ctx, `SET synchronous_commit = on`); err != nil {
		t.Fatal(err)
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, auth.UpsertCount, "test:k", time.Now().Truncate(time.Minute), 1); err != nil {
		t.Fatal(err)
	}
	var inside, after string
	if err := tx.QueryRow(ctx, `SHOW synchronous_commit`).Scan(&inside); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	// Alone, as RateCounter sends it: an implicit transaction of its own.
	if _, err := conn.Exec(ctx, auth.UpsertCount, "test:k", time.Now().Truncate(time.Minute), 1); err != nil {
		t.Fatal(err)
	}
	if err := conn.QueryRow(ctx, `SHOW synchronous_commit`).Scan(&after); err != nil {
		t.Fatal(err)
	}
	if inside != "off" || after != "on" {
		t.Errorf("synchronous_commit %q in the counting transaction, %q after it; want off, on", inside, after)
	}
	var n int
	if err := conn.QueryRow(ctx, `SELECT count FROM rate_limits WHERE key = 'test:k'`).Scan(&n); err != nil || n != 2 {
		t.Errorf("count %d (%v), want 2", n, err)
	}
}
