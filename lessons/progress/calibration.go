package progress

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/practicum-dev/practicum/grading"
)

// ScoredSummary is what a learner's scored answers say about them: which
// criterion they miss most, and how their confidence compares with the
// scores they earn.
type ScoredSummary struct {
	Answers int
	// Misses counts, per criterion, the scored answers that did not earn it.
	Misses map[grading.Criterion]int
	// ByConfidence is the average score earned at each confidence level.
	ByConfidence []ConfidenceCalibration
}

// ConfidenceCalibration is one confidence level's answers.
type ConfidenceCalibration struct {
	Confidence Confidence
	Answers    int
	Average    float64 // mean total out of 4
}

// WeakestCriterion is the criterion missed most often; ok is false when
// nothing is missed or nothing is scored.
func (s ScoredSummary) WeakestCriterion() (c grading.Criterion, misses int, ok bool) {
	for _, k := range grading.Criteria {
		if s.Misses[k] > misses {
			c, misses, ok = k, s.Misses[k], true
		}
	}
	return c, misses, ok
}

// Scored summarises the current score (latest review, else auto) of every
// scored answer the learner has given.
func (s *Store) Scored(ctx context.Context, userID int64) (ScoredSummary, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT x.confidence, cur.total, cur.scores FROM (
			SELECT DISTINCT ON (e.response_id) e.response_id, e.total, e.scores
			FROM score_events e JOIN responses r ON r.id = e.response_id
			WHERE r.user_id = $1
			ORDER BY e.response_id, e.kind = 'review' DESC, e.id DESC) cur
		JOIN responses x ON x.id = cur.response_id`, userID)
	if err != nil {
		return ScoredSummary{}, fmt.Errorf("summarising scores: %w", err)
	}
	defer rows.Close()
	sum := ScoredSummary{Misses: map[grading.Criterion]int{}}
	totals := map[Confidence][2]int{} // answers, points
	for rows.Next() {
		var conf string
		var total int
		var raw []byte
		if err := rows.Scan(&conf, &total, &raw); err != nil {
			return ScoredSummary{}, err
		}
		var scores map[grading.Criterion]int
		if err := json.Unmarshal(raw, &scores); err != nil {
			return ScoredSummary{}, err
		}
		sum.Answers++
		for _, c := range grading.Criteria {
			if scores[c] == 0 {
				sum.Misses[c]++
			}
		}
		t := totals[Confidence(conf)]
		totals[Confidence(conf)] = [2]int{t[0] + 1, t[1] + total}
	}
	for _, c := range Confidences {
		if t := totals[c]; t[0] > 0 {
			sum.ByConfidence = append(sum.ByConfidence, ConfidenceCalibration{Confidence: c, Answers: t[0], Average: float64(t[1]) / float64(t[0])})
		}
	}
	return sum, rows.Err()
}
