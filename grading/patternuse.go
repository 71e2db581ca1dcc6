package grading

import (
	"maps"
	"slices"
)

// PatternsMatched reports, for each concept of the rubric, which of its
// patterns (in the order written) match the answer's words in any
// reading — claimed, named, supposed, turned down or negated — as the
// scorer reads them: an answer too short to read or a list of terms
// matches none, and a list inside an answer is not read. Summed over a
// file of answers, it shows an author the patterns that never fire.
func (r *Rubric) PatternsMatched(text string) (map[string][]bool, error) {
	c, err := r.compile()
	if err != nil {
		return nil, err
	}
	out := make(map[string][]bool, len(c.concepts))
	for name, con := range c.concepts {
		out[name] = make([]bool, len(con.patterns))
	}
	toks, unread := readAnswer(text, r.shown())
	if unread != readable {
		return out, nil
	}
	a := newAnswer(toks, c.words)
	defer a.release()
	for name, con := range c.concepts {
		for i, p := range con.patterns {
			m, negated := p.find(a)
			out[name][i] = m.found || negated
		}
	}
	return out, nil
}

// PatternRef names one pattern of a concept, as written.
type PatternRef struct {
	Concept string `json:"concept"`
	Pattern string `json:"pattern"`
	// WholeConcept: none of the concept's patterns matched, so no answer
	// showed the concept at all — the first thing to look at.
	WholeConcept bool `json:"whole_concept,omitempty"`
	// RuledOut: the concept is only ever a move a criterion rules out,
	// whose patterns match only answers that offer or name the move: not
	// matching is expected unless such answers are in the file.
	RuledOut bool `json:"ruled_out,omitempty"`
}

// SplitUnmatched separates the concepts no answer showed (every pattern
// unmatched) from the single patterns that never matched in concepts
// other patterns found, and sets apart the patterns of ruled-out moves:
// answers that do not offer a move should not match them.
func SplitUnmatched(refs []PatternRef) (concepts []string, patterns, ruledOut []PatternRef) {
	for _, p := range refs {
		switch {
		case p.RuledOut:
			ruledOut = append(ruledOut, p)
		case !p.WholeConcept:
			patterns = append(patterns, p)
		case len(concepts) == 0 || concepts[len(concepts)-1] != p.Concept:
			concepts = append(concepts, p.Concept)
		}
	}
	return concepts, patterns, ruledOut
}

// UnmatchedPatterns lists, concept by concept in name order, the patterns
// that matched none of texts.
func (r *Rubric) UnmatchedPatterns(texts []string) ([]PatternRef, error) {
	used := map[string][]bool{}
	for _, text := range texts {
		m, err := r.PatternsMatched(text)
		if err != nil {
			return nil, err
		}
		for name, ps := range m {
			if used[name] == nil {
				used[name] = make([]bool, len(ps))
			}
			for i, ok := range ps {
				used[name][i] = used[name][i] || ok
			}
		}
	}
	var out []PatternRef
	for _, name := range slices.Sorted(maps.Keys(r.Concepts)) {
		whole, ruledOut := !slices.Contains(used[name], true), r.onlyRuledOut(name)
		for i, src := range r.Concepts[name] {
			if i >= len(used[name]) || !used[name][i] {
				out = append(out, PatternRef{Concept: name, Pattern: src, WholeConcept: whole, RuledOut: ruledOut})
			}
		}
	}
	return out, nil
}

// onlyRuledOut reports a concept that rules name in rejects and none
// requires or accepts.
func (r *Rubric) onlyRuledOut(name string) bool {
	rejected := false
	for _, rule := range r.Rules {
		if slices.Contains(rule.Requires, name) || slices.Contains(rule.Any, name) {
			return false
		}
		rejected = rejected || slices.Contains(rule.Rejects, name)
	}
	return rejected
}
