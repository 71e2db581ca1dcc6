package grading

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// concept is a named idea, found when any of its patterns matches.
type concept struct {
	name     string
	patterns []pattern
}

// pattern is slots that must all match in one sentence: "a|b + c".
type pattern struct {
	slots [][]phrase
	// source is each slot as the author wrote it, for explaining a near
	// miss ("nothing for warm|ready").
	source []string
}

// phrase is words in order, such as "roll back".
type phrase []wordMatcher

type wordMatcher struct {
	id     int // the same for equal words within a rubric, for caching per answer
	norm   string
	stem   string
	prefix bool // "compar*"
	// synonyms are stems that may stand for this word: WordNet's and the
	// subject's paraphrase families.
	synonyms []string
}

// maxWidenedAlternatives is the most alternatives a slot may list and
// still be widened with synonyms.
const maxWidenedAlternatives = 3

// maxPhraseGap is how many words may stand between a phrase's words
// ("roll it back", "roll the release back").
const maxPhraseGap = 2

// maxSpan bounds how far apart a pattern's slots may be, in words.
const maxSpan = 25

// wordIDs numbers a rubric's distinct pattern words from 0.
type wordIDs map[startKey]int

func (ids wordIDs) of(norm string, prefix, widened bool) int {
	k := startKey{norm, prefix, widened}
	id, ok := ids[k]
	if !ok {
		id = len(ids)
		ids[k] = id
	}
	return id
}

func compileConcept(name string, sources []string, ids wordIDs, synonyms bool) (*concept, error) {
	if len(sources) == 0 {
		return nil, fmt.Errorf("concept %q has no patterns", name)
	}
	c := &concept{name: name}
	for _, src := range sources {
		var p pattern
		for _, slotSrc := range strings.Split(src, "+") {
			var slot []phrase
			alts := strings.Split(slotSrc, "|")
			// A slot with many alternatives is a paraphrase family the
			// author already wrote out; widening it only adds noise.
			wide := synonyms && len(alts) <= maxWidenedAlternatives
			for _, alt := range alts {
				var ph phrase
				// Split as answers are split, so "max_tokens", "15:30" and
				// "2,400" match what the tokenizer makes of them.
				for _, chunk := range strings.Fields(alt) {
					prefix := strings.HasSuffix(chunk, "*")
					words := tokenize(strings.TrimSuffix(chunk, "*"))
					if len(words) == 0 || strings.Contains(strings.TrimSuffix(chunk, "*"), "*") {
						return nil, fmt.Errorf("concept %q: pattern %q has an empty or malformed word", name, src)
					}
					for k, t := range words {
						last := k == len(words)-1
						m := wordMatcher{norm: t.norm, stem: t.stem, prefix: prefix && last}
						if wide && !m.prefix && !t.function && !t.number {
							m.synonyms = synonymsOf(t.stem)
						}
						m.id = ids.of(t.norm, m.prefix, m.synonyms != nil)
						ph = append(ph, m)
					}
				}
				// "14 seconds" in a pattern is "14 s", as in answers.
				for k := 1; k < len(ph); k++ {
					if unit, ok := unitAliases[ph[k].norm]; ok && isNumber(ph[k-1].norm) {
						ph[k] = wordMatcher{id: ids.of(unit, false, false), norm: unit, stem: unit}
					}
				}
				if len(ph) == 0 {
					return nil, fmt.Errorf("concept %q: pattern %q has an empty alternative (check for a doubled | or a trailing +)", name, src)
				}
				slot = append(slot, ph)
			}
			p.slots = append(p.slots, slot)
			p.source = append(p.source, strings.Join(strings.Fields(slotSrc), " "))
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
		// A typo inside the prefix: compare the word's start, one letter
		// shorter, as long, or one longer ("preemtion" for "preempt*").
		if len(m.norm) >= 6 {
			for n := len(m.norm) - 1; n <= len(m.norm)+1 && n <= len(t.norm); n++ {
				if closeEnough(t.norm[:n], m.norm) {
					return true, true
				}
			}
		}
		return false, false
	}
	if t.stem == m.stem || t.norm == m.norm {
		return true, false
	}
	if !t.function && slices.Contains(m.synonyms, t.stem) {
		return true, true // a synonym is as uncertain as a typo
	}
	// Stems are short, so a typo between stems is only trusted for long
	// words: "bounded" (bound) is not "bounce" (bounc).
	if closeEnough(t.norm, m.norm) || (len(m.norm) >= 7 && closeEnough(t.stem, m.stem)) {
		return true, true
	}
	return false, false
}

// closeEnough tolerates one typo in words of six letters or more and two
// in words of nine or more; the first letter must agree, which keeps
// "cause" from matching "pause". Five-letter words are too close to each
// other ("whose", "whole") to guess at.
func closeEnough(got, want string) bool {
	if len(want) < 6 || len(got) < 5 || got[0] != want[0] {
		return false
	}
	limit := 1
	if len(want) >= 9 {
		limit = 2
	}
	if d := len(got) - len(want); d > limit || -d > limit {
		return false
	}
	if limit == 1 {
		return withinOneEdit(got, want)
	}
	return osaDistance(got, want, limit) <= limit
}

// withinOneEdit is osaDistance(a, b, 1) <= 1 in one pass: the common case,
// run for many word pairs per answer.
func withinOneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	switch {
	case i == len(a):
		return len(b)-len(a) <= 1
	case len(a) == len(b):
		if a[i+1:] == b[i+1:] {
			return true // one substitution
		}
		// one adjacent transposition
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	default:
		return a[i:] == b[i+1:] // one insertion
	}
}

// osaDistance is the optimal-string-alignment edit distance (insertions,
// deletions, substitutions and adjacent transpositions) over bytes, giving
// up past max. Answers are compared lowercased, and a non-ASCII letter then
// costs at most an extra edit, which only makes typo tolerance stricter.
// It runs for many word pairs per answer, so its rows live on the stack;
// words longer than maxTypoWord are never treated as typos.
func osaDistance(a, b string, max int) int {
	if len(a) > maxTypoWord || len(b) > maxTypoWord {
		return max + 1
	}
	var rows [3][maxTypoWord + 1]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			best = min(best, cur[j])
		}
		if best > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

const maxTypoWord = 32

// occurrence is where a phrase matched: tokens first..last.
type occurrence struct {
	first, last int
	typo        bool
	negated     bool
	// framed: named, not claimed — a trap, a tempting answer, a
	// hypothesis ("if X, I'm wrong"), or judged wrong ("X would be a
	// mistake").
	framed bool
	// conditional: inside an "if" clause, not offered as a move.
	conditional bool
	// refused: negated by the answer turning the move down ("I'd avoid
	// X", "don't X"), not by a statement that X is not so.
	refused bool
}

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

// maxWordIndex bounds the word lengths prefix matching looks at.
const maxWordIndex = 40

type startKey struct {
	norm    string
	prefix  bool
	widened bool
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
	if !m.prefix {
		for _, n := range a.byStem[m.stem] {
			add(n)
		}
		for _, syn := range m.synonyms {
			for _, n := range a.byStem[syn] {
				if !a.toks[a.byNorm[n][0]].function {
					add(n)
				}
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

// at matches a phrase starting at token i, allowing one extra word between
// its words ("roll it back"), within one sentence.
func (ph phrase) at(a *answer, i int) (occurrence, bool) {
	toks := a.toks
	oc := occurrence{first: i}
	pos := i
	for k, m := range ph {
		matched := false
		for gap := 0; gap <= maxPhraseGap && (k > 0 || gap == 0); gap++ {
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
	found       bool
	first, last int // tokens spanned
	typo        bool
	negatedOnly bool // it appears, but only negated
	// framed: found, but only named as a trap or a hypothesis, or judged
	// wrong: it counts for naming a failure case or a check, never as
	// the learner's claim.
	framed bool
	// conditional: found only inside "if" clauses.
	conditional bool
	// near: not found, but a pattern's parts are all in two adjacent
	// sentences.
	near bool
	// refused: found only negated, and the negation turns a move down.
	refused      bool
	patternIndex int
}

func (c *concept) find(a *answer) conceptMatch {
	var negated, near bool
	var framed, negMatch conceptMatch
	for pi, p := range c.patterns {
		m, neg := p.find(a)
		near = near || m.near
		if neg && !negated {
			negMatch = m
		}
		if m.found && !m.framed {
			m.patternIndex = pi
			return m
		}
		if m.found && !framed.found {
			m.patternIndex = pi
			framed = m
		}
		negated = negated || neg
	}
	if framed.found {
		return framed
	}
	if negated {
		return conceptMatch{negatedOnly: true, near: near, first: negMatch.first, last: negMatch.last, typo: negMatch.typo, refused: negMatch.refused}
	}
	return conceptMatch{near: near}
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
	own := a.own // token indexes that belong to the pattern's own words
	defer clear(own)
	// Most patterns fail for want of one slot: check every slot has a
	// candidate start (cached per word) before matching any phrase.
	for _, slot := range p.slots {
		possible := false
		for _, ph := range slot {
			if len(a.starts(ph[0])) > 0 {
				possible = true
				break
			}
		}
		if !possible {
			return conceptMatch{}, false
		}
	}
	for s, slot := range p.slots {
		for _, ph := range slot {
			for _, i := range a.starts(ph[0]) {
				if oc, ok := ph.at(a, i); ok && !listedWithin(toks, oc) {
					occs[s] = append(occs[s], oc)
				}
			}
		}
		if len(occs[s]) == 0 {
			return conceptMatch{}, false
		}
		// The longest alternative wins at each start ("queue rather than"
		// over "queue"), whatever order the author listed them in.
		slices.SortStableFunc(occs[s], func(x, y occurrence) int {
			if x.first != y.first {
				return x.first - y.first
			}
			return y.last - x.last
		})
		occs[s] = slices.CompactFunc(occs[s], func(x, y occurrence) bool { return x.first == y.first })
		for _, oc := range occs[s] {
			for j := oc.first; j <= oc.last; j++ {
				own[j] = true
			}
		}
	}
	for s := range occs {
		for k := range occs[s] {
			// A falsifier says what would prove the answer wrong, often in
			// the negative ("if …, it isn't the deploy"): it names the
			// check either way, and is never read as a claim.
			occs[s][k].negated = negatedAt(toks, occs[s][k], own) && !toks[occs[s][k].first].hypothetical
			occs[s][k].refused = occs[s][k].negated && refusedAt(toks, occs[s][k], own)
			occs[s][k].framed = framedAt(toks, occs[s][k], own)
			occs[s][k].conditional = toks[occs[s][k].first].conditional || weighedAt(toks, occs[s][k])
		}
	}
	best, bestNeg, negMatch := conceptMatch{}, false, conceptMatch{}
	better := func(m conceptMatch) bool {
		return !best.found || best.framed && !m.framed ||
			best.framed == m.framed && m.last-m.first < best.last-best.first
	}
	for _, a := range occs[0] {
		m, ok := combine(toks, occs, a, false, false)
		if ok {
			if better(m) {
				best = m
			}
			continue
		}
		if m, ok := combine(toks, occs, a, true, false); ok && !bestNeg {
			bestNeg, negMatch = true, m
		}
	}
	if !best.found && len(occs) > 1 {
		// Not found, but are its parts in two sentences side by side?
		for _, a := range occs[0] {
			if _, ok := combine(toks, occs, a, false, true); ok {
				best.near = true
				break
			}
		}
	}
	if !best.found && bestNeg {
		// Where it is, for a criterion that counts a rejected move as
		// named (the failure case).
		best.first, best.last, best.typo, best.refused = negMatch.first, negMatch.last, negMatch.typo, negMatch.refused
	}
	return best, bestNeg && !best.found
}

// combine picks, for the first slot's occurrence a, the nearest occurrence
// of every other slot in the same sentence. With allowNegated false every
// occurrence must be unnegated.
//
// With acrossSentences, the other slots may also be in the sentence before
// or after a's, within maxSpan words: not a match, but a sign the cues may
// have missed the idea (conceptMatch.near).
func combine(toks []token, occs [][]occurrence, a occurrence, allowNegated, acrossSentences bool) (conceptMatch, bool) {
	if a.negated && !allowNegated {
		return conceptMatch{}, false
	}
	m := conceptMatch{found: true, first: a.first, last: a.last, typo: a.typo}
	sentence := toks[a.first].sentence
	// Each slot needs words of its own: "together" cannot fill two slots.
	chosen := []occurrence{a}
	overlaps := func(oc occurrence) bool {
		for _, c := range chosen {
			if oc.first <= c.last && c.first <= oc.last {
				return true
			}
		}
		return false
	}
	for _, list := range occs[1:] {
		pick, dist := -1, 1<<30
		for k, oc := range list {
			if s := toks[oc.first].sentence; (s != sentence && !(acrossSentences && abs(s-sentence) == 1)) || (oc.negated && !allowNegated) || overlaps(oc) {
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
		chosen = append(chosen, oc)
		m.first, m.last = min(m.first, oc.first), max(m.last, oc.last)
		m.typo = m.typo || oc.typo
	}
	for _, oc := range chosen {
		m.framed = m.framed || oc.framed
		m.conditional = m.conditional || oc.conditional
		m.refused = m.refused || oc.refused
	}
	if m.last-m.first+1 > maxSpan {
		return conceptMatch{}, false
	}
	return m, true
}

// negatedAt reports a negating word before the occurrence in its clause, or
// just after it ("rollback is not …"), that is not one of the pattern's own
// words.
func negatedAt(toks []token, oc occurrence, own []bool) bool {
	if toks[oc.first].headed == negatingHeading || earlierInClause(toks, oc, own, func(t token) bool { return t.negator }) {
		return true
	}
	clause := toks[oc.first].clause
	next := oc.last + 1
	if next < len(toks) && toks[next].clause == clause && !own[next] {
		// "rollback isn't …" negates; "points to load not the release"
		// negates the release, not the load.
		if toks[next].negator && strings.HasSuffix(toks[next].norm, "n't") {
			return true
		}
		if auxiliaries[toks[next].norm] && next+1 < len(toks) && toks[next+1].clause == clause && toks[next+1].negator && !own[next+1] {
			return true
		}
	}
	return false
}

// refusals are negating verbs that turn a move down whoever says them.
var refusals = set("avoid", "avoiding", "resist", "skip", "refrain", "never")

// firstPerson opens a clause in which the learner speaks of their own
// moves: "I wouldn't raise the pool", "we don't restart".
var firstPerson = set("i", "we", "i'd", "we'd", "i'll", "we'll", "let's", "i'm", "we're")

// refusedAt reports whether the negation before an occurrence turns a move
// down — a refusing verb, a negation opening its clause ("Don't restart",
// "NOT a bigger pool"), or one in a clause the learner opens in the first
// person — rather than saying something is not so ("it is not because
// the rollback would overload v42").
func refusedAt(toks []token, oc occurrence, own []bool) bool {
	clause := toks[oc.first].clause
	start := oc.first
	for start > 0 && toks[start-1].clause == clause {
		start--
	}
	for j := oc.first - 1; j >= start; j-- {
		if !toks[j].negator || own[j] {
			continue
		}
		if refusals[toks[j].norm] || j == start || firstPerson[toks[start].norm] {
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

// framers before a phrase in its clause present it as a trap or a
// temptation rather than the learner's own move.
var framers = set("tempting", "tempted", "temptation", "naive", "naively", "hasty", "trap", "pitfall",
	"mistake", "wrong", "misleading", "misread", "myth", "fallacy", "kneejerk", "reflex", "careful", "wary")

// verdictsAgainst after a phrase judge it wrong: "X would be a mistake",
// "X is premature".
var verdictsAgainst = set("tempting", "bandaid", "guess", "gamble", "mistake", "wrong", "error", "premature", "overkill", "pointless", "useless",
	"unnecessary", "unjustified", "unwarranted", "unsafe", "reckless", "misleading", "trap", "distraction",
	"irrelevant", "waste", "bad", "dangerous", "unhelpful", "counterproductive", "unwise", "misguided")

// softeners may stand between the verb and the verdict: "would be a
// really bad idea".
var softeners = set("a", "an", "the", "probably", "really", "just", "definitely", "clearly", "also",
	"likely", "too", "very", "big", "huge", "classic", "real", "total", "complete", "actually", "simply")

// futile words after a move that is its clause's subject say it does not
// help: "a bigger pool only buys the leak time", "restarting just hides it".
var (
	futilityAdverbs = set("only", "just", "merely", "simply")
	futileVerbs     = set("buy", "buys", "delay", "delays", "postpone", "postpones", "hide", "hides", "mask", "masks",
		"move", "moves", "shift", "shifts", "defer", "defers", "push", "pushes", "paper", "papers", "kick", "kicks",
		"treat", "treats", "feed", "feeds", "spread", "spreads", "give", "gives", "add", "adds", "prolong", "prolongs",
		"resets", "reset", "clears", "clear", "wipes", "wipe", "erases", "erase", "worsens", "amplifies", "magnifies",
		"makes", "make", "creates", "create", "causes", "cause", "multiplies", "multiply")
)

// futileAt reports a move that is its clause's subject followed by "only
// buys time" or the like.
func futileAt(toks []token, oc occurrence) bool {
	clause := toks[oc.first].clause
	if oc.first > 0 && toks[oc.first-1].clause == clause && !softeners[toks[oc.first-1].norm] {
		return false // not the clause's first words
	}
	for j := oc.last + 1; j+1 < len(toks) && j <= oc.last+4 && toks[j+1].clause == clause; j++ {
		if futilityAdverbs[toks[j].norm] && futileVerbs[toks[j+1].norm] {
			return true
		}
		// "X makes it worse", "X would make things worse"
		if worsening[toks[j].norm] {
			for k := j + 1; k < len(toks) && k <= j+3 && toks[k].clause == clause; k++ {
				if toks[k].norm == "worse" {
					return true
				}
			}
		}
	}
	return false
}

var worsening = set("makes", "make", "made", "making")

// framedAt reports an occurrence the answer names without claiming it.
func framedAt(toks []token, oc occurrence, own []bool) bool {
	if toks[oc.first].hypothetical || toks[oc.first].headed == framingHeading || futileAt(toks, oc) {
		return true
	}
	if earlierInClause(toks, oc, own, func(t token) bool { return t.framer }) {
		return true
	}
	clause := toks[oc.first].clause
	// Look a few words past it, within the sentence, for a verb and a
	// verdict against it ("X would be a mistake"), or, within the clause,
	// a denied predicate ("X is not going to work", "X won't help").
	sentence := toks[oc.first].sentence
	for j := oc.last + 1; j < len(toks) && j <= oc.last+8 && toks[j].sentence == sentence; j++ {
		if own[j] {
			continue
		}
		if toks[j].clause == clause && toks[j].negator && strings.HasSuffix(toks[j].norm, "n't") && auxiliaries[strings.TrimSuffix(toks[j].norm, "n't")] {
			return true
		}
		if !auxiliaries[toks[j].norm] && toks[j].norm != "seems" && toks[j].norm != "sounds" && toks[j].norm != "it's" {
			continue
		}
		k := j + 1
		for k < len(toks) && (toks[k].norm == "be" || softeners[toks[k].norm]) {
			k++
		}
		if k >= len(toks) || own[k] {
			continue
		}
		if verdictsAgainst[toks[k].norm] || toks[k].norm == "idea" && toks[k-1].norm == "bad" ||
			toks[k].norm == "band" && k+1 < len(toks) && toks[k+1].norm == "aid" { // "a band-aid"
			return true
		}
		if toks[k].clause == clause && (toks[k].norm == "not" || toks[k].norm == "never") {
			return true
		}
	}
	return false
}

// modals after a phrase that opens its clause weigh a move rather than
// make it: "Closing now would hide the trigger", "Rolling back could
// overload v42".
var modals = set("would", "could", "might", "would've", "could've")

// weighedAt reports a phrase that is the subject of a modal verb in its
// clause: a move considered, not offered.
func weighedAt(toks []token, oc occurrence) bool {
	clause := toks[oc.first].clause
	if oc.first > 0 && toks[oc.first-1].clause == clause && !softeners[toks[oc.first-1].norm] {
		return false // not the clause's first words
	}
	for j := oc.last + 1; j < len(toks) && j <= oc.last+6 && toks[j].clause == clause; j++ {
		if modals[toks[j].norm] {
			return true
		}
	}
	return false
}

// earlierInClause reports a word before the occurrence, in its clause and
// not one of the pattern's own words, for which is holds.
func earlierInClause(toks []token, oc occurrence, own []bool, is func(token) bool) bool {
	clause := toks[oc.first].clause
	for j := oc.first - 1; j >= 0 && toks[j].clause == clause; j-- {
		if is(toks[j]) && !own[j] {
			return true
		}
	}
	return false
}

// listedWithin reports whether an occurrence touches a list of terms.
func listedWithin(toks []token, oc occurrence) bool {
	for k := oc.first; k <= oc.last; k++ {
		if toks[k].listed {
			return true
		}
	}
	return false
}
