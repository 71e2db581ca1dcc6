package grading

import (
	"fmt"
	"math"
)

// Trial is an answer with the scores a careful person gave it: one line
// of a calibration file.
type Trial struct {
	ID     string            `json:"id"`
	Text   string            `json:"text"`
	Scores map[Criterion]int `json:"scores"`
}

// Report is how a scorer did on trials.
type Report struct {
	N int `json:"n"`
	// Agreement is, per criterion, the share of answers scored as the
	// person did; MeanAgreement averages the four.
	Agreement     map[Criterion]float64 `json:"agreement"`
	MeanAgreement float64               `json:"mean_agreement"`
	// MeanAgreementInterval is a 95% interval for MeanAgreement on
	// answers like these: the mean of the answers' own agreements (each
	// the share of its four criteria scored as the person did) ± 1.96
	// standard errors, within [0, 1]. Thirty answers place it within
	// about ±0.05: a figure of 0.90 on them does not show 0.88.
	MeanAgreementInterval [2]float64 `json:"mean_agreement_interval"`
	// Kappa is Cohen's kappa per criterion (null when undefined).
	Kappa map[Criterion]*float64 `json:"kappa"`
	// QWK is the quadratic weighted kappa on totals (null when undefined).
	QWK *float64 `json:"qwk"`
	// Exact is the share of answers with the person's total.
	Exact float64 `json:"exact"`
	// Provisional is the share of answers scored provisional;
	// WrongProvisional how many of the WrongTotals were.
	Provisional      float64        `json:"provisional"`
	WrongTotals      int            `json:"wrong_totals"`
	WrongProvisional int            `json:"wrong_totals_provisional"`
	Disagreements    []Disagreement `json:"disagreements"`
	// UnmatchedPatterns are the cues' patterns that matched none of the
	// answers (filled by lessons.Scoring, which knows the rubric).
	UnmatchedPatterns []PatternRef `json:"unmatched_patterns,omitempty"`
}

// Disagreement is one criterion of one answer where the scorer and the
// person differ, with what decided the scorer.
type Disagreement struct {
	ID        string    `json:"id"`
	Criterion Criterion `json:"criterion"`
	Expected  int       `json:"expected"`
	Got       int       `json:"got"`
	Cues      string    `json:"cues"`
	Doubt     string    `json:"doubt,omitempty"`
	Evidence  []string  `json:"evidence"`
	// Provisional: the answer's score was marked provisional, so a
	// reviewer would have seen it before anyone relied on it.
	Provisional bool `json:"provisional"`
}

// Measure scores every trial with grade and compares it with the
// person's scores.
func Measure(trials []Trial, grade func(text string) (Score, error)) (Report, error) {
	r := Report{N: len(trials), Agreement: map[Criterion]float64{}, Kappa: map[Criterion]*float64{}, Disagreements: []Disagreement{}}
	pairs := map[Criterion][][2]int{}
	var totals [][2]int
	var perAnswer []float64 // each answer's share of criteria agreed
	provisional := 0
	for _, t := range trials {
		for _, c := range Criteria {
			if v, ok := t.Scores[c]; !ok || v < 0 || v > 1 {
				return Report{}, fmt.Errorf("answer %q: the score for %s must be 0 or 1", t.ID, c)
			}
		}
		got, err := grade(t.Text)
		if err != nil {
			return Report{}, fmt.Errorf("answer %q: %w", t.ID, err)
		}
		want, agreed := 0, 0
		for _, cs := range got.Criteria {
			g, w := boolInt(cs.Awarded), t.Scores[cs.Criterion]
			want += w
			pairs[cs.Criterion] = append(pairs[cs.Criterion], [2]int{w, g})
			if g == w {
				r.Agreement[cs.Criterion]++
				agreed++
				continue
			}
			d := Disagreement{ID: t.ID, Criterion: cs.Criterion, Expected: w, Got: g, Cues: cs.Cues, Doubt: cs.Doubt, Evidence: []string{}, Provisional: got.Provisional}
			for _, e := range cs.Evidence {
				d.Evidence = append(d.Evidence, e.Quote)
			}
			r.Disagreements = append(r.Disagreements, d)
		}
		perAnswer = append(perAnswer, float64(agreed)/4)
		totals = append(totals, [2]int{want, got.Total})
		if got.Provisional {
			provisional++
		}
		if want == got.Total {
			r.Exact++
		} else {
			r.WrongTotals++
			if got.Provisional {
				r.WrongProvisional++
			}
		}
	}
	if r.N == 0 {
		return r, nil
	}
	n := float64(r.N)
	for _, c := range Criteria {
		r.Agreement[c] /= n
		r.MeanAgreement += r.Agreement[c] / 4
		r.Kappa[c] = defined(CohenKappa(pairs[c]))
	}
	r.MeanAgreementInterval = meanInterval(perAnswer)
	r.QWK = defined(QuadraticWeightedKappa(totals, 4))
	r.Exact /= n
	r.Provisional = float64(provisional) / n
	return r, nil
}

// meanInterval is the normal 95% interval for the mean of xs, within
// [0, 1]; a single answer gives no spread, so its interval is [0, 1].
func meanInterval(xs []float64) [2]float64 {
	n := float64(len(xs))
	if len(xs) < 2 {
		return [2]float64{0, 1}
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / n
	var squares float64
	for _, x := range xs {
		squares += (x - mean) * (x - mean)
	}
	half := 1.96 * math.Sqrt(squares/(n-1)/n)
	return [2]float64{math.Max(0, mean-half), math.Min(1, mean+half)}
}

func defined(x float64) *float64 {
	if math.IsNaN(x) {
		return nil
	}
	return &x
}
