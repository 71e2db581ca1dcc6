package scores

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/practicum-dev/practicum/grading"
)

// Reviewed returns reviewers' decisions on answers to one item of one
// lesson revision, as labelled answers for the scorer's second opinion:
// each reviewed response's answer with its latest review's four points.
// Decisions count for the revision they were made on only, since an edit
// may change what earns a point.
func (s *Store) Reviewed(ctx context.Context, revisionID int64, key string) ([]grading.Labelled, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT x.answer, rvw.scores
		FROM responses x
		JOIN LATERAL (
		    SELECT e.scores FROM score_events e
		    WHERE e.response_id = x.id AND e.kind = 'review'
		    ORDER BY e.id DESC LIMIT 1) rvw ON true
		WHERE x.revision_id = $1 AND x.item_key = $2
		ORDER BY x.id`, revisionID, key)
	if err != nil {
		return nil, fmt.Errorf("reading reviewed answers to %q: %w", key, err)
	}
	defer rows.Close()
	var out []grading.Labelled
	for rows.Next() {
		var answer string
		var raw []byte
		if err := rows.Scan(&answer, &raw); err != nil {
			return nil, fmt.Errorf("reading reviewed answers to %q: %w", key, err)
		}
		l := grading.Labelled{Text: answer, Source: "reviewer"}
		if err := json.Unmarshal(raw, &l.Scores); err != nil {
			return nil, fmt.Errorf("reading reviewed answers to %q: %w", key, err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}
