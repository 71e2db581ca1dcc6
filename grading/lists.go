package grading

import (
	"regexp"
	"strings"
)

// A keyword list and a terse note both have few function words; what
// tells them apart is that a note's fragments state relations ("outputs
// longer -> decode longer", "replicas: no", "v43 = cause") while a list's
// items only name things ("decode gap; preemption; KV cache") in two or
// three words each. On the first blind set every keyword list had items
// of 3.3 words or fewer on average and relations in at most half of them;
// terse notes had fragments of 3 words or more, most of them relating.

// fragmentBreak splits an answer into the items of a list or the
// fragments of a note: commas, semicolons, line breaks, bullets, " - ",
// and full stops that end a word.
var fragmentBreak = regexp.MustCompile(`[,;\n•·]|\s[-–—*]\s|[\p{L}\p{N})]\.(?:\s|$)`)

// relationMark is a symbol or short word that relates two things.
var relationMark = regexp.MustCompile(`->|=>|→|←|!=|≠|≈|[=<>+×:]|\b(?:vs|versus|x|b/c|bc|w/o?|so|thus|hence|due)\b`)

// fragment is one item or fragment of an answer: its tokens (indexes into
// the answer's tokens) and whether it relates things.
type fragment struct {
	first, end int // toks[first:end]
	related    bool
}

// fragmentsOf splits the answer's tokens at fragment breaks. A fragment
// relates things by a relation mark or by function words (one in six
// words or more: one "because" among a dozen terms is not a sentence).
func fragmentsOf(text string, toks []token) []fragment {
	var out []fragment
	from, t := 0, 0
	cut := func(to int) {
		first := t
		function := 0
		for t < len(toks) && toks[t].start < to {
			function += boolInt(toks[t].function)
			t++
		}
		if t > first {
			related := relationMark.MatchString(strings.ToLower(text[from:to])) || function > 0 && 6*function >= t-first
			out = append(out, fragment{first: first, end: t, related: related})
		}
		from = to
	}
	for _, b := range fragmentBreak.FindAllStringIndex(text, -1) {
		cut(b[1])
	}
	cut(len(text))
	return out
}

// statesRelations reports whether an answer reads as a terse note rather
// than a list of terms: fragments of three words or more on average, at
// least half of them relating things.
func statesRelations(fragments []fragment) bool {
	related, words := 0, 0
	for _, f := range fragments {
		words += f.end - f.first
		related += boolInt(f.related)
	}
	n := len(fragments)
	return n > 0 && 2*related >= n && words >= 3*n
}

// A list inside an answer: at least listRun items in a row of at most
// listItemWords words each, two in five or more of them relating nothing
// ("queue wait, prefill time, decode gap, goodput, oldest age"). Keyword lists on the
// blind sets ran to 9–14 such items; terse notes never had five in a row.
const (
	listRun       = 5
	listItemWords = 5
)

// markListed marks the tokens of every list inside an answer: naming
// terms is not explaining them, wherever in an answer the list stands and
// whatever fluent sentences surround it, so neither opinion reads them.
// A list is a run of short items relating nothing (see listRun), or a
// paragraph that would be denied as a list were it the whole answer.
func markListed(text string, toks []token, fragments []fragment) {
	start := 0
	for i := 0; i <= len(fragments); i++ {
		if i < len(fragments) && fragments[i].end-fragments[i].first <= listItemWords {
			continue
		}
		run := fragments[start:i]
		unrelated := 0
		for _, f := range run {
			unrelated += boolInt(!f.related)
		}
		if len(run) >= listRun && 2*unrelated >= len(run) {
			markFragments(toks, run)
		}
		start = i + 1
	}
	from := 0
	for _, b := range append(paragraphBreak.FindAllStringIndex(text, -1), []int{len(text), len(text)}) {
		var paragraph []fragment
		for _, f := range fragments {
			if toks[f.first].start >= from && toks[f.first].start < b[0] {
				paragraph = append(paragraph, f)
			}
		}
		if len(paragraph) >= 3 && isList(toks, paragraph) {
			markFragments(toks, paragraph)
		}
		from = b[1]
	}
}

var paragraphBreak = regexp.MustCompile(`\n\s*\n`)

// isList is the rule for a whole answer: few function words, and
// fragments that do not relate things.
func isList(toks []token, fragments []fragment) bool {
	words, function := 0, 0
	for _, f := range fragments {
		for _, t := range toks[f.first:f.end] {
			words++
			function += boolInt(t.function)
		}
	}
	return float64(function) < listRatio*float64(words) && !statesRelations(fragments)
}

func markFragments(toks []token, fragments []fragment) {
	for _, f := range fragments {
		for k := f.first; k < f.end; k++ {
			toks[k].listed = true
		}
	}
}
