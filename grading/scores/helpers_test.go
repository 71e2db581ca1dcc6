package scores_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog/catalogtest"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

const (
	course   = "serving-incidents"
	lesson   = "work-a-serving-incident"
	exercise = "release-and-traffic"
	probe    = "first-token-p95"
)

// fixture is a database holding the shipped course, with lesson 3's
// current revision.
type fixture struct {
	pool     *pgxpool.Pool
	store    *scores.Store
	revision int64
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	pool := pgtest.New(t)
	_, p := catalogtest.Shipped(t, pool, course, lesson)
	return fixture{pool: pool, store: scores.NewStore(pool), revision: p.RevisionID}
}

// user creates an account directly; the scores package needs only its id
// and display name.
func (f fixture) user(t *testing.T, name string) int64 {
	t.Helper()
	return catalogtest.Account(t, f.pool, name, "instructor")
}

// submit stores an answer to key in lesson 3 with the given auto score.
func (f fixture) submit(t *testing.T, userID int64, key string, at time.Time, sc grading.Score) int64 {
	t.Helper()
	kind := lessons.KindExercise
	if key == probe {
		kind = lessons.KindProbe
	}
	r := progress.Response{Course: course, Lesson: lesson, RevisionID: f.revision, Key: key, Kind: kind,
		Answer: "Compare long-prompt latency on both versions at the same arrival rate.", Confidence: progress.GettingThere, At: at}
	// As service.SubmitResponse stores it: the answer and its score in one
	// transaction.
	ctx := context.Background()
	var id int64
	err := postgres.InTx(ctx, f.pool, func(tx pgx.Tx) error {
		var err error
		if id, err = progress.InsertResponse(ctx, tx, userID, r); err != nil {
			return err
		}
		return f.store.RecordAuto(ctx, tx, id, r.RevisionID, sc)
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// score builds an auto score awarding the criteria whose point is 1, in
// grading.Criteria order.
func score(confidence float64, points ...int) grading.Score {
	sc := grading.Score{Confidence: confidence, Version: grading.ScorerVersion}
	for i, c := range grading.Criteria {
		cs := grading.CriterionScore{Criterion: c, Evidence: []grading.Evidence{}, Rationale: "Not awarded: missing cues."}
		if i < len(points) && points[i] == 1 {
			cs.Awarded = true
			cs.Rationale = "Awarded: shows the comparison."
			cs.Evidence = []grading.Evidence{{Start: 0, End: 7, Quote: "Compare"}}
			sc.Total++
		}
		sc.Criteria[i] = cs
	}
	return sc
}

// points is a four-criteria score map in grading.Criteria order.
func points(p ...int) map[grading.Criterion]int {
	m := map[grading.Criterion]int{}
	for i, c := range grading.Criteria {
		m[c] = p[i]
	}
	return m
}

// review overrides a response as reviewer, based on its latest event,
// with a note on every criterion that changes.
func (f fixture) review(t *testing.T, responseID, reviewer int64, p ...int) scores.Event {
	t.Helper()
	ctx := context.Background()
	h, err := f.store.History(ctx, responseID)
	if err != nil {
		t.Fatal(err)
	}
	cur := scores.Current(h)
	notes := map[grading.Criterion]string{}
	for c, v := range points(p...) {
		if cur.Scores[c] != v {
			notes[c] = "Changed " + string(c)
		}
	}
	ev, err := f.store.Override(ctx, scores.Override{ResponseID: responseID, ReviewerID: reviewer,
		BasedOn: h[len(h)-1].ID, Scores: points(p...), Notes: notes})
	if err != nil {
		t.Fatal(err)
	}
	return ev
}
