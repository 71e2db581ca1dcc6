package service_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/catalog/catalogtest"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

const (
	course   = "serving-incidents"
	lesson   = "work-a-serving-incident"
	exercise = "release-and-traffic"
	explain  = "explain-back"
)

type fixture struct {
	svc      *service.Service
	catalog  *catalog.Catalog
	progress *progress.Store
	scores   *scores.Store
	revision int64
	userID   int64
	pool     *pgxpool.Pool
}

func newFixture(t testing.TB) fixture {
	t.Helper()
	pool := pgtest.New(t)
	cat, p := catalogtest.Shipped(t, pool, course, lesson)
	id := catalogtest.Account(t, pool, "L", "learner")
	prog, sc := progress.NewStore(pool), scores.NewStore(pool)
	return fixture{svc: service.New(pool, cat, prog, sc), catalog: cat, progress: prog, scores: sc, revision: p.RevisionID, userID: id, pool: pool}
}

func (f fixture) item(key string) service.Item {
	return service.Item{Course: course, Lesson: lesson, Key: key, RevisionID: f.revision}
}

// TestSubmitResponseScoresSignedInAnswers: a signed-in learner's answer to
// an exercise is stored with its auto score; an anonymous visitor's goes
// to the anonymous answers only.
func TestSubmitResponseScoresSignedInAnswers(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	answer := "Compare long-prompt latency on both versions at the same arrival rate."
	if _, err := f.svc.SubmitResponse(ctx, service.Learner{UserID: f.userID}, f.item(exercise), answer, progress.Confident); err != nil {
		t.Fatal(err)
	}
	latest, err := f.scores.LatestFor(ctx, f.userID, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	if sub, ok := latest[exercise]; !ok || len(sub.History) != 1 || sub.History[0].Kind != scores.KindAuto {
		t.Errorf("after submitting: %+v, want the answer with its auto score", latest)
	}

	visitor := anonymous("v1")
	b, err := f.svc.SubmitResponse(ctx, visitor, f.item(explain), "Because.", progress.NotYet)
	anon, _ := f.progress.Anonymous(ctx, visitor.Visitor)
	if err != nil || b.Key != explain || len(anon.Responses) != 1 {
		t.Errorf("anonymous answer: block %q, err %v, %d anonymous responses; want one", b.Key, err, len(anon.Responses))
	}
	if latest, _ := f.scores.LatestFor(ctx, f.userID, course, lesson); len(latest) != 1 {
		t.Errorf("the anonymous answer reached the account: %v", keys(latest))
	}

	_, err = f.svc.SubmitResponse(ctx, service.Learner{UserID: f.userID}, f.item(exercise), "  ", progress.Confident)
	var input *progress.InputError
	if !errors.As(err, &input) {
		t.Errorf("an empty answer: %v, want an InputError", err)
	}
	if _, err := f.svc.SubmitResponse(ctx, service.Learner{UserID: f.userID}, f.item("no-such-item"), answer, progress.Confident); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("an unknown item: %v, want ErrNotFound", err)
	}
}

// anonymous is a visitor without an account, their answers kept an hour.
func anonymous(id string) service.Learner {
	return service.Learner{Visitor: id, Term: progress.AnonymousTerm{Idle: time.Hour, Lifetime: time.Hour}}
}

// TestMergeAnonymousIsAllOrNothing: merging stores the answers and scores
// the scored ones, once; a merge that fails part-way stores nothing and
// leaves the visitor's answers for the next.
func TestMergeAnonymousIsAllOrNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	visitor := anonymous("v1")
	for _, key := range []string{exercise, explain} {
		if _, err := f.svc.SubmitResponse(ctx, visitor, f.item(key), "Compare both versions.", progress.GettingThere); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.svc.MergeAnonymous(ctx, -1, visitor.Visitor); err == nil {
		t.Fatal("merging into an account that does not exist succeeded")
	}
	st, err := f.progress.LessonState(ctx, f.userID, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Responses) != 0 {
		t.Fatalf("after a failed merge the account has %d answers, want none", len(st.Responses))
	}

	for range 2 { // the second finds nothing left to merge
		if err := f.svc.MergeAnonymous(ctx, f.userID, visitor.Visitor); err != nil {
			t.Fatal(err)
		}
	}
	if st, err = f.progress.LessonState(ctx, f.userID, course, lesson); err != nil || len(st.Responses) != 2 {
		t.Fatalf("after merging: %d answers (err %v), want 2", len(st.Responses), err)
	}
	latest, err := f.scores.LatestFor(ctx, f.userID, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := latest[exercise]; !ok || len(latest) != 1 {
		t.Errorf("scored after merging: %v, want the exercise answer only", keys(latest))
	}
}

func keys(m map[string]scores.Submission) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return strings.Join(out, ", ")
}
