package progress

import "github.com/practicum-dev/practicum/grading"

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

// ScoredAnswer is one item's score as the summary counts it: the score
// that counts of the learner's latest answer to the item, with the
// confidence they gave it. An item saved several times is one
// ScoredAnswer, not one per save.
type ScoredAnswer struct {
	Confidence Confidence
	Total      int
	Scores     map[grading.Criterion]int
}

// Summarize says what a learner's scored answers, one per item, say about
// them.
func Summarize(answers []ScoredAnswer) ScoredSummary {
	sum := ScoredSummary{Answers: len(answers), Misses: map[grading.Criterion]int{}}
	totals := map[Confidence][2]int{} // answers, points
	for _, a := range answers {
		for _, c := range grading.Criteria {
			if a.Scores[c] == 0 {
				sum.Misses[c]++
			}
		}
		t := totals[a.Confidence]
		totals[a.Confidence] = [2]int{t[0] + 1, t[1] + a.Total}
	}
	for _, c := range Confidences {
		if t := totals[c]; t[0] > 0 {
			sum.ByConfidence = append(sum.ByConfidence, ConfidenceCalibration{Confidence: c, Answers: t[0], Average: float64(t[1]) / float64(t[0])})
		}
	}
	return sum
}
