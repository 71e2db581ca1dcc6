package scores

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// SubmissionsOf returns every written answer of the learner, oldest first,
// each with its whole score history (auto score, reviews, overrides) and
// the review requests made about it: what "Download all my data" holds of
// answers and scores. q is the caller's transaction.
func SubmissionsOf(ctx context.Context, q postgres.Querier, userID int64) ([]Submission, error) {
	rows, err := q.Query(ctx, `SELECT `+submissionColumns+` FROM responses x `+submissionJoins+`
		WHERE x.user_id = $1 ORDER BY x.created_at, x.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("reading the answers of user %d: %w", userID, err)
	}
	subs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Submission, error) { return scanSubmission(row) })
	if err != nil {
		return nil, fmt.Errorf("reading the answers of user %d: %w", userID, err)
	}
	return subs, nil
}
