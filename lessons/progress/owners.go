package progress

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Owners returns the learners who wrote the responses ids, each once: the
// learners whose pages a change to those answers' scores shows on (a
// reviewer's decision, a re-scoring job), to be told it changed
// (lessons/learnerchanges). An id with no response is left out. q may be
// the changing transaction.
func Owners(ctx context.Context, q postgres.Querier, ids []int64) ([]int64, error) {
	rows, err := q.Query(ctx, "SELECT DISTINCT user_id FROM responses WHERE id = ANY($1) ORDER BY user_id", ids)
	if err != nil {
		return nil, fmt.Errorf("reading who wrote %d answers: %w", len(ids), err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("reading who wrote %d answers: %w", len(ids), err)
	}
	return out, nil
}
