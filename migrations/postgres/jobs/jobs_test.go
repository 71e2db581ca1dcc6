package jobs_test

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/practicum-dev/practicum/migrations/postgres/jobs"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

type first struct{}

func (first) Kind() string { return "first" }

type second struct{}

func (second) Kind() string { return "second" }

func TestCountsByKindAndState(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range []river.JobArgs{first{}, first{}, first{}, second{}} {
		if _, err := client.Insert(ctx, args, nil); err != nil {
			t.Fatal(err)
		}
	}
	// As River leaves them: one done, one given up.
	if _, err := pool.Exec(ctx, `UPDATE river_job SET state = 'completed', finalized_at = now() WHERE id = (SELECT min(id) FROM river_job)`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE river_job SET state = 'discarded', finalized_at = now() WHERE id = (SELECT min(id) + 1 FROM river_job)`); err != nil {
		t.Fatal(err)
	}
	got, err := jobs.NewStore(pool).Counts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []jobs.Counts{{Kind: "first", Available: 1, Completed: 1, Discarded: 1}, {Kind: "second", Available: 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("counts (-want +got):\n%s", diff)
	}
}
