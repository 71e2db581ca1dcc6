package scores

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/practicum-dev/practicum/grading"
)

// ItemAgreement is how often the auto-scorer agreed with reviewers on one
// exercise or probe, per criterion.
type ItemAgreement struct {
	Course, Lesson, LessonTitle, Key, Kind string
	// N is how many answers have both an auto score and a review.
	N        int
	Criteria [4]CriterionAgreement // in grading.Criteria order
}

// CriterionAgreement compares, for one criterion, each answer's auto score
// with its latest review.
type CriterionAgreement struct {
	Criterion grading.Criterion
	N, Agreed int
	// Kappa is Cohen's kappa of auto against review; NaN when undefined.
	Kappa         float64
	Disagreements []Disagreement // by response, oldest first
}

// Exact is the share of answers where auto and review agree, 0–1; NaN
// with no answers.
func (c CriterionAgreement) Exact() float64 {
	if c.N == 0 {
		return math.NaN()
	}
	return float64(c.Agreed) / float64(c.N)
}

// Disagreement is one answer where the auto score and the latest review
// differ on a criterion.
type Disagreement struct {
	ResponseID   int64
	Auto, Review int
}

// Agreement compares auto scores with reviewers' latest decisions, per item
// (course, lesson, key) and criterion, over every answer that has both.
// Items come in course and lesson order; items with no reviewed answers are
// absent.
func (s *Store) Agreement(ctx context.Context) ([]ItemAgreement, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT c.slug, l.slug, coalesce(cur.title, rv.title), x.item_key, x.kind, x.id, a.scores, r.scores
		FROM responses x
		JOIN score_events a ON a.response_id = x.id AND a.kind = 'auto'
		JOIN LATERAL (
		    SELECT e.scores FROM score_events e
		    WHERE e.response_id = x.id AND e.kind = 'review'
		    ORDER BY e.id DESC LIMIT 1) r ON true
		JOIN lesson_revisions rv ON rv.id = x.revision_id
		JOIN lessons l ON l.id = rv.lesson_id
		JOIN courses c ON c.id = l.course_id
		LEFT JOIN lesson_revisions cur ON cur.id = l.current_revision_id
		ORDER BY c.title, c.slug, coalesce(cur.position, rv.position), l.slug, x.kind, x.item_key, x.id`)
	if err != nil {
		return nil, fmt.Errorf("reading reviewed answers: %w", err)
	}
	defer rows.Close()
	type pairs [4][][2]int
	var items []ItemAgreement
	var all []pairs
	for rows.Next() {
		var it ItemAgreement
		var id int64
		var autoJSON, reviewJSON []byte
		if err := rows.Scan(&it.Course, &it.Lesson, &it.LessonTitle, &it.Key, &it.Kind, &id, &autoJSON, &reviewJSON); err != nil {
			return nil, fmt.Errorf("reading reviewed answers: %w", err)
		}
		var auto, review map[grading.Criterion]int
		if err := json.Unmarshal(autoJSON, &auto); err != nil {
			return nil, fmt.Errorf("decoding the auto score of response %d: %w", id, err)
		}
		if err := json.Unmarshal(reviewJSON, &review); err != nil {
			return nil, fmt.Errorf("decoding the review of response %d: %w", id, err)
		}
		n := len(items) - 1
		if n < 0 || items[n].Course != it.Course || items[n].Lesson != it.Lesson || items[n].Key != it.Key {
			for i, c := range grading.Criteria {
				it.Criteria[i].Criterion = c
			}
			items = append(items, it)
			all = append(all, pairs{})
			n++
		}
		items[n].N++
		for i, c := range grading.Criteria {
			a, r := auto[c], review[c]
			all[n][i] = append(all[n][i], [2]int{a, r})
			ca := &items[n].Criteria[i]
			ca.N++
			if a == r {
				ca.Agreed++
			} else {
				ca.Disagreements = append(ca.Disagreements, Disagreement{ResponseID: id, Auto: a, Review: r})
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading reviewed answers: %w", err)
	}
	for n := range items {
		for i := range items[n].Criteria {
			items[n].Criteria[i].Kappa = grading.CohenKappa(all[n][i])
		}
	}
	return items, nil
}
