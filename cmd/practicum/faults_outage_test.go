package main

import (
	"net/http"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// TestPostgresOutage runs learners' scored submissions against a real
// `practicum serve` while its Postgres goes down (connections cut, new
// ones refused) and then stalls (a partition: nothing answers), each time
// coming back without the server being restarted. Every request ends in
// a success or the friendly 503 within the request timeout, the server
// serves again as soon as Postgres does, and every acknowledged
// submission is in the database.
func TestPostgresOutage(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("fault test: runs a server process for ~10 s")
	}
	dsn := pgtest.NewDSN(t)
	proxy, proxied := newPGProxy(t, dsn)
	const requestTimeout = 2 * time.Second
	// A request may outlive its timeout by rendering the error page on a
	// busy machine; the hangs this catches (pgx's 5 s connect timeout, a
	// query with no deadline) are longer.
	const slack = 2 * time.Second
	srv := startServer(t, proxied, "-request-timeout", requestTimeout.String())

	learners := signInLearners(t, srv, openPool(t, dsn), 4, 3*requestTimeout)

	var g ledger
	start := time.Now()
	stop := make(chan struct{})
	workers := g.run(learners, stop)
	stopped := false
	stopWorkers := func() {
		if !stopped {
			stopped = true
			close(stop)
			workers.Wait()
		}
	}
	t.Cleanup(stopWorkers)

	g.waitAcked(t, 20, 30*time.Second)
	downAt := time.Now()
	proxy.down()
	g.waitEnded(t, downAt, 8, 30*time.Second)
	// Long enough that every pooled connection has been idle past pgxpool's
	// one-second ping-before-use threshold by the time Postgres is back.
	time.Sleep(time.Until(downAt.Add(1500 * time.Millisecond)))
	probe(t, srv.URL+"/healthz", http.StatusOK)
	probe(t, srv.URL+"/readyz", http.StatusServiceUnavailable)
	upAt := time.Now()
	proxy.up()
	g.waitAckedAfter(t, upAt, 20, 30*time.Second)

	stallAt := time.Now()
	proxy.stall()
	g.waitEnded(t, stallAt, 4, 30*time.Second)
	resumeAt := time.Now()
	proxy.up()
	g.waitAckedAfter(t, resumeAt, 20, 30*time.Second)
	stopWorkers()
	probe(t, srv.URL+"/readyz", http.StatusOK)

	phases := []struct {
		name       string
		from, to   time.Time
		wantStatus int // of requests that started and ended in the phase
	}{
		{"before", start, downAt, http.StatusSeeOther},
		{"down", downAt, upAt, http.StatusServiceUnavailable},
		{"up again", upAt, stallAt, http.StatusSeeOther},
		{"stalled", stallAt, resumeAt, http.StatusServiceUnavailable},
		{"resumed", resumeAt, time.Now(), http.StatusSeeOther},
	}
	outcomes := g.outcomes()
	for _, o := range outcomes {
		took := o.end.Sub(o.start)
		switch {
		case o.err != nil:
			t.Errorf("%s: no response after %v: %v", o.ref, took.Round(time.Millisecond), o.err)
			continue
		case o.status != http.StatusSeeOther && o.status != http.StatusServiceUnavailable:
			t.Errorf("%s: status %d, want 303 or 503", o.ref, o.status)
		case o.status == http.StatusServiceUnavailable && (!o.friendly || !o.retryAfter):
			t.Errorf("%s: 503 without the %q page (%v) or Retry-After (%v)", o.ref, unavailablePage, o.friendly, o.retryAfter)
		}
		if took > requestTimeout+slack {
			t.Errorf("%s: took %v, past the request timeout %v", o.ref, took.Round(time.Millisecond), requestTimeout)
		}
		for _, p := range phases {
			if !o.start.Before(p.from) && o.end.Before(p.to) && o.status != p.wantStatus {
				t.Errorf("%s, %s: status %d, want %d", o.ref, p.name, o.status, p.wantStatus)
			}
		}
	}
	for _, p := range phases {
		logPhase(t, p.name, p.from, p.to, outcomes)
	}
	t.Logf("first success %v after the database came back, %v after the partition ended",
		firstAckAfter(outcomes, upAt), firstAckAfter(outcomes, resumeAt))
	checkNoneLost(t, dsn, outcomes)
}

func probe(t *testing.T, url string, want int) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != want {
		t.Errorf("GET %s: status %d, want %d", url, resp.StatusCode, want)
	}
}

// waitEnded waits until n submissions that started after from have ended.
func (g *ledger) waitEnded(t *testing.T, from time.Time, n int, within time.Duration) {
	t.Helper()
	g.waitFor(t, within, "submissions ended", n, func(o outcome) bool { return o.start.After(from) })
}

// waitAckedAfter waits until n submissions that started after from were
// acknowledged.
func (g *ledger) waitAckedAfter(t *testing.T, from time.Time, n int, within time.Duration) {
	t.Helper()
	g.waitFor(t, within, "submissions acknowledged", n, func(o outcome) bool { return o.start.After(from) && o.acked() })
}

func (g *ledger) waitFor(t *testing.T, within time.Duration, what string, n int, match func(outcome) bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		got := 0
		for _, o := range g.outcomes() {
			if match(o) {
				got++
			}
		}
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d %s in %v, want %d", got, what, within, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func firstAckAfter(outcomes []outcome, from time.Time) time.Duration {
	var first time.Time
	for _, o := range outcomes {
		if o.acked() && o.start.After(from) && (first.IsZero() || o.end.Before(first)) {
			first = o.end
		}
	}
	return first.Sub(from).Round(time.Millisecond)
}

// logPhase reports the requests that started in [from, to): figures for
// BENCHMARKS.md, not assertions.
func logPhase(t *testing.T, name string, from, to time.Time, outcomes []outcome) {
	t.Helper()
	statuses := map[int]int{}
	var slowest time.Duration
	for _, o := range outcomes {
		if o.start.Before(from) || !o.start.Before(to) {
			continue
		}
		statuses[o.status]++
		slowest = max(slowest, o.end.Sub(o.start))
	}
	t.Logf("%-9s %6v  statuses %v  slowest %v", name, to.Sub(from).Round(time.Millisecond), statuses, slowest.Round(time.Millisecond))
}
