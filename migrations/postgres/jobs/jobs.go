// Package jobs reads River's job table for the admin page: how many
// background jobs of each kind are in each state. River owns and writes
// its tables (its migrator creates them, with ours: migrations.Up); this
// is the only SQL of ours that reads them.
package jobs

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Counts are the jobs of one kind, by state (River's states).
type Counts struct {
	Kind string
	// Waiting to run now, or at a later time (scheduled, or pending);
	// running; failed and waiting to be tried again.
	Available, Scheduled, Running, Retryable int
	// Finished: done, given up after their last attempt, or cancelled.
	// River deletes them after a while (completed after a day, the
	// others after a week, by default).
	Completed, Discarded, Cancelled int
}

// Store reads River's jobs.
type Store struct{ pool *pgxpool.Pool }

func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// Counts returns the number of jobs by kind and state, kinds in
// alphabetical order; kinds with no jobs kept are absent.
func (s *Store) Counts(ctx context.Context) ([]Counts, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT kind,
		       count(*) FILTER (WHERE state = 'available')::int,
		       count(*) FILTER (WHERE state IN ('scheduled', 'pending'))::int,
		       count(*) FILTER (WHERE state = 'running')::int,
		       count(*) FILTER (WHERE state = 'retryable')::int,
		       count(*) FILTER (WHERE state = 'completed')::int,
		       count(*) FILTER (WHERE state = 'discarded')::int,
		       count(*) FILTER (WHERE state = 'cancelled')::int
		FROM river_job GROUP BY kind ORDER BY kind`)
	if err != nil {
		return nil, fmt.Errorf("counting background jobs: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Counts])
	if err != nil {
		return nil, fmt.Errorf("counting background jobs: %w", err)
	}
	return out, nil
}
