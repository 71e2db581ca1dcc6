package scores_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// otherRevision is a published revision other than the fixture's, to
// re-score against (the store only needs one that exists).
func (f fixture) otherRevision(t *testing.T) int64 {
	t.Helper()
	var id int64
	if err := f.pool.QueryRow(context.Background(), "SELECT id FROM lesson_revisions WHERE id <> $1 ORDER BY id LIMIT 1", f.revision).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func (f fixture) rescore(t *testing.T, responseID, revision int64, sc grading.Score) bool {
	t.Helper()
	ctx := context.Background()
	var added bool
	err := postgres.InTx(ctx, f.pool, func(tx pgx.Tx) error {
		var err error
		added, err = f.store.RecordRescore(ctx, tx, responseID, revision, sc)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return added
}

// TestRescoreAppendsOncePerRevision: a re-score adds an auto event against
// the new revision, once however often it runs; the old score stays in the
// history; the new one counts until a reviewer decides, and a reviewer's
// decision is never replaced by a later re-score.
func TestRescoreAppendsOncePerRevision(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	lea, rita := f.user(t, "Lea"), f.user(t, "Rita")
	id := f.submit(t, lea, exercise, time.Now(), score(0.9, 1, 0, 0, 0))
	next := f.otherRevision(t)

	if !f.rescore(t, id, next, score(0.9, 1, 1, 0, 0)) {
		t.Fatal("the first re-score against a revision was not added")
	}
	if f.rescore(t, id, next, score(0.9, 1, 1, 1, 1)) {
		t.Error("a second re-score against the same revision was added; a retried job must add nothing")
	}
	h, err := f.store.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 2 || h[0].Kind != scores.KindAuto || h[0].Total != 1 || h[1].Kind != scores.KindAuto || h[1].Total != 2 ||
		h[1].RubricRevisionID != next {
		t.Fatalf("history = %+v, want the first auto score (1) then the re-score (2) against revision id %d", h, next)
	}
	if cur := scores.Current(h); cur.ID != h[1].ID {
		t.Errorf("Current = event %d, want the re-score %d", cur.ID, h[1].ID)
	}

	// A reviewer decides; a re-score against yet another revision is kept
	// in the history but the review still counts.
	ev := f.review(t, id, rita, 0, 1, 0, 0)
	if ev.RubricRevisionID != next {
		t.Errorf("the review records rubric revision id %d, want %d: the reviewer judged by the re-score's rubric", ev.RubricRevisionID, next)
	}
	var third int64
	if err := f.pool.QueryRow(ctx, "SELECT id FROM lesson_revisions WHERE id NOT IN ($1, $2) ORDER BY id LIMIT 1", f.revision, next).Scan(&third); err != nil {
		t.Fatal(err)
	}
	if !f.rescore(t, id, third, score(0.9, 1, 1, 1, 1)) {
		t.Fatal("the re-score after the review was not added")
	}
	h, err = f.store.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 4 {
		t.Fatalf("history has %d events, want 4 (auto, re-score, review, re-score)", len(h))
	}
	if cur := scores.Current(h); cur.ID != ev.ID || cur.Total != 1 {
		t.Errorf("Current = %+v, want the review (1 of 4): a re-score never replaces a reviewer's decision", cur)
	}
}

// TestProvisionalRescoreIsQueued: an answer whose re-score is provisional
// enters the review queue as a provisional answer, once: the queue reads
// the latest auto score, not every one.
func TestProvisionalRescoreIsQueued(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	lea := f.user(t, "Lea")
	id := f.submit(t, lea, exercise, time.Now(), score(0.95, 1, 1, 0, 0))
	q, err := f.store.Queue(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(q) != 1 || q[0].Reason != scores.ReasonMiddling {
		t.Fatalf("queue before the re-score = %+v, want the answer as a middling total", q)
	}
	doubtful := score(0.95, 1, 1, 1, 1)
	doubtful.Provisional = true
	f.rescore(t, id, f.otherRevision(t), doubtful)
	q, err = f.store.Queue(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(q) != 1 || q[0].ResponseID != id || q[0].Reason != scores.ReasonProvisional || q[0].Total != 4 {
		t.Errorf("queue after a provisional re-score = %+v, want the answer once, as provisional with its new total", q)
	}
}
