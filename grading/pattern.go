package grading

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kljensen/snowball/english"
)

// concept is a named idea, found when any of its patterns matches.
type concept struct {
	name     string
	patterns []pattern
}

// pattern is slots that must all match in one sentence: "a|b + c".
type pattern struct{ slots [][]phrase }

// phrase is words in order, such as "roll back".
type phrase []wordMatcher

type wordMatcher struct {
	id     int // unique within a rubric, for memoising matches per answer
	norm   string
	stem   string
	prefix bool // "compar*"
}

// maxSpan bounds how far apart a pattern's slots may be, in words.
const maxSpan = 25

func compileConcept(name string, sources []string, nextID *int) (*concept, error) {
	if len(sources) == 0 {
		return nil, fmt.Errorf("concept %q has no patterns", name)
	}
	c := &concept{name: name}
	for _, src := range sources {
		var p pattern
		for _, slotSrc := range strings.Split(src, "+") {
			var slot []phrase
			for _, alt := range strings.Split(slotSrc, "|") {
				var ph phrase
				for _, w := range strings.FieldsFunc(strings.ToLower(alt), func(r rune) bool { return r == ' ' || r == '-' || r == '\t' }) {
					prefix := strings.HasSuffix(w, "*")
					w = strings.TrimSuffix(w, "*")
					w = strings.ReplaceAll(w, "’", "'")
					if w == "" || strings.ContainsAny(w, "*()[]") {
						return nil, fmt.Errorf("concept %q: pattern %q has an empty or malformed word", name, src)
					}
					*nextID++
					ph = append(ph, wordMatcher{id: *nextID, norm: w, stem: english.Stem(w, false), prefix: prefix})
				}
				if len(ph) == 0 {
					return nil, fmt.Errorf("concept %q: pattern %q has an empty alternative (check for a doubled | or a trailing +)", name, src)
				}
				slot = append(slot, ph)
			}
			p.slots = append(p.slots, slot)
		}
		c.patterns = append(c.patterns, p)
	}
	return c, nil
}

// matchWord compares one answer word with one pattern word. typo is true
// when only typo tolerance made them equal.
func (m wordMatcher) matchWord(t token) (ok, typo bool) {
	if m.prefix {
		if strings.HasPrefix(t.norm, m.norm) {
			return true, false
		}
		if len(m.norm) >= 5 && len(t.norm) >= len(m.norm) && closeEnough(t.norm[:len(m.norm)], m.norm) {
			return true, true
		}
		return false, false
	}
	if t.stem == m.stem || t.norm == m.norm {
		return true, false
	}
	if closeEnough(t.norm, m.norm) || closeEnough(t.stem, m.stem) {
		return true, true
	}
	return false, false
}

// closeEnough tolerates one typo in words of five letters or more and two
// in words of nine or more; the first letter must agree, which keeps
// "cause" from matching "pause".
func closeEnough(got, want string) bool {
	if len(want) < 5 || len(got) < 4 || got[0] != want[0] {
		return false
	}
	limit := 1
	if len(want) >= 9 {
		limit = 2
	}
	if d := len(got) - len(want); d > limit || -d > limit {
		return false
	}
	return osaDistance(got, want, limit) <= limit
}

// osaDistance is the optimal-string-alignment edit distance (insertions,
// deletions, substitutions and adjacent transpositions), giving up past max.
func osaDistance(a, b string, max int) int {
	return osa([]byte(a), []byte(b), max)
}

// osa works on bytes: answers are compared after lowercasing, and a
// non-ASCII letter then costs at most one extra edit, which only makes the
// typo tolerance stricter.
func osa(ra, rb []byte, max int) int {
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			best = min(best, cur[j])
		}
		if best > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// occurrence is where a phrase matched: tokens first..last.
type occurrence struct {
	first, last int
	typo        bool
	negated     bool
}

// answer is a tokenized answer with a memo of word matches: an answer
// repeats words, and a rubric repeats pattern words across concepts, so
// each (pattern word, distinct answer word) pair is compared once.
type answer struct {
	toks    []token
	norms   []string // distinct words
	tokNorm []int    // token → index into norms
	byNorm  [][]int  // norm index → token positions
	memo    []int8   // matcher id × norm index → 0 unknown, 1 no, 2 yes, 3 yes by typo
}

func newAnswer(toks []token, matchers int) *answer {
	a := &answer{toks: toks, tokNorm: make([]int, len(toks))}
	index := map[string]int{}
	for i, t := range toks {
		n, ok := index[t.norm]
		if !ok {
			n = len(a.norms)
			index[t.norm] = n
			a.norms = append(a.norms, t.norm)
			a.byNorm = append(a.byNorm, nil)
		}
		a.tokNorm[i] = n
		a.byNorm[n] = append(a.byNorm[n], i)
	}
	a.memo = make([]int8, (matchers+1)*len(a.norms))
	return a
}

func (a *answer) match(m wordMatcher, tok int) (ok, typo bool) {
	n := a.tokNorm[tok]
	k := m.id*len(a.norms) + n
	if v := a.memo[k]; v != 0 {
		return v >= 2, v == 3
	}
	ok, typo = m.matchWord(a.toks[tok])
	switch {
	case ok && typo:
		a.memo[k] = 3
	case ok:
		a.memo[k] = 2
	default:
		a.memo[k] = 1
	}
	return ok, typo
}

// starts lists the positions where a word matches, in order.
func (a *answer) starts(m wordMatcher) []int {
	var pos []int
	for _, list := range a.byNorm {
		if ok, _ := a.match(m, list[0]); ok {
			pos = append(pos, list...)
		}
	}
	slices.Sort(pos)
	return pos
}

// at matches a phrase starting at token i, allowing one extra word between
// its words ("roll it back"), within one sentence.
func (ph phrase) at(a *answer, i int) (occurrence, bool) {
	toks := a.toks
	oc := occurrence{first: i}
	pos := i
	for k, m := range ph {
		matched := false
		for gap := 0; gap <= 1 && (k > 0 || gap == 0); gap++ {
			j := pos + gap
			if j >= len(toks) || toks[j].sentence != toks[i].sentence {
				break
			}
			if ok, typo := a.match(m, j); ok {
				oc.typo = oc.typo || typo
				oc.last = j
				pos = j + 1
				matched = true
				break
			}
		}
		if !matched {
			return occurrence{}, false
		}
	}
	return oc, true
}

// auxiliaries may stand between a phrase and a negation after it:
// "a rollback is not the fix".
var auxiliaries = set("is", "are", "was", "were", "be", "would", "will", "should", "does", "do", "did", "could", "can", "may", "might", "must")

// conceptMatch is the best evidence that a concept is in an answer.
type conceptMatch struct {
	found        bool
	first, last  int // tokens spanned
	typo         bool
	negatedOnly  bool // it appears, but only negated
	patternIndex int
}

func (c *concept) find(a *answer) conceptMatch {
	var negated bool
	for pi, p := range c.patterns {
		m, neg := p.find(a)
		if m.found {
			m.patternIndex = pi
			return m
		}
		negated = negated || neg
	}
	return conceptMatch{negatedOnly: negated}
}

// find looks for the pattern sentence by sentence. It reports whether a
// match existed that negation took away.
func (p pattern) find(a *answer) (conceptMatch, bool) {
	toks := a.toks
	if len(toks) == 0 {
		return conceptMatch{}, false
	}
	// Occurrences of each slot, over the whole answer.
	occs := make([][]occurrence, len(p.slots))
	own := map[int]bool{} // token indexes that belong to the pattern's own words
	for s, slot := range p.slots {
		taken := map[int]bool{}
		for _, ph := range slot {
			for _, i := range a.starts(ph[0]) {
				if taken[i] {
					continue
				}
				if oc, ok := ph.at(a, i); ok {
					taken[i] = true
					occs[s] = append(occs[s], oc)
					for j := oc.first; j <= oc.last; j++ {
						own[j] = true
					}
				}
			}
		}
		if len(occs[s]) == 0 {
			return conceptMatch{}, false
		}
	}
	for s := range occs {
		for k := range occs[s] {
			occs[s][k].negated = negatedAt(toks, occs[s][k], own)
		}
	}
	best, bestNeg := conceptMatch{}, false
	for _, a := range occs[0] {
		m, ok := combine(toks, occs, a, false)
		if ok {
			if !best.found || m.last-m.first < best.last-best.first {
				best = m
			}
			continue
		}
		if _, ok := combine(toks, occs, a, true); ok {
			bestNeg = true
		}
	}
	return best, bestNeg && !best.found
}

// combine picks, for the first slot's occurrence a, the nearest occurrence
// of every other slot in the same sentence. With allowNegated false every
// occurrence must be unnegated.
func combine(toks []token, occs [][]occurrence, a occurrence, allowNegated bool) (conceptMatch, bool) {
	if a.negated && !allowNegated {
		return conceptMatch{}, false
	}
	m := conceptMatch{found: true, first: a.first, last: a.last, typo: a.typo}
	sentence := toks[a.first].sentence
	for _, list := range occs[1:] {
		pick, dist := -1, 1<<30
		for k, oc := range list {
			if toks[oc.first].sentence != sentence || (oc.negated && !allowNegated) {
				continue
			}
			d := abs(oc.first - a.first)
			if d < dist {
				pick, dist = k, d
			}
		}
		if pick < 0 {
			return conceptMatch{}, false
		}
		oc := list[pick]
		m.first, m.last = min(m.first, oc.first), max(m.last, oc.last)
		m.typo = m.typo || oc.typo
	}
	if m.last-m.first+1 > maxSpan {
		return conceptMatch{}, false
	}
	return m, true
}

// negatedAt reports a negating word before the occurrence in its clause, or
// just after it ("rollback is not …"), that is not one of the pattern's own
// words.
func negatedAt(toks []token, oc occurrence, own map[int]bool) bool {
	clause := toks[oc.first].clause
	for j := oc.first - 1; j >= 0 && toks[j].clause == clause; j-- {
		if toks[j].negator && !own[j] {
			return true
		}
	}
	next := oc.last + 1
	if next < len(toks) && toks[next].clause == clause && !own[next] {
		if toks[next].negator {
			return true
		}
		if auxiliaries[toks[next].norm] && next+1 < len(toks) && toks[next+1].clause == clause && toks[next+1].negator && !own[next+1] {
			return true
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
