package progress

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// maxAttemptStatements is how many grouped inserts of checkpoint answers
// may be in flight at once. Below it every answer is stored at once, on
// its own; above it answers wait for the next free statement and share it.
const maxAttemptStatements = 4

// maxAttemptGroup bounds the answers one statement stores.
const maxAttemptGroup = 256

// attemptGroupTimeout bounds a grouped insert: it serves several
// requests, so no one request's deadline or cancellation may end it.
const attemptGroupTimeout = 5 * time.Second

// insertAttempts stores many checkpoint answers in one statement.
const insertAttempts = `
	INSERT INTO checkpoint_attempts (user_id, revision_id, item_key, option, correct, answered_at)
	SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::int[], $5::bool[], $6::timestamptz[])`

// attemptGroup stores checkpoint answers that arrive together in one
// statement, so one transaction and one commit. Each answer is a row of
// its own: under load, a statement per answer made every answer take the
// key-share locks of its account's and its revision's rows (the foreign
// keys) in a transaction of its own, and learners answering one lesson
// queued on the revision's row; a shared statement takes them once.
// There is no goroutine to start or stop: the caller that finds a
// statement free runs it, and runs the next group if one formed while it
// waited.
type attemptGroup struct {
	mu       sync.Mutex
	waiting  []*pendingAttempt
	inFlight int
}

type pendingAttempt struct {
	userID int64
	a      Attempt
	taken  bool
	err    error
	done   chan struct{}
}

// AddAttempt stores a signed-in learner's checkpoint answer that changes
// no review card (service.AnswerCheckpoint), with the answers that other
// requests are storing at the same moment. It returns once the answer is
// committed. A request cancelled while its answer waits stores nothing;
// once its answer is in a statement, it waits for that statement.
func (s *Store) AddAttempt(ctx context.Context, userID int64, a Attempt) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("recording checkpoint answer: %w", err)
	}
	p := &pendingAttempt{userID: userID, a: a, done: make(chan struct{})}
	g := &s.attempts
	g.mu.Lock()
	if g.inFlight < maxAttemptStatements {
		g.inFlight++
		p.taken = true
		g.mu.Unlock()
		s.storeAttempts(ctx, []*pendingAttempt{p})
		return p.err
	}
	g.waiting = append(g.waiting, p)
	g.mu.Unlock()
	select {
	case <-p.done:
		return p.err
	case <-ctx.Done():
	}
	g.mu.Lock()
	if !p.taken {
		for i, w := range g.waiting {
			if w == p {
				g.waiting = append(g.waiting[:i], g.waiting[i+1:]...)
				break
			}
		}
		g.mu.Unlock()
		return fmt.Errorf("recording checkpoint answer: %w", ctx.Err())
	}
	g.mu.Unlock()
	<-p.done
	return p.err
}

// leaderGroups is how many groups a request stores before its own answer
// is returned: past it, the next group goes on in a goroutine, so that
// under steady load no request keeps storing other people's answers.
const leaderGroups = 2

// storeAttempts stores group, then the groups that formed meanwhile, and
// frees its statement when none is waiting.
func (s *Store) storeAttempts(ctx context.Context, group []*pendingAttempt) {
	g := &s.attempts
	for round := 1; ; round++ {
		s.insertGroup(ctx, group)
		g.mu.Lock()
		if len(g.waiting) == 0 {
			g.inFlight--
			g.mu.Unlock()
			return
		}
		n := min(len(g.waiting), maxAttemptGroup)
		group = append([]*pendingAttempt(nil), g.waiting[:n]...)
		g.waiting = append(g.waiting[:0:0], g.waiting[n:]...)
		for _, p := range group {
			p.taken = true
		}
		g.mu.Unlock()
		if round == leaderGroups {
			go s.storeAttempts(context.WithoutCancel(ctx), group)
			return
		}
	}
}

// insertGroup stores group in one statement. When the statement refuses a
// row (a constraint), each answer is stored alone, so that one bad answer
// fails only its own request.
func (s *Store) insertGroup(ctx context.Context, group []*pendingAttempt) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), attemptGroupTimeout)
	defer cancel()
	err := s.insertAttempts(ctx, group)
	var pgErr *pgconn.PgError
	if len(group) > 1 && errors.As(err, &pgErr) && pgErr.Code[:2] == "23" {
		for _, p := range group {
			_, p.err = InsertAttempt(ctx, s.pool, p.userID, p.a)
			close(p.done)
		}
		return
	}
	if err != nil {
		err = fmt.Errorf("recording checkpoint answer: %w", err)
	}
	for _, p := range group {
		p.err = err
		close(p.done)
	}
}

func (s *Store) insertAttempts(ctx context.Context, group []*pendingAttempt) error {
	n := len(group)
	users, revisions, options := make([]int64, n), make([]int64, n), make([]int32, n)
	keys, correct, times := make([]string, n), make([]bool, n), make([]time.Time, n)
	for i, p := range group {
		users[i], revisions[i], keys[i] = p.userID, p.a.RevisionID, p.a.Key
		options[i], correct[i], times[i] = int32(p.a.Option), p.a.Correct, at(p.a.At)
	}
	_, err := s.pool.Exec(ctx, insertAttempts, users, revisions, keys, options, correct, times)
	return err
}
