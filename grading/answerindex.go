package grading

import (
	"slices"
	"sync"
)

// answer is a tokenized answer indexed for matching: a rubric has
// hundreds of pattern words, so each looks up its candidates (same stem,
// same word, or the same first letter for prefixes and typos) instead of
// scanning the answer.
type answer struct {
	toks    []token
	norms   []string         // distinct words
	stems   []string         // their stems
	byNorm  [][]int          // norm index → token positions
	byStem  map[string][]int // stem → norm indexes
	byFirst [256][]int       // first byte → norm indexes
	// cache remembers each pattern word's positions: the same words
	// ("queue", "version") recur across many concepts of a rubric.
	cache [][]int // by word id; nil until computed
	known []bool
	own   []bool // scratch: tokens that are a pattern's own words
}

// contractedNot is the ending of "don't", "wasn't", "can't".
const contractedNot = "n't"

// maxWordIndex bounds the word lengths prefix matching looks at.
const maxWordIndex = 40

type startKey struct {
	norm    string
	prefix  bool
	widened bool
	exact   bool
}

// Answers are pooled: the index's slices and maps are reused from one
// answer to the next instead of being allocated for every grade.
var answerPool = sync.Pool{New: func() any { return &answer{byStem: map[string][]int{}} }}

func newAnswer(toks []token, words int) *answer {
	a := answerPool.Get().(*answer)
	a.toks = toks
	a.norms, a.stems = a.norms[:0], a.stems[:0]
	a.byNorm = a.byNorm[:0]
	clear(a.byStem)
	for i := range a.byFirst {
		a.byFirst[i] = a.byFirst[i][:0]
	}
	if cap(a.cache) < words {
		a.cache, a.known = make([][]int, words), make([]bool, words)
	}
	a.cache, a.known = a.cache[:words], a.known[:words]
	clear(a.known)
	if cap(a.own) < len(toks) {
		a.own = make([]bool, len(toks))
	}
	a.own = a.own[:len(toks)]
	clear(a.own)

	index := make(map[string]int, len(toks))
	for i, t := range toks {
		n, ok := index[t.norm]
		if !ok {
			n = len(a.norms)
			index[t.norm] = n
			a.norms = append(a.norms, t.norm)
			a.stems = append(a.stems, t.stem)
			if n < cap(a.byNorm) {
				a.byNorm = a.byNorm[:n+1]
				a.byNorm[n] = a.byNorm[n][:0]
			} else {
				a.byNorm = append(a.byNorm, nil)
			}
			a.byStem[t.stem] = append(a.byStem[t.stem], n)
			a.byFirst[t.norm[0]] = append(a.byFirst[t.norm[0]], n)
		}
		a.byNorm[n] = append(a.byNorm[n], i)
	}
	return a
}

// release returns the answer to the pool; nothing may use it afterwards.
func (a *answer) release() {
	a.toks = nil
	answerPool.Put(a)
}

func (a *answer) match(m wordMatcher, tok int) (ok, typo bool) {
	return m.matchWord(a.toks[tok])
}

// starts lists the positions where a word matches, in order.
func (a *answer) starts(m wordMatcher) []int {
	if a.known[m.id] {
		return a.cache[m.id]
	}
	pos := a.findStarts(m)
	a.cache[m.id], a.known[m.id] = pos, true
	return pos
}

func (a *answer) findStarts(m wordMatcher) []int {
	pos := a.cache[m.id][:0] // reuse the pooled buffer
	seen := -1
	add := func(n int) {
		if n != seen {
			pos = append(pos, a.byNorm[n]...)
			seen = n
		}
	}
	if m.norm == contractedNot {
		// `n't` alone in a pattern is every word it ends: answers keep
		// "wasn't" and "don't" whole, so it would otherwise match nothing.
		for n := range a.norms {
			if ok, _ := m.matchWord(a.toks[a.byNorm[n][0]]); ok {
				add(n)
			}
		}
		return pos
	}
	if !m.prefix {
		for _, n := range a.byStem[m.stem] {
			if !m.exact || a.norms[n] == m.norm {
				add(n)
			}
		}
	}
	// A prefix's synonyms are its paraphrase family (familyBeyondPrefix).
	for _, syn := range m.synonyms {
		for _, n := range a.byStem[syn] {
			if !a.toks[a.byNorm[n][0]].function {
				add(n)
			}
		}
	}
	// Prefixes and typos need the same first letter; a typo also needs a
	// length within two, while a prefix match may be any longer word.
	lo, hi := len(m.norm)-2, len(m.norm)+2
	if m.prefix {
		lo, hi = len(m.norm), maxWordIndex
	}
	for _, i := range a.byFirst[m.norm[0]] {
		if l := len(a.norms[i]); l < lo || l > hi || (!m.prefix && a.stems[i] == m.stem) {
			continue // cannot match, or already added
		}
		if ok, _ := m.matchWord(a.toks[a.byNorm[i][0]]); ok {
			add(i)
		}
	}
	slices.Sort(pos)
	return slices.Compact(pos)
}
