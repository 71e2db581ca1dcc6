package scores

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/practicum-dev/practicum/grading"
)

// ItemAgreement is how often the auto-scorer agreed with reviewers on one
// exercise or probe, per criterion.
type ItemAgreement struct {
	Course, Lesson, LessonTitle, Key, Kind string
	// N is how many answers have both an auto score and a review.
	N        int
	Criteria [4]CriterionAgreement // in grading.Criteria order
	// Flag is how well the provisional flag foretold a reviewer changing
	// the total.
	Flag FlagAgreement
	// Months is the same comparison month by month of the reviews, oldest
	// first: whether the scorer is getting better or worse at this item.
	Months []PeriodAgreement
}

// FlagAgreement counts, over reviewed answers, whether the provisional flag
// was right: raised on an answer whose total the reviewer changed (caught),
// or not raised on one the reviewer kept.
type FlagAgreement struct {
	Caught, Missed, FalseAlarms, Quiet int
}

// Right is the share of answers on which the flag was right, 0–1; NaN
// with no answers.
func (f FlagAgreement) Right() float64 {
	n := f.Caught + f.Missed + f.FalseAlarms + f.Quiet
	if n == 0 {
		return math.NaN()
	}
	return float64(f.Caught+f.Quiet) / float64(n)
}

func (f *FlagAgreement) add(provisional, changed bool) {
	switch {
	case provisional && changed:
		f.Caught++
	case changed:
		f.Missed++
	case provisional:
		f.FalseAlarms++
	default:
		f.Quiet++
	}
}

// PeriodAgreement is one month's reviews of an item.
type PeriodAgreement struct {
	Month          string // "2026-12"
	N              int    // reviewed answers
	Agreed, Judged int    // criteria where auto and review agree, of all compared
	Flag           FlagAgreement
}

// Exact is the share of criteria where auto and review agreed, 0–1.
func (p PeriodAgreement) Exact() float64 {
	if p.Judged == 0 {
		return math.NaN()
	}
	return float64(p.Agreed) / float64(p.Judged)
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
		SELECT c.slug, l.slug, coalesce(cur.title, rv.title), x.item_key, x.kind, x.id, a.scores, r.scores,
		       a.provisional, to_char(r.created_at, 'YYYY-MM')
		FROM responses x
		JOIN LATERAL (
		    SELECT e.id, e.scores, e.created_at FROM score_events e
		    WHERE e.response_id = x.id AND e.kind = 'review'
		    ORDER BY e.id DESC LIMIT 1) r ON true
		-- The auto score the reviewer was deciding on: the latest before
		-- their review (an answer re-scored since has a newer one).
		JOIN LATERAL (
		    SELECT e.scores, e.provisional FROM score_events e
		    WHERE e.response_id = x.id AND e.kind = 'auto' AND e.id < r.id
		    ORDER BY e.id DESC LIMIT 1) a ON true
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
		var provisional bool
		var month string
		if err := rows.Scan(&it.Course, &it.Lesson, &it.LessonTitle, &it.Key, &it.Kind, &id, &autoJSON, &reviewJSON, &provisional, &month); err != nil {
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
		months := items[n].Months
		at := slices.IndexFunc(months, func(p PeriodAgreement) bool { return p.Month == month })
		if at < 0 {
			months = append(months, PeriodAgreement{Month: month})
			at = len(months) - 1
		}
		period := &months[at]
		period.N++
		autoTotal, reviewTotal := 0, 0
		for i, c := range grading.Criteria {
			a, r := auto[c], review[c]
			autoTotal += a
			reviewTotal += r
			all[n][i] = append(all[n][i], [2]int{a, r})
			ca := &items[n].Criteria[i]
			ca.N++
			period.Judged++
			if a == r {
				ca.Agreed++
				period.Agreed++
			} else {
				ca.Disagreements = append(ca.Disagreements, Disagreement{ResponseID: id, Auto: a, Review: r})
			}
		}
		items[n].Flag.add(provisional, autoTotal != reviewTotal)
		period.Flag.add(provisional, autoTotal != reviewTotal)
		items[n].Months = months
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading reviewed answers: %w", err)
	}
	for n := range items {
		slices.SortFunc(items[n].Months, func(a, b PeriodAgreement) int { return strings.Compare(a.Month, b.Month) })
		for i := range items[n].Criteria {
			items[n].Criteria[i].Kappa = grading.CohenKappa(all[n][i])
		}
	}
	return items, nil
}
