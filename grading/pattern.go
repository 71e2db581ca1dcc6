package grading

import (
	"fmt"
	"slices"
	"strings"
)

// concept is a named idea, found when any of its patterns matches.
type concept struct {
	name     string
	patterns []pattern
}

// pattern is slots that must all match in one sentence: "a|b + c".
type pattern struct {
	slots [][]phrase
	// follows marks a slot joined to the one before by " > ": its words
	// must come after that slot's ("i'd > restart* > pod*").
	follows []bool
	// opens marks a slot written after "^": its words must open their
	// clause, as an order does ("^scale* out" matches "Scale out to 12
	// replicas." and "First, scale out", not "we could scale out").
	opens []bool
	// orders: some slot opens, so what the pattern finds is offered as an
	// order.
	orders bool
	// source is each slot as the author wrote it, for explaining a near
	// miss ("nothing for warm|ready").
	source []string
}

// summary is the pattern as the author wrote it, spacing aside, each
// slot's first few alternatives only (slotSummary).
func (p pattern) summary() string {
	var b strings.Builder
	for s := range p.source {
		switch {
		case s == 0:
		case p.follows[s]:
			b.WriteString(" > ")
		default:
			b.WriteString(" + ")
		}
		b.WriteString(p.slotSummary(s))
	}
	return b.String()
}

// opensOrder reports an occurrence that opens its clause as an order
// does: not inside parentheses ("Clearing other rooms (deleting
// /var/log) doesn't help" orders nothing). An adverb of sequence may come
// first ("Meanwhile raise the timeout", "Then restart the pods"), and so
// may a plan naming it ("The fix is to add replicas", "My first action is
// restart the pods").
func opensOrder(toks []token, oc occurrence) bool {
	if toks[oc.first].aside {
		return false
	}
	if next := oc.last + 1; next < len(toks) && toks[next].clause == toks[oc.last].clause && auxiliaries[toks[next].norm] {
		// "Retry will again wait 5 s": what a modal or "is" follows is
		// the clause's subject, not an order.
		return false
	}
	if oc.first > 0 && toks[oc.first-1].clause == toks[oc.first].clause && articles[toks[oc.first-1].norm] {
		// "The failover promotes a replica": after an article the words
		// are a noun, the subject of a statement, not an order.
		return false
	}
	if opensClause(toks, oc) {
		return true
	}
	start := clauseStart(toks, oc.first)
	j := oc.first
	chained := false
	for j > start {
		if n := orderPhraseBefore(toks[start:j]); n > 0 {
			j -= n
			continue
		}
		if !orderOpeners[toks[j-1].norm] {
			break
		}
		j--
		chained = chained || toks[j].norm == "and" || toks[j].norm == "then"
	}
	// "Go with the proposal and bump nofile", "Set the timeout to 65 s
	// and scale out": an order chained to an order its clause opens with.
	return j == start || namesPlan(toks[start:j]) || chained && opensWithOrder(toks[start:j])
}

// opensWithOrder reports a clause that reads as an order from its first
// word: a verb's base form ("Go", "Set", "Roll"), told apart without a
// dictionary of verbs by what it is not — a small word, a number, an
// -ing, -ed or -s form — and by what follows it, which is not an
// auxiliary or a verb of its own ("Traffic doubled and scale-out kicked
// in" is a statement).
func opensWithOrder(ws []token) bool {
	if len(ws) < 2 {
		return false
	}
	first, second := ws[0].norm, ws[1].norm
	switch {
	case ws[0].function || ws[0].number || firstPerson[first] || inflected(first):
		return false
	case auxiliaries[second] || strings.HasSuffix(second, "ed") || endsInS(second) && !ws[1].function:
		return false
	}
	return true
}

// inflected reports an -ing, -ed or -s form.
func inflected(w string) bool {
	return strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed") || endsInS(w)
}

// endsInS reports an -s form, not "-ss" ("press", "pass").
func endsInS(w string) bool { return strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") }

var articles = set("a", "an", "the")

// orderOpeners may stand before an order: "then restart", "also bump".
var orderOpeners = set("then", "meanwhile", "also", "next", "first", "firstly", "second", "secondly", "finally",
	"immediately", "now", "just", "and", "afterwards", "after", "later", "additionally", "plus", "quickly", "simply", "so")

// orderPhrases may stand before an order as orderOpeners do: "and in the
// meantime restart the pods".
var orderPhrases = [][]string{{"in", "the", "meantime"}, {"for", "now"}, {"for", "the", "moment"}, {"at", "the", "same", "time"},
	{"in", "parallel"}, {"as", "a", "stopgap"}, {"as", "a", "first", "step"}, {"in", "the", "short", "term"}}

// orderPhraseBefore returns the length of the order phrase ws ends with,
// or 0.
func orderPhraseBefore(ws []token) int {
	for _, p := range orderPhrases {
		if len(ws) >= len(p) && wordsAre(ws[len(ws)-len(p):], p) {
			return len(p)
		}
	}
	return 0
}

// planNouns name what an answer proposes: "the fix is to …".
var planNouns = set("fix", "plan", "move", "step", "action", "answer", "solution", "mitigation", "call", "priority", "response", "remedy")

// planWords may stand with a plan noun: "my first move is", "the right
// call is to". Any other word makes it someone else's plan or a trap
// ("the tempting fix is", "the answer everyone gives is").
var planWords = set("the", "my", "our", "first", "best", "right", "real", "immediate", "only", "actual",
	"proper", "correct", "safest", "quickest", "main")

// namesPlan reports words that put what follows as the learner's plan:
// a plan noun with at most a few plan words, then "is" and perhaps "to".
func namesPlan(ws []token) bool {
	n := len(ws)
	if n > 0 && ws[n-1].norm == "to" {
		n--
	}
	if n < 2 || n > 5 || ws[n-1].norm != "is" {
		return false
	}
	noun := false
	for _, t := range ws[:n-1] {
		if !planNouns[t.norm] && !planWords[t.norm] {
			return false
		}
		noun = noun || planNouns[t.norm]
	}
	return noun
}

// slotsOf splits a pattern at its joins: " + " (any order) and " > " (in
// order). follows[i] is true when slot i was joined by " > ". A sign with
// a letter or digit on both sides is part of a word, as answers read it:
// `n+1` is the words "n 1", not two slots.
func slotsOf(src string) (slots []string, follows []bool) {
	start, after := 0, false
	for i, r := range src {
		if (r == '+' || r == '>') && !insideWord(src, i) {
			slots, follows = append(slots, src[start:i]), append(follows, after)
			start, after = i+1, r == '>'
		}
	}
	return append(slots, src[start:]), append(follows, after)
}

// insideWord reports a one-byte sign at src[i] with a letter or digit
// right before and after it.
func insideWord(src string, i int) bool {
	wordByte := func(b byte) bool {
		return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
	}
	return i > 0 && i+1 < len(src) && wordByte(src[i-1]) && wordByte(src[i+1])
}

// phrase is words in order, such as "roll back".
type phrase []wordMatcher

type wordMatcher struct {
	id     int // the same for equal words within a rubric, for caching per answer
	norm   string
	stem   string
	prefix bool // "compar*"
	// exact: written after "=", the word matches only as written, with
	// no stemming, synonyms or typos ("=raise" is not "raising").
	exact bool
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

func (ids wordIDs) of(norm string, prefix, widened, exact bool) int {
	k := startKey{norm, prefix, widened, exact}
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
		slotSrcs, follows := slotsOf(src)
		p.follows = follows
		for _, slotSrc := range slotSrcs {
			slotSrc, opens := strings.CutPrefix(strings.TrimSpace(slotSrc), "^")
			p.opens = append(p.opens, opens)
			p.orders = p.orders || opens
			var slot []phrase
			alts := strings.Split(slotSrc, "|")
			// A slot with many alternatives is a paraphrase family the
			// author already wrote out; widening it only adds noise.
			wide := synonyms && len(alts) <= maxWidenedAlternatives
			for _, alt := range alts {
				// "=ready" is the word as written: no synonyms, no phrasal
				// verbs ("ready" would also match "fix" and "prepare").
				alt, exact := strings.CutPrefix(strings.TrimSpace(alt), "=")
				if exact && strings.TrimSpace(alt) == "" {
					return nil, fmt.Errorf("concept %q: pattern %q has \"=\" alone as an alternative: \"=\" before a word takes it as written (\"=ready\"), and answers are read as words, so an equals sign is never matched; write the words instead (\"equals|is\")", name, src)
				}
				wide := wide && !exact
				var ph phrase
				// Split as answers are split, so "max_tokens", "15:30" and
				// "2,400" match what the tokenizer makes of them.
				for _, chunk := range strings.Fields(alt) {
					prefix := strings.HasSuffix(chunk, "*")
					words := tokenize(strings.TrimSuffix(chunk, "*"))
					if len(words) == 0 || strings.Contains(strings.TrimSuffix(chunk, "*"), "*") {
						return nil, fmt.Errorf("concept %q: pattern %q has %q, %s", name, src, chunk, unreadableWord(chunk))
					}
					for k, t := range words {
						last := k == len(words)-1
						m := wordMatcher{norm: t.norm, stem: t.stem, prefix: prefix && last, exact: exact}
						if wide && !m.prefix && !t.function && !t.number {
							m.synonyms = synonymsOf(t.stem)
						}
						if wide && m.prefix && len(m.norm) >= minFamilyPrefix {
							m.synonyms = familyBeyondPrefix(m.norm)
						}
						m.id = ids.of(t.norm, m.prefix, m.synonyms != nil, exact)
						ph = append(ph, m)
					}
				}
				// "14 seconds" in a pattern is "14 s", as in answers.
				for k := 1; k < len(ph); k++ {
					if unit, ok := unitAliases[ph[k].norm]; ok && isNumber(ph[k-1].norm) {
						ph[k] = wordMatcher{id: ids.of(unit, false, false, ph[k].exact), norm: unit, stem: unit, exact: ph[k].exact}
					}
				}
				if len(ph) == 0 {
					return nil, fmt.Errorf("concept %q: pattern %q has an empty alternative (check for a doubled | or a trailing +)", name, src)
				}
				slot = append(slot, ph)
				if synonyms && !exact && len(ph) == 1 {
					for _, form := range phrasalsOf(ph[0]) {
						slot = appendPhrase(slot, form, ids)
					}
				}
			}
			p.slots = append(p.slots, slot)
			shown := strings.Join(strings.Fields(slotSrc), " ")
			if opens {
				shown = "^" + shown
			}
			p.source = append(p.source, shown)
		}
		c.patterns = append(c.patterns, p)
	}
	return c, nil
}

// appendPhrase adds the phrase form to slot, unless the slot has it.
func appendPhrase(slot []phrase, form string, ids wordIDs) []phrase {
	var ph phrase
	for _, t := range tokenize(form) {
		ph = append(ph, wordMatcher{id: ids.of(t.norm, false, false, false), norm: t.norm, stem: t.stem})
	}
	for _, have := range slot {
		if samePhrase(have, ph) {
			return slot
		}
	}
	return append(slot, ph)
}

func samePhrase(a, b phrase) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].norm != b[i].norm || a[i].prefix != b[i].prefix {
			return false
		}
	}
	return true
}

// minFamilyPrefix is the shortest prefix pattern that the subject's
// paraphrase families widen ("retr*" is; "re*" would reach too much).
const minFamilyPrefix = 4

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
	// words marks the phrase's own words, bit k for toks[first+k]: the
	// words a gap skipped ("the cache" in "pull the cache out") are free
	// for another slot.
	words uint64
}

// shares reports whether two occurrences use a word in common.
func (oc occurrence) shares(c occurrence) bool {
	if oc.first > c.last || c.first > oc.last {
		return false
	}
	if oc.first > c.first {
		oc, c = c, oc
	}
	shift := c.first - oc.first
	if shift >= 64 || oc.words == 0 || c.words == 0 {
		return true // too far apart to hold in a mask: take the ranges
	}
	return oc.words&(c.words<<shift) != 0
}

// at matches a phrase starting at token i, allowing up to maxPhraseGap words between
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
			// A phrase never reaches over a negation: "I'd resist a
			// rollback" is not "I'd rollback", nor "also not add" "also add".
			if gap > 0 && toks[j-1].negator {
				break
			}
			if ok, typo := a.match(m, j); ok {
				oc.typo = oc.typo || typo
				oc.last = j
				if j-i < 64 {
					oc.words |= 1 << (j - i)
				}
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
	// ordered: found by a pattern with a ^ slot, so offered as an order
	// ("Scale out to 12 replicas.", "The fix is to add replicas"): the
	// learner proposes it, as "I'd scale out" does.
	ordered bool
}

// claimRank orders the ways a concept can be found, by how plainly the
// answer claims it: said outright, only supposed ("if …"), only named as a
// trap or judged wrong. A plain claim anywhere in the answer outranks a
// supposed one elsewhere: "resolvers are caching the old record" is offered
// even if a later "if the resolvers are flushed …" is shorter.
func (m conceptMatch) claimRank() int {
	switch {
	case m.framed:
		return 2
	case m.conditional:
		return 1
	}
	return 0
}

func (c *concept) find(a *answer) conceptMatch {
	var negated, near bool
	var weaker, negMatch conceptMatch
	for pi, p := range c.patterns {
		m, neg := p.find(a)
		near = near || m.near
		// A pattern that reads the negation as turning the move down
		// outranks one that reads it as a plain denial, whichever the
		// author wrote first.
		if neg && (!negated || m.refused && !negMatch.refused) {
			negMatch = m
			negMatch.patternIndex = pi
		}
		m.ordered = p.orderedAt(a, m)
		if m.found && m.claimRank() == 0 {
			m.patternIndex = pi
			if !m.ordered {
				// An order found by a later pattern ("My first move is
				// rollback", by `^rollback` after `first > rollback`)
				// still makes the move the learner's own, whichever
				// pattern the author wrote first.
				if o, ok := c.orderAfter(a, pi); ok {
					return o
				}
			}
			return m
		}
		if m.found && (!weaker.found || m.claimRank() < weaker.claimRank()) {
			m.patternIndex = pi
			weaker = m
		}
		negated = negated || neg
	}
	if weaker.found {
		return weaker
	}
	if negated {
		return conceptMatch{negatedOnly: true, near: near, first: negMatch.first, last: negMatch.last, typo: negMatch.typo, refused: negMatch.refused,
			patternIndex: negMatch.patternIndex}
	}
	return conceptMatch{near: near}
}

// orderedAt reports a match of p offered as an order: found by a pattern
// with a ^ slot, and not opening with a gerund, which is a subject
// ("Scaling CoreDNS is the reflex").
func (p pattern) orderedAt(a *answer, m conceptMatch) bool {
	return m.found && p.orders && !strings.HasSuffix(a.toks[m.first].norm, "ing")
}

// orderAfter returns a plain claim found by a pattern with a ^ slot after
// patterns[pi], if any.
func (c *concept) orderAfter(a *answer, pi int) (conceptMatch, bool) {
	for k := pi + 1; k < len(c.patterns); k++ {
		p := c.patterns[k]
		if !p.orders {
			continue
		}
		m, _ := p.find(a)
		if m.claimRank() == 0 && p.orderedAt(a, m) {
			m.ordered, m.patternIndex = true, k
			return m, true
		}
	}
	return conceptMatch{}, false
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
				if oc, ok := ph.at(a, i); ok && !listedWithin(toks, oc) && (!p.opens[s] || opensOrder(toks, oc)) {
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
			// check either way, and is never read as a claim. A condition
			// supposes what it names, negated or not: "if the replay
			// doesn't reproduce the slowdown" names the replay as a check.
			occs[s][k].negated = negatedAt(toks, occs[s][k], own) && !toks[occs[s][k].first].hypothetical && !toks[occs[s][k].first].conditional
			occs[s][k].refused = occs[s][k].negated && refusedAt(toks, occs[s][k], own)
			occs[s][k].framed = framedAt(toks, occs[s][k], own)
			occs[s][k].conditional = toks[occs[s][k].first].conditional || weighedAt(toks, occs[s][k])
		}
	}
	best, bestNeg, negMatch := conceptMatch{}, false, conceptMatch{}
	better := func(m conceptMatch) bool {
		return !best.found || m.claimRank() < best.claimRank() ||
			m.claimRank() == best.claimRank() && m.last-m.first < best.last-best.first
	}
	for _, a := range occs[0] {
		m, ok := combine(toks, occs, p.follows, a, false, false)
		if ok {
			if better(m) {
				best = m
			}
			continue
		}
		if m, ok := combine(toks, occs, p.follows, a, true, false); ok && !bestNeg {
			bestNeg, negMatch = true, m
		}
	}
	if !best.found && len(occs) > 1 {
		// Not found, but are its parts in two sentences side by side?
		for _, a := range occs[0] {
			if _, ok := combine(toks, occs, p.follows, a, false, true); ok {
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
func combine(toks []token, occs [][]occurrence, follows []bool, a occurrence, allowNegated, acrossSentences bool) (conceptMatch, bool) {
	if a.negated && !allowNegated {
		return conceptMatch{}, false
	}
	m := conceptMatch{found: true, first: a.first, last: a.last, typo: a.typo}
	sentence := toks[a.first].sentence
	// Each slot needs words of its own: "together" cannot fill two slots.
	chosen := []occurrence{a}
	overlaps := func(oc occurrence) bool {
		for _, c := range chosen {
			if oc.shares(c) {
				return true
			}
		}
		return false
	}
	for n, list := range occs[1:] {
		pick, dist := -1, 1<<30
		prev := chosen[len(chosen)-1]
		for k, oc := range list {
			if s := toks[oc.first].sentence; (s != sentence && !(acrossSentences && abs(s-sentence) == 1)) || (oc.negated && !allowNegated) || overlaps(oc) {
				continue
			}
			if follows[n+1] && (oc.first <= prev.last || anyWordOf(toks[prev.last+1:oc.first], reasons)) {
				// " > ": after the slot before, in the same statement —
				// not in a reason given for it ("I would not scale out,
				// because more pods open more connections").
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

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// unreadableWord says why a pattern's chunk has no word an answer could
// match.
func unreadableWord(chunk string) string {
	if strings.Contains(strings.TrimSuffix(chunk, "*"), "*") {
		return "with a \"*\" inside it: \"*\" only ends a word (\"compar*\")"
	}
	return "which has no letters or digits: answers are read as words and numbers, and a sign such as \"%\" is not a word (\"20%\" is the number 20 alone), so it is never matched; write the number (\"20\") or the word"
}
