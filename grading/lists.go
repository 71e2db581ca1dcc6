package grading

import "strings"

// A keyword list and a terse note both have few function words; what
// tells them apart is that a note's fragments state relations ("outputs
// longer -> decode longer", "replicas: no", "v43 = cause") while a list's
// items only name things ("decode gap; preemption; KV cache") in two or
// three words each. On the first blind set every keyword list had items
// of 3.3 words or fewer on average and relations in at most half of them;
// terse notes had fragments of 3 words or more, most of them relating.

// fragment is one item or fragment of an answer: its tokens (indexes into
// the answer's tokens), whether it relates things, and its paragraph.
type fragment struct {
	first, end int // toks[first:end]
	related    bool
	// stated: a state said of a thing ("writes blocked", "cpu low"),
	// which relates only where nearly every fragment relates.
	stated    bool
	paragraph int
	// alternative: opened by a slash, it offers another word for the
	// fragment before ("max_tokens default / template / client").
	alternative bool
}

// relationSymbols and relationWords relate two things: "longer -> decode
// longer", "replicas: no", "v43 = cause", "p99 vs p50". A plus sign joins
// names ("redelivery + ack semantics") more often than it relates them.
const relationSymbols = "=<>×:→←≈≠"

var relationWords = set("vs", "versus", "x", "so", "thus", "hence", "due", "bc")

// statePredicates say how a thing is: "writes blocked", "reads ok", "cpu
// low". A fragment of two words or more with one states a relation, as
// a note does; a keyword list's items name things.
var statePredicates = set("ok", "okay", "fine", "low", "high", "up", "down", "flat", "full", "empty", "blocked",
	"stuck", "slow", "slower", "fast", "faster", "normal", "healthy", "broken", "failing", "idle", "busy",
	"unchanged", "doubled", "tripled", "spiking", "rising", "falling", "dropped", "growing", "climbing", "zero")

// fragmentsOf splits the answer's tokens into the items of a list or the
// fragments of a note: at commas, semicolons, line breaks, bullets, dashes
// and slashes between spaces, and the ends of sentences. A fragment
// relates things by a relation mark or by function words (one in six words
// or more: one "because" among a dozen terms is not a sentence). Paragraphs end at a
// blank line.
func fragmentsOf(text string, toks []token) []fragment {
	var out []fragment
	start, function, related, paragraph, alternative, stated := 0, 0, false, 0, false, false
	role := false // in a line a role label opens: "Fix: UTC schedule, idempotency"
	flush := func(end int) {
		// A lone number is an item's number ("1. scope: …"), not an item.
		if end > start && !(end-start == 1 && toks[start].number) {
			out = append(out, fragment{first: start, end: end, paragraph: paragraph, alternative: alternative,
				related: related || function > 0 && 6*function >= end-start, stated: stated})
		}
	}
	for i, t := range toks {
		if i > 0 {
			gap := text[toks[i-1].end:t.start]
			if strings.Contains(gap, "\n") {
				role = false
			}
			if t.sentence != toks[i-1].sentence || breaksFragment(gap) {
				flush(i)
				start, function, related, stated = i, 0, false, false
				alternative = t.sentence == toks[i-1].sentence && strings.TrimSpace(gap) == "/"
				if strings.Count(gap, "\n") >= 2 {
					paragraph++
				}
			} else if strings.ContainsAny(gap, relationSymbols) {
				related = true
			}
		}
		if i == 0 || strings.Contains(text[toks[i-1].end:t.start], "\n") {
			role = roleLabelAt(text, toks, i)
		}
		function += boolInt(t.function)
		related = related || relationWords[t.norm] || role
		stated = stated || statePredicates[t.norm] && i > start
	}
	flush(len(toks))
	return out
}

// roleLabels open a line of a note with what its items are: "Cause:",
// "Fix:", "Avoid:", "Check:". The items state that role — "Fix: UTC
// schedule, idempotency" proposes both — where a keyword list's items
// ("Keywords: DST, cron, UTC") only name things.
var roleLabels = set("cause", "why", "fix", "fixes", "mitigation", "mitigate", "action", "actions", "now", "later", "next",
	"then", "plan", "avoid", "don't", "not", "skip", "verify", "check", "checks", "proof", "prove", "confirm", "test")

// roleLabelAt reports a line whose first one or two words, ending in a
// colon, are a role label ("Root cause:", "Fix:", "**Avoid:**").
func roleLabelAt(text string, toks []token, i int) bool {
	for k := i; k < len(toks) && k <= i+1 && toks[k].sentence == toks[i].sentence; k++ {
		if !roleLabels[toks[k].norm] {
			continue
		}
		after := strings.TrimLeft(text[toks[k].end:], "*_")
		line, _, _ := strings.Cut(after, "\n")
		// A line of slash alternatives ("Fix: stats target / extended
		// stats / index") names options rather than choosing one.
		return strings.HasPrefix(after, ":") && !strings.Contains(line, " / ")
	}
	return false
}

func breaksFragment(gap string) bool {
	if strings.ContainsAny(gap, ",;\n•·") {
		return true
	}
	for _, dash := range []string{" - ", " – ", " — ", " * ", " / ", " | "} {
		if strings.Contains(gap, dash) {
			return true
		}
	}
	return false
}

// statesRelations reports whether an answer reads as a terse note rather
// than a list of terms: fragments of three words or more on average, at
// least half of them relating things, or two thirds of them relating.
func statesRelations(fragments []fragment) bool {
	related, stated, words := 0, 0, 0
	for _, f := range fragments {
		words += f.end - f.first
		related += boolInt(f.related)
		stated += boolInt(f.related || f.stated)
	}
	n := len(fragments)
	// Short fragments that nearly all relate or state are a note of
	// states ("queue full, gpu idle, ttft up"): keyword lists on the blind
	// sets related at most half their items.
	return n > 0 && (2*related >= n && words >= 3*n || 3*stated >= 2*n)
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
func markListed(toks []token, fragments []fragment) {
	start := 0
	for i := 0; i <= len(fragments); i++ {
		if i < len(fragments) && fragments[i].end-fragments[i].first <= listItemWords {
			continue
		}
		run := fragments[start:i]
		// Alternatives after a slash are one item with the one before:
		// "what changed? max_tokens / template / client" names one thing.
		// A longer chain is a list written with slashes ("tunnel MTU
		// mismatch / ICMP filtered / MSS clamping / DF ping test").
		items, unrelated := 0, 0
		for k, f := range run {
			if !f.alternative || slashChain(run, k) > maxAlternatives {
				items++
				unrelated += boolInt(!f.related && !f.stated)
			}
		}
		if items >= listRun && 2*unrelated >= items {
			markFragments(toks, run)
		}
		start = i + 1
	}
	for first := 0; first < len(fragments); {
		end := first
		for end < len(fragments) && fragments[end].paragraph == fragments[first].paragraph {
			end++
		}
		if paragraph := fragments[first:end]; len(paragraph) >= 3 && isList(toks, paragraph) {
			markFragments(toks, paragraph)
		}
		first = end
	}
}

// maxAlternatives is the most fragments a slash chain offers as one
// item's alternatives; a longer chain is a list.
const maxAlternatives = 3

// slashChain returns how many fragments the slash chain fragment k is in
// holds: the one before the first slash and every alternative after it.
func slashChain(run []fragment, k int) int {
	first := k
	for first > 0 && run[first].alternative {
		first--
	}
	end := first + 1
	for end < len(run) && run[end].alternative {
		end++
	}
	return end - first
}

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
