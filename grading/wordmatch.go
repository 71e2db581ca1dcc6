package grading

import (
	"slices"
	"strings"
)

// Whether one answer word is one pattern word: the same stem or word, a
// prefix, a synonym, or a typo.

// matchWord compares one answer word with one pattern word. typo is true
// when only typo tolerance made them equal.
func (m wordMatcher) matchWord(t token) (ok, typo bool) {
	if m.norm == contractedNot {
		return strings.HasSuffix(t.norm, contractedNot), false
	}
	if m.exact {
		return t.norm == m.norm || m.prefix && strings.HasPrefix(t.norm, m.norm), false
	}
	if m.prefix {
		if strings.HasPrefix(t.norm, m.norm) || droppedE(t.norm, m.norm) {
			return true, false
		}
		if !t.function && slices.Contains(m.synonyms, t.stem) {
			return true, true // "resend" for "retr*": a family member
		}
		// A typo inside a long prefix (a six-letter one such as "revert*"
		// would take "reversible"): compare the word's start, one letter
		// shorter, as long, or one longer ("preemtion" for "preempt*"),
		// unless the dictionary knows the word as itself ("resolved" is
		// not a misspelt "resolver*").
		if len(m.norm) >= 7 && !knownWord(t.stem) {
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

// droppedE reports a word that is a prefix ending in e with the e dropped
// before -ing, as English writes it: "bounce*" takes "bouncing",
// "increase*" "increasing", "write*" "writing" (authors write the whole
// verb, and "bounc*" is not how anyone spells it).
func droppedE(word, prefix string) bool {
	if len(prefix) < 4 || !strings.HasSuffix(prefix, "e") {
		return false
	}
	rest, ok := strings.CutPrefix(word, prefix[:len(prefix)-1])
	return ok && (rest == "ing" || rest == "ings")
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
