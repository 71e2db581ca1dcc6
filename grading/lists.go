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

// statesRelations reports whether an answer reads as a terse note rather
// than a list of terms: fragments of three words or more on average, at
// least half of them relating things by a relation mark or by function
// words (one in six words or more, so a run of terms is not a sentence).
func statesRelations(text string) bool {
	n, related, words := 0, 0, 0
	for _, f := range fragmentBreak.Split(text, -1) {
		toks := tokenize(f)
		if len(toks) == 0 {
			continue
		}
		n++
		words += len(toks)
		function := 0
		for _, t := range toks {
			function += boolInt(t.function)
		}
		// One "because" among a dozen terms does not make them a sentence.
		if relationMark.MatchString(strings.ToLower(f)) || function > 0 && 6*function >= len(toks) {
			related++
		}
	}
	return n > 0 && 2*related >= n && words >= 3*n
}
