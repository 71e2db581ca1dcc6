package service

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog/catalogtest"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/review"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// TestSubmitScoredIsAllOrNothing (moved from grading/scores with
// SubmitScored): an answer whose score cannot be stored is not stored
// either.
func TestSubmitScoredIsAllOrNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, pool, revision := newInternalFixture(t)
	var lea int64
	if err := pool.QueryRow(ctx, `INSERT INTO users (email, display_name, password_hash) VALUES ('lea@example.com', 'Lea', '$argon2id$x')
		RETURNING id`).Scan(&lea); err != nil {
		t.Fatal(err)
	}
	const exercise = "release-and-traffic"
	bad := score(0.9, 1, 1, 0, 0)
	bad.Total = 4 // does not match the criteria
	explain := progress.Response{RevisionID: revision, Key: "explain-back", Kind: lessons.KindExplain, Answer: "x", Confidence: progress.NotYet}
	wrongOrder := score(0.9, 1)
	wrongOrder.Criteria[0], wrongOrder.Criteria[1] = wrongOrder.Criteria[1], wrongOrder.Criteria[0]
	noRevision := progress.Response{RevisionID: revision + 1000, Key: exercise, Kind: lessons.KindExercise, Answer: "x", Confidence: progress.NotYet}
	for name, tc := range map[string]struct {
		r  progress.Response
		sc grading.Score
	}{
		"total does not match":      {progress.Response{RevisionID: revision, Key: exercise, Kind: lessons.KindExercise, Answer: "x", Confidence: progress.NotYet}, bad},
		"criteria out of order":     {progress.Response{RevisionID: revision, Key: exercise, Kind: lessons.KindExercise, Answer: "x", Confidence: progress.NotYet}, wrongOrder},
		"an explain-it-back answer": {explain, score(0.9)},
		"an unknown revision":       {noRevision, score(0.9)},
	} {
		if _, err := s.submitScored(ctx, lea, tc.r, tc.sc, review.FromLesson, false); err == nil {
			t.Errorf("%s: saved, want an error", name)
		}
	}
	var n int
	if err := pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM responses) + (SELECT count(*) FROM score_events) + (SELECT count(*) FROM review_cards)").Scan(&n); err != nil || n != 0 {
		t.Errorf("%d rows left behind (%v), want none", n, err)
	}
}

// newInternalFixture is a service over a database holding the shipped
// course, with lesson 3's current revision.
func newInternalFixture(t *testing.T) (*Service, *pgxpool.Pool, int64) {
	t.Helper()
	pool := pgtest.New(t)
	cat, p := catalogtest.Shipped(t, pool, "serving-incidents", "work-a-serving-incident")
	return New(pool, cat, progress.NewStore(pool), scores.NewStore(pool)), pool, p.RevisionID
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
