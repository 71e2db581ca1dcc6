// Package service holds Practicum's use cases, between the web layer and
// the stores: a learner answers a checkpoint or submits a written answer
// (scored when the block has a rubric), an anonymous visitor's answers are
// merged into their new account, a learner reviews what they missed on the
// Review page (review_cards.go), a learner runs a mock interview
// (mock.go), a learner asks for a review, a reviewer
// overrides a score, an instructor saves a block from its form.
//
// Each use case is one method. It checks the request against the lesson
// revision the learner or author was shown, calls the stores, and begins
// and ends any transaction that spans more than one of them; handlers in
// web only parse the request, call one method and render what it returns.
// Nothing here knows about HTTP, forms or templates.
package service

import (
	"io"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/learnerchanges"
	"github.com/practicum-dev/practicum/lessons/mock"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/review"
)

// Service runs the use cases over one database.
type Service struct {
	// pool begins the transactions that span stores; reads and single
	// writes go through the stores.
	pool     *pgxpool.Pool
	catalog  *catalog.Catalog
	progress *progress.Store
	scores   *scores.Store
	// jobs inserts background jobs (River's) in the use cases'
	// transactions and lists them; it works none. The client that works
	// them runs in `practicum serve` (cmd/practicum/jobs.go), with the
	// workers this package defines (RescoreWorker).
	jobs *river.Client[pgx.Tx]
	// review keeps learners' review cards. It holds nothing but the pool,
	// so New makes it rather than every caller's wiring.
	review *review.Store
	// mock keeps mock interviews; like review, it holds nothing but the
	// pool.
	mock *mock.Store
	// now is the time answers are stamped with and cards are due against
	// (time.Now; tests move it forward with WithClock).
	now func() time.Time
	// changes announces, after each commit, whose work a use case changed,
	// so that every server forgets what it kept of their lesson pages
	// (WithChanges; nil announces nothing). Every write to what a
	// learner's part of the lesson page reads — answers, reveals, scores,
	// review requests and news, review cards — goes through this package,
	// and each use case that makes one calls changed (changes.go).
	changes *learnerchanges.Announcer
}

// New returns the use cases over the stores, which must share pool.
func New(pool *pgxpool.Pool, cat *catalog.Catalog, prog *progress.Store, sc *scores.Store) *Service {
	// A client with no queues only inserts and lists: it starts nothing
	// and cannot fail on a valid empty configuration.
	jobs, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		panic(err)
	}
	return &Service{pool: pool, catalog: cat, progress: prog, scores: sc, jobs: jobs, review: review.NewStore(pool),
		mock: mock.NewStore(pool), now: time.Now}
}

// WithChanges makes a the service's announcer of learners' changes.
// Call it before the service is used.
func (s *Service) WithChanges(a *learnerchanges.Announcer) *Service {
	s.changes = a
	return s
}

// WithClock makes now the service's clock, for tests that need review
// cards to fall due without waiting. Call it before the service is used.
func (s *Service) WithClock(now func() time.Time) *Service {
	s.now = now
	return s
}

// Learner is who is answering: a signed-in account, or an anonymous
// visitor whose answers are kept apart (progress's anonymous answers)
// until they sign in.
type Learner struct {
	// UserID is the account; 0 for an anonymous visitor.
	UserID int64
	// Visitor names an anonymous visitor's answers, when UserID is 0; ""
	// is a visitor who has answered nothing.
	Visitor string
	// Term is how long an anonymous visitor's answers are kept.
	Term progress.AnonymousTerm
}

// anonymous reports whether who is a visitor without an account.
func (who Learner) anonymous() bool { return who.UserID == 0 }
