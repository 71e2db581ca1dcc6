// Package learnerchanges tells every server that a learner's work changed
// — an answer, a score or a reviewer's decision, a review request or
// review news, a review card, a revealed answer, a name shown beside a
// review — so that each forgets what it kept of that learner's lesson
// pages (web/learnercache). The service announces each change after its
// transaction commits (lessons/service); servers hear the announcements on
// Channel (migrations/postgres/listen.NotifyEach, cmd/practicum).
//
// An announcement is a NOTIFY sent after the change committed, never in
// its transaction: a transaction that notifies takes a lock that
// serialises the commits of every notifying transaction in the database,
// WAL flush included, and would make learners' answers take turns at disk
// speed (see the checkpoint POST in BENCHMARKS.md). Sent after, one NOTIFY
// carries every learner changed in the last moment (an Announcer sends at
// most one statement per Linger) and commits asynchronously: losing it in
// a Postgres crash loses nothing, since a crash cuts every listener's
// connection and each server then forgets everything it kept anyway.
//
// What can be lost is the moment between a commit and its announcement:
// a server that dies there leaves the other servers a stale page until
// the entry's maximum age (web/learnercache). The announcing server itself
// forgets the learner at once, before the request that changed their work
// is answered (Announcer's local hook), so its own next page is right.
package learnerchanges

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Channel is the notification channel of learners' changes. A payload is
// learner ids, comma-separated, or All.
const Channel = "practicum_learners"

// All is the payload that means every learner: a change that shows on
// many learners' pages (a reviewer's name, shown beside their reviews).
const All = "*"

// maxPayload keeps each payload under Postgres's limit (8000 bytes).
const maxPayload = 7000

// Payloads writes ids as the fewest payloads of at most maxPayload bytes.
func Payloads(ids []int64, all bool) []string {
	if all {
		return []string{All}
	}
	var out []string
	var b strings.Builder
	for _, id := range ids {
		s := strconv.FormatInt(id, 10)
		if b.Len() > 0 && b.Len()+1+len(s) > maxPayload {
			out = append(out, b.String())
			b.Reset()
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s)
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// Parse reads a payload: the learners it names, or all. A payload that is
// neither (sent by something else on the channel) is all, so that a
// mistake makes servers forget too much, never too little.
func Parse(payload string) (ids []int64, all bool) {
	if payload == All || payload == "" {
		return nil, true
	}
	for f := range strings.SplitSeq(payload, ",") {
		id, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return nil, true
		}
		ids = append(ids, id)
	}
	return ids, false
}

// Linger is how long an Announcer waits after a change to send, so that
// the changes of that moment share one statement: under load, a NOTIFY
// per answer would be a fifth more statements on the answer's path.
const Linger = time.Millisecond

// Announcer sends learners' changes on Channel. A nil *Announcer announces
// nothing: a server that hears no changes keeps nothing (tests' default
// wiring).
type Announcer struct {
	pool  *pgxpool.Pool
	local func(ids []int64, all bool)
	log   *slog.Logger
	// linger is Linger, or less in tests.
	linger time.Duration

	mu      sync.Mutex
	pending map[int64]struct{}
	all     bool
	closed  bool
	wake    chan struct{} // one token: something is pending
	closing chan struct{} // closed by Close: stop lingering
	done    chan struct{} // closed when the sender has stopped
}

// New starts an Announcer over pool. local is called at once with every
// change, before Changed returns: the announcing server forgets right
// away, not when its own notification comes back. Close it before the pool.
func New(pool *pgxpool.Pool, local func(ids []int64, all bool), log *slog.Logger) *Announcer {
	return newAnnouncer(pool, local, log, Linger)
}

func newAnnouncer(pool *pgxpool.Pool, local func(ids []int64, all bool), log *slog.Logger, linger time.Duration) *Announcer {
	a := &Announcer{pool: pool, local: local, log: log, linger: linger, pending: map[int64]struct{}{},
		wake: make(chan struct{}, 1), closing: make(chan struct{}), done: make(chan struct{})}
	go a.send()
	return a
}

// Changed announces that the work of learners changed; call it once the
// change has committed (or may have: a failed commit may still have
// happened). It does not wait for the announcement to be sent.
func (a *Announcer) Changed(learners ...int64) {
	if a == nil || len(learners) == 0 {
		return
	}
	a.local(learners, false)
	a.mu.Lock()
	for _, id := range learners {
		a.pending[id] = struct{}{}
	}
	a.mu.Unlock()
	a.nudge()
}

// ChangedAll announces a change that may show on any learner's page.
func (a *Announcer) ChangedAll() {
	if a == nil {
		return
	}
	a.local(nil, true)
	a.mu.Lock()
	a.all = true
	a.mu.Unlock()
	a.nudge()
}

func (a *Announcer) nudge() {
	select {
	case a.wake <- struct{}{}:
	default:
	}
}

// Close sends what is pending and stops, waiting at most until ctx ends.
func (a *Announcer) Close(ctx context.Context) {
	if a == nil {
		return
	}
	a.mu.Lock()
	if !a.closed {
		a.closed = true
		close(a.closing)
	}
	a.mu.Unlock()
	a.nudge()
	select {
	case <-a.done:
	case <-ctx.Done():
		a.log.Warn("stopped before announcing every learner's change; other servers may show their old pages until they expire")
	}
}

// send is the sender's loop: one statement for whatever is pending, at
// most one per linger, retried while it fails.
func (a *Announcer) send() {
	defer close(a.done)
	retry := 10 * time.Millisecond
	for {
		<-a.wake
		select {
		case <-time.After(a.linger):
		case <-a.closing:
		}
		a.mu.Lock()
		ids, all, closed := keys(a.pending), a.all, a.closed
		clear(a.pending)
		a.all = false
		a.mu.Unlock()
		if len(ids) == 0 && !all {
			if closed {
				return
			}
			continue
		}
		if err := a.notify(ids, all); err != nil {
			if closed {
				a.log.Warn("stopping without announcing learners' changes; other servers may show their old pages until they expire",
					"learners", len(ids), "all", all, "err", err)
				return
			}
			a.log.Warn("announcing learners' changes failed; trying again", "learners", len(ids), "all", all, "err", err, "retry_in", retry)
			a.mu.Lock()
			for _, id := range ids {
				a.pending[id] = struct{}{}
			}
			a.all = a.all || all
			a.mu.Unlock()
			time.Sleep(retry)
			retry = min(2*retry, 5*time.Second)
			a.nudge()
			continue
		}
		retry = 10 * time.Millisecond
		if closed {
			a.nudge() // send anything that came meanwhile, then stop
		}
	}
}

// notifyQuery sends each payload, committing without waiting for the WAL
// flush (set_config's true is SET LOCAL): see the package comment.
const notifyQuery = `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, p) FROM unnest($2::text[]) AS p`

func (a *Announcer) notify(ids []int64, all bool) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	slices.Sort(ids)
	if _, err := a.pool.Exec(ctx, notifyQuery, Channel, Payloads(ids, all)); err != nil {
		return fmt.Errorf("notifying %s: %w", Channel, err)
	}
	return nil
}

func keys(m map[int64]struct{}) []int64 {
	out := make([]int64, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	return out
}
