package grading

import (
	"math"
	"sort"
	"strings"
)

// ScorerVersion names the scoring rules; every stored auto score records
// it, so a change of rules never rewrites history.
const ScorerVersion = "cues-1"

// Score is the auto score of one answer.
type Score struct {
	Criteria [4]CriterionScore `json:"criteria"`
	Total    int               `json:"total"`
	// Confidence is how sure the scorer is, 0–1; low scores go to review.
	Confidence float64 `json:"confidence"`
	Version    string  `json:"version"`
}

// CriterionScore is one criterion's point, with the answer's own words
// that earned it.
type CriterionScore struct {
	Criterion Criterion  `json:"criterion"`
	Awarded   bool       `json:"awarded"`
	Evidence  []Evidence `json:"evidence"`
	Rationale string     `json:"rationale"`
}

// Evidence is a span of the answer, by byte offsets, and its text.
type Evidence struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Quote string `json:"quote"`
}

// Scores returns the awarded points by criterion.
func (r Score) Scores() map[Criterion]int {
	m := make(map[Criterion]int, 4)
	for _, c := range r.Criteria {
		if c.Awarded {
			m[c.Criterion] = 1
		} else {
			m[c.Criterion] = 0
		}
	}
	return m
}

const (
	minWords = 5
	// An answer with fewer function words than this share is a list of
	// terms, not sentences: naming concepts is not explaining them.
	listRatio       = 0.15
	borderlineRatio = 0.25
)

// Grade scores an answer. It is a pure function of the rubric and the text.
func (r *Rubric) Grade(answer string) (Score, error) {
	c, err := r.compile()
	if err != nil {
		return Score{}, err
	}
	res := Score{Version: ScorerVersion}
	for i := range res.Criteria {
		res.Criteria[i] = CriterionScore{Criterion: Criteria[i], Evidence: []Evidence{}}
	}
	toks := tokenize(answer)
	function := 0
	for _, t := range toks {
		if t.function {
			function++
		}
	}
	ratio := float64(function) / math.Max(1, float64(len(toks)))
	switch {
	case len(toks) < minWords:
		return res.deny("Too short to score: write your answer out in sentences.", 0.9), nil
	case ratio < listRatio:
		conf := 0.85
		if ratio > listRatio*0.6 {
			conf = 0.6
		}
		return res.deny("Reads as a list of terms rather than an answer: say what you would do and why.", conf), nil
	}

	found := map[string]conceptMatch{}
	ans := newAnswer(toks, c.words)
	defer ans.release()
	lookup := func(name string) conceptMatch {
		m, ok := found[name]
		if !ok {
			m = c.concepts[name].find(ans)
			found[name] = m
		}
		return m
	}
	confidence := 0.95
	if len(toks) < 25 {
		confidence -= 0.1
	}
	if ratio < borderlineRatio {
		confidence -= 0.15
	}
	for i, rule := range c.rules {
		cr, penalty := judge(rule, lookup, toks, answer)
		res.Criteria[i] = cr
		confidence -= penalty
		if cr.Awarded {
			res.Total++
		}
	}
	res.Confidence = math.Round(math.Max(0.05, math.Min(0.99, confidence))*100) / 100
	return res, nil
}

func (r Score) deny(why string, confidence float64) Score {
	for i := range r.Criteria {
		r.Criteria[i].Rationale = why
	}
	r.Confidence = confidence
	return r
}

// judge decides one criterion and how much doubt the decision carries.
func judge(rule Rule, lookup func(string) conceptMatch, toks []token, answer string) (CriterionScore, float64) {
	cr := CriterionScore{Criterion: rule.Criterion, Evidence: []Evidence{}}
	if rule.empty() {
		cr.Rationale = "No automatic cues for this criterion; a reviewer scores it."
		return cr, 0.2
	}
	var penalty float64
	var missing, shown []string
	var evidence []conceptMatch
	for _, name := range rule.Requires {
		m := lookup(name)
		if !m.found {
			missing = append(missing, label(name))
			if m.negatedOnly {
				penalty += 0.05
			}
			continue
		}
		shown = append(shown, label(name))
		evidence = append(evidence, m)
		if m.typo {
			penalty += 0.04
		}
	}
	anyOK := len(rule.Any) == 0
	for _, name := range rule.Any {
		if m := lookup(name); m.found {
			if !anyOK {
				shown = append(shown, label(name))
				evidence = append(evidence, m)
			}
			anyOK = true
		}
	}
	var rejected []string
	for _, name := range rule.Rejects {
		if m := lookup(name); m.found {
			rejected = append(rejected, label(name))
			evidence = append(evidence, m)
			if m.typo {
				penalty += 0.05
			}
		} else if m.negatedOnly {
			penalty += 0.03
		}
	}
	switch {
	case len(rejected) > 0:
		cr.Rationale = "Not awarded: the answer offers " + strings.Join(rejected, " and ") + ", which this item rules out."
		cr.Evidence = quotes(toks, answer, evidence[len(evidence)-len(rejected):])
		if len(missing) == 0 && anyOK {
			penalty += 0.1 // right parts, wrong move: worth a human look
		}
	case len(missing) > 0 || !anyOK:
		parts := missing
		if !anyOK {
			parts = append(parts, "one of "+strings.Join(labels(rule.Any), ", "))
		}
		cr.Rationale = "Not awarded: missing " + strings.Join(parts, "; ") + "."
		if len(missing)+boolInt(!anyOK) == 1 && len(rule.Requires)+boolInt(len(rule.Any) > 0) > 1 {
			penalty += 0.08 // one part short of the point
		}
	default:
		cr.Awarded = true
		cr.Rationale = "Awarded: shows " + strings.Join(shown, "; ") + "."
		cr.Evidence = quotes(toks, answer, evidence)
	}
	return cr, penalty
}

// quotes turns matches into spans of the answer, in reading order, merging
// overlaps.
func quotes(toks []token, answer string, ms []conceptMatch) []Evidence {
	type span struct{ start, end int }
	var spans []span
	for _, m := range ms {
		spans = append(spans, span{toks[m.first].start, toks[m.last].end})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var out []Evidence
	for _, s := range spans {
		if n := len(out); n > 0 && s.start <= out[n-1].End {
			if s.end > out[n-1].End {
				out[n-1].End = s.end
				out[n-1].Quote = answer[out[n-1].Start:s.end]
			}
			continue
		}
		out = append(out, Evidence{Start: s.start, End: s.end, Quote: answer[s.start:s.end]})
	}
	if out == nil {
		out = []Evidence{}
	}
	return out
}

func label(name string) string { return strings.ReplaceAll(name, "-", " ") }

func labels(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = label(n)
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
