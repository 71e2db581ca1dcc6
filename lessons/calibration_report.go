package lessons

import (
	"github.com/practicum-dev/practicum/grading"
)

// Measure scores every answer of a calibration file as a learner's answer
// is scored (both opinions, without reviewers' decisions) and reports how
// often the scorer agrees with the person who scored them: what
// `practicum calibrate` prints and the block form shows.
func (s *Scoring) Measure(trials []grading.Trial) (grading.Report, error) {
	r, _, err := s.measure(trials)
	return r, err
}

// CalibrationReport is a calibration file's report with, beside each
// disagreement, what the cues made of the criterion's concepts in that
// answer: the words found and, for a concept not found, its near miss.
type CalibrationReport struct {
	grading.Report
	// Concepts holds, for Report.Disagreements[i], the criterion's
	// concept traces (nil beyond MaxExplained answers).
	Concepts [][]grading.Trace
}

// MaxExplained bounds how many answers' disagreements are explained
// concept by concept: explaining costs several times a score, and a
// report with more disagreements than this has a bigger problem than
// any one of them.
const MaxExplained = 200

// MeasureExplained is Measure with each disagreement explained.
func (s *Scoring) MeasureExplained(trials []grading.Trial) (CalibrationReport, error) {
	r, scores, err := s.measure(trials)
	if err != nil {
		return CalibrationReport{}, err
	}
	out := CalibrationReport{Report: r, Concepts: make([][]grading.Trace, len(r.Disagreements))}
	// Measure lists disagreements in answer order, then criterion order;
	// walk the answers the same way to find each one's answer (ids need
	// not be unique).
	next, explained := 0, 0
	for i, t := range trials {
		var ex *grading.Explanation
		for j, cs := range scores[i].Criteria {
			if boolToInt(cs.Awarded) == t.Scores[cs.Criterion] {
				continue
			}
			if ex == nil && explained < MaxExplained {
				e, err := s.Explain(t.Text, nil)
				if err != nil {
					return CalibrationReport{}, err
				}
				ex, explained = &e, explained+1
			}
			if ex != nil {
				out.Concepts[next] = ex.Criteria[j].Concepts
			}
			next++
		}
	}
	return out, nil
}

// measure is grading.Measure over the item's scorer, keeping each
// answer's score.
func (s *Scoring) measure(trials []grading.Trial) (grading.Report, []grading.Score, error) {
	scores := make([]grading.Score, 0, len(trials))
	r, err := grading.Measure(trials, func(text string) (grading.Score, error) {
		sc, err := s.Grade(text, nil)
		scores = append(scores, sc)
		return sc, err
	})
	if err != nil {
		return r, scores, err
	}
	texts := make([]string, len(trials))
	for i, t := range trials {
		texts[i] = t.Text
	}
	r.UnmatchedPatterns, err = s.Rubric.UnmatchedPatterns(texts)
	return r, scores, err
}
