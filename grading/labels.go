package grading

import "strings"

// Labels and headings: "Don't:", "Trap:", "Bad idea:" before a colon,
// or alone on a line over a bulleted list, negate or frame what they
// introduce, as a negation or a trap word before a move in its clause does.

// maxLabelWords is the longest heading before a colon that is read as a
// label over what follows ("What I would not do:").
const maxLabelWords = 5

// maxHeadingWords bounds a line that heads a list on the lines below it:
// it may say a little more than a label ("Three things I would refuse to
// do:"), since the list, not the line, holds the moves.
const maxHeadingWords = 8

// labelsWhatFollows reports whether the sentence so far is a short label
// that negates or frames what follows its colon: made only of a negation
// or a framing word and function words, so that "I don't roll back now:
// release and traffic came together" keeps its reason unnegated.
func labelsWhatFollows(toks []token, sentence int) bool {
	first := len(toks)
	for first > 0 && toks[first-1].sentence == sentence {
		first--
	}
	if headingOf(toks[first:]) == noHeading {
		return false
	}
	// A label's verdict frames what it introduces, as "tempting" does.
	for i := first; i < len(toks); i++ {
		toks[i].framer = toks[i].framer || verdictsAgainst[toks[i].norm] || framesInLabel(toks[first:], i-first)
	}
	return true
}

// labelNouns may stand in a label beside its verdict: "Bad idea:",
// "Wrong move:", "Tempting but bad:".
var labelNouns = set("idea", "ideas", "move", "moves", "call", "fix", "fixes", "answer", "option", "options", "choice", "thing", "things", "don'ts", "doing")

// labelFramers name, in a label, what follows as a trap or a risk rather
// than the learner's move: "Risk: …", "Gotcha: …", and "failure" before
// case or mode ("Failure case: restart the pods and lose the queue"; not
// "Failure rate: …").
var (
	labelFramers  = set("risk", "risks", "gotcha", "gotchas", "danger", "caveat", "caveats", "antipattern")
	failureFrames = set("case", "cases", "mode", "modes", "scenario")
)

func framesInLabel(words []token, i int) bool {
	if words[i].norm == "failure" {
		return i+1 < len(words) && failureFrames[words[i+1].norm]
	}
	return labelFramers[words[i].norm]
}

// labelAdjectives may describe the moves a label introduces: "the easy
// fixes", "the obvious moves".
var labelAdjectives = set("easy", "obvious", "quick", "usual", "common", "cheap", "standard")

// labelTimes say when, in a label: "Not now:" and "Not tonight:" turn
// down what follows as "Don't:" does; "Now:" and "Later:" head a plan.
var labelTimes = set("now", "yet", "today", "tonight", "later")

// markHeadedLists marks the items of a bulleted list under a heading
// line such as "Don't:" or "Traps:" with what the heading does to them:
// a label's reach otherwise ends with its line.
func markHeadedLists(text string, toks []token) {
	var under heading
	next := 0 // first token not yet looked at
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		line := strings.TrimSpace(text[start:end])
		first := next
		for next < len(toks) && toks[next].start < end {
			next++
		}
		words := toks[first:next]
		switch {
		case (strings.HasSuffix(line, ":") || markdownHeading(line)) && len(words) > 0:
			under = headingOf(words)
		case under != noHeading && bulleted(line):
			for i := range words {
				words[i].headed = under
			}
		default:
			under = noHeading
			markLabelledLine(text[start:end], start, words)
		}
		start = end + 1
	}
}

// markLabelledLine marks the sentences after a refusing label that opens
// a line ("**Don't:** restart the pods — they are at 20% CPU. Roll back
// v3.14 — a JSON library can't hang TLS.") as turned down, as the items of
// a list under such a heading are: the line is the label's list. It stops
// at a sentence that turns to what to do ("Instead, …", "I'd compare …").
func markLabelledLine(line string, offset int, words []token) {
	colon := strings.IndexByte(line, ':')
	if colon < 0 || len(words) == 0 {
		return
	}
	at := offset + colon
	k := 0
	for k < len(words) && words[k].start < at {
		k++
	}
	if k == 0 || k == len(words) {
		return
	}
	if headingOf(words[:k]) != negatingHeading {
		return
	}
	for i := k; i < len(words); i++ {
		if i > k && words[i].sentence != words[i-1].sentence && turnsToAction(words[i:]) {
			return
		}
		words[i].headed = negatingHeading
	}
}

// turnsToAction reports a sentence that turns to what to do: it opens
// with "Instead", "But", "Do:" or "Fix:", or the learner speaks in it
// without a negation ("To settle it, I'd compare …").
func turnsToAction(s []token) bool {
	if contrast[s[0].norm] || s[0].norm == "rather" {
		return true
	}
	if len(s) > 1 && actionLabels[s[0].norm] && s[1].start-s[0].end <= 3 {
		return true
	}
	person, negated := false, false
	for k := range s {
		if k > 0 && s[k].sentence != s[0].sentence {
			break
		}
		person = person || firstPerson[s[k].norm]
		negated = negated || s[k].negator
	}
	return person && !negated
}

// actionLabels open a sentence that says what to do: "Do:", "Fix:".
var actionLabels = set("do", "fix", "action", "plan", "instead", "mitigation", "next", "then", "first", "verify", "check", "done")

// headingOf reads a line ending in a colon as a heading over a list: made
// only of a negation or a verdict and small words, as labelsWhatFollows
// requires.
func headingOf(words []token) heading {
	if len(words) > maxHeadingWords {
		return noHeading
	}
	h := noHeading
	for i, t := range words {
		switch {
		case t.norm == "why":
			// "Why not:" gives reasons; it turns nothing down.
			return noHeading
		case t.norm == "push" && i+1 < len(words) && words[i+1].norm == "back",
			t.norm == "back" && i > 0 && words[i-1].norm == "push":
			// "What I'd push back on:" refuses as "What I'd avoid:" does.
			h = negatingHeading
		case warnedAgainst(words, i):
			// "What I'd warn against:" refuses as "What I'd avoid:" does.
			h = negatingHeading
		case t.negator && !nounNegators[t.norm] || refusals[t.norm] || t.norm == "refusing" || t.norm == "reject":
			// "Three things I would refuse to do:" heads its list as
			// "Don't:" does, and so does "What I'd reject:" — only in a
			// label: in a sentence "the server rejects connections"
			// turns nothing down.
			h = negatingHeading
		case t.norm == "guess":
			// "Guess:", "My best guess:" give the learner's own diagnosis.
			return noHeading
		case framers[t.norm] || verdictsAgainst[t.norm] || framesInLabel(words, i):
			if h == noHeading {
				h = framingHeading
			}
		case advisers[t.norm] || labelAdjectives[t.norm] || labelTimes[t.norm]:
			// "What I'd warn against is the easy fixes:"
		case !t.function && !t.number && !labelNouns[t.norm] && !failureFrames[t.norm]:
			return noHeading
		}
	}
	return h
}

// markdownHeading reports a line that is a Markdown heading or wholly
// bold: "## Not doing", "**Not doing**", "__Traps__". It heads the list
// below it as a line ending in a colon does.
func markdownHeading(line string) bool {
	switch {
	case strings.HasPrefix(line, "#"):
		return true
	case len(line) > 4 && strings.HasPrefix(line, "**") && strings.HasSuffix(line, "**"):
		return !strings.Contains(line[2:len(line)-2], "**")
	case len(line) > 4 && strings.HasPrefix(line, "__") && strings.HasSuffix(line, "__"):
		return !strings.Contains(line[2:len(line)-2], "__")
	}
	return false
}

// bulleted reports a list item's line: "- x", "* x", "• x", "1. x", "2) x".
func bulleted(line string) bool {
	if line == "" {
		return false
	}
	switch line[0] {
	case '-', '*':
		return true
	}
	if strings.HasPrefix(line, "•") {
		return true
	}
	i := 0
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	return i > 0 && i < len(line) && (line[i] == '.' || line[i] == ')')
}

// nounNegators deny a noun, not a move: "Why no recovery:" heads an
// explanation, not a list of things not to do.
var nounNegators = set("no", "none", "nothing", "without", "rather", "neither", "nor")
