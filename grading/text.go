package grading

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// token is one word of an answer with where it sits: byte offsets for
// quoting evidence, and sentence and clause numbers for matching and
// negation scope.
type token struct {
	norm     string // lowercased, apostrophes normalised
	stem     string
	start    int
	end      int
	sentence int
	clause   int
	// aside: in a clause opened by "(", an aside rather than an order.
	aside    bool
	negator  bool
	function bool
	number   bool
	// step says what opened the clause when it is a step of a terse note:
	// arrowStep ("restart -> worse") or equalsStep ("doubling pods = more
	// idle conns"); 0 otherwise. A byte, beside the flags: a token per
	// word is most of what grading allocates.
	step byte
	// hypothetical: in a sentence that says what would prove the answer
	// wrong ("if v42 starts preempting, I'm wrong and it's load").
	hypothetical bool
	// conditional: in the condition of an "if" ("if the queue grows").
	conditional bool
	// listed: one of a run of terms the answer lists without relating
	// them (markListed), or of a long run copied from what the learner
	// was shown (markCopied): neither opinion reads it.
	listed bool
	// framer: presents what follows in its clause as a trap or a wrong
	// move ("tempting", "trap", or a label's "Bad idea:").
	framer bool
	// headed: in a bulleted list under a heading line that negates or
	// frames its items ("Don't:" then "- raise the pool").
	headed heading
	// judged: in what a verdict after it judges wrong ("Both are
	// wrong.", "…, which would make it worse") or in a move the answer
	// gives to others ("Some people would …"): named, not claimed.
	judged bool
	// answeredBy, when not zero, is one past the index of the "no" that
	// answers the question or label this word is in ("Is adding replicas
	// justified? No.", "More servers: no."): what it names is turned down.
	answeredBy int
	// quote, when not zero, numbers the quotation the word is in ("The
	// tempting answer is 'X, Y'"): its words are someone's, quoted.
	quote int
}

// The steps of a terse note (token.step).
const (
	arrowStep byte = 1 + iota
	equalsStep
)

type heading uint8

const (
	noHeading heading = iota
	negatingHeading
	framingHeading
)

// tokenize splits text into words. Sentences end at . ! ? and line breaks;
// clauses also end at , ; : dashes, arrows and contrastive words such as
// "but".
func tokenize(text string) []token {
	toks := make([]token, 0, len(text)/5+1)
	sentence, clause := 0, 0
	opened := map[int]rune{}   // what began each clause: ',', ':' or '('
	labelled := map[int]bool{} // clauses that open with a label ("Not:")
	quote, quotes, closer := 0, 0, rune(0)
	i := 0
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == '\n' {
			quote = 0 // a line break ends a quotation a stray mark left open
		}
		switch {
		case isWordRune(r):
			start := i
			for i < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[i:])
				if isWordRune(r2) || joinsWord(text, start, i, r2, s2) {
					i += s2
					continue
				}
				break
			}
			// "0.6s", "2min" and "3k" are a number and its unit.
			parts, n := splitUnit(text[start:i])
			for _, part := range parts[:n] {
				w := lookup(part.text)
				// "I would not restart it because it clears the cache": the
				// reason is not under the negation; "not because of X" is.
				if w.contrast || reasons[w.norm] && !(len(toks) > 0 && toks[len(toks)-1].negator) || newSubjectAfterAnd(toks, w.norm) {
					clause++
				}
				toks = append(toks, token{norm: w.norm, stem: w.stem, start: start + part.offset, end: start + part.offset + len(part.text),
					sentence: sentence, clause: clause, negator: w.negator, function: w.function, number: w.number, framer: framers[w.norm],
					quote: quote})
			}
			continue
		case quote == 0 && opensQuote(text, i, r, size):
			quotes++
			quote, closer = quotes, closingQuote(r)
		case quote != 0 && r == closer && closesQuote(text, i, size):
			quote = 0
		case r == '.' && len(toks) > 0 && abbreviation(toks) && toks[len(toks)-1].end == i:
			// "e.g." and "incl." do not end a sentence.
		case r == '.' && len(toks) > 0 && toks[len(toks)-1].end == i && dottedName(text[i+1:]):
			// "max.poll.interval.ms" and "config.yaml" are names, read as
			// their words, not sentences.
		case r == '\n' && continuesLine(text[i+1:]):
			// A hard-wrapped line goes on with the same sentence and
			// clause: "The trap is to extend the token⏎lifetime".
		case r == '.' || r == '!' || r == '?' || r == '\n':
			sentence++
			clause++
		case r == ':' && labelsWhatFollows(toks, sentence):
			// "Don't: raise the pool", "Trap: restarting every pod": the
			// label's negation or framing covers what it introduces.
			labelled[clause] = true
		case r == ',' || r == ':' || r == '(':
			clause++
			opened[clause] = r
		case r == ';' || r == ')' || r == '—' || r == '–':
			clause++
		case r == '-' && i+1 < len(text) && (text[i+1] == ' ' || text[i+1] == '-'):
			clause++
		case crossMarks[r]:
			// "flock ✗ (1h apart)": a terse note's cross turns down what
			// it marks, as "flock: no" does, and "✗ flock" as "no flock".
			clause++
			w := lookup("no")
			toks = append(toks, token{norm: w.norm, stem: w.stem, start: i, end: i + size, sentence: sentence, clause: clause,
				negator: w.negator, function: w.function, quote: quote})
		case r == '→' || r == '⇒' || (r == '-' || r == '=') && i+1 < len(text) && text[i+1] == '>':
			// Terse notes chain steps with arrows: "no deploy -> plan
			// regression" denies the deploy, not the regression.
			clause++
			opened[clause] = '→'
		case r == '=' && i > 0 && text[i-1] == ' ' && i+1 < len(text) && text[i+1] == ' ':
			// … and with equals signs: "doubling pods = more idle conns =
			// worse".
			clause++
			opened[clause] = '='
		}
		i += size
	}
	for i := range toks {
		toks[i].aside = opened[toks[i].clause] == '('
		switch opened[toks[i].clause] {
		case '→':
			toks[i].step = arrowStep
		case '=':
			toks[i].step = equalsStep
		}
	}
	// "14 seconds" and "14 s" are one unit; "second" alone is an ordinal.
	for i := 1; i < len(toks); i++ {
		if unit, ok := unitAliases[toks[i].norm]; ok && toks[i-1].number {
			toks[i].norm, toks[i].stem = unit, unit
		}
	}
	markAnsweredNo(text, toks)
	markHypothetical(text, toks)
	markBeforeDoing(toks)
	markHeadedLists(text, toks)
	// "instead of X" negates X; a bare "instead" ("instead, compare …") does not.
	for i := range toks {
		if toks[i].norm == "instead" && i+1 < len(toks) && toks[i+1].norm == "of" {
			toks[i].negator = true
		}
	}
	markRefusalsGoingOn(toks)
	markNegatedSeries(toks, opened, labelled)
	// After the series: it renumbers the clauses that follow, and
	// opened and labelled are keyed by the old numbers.
	splitAfterNegatedRelative(toks)
	markAttributed(toks)
	markReported(toks)
	markJudged(toks)
	markSameFor(toks)
	return toks
}

// crossMarks are the crosses of terse notes ("revert ✗"); "×" is left
// out, as it multiplies ("2× the load").
var crossMarks = map[rune]bool{'✗': true, '✘': true, '❌': true, '✕': true, '❎': true}

// noAnswers open a sentence that answers the question before it no;
// "not" only as "Not yet", "Not really", "Not at all" or alone ("Not a GPU
// issue" is a statement of its own).
var (
	noAnswers  = set("no", "nope")
	notAnswers = set("yet", "really", "at", "necessarily")
)

// markAnsweredNo marks the words of a question that the next sentence
// answers no: "Is adding replicas justified? No, …", "Roll back? Not yet."
// A "yes" (or anything else) leaves the question as asked: "Roll back?
// Yes, now." offers the move.
func markAnsweredNo(text string, toks []token) {
	for i := 1; i < len(toks); i++ {
		prev := toks[i-1]
		between := text[prev.end:toks[i].start]
		if colonVerdict(text, toks, i, between) {
			// "Scaling to 30 pods: no." — a label and its verdict.
			for k := i - 1; k >= 0 && toks[k].sentence == prev.sentence && toks[k].clause == prev.clause; k-- {
				toks[k].answeredBy = i + 1
			}
			continue
		}
		if prev.sentence != toks[i].sentence && prev.quote != 0 && noAnswers[toks[i].norm] {
			// `Pushback I'd expect: "just remove the timeout". No — …`:
			// a "no" after a quoted proposal answers the quotation.
			for k := i - 1; k >= 0 && toks[k].quote == prev.quote; k-- {
				toks[k].answeredBy = i + 1
			}
			continue
		}
		if prev.sentence == toks[i].sentence || !strings.Contains(between, "?") {
			continue
		}
		notAlone := toks[i].norm == "not" && (i+1 == len(toks) || toks[i+1].sentence != toks[i].sentence || notAnswers[toks[i+1].norm])
		if !noAnswers[toks[i].norm] && !notAlone {
			continue
		}
		for k := i - 1; k >= 0 && toks[k].sentence == prev.sentence; k-- {
			toks[k].answeredBy = i + 1
		}
	}
}

// colonVerdict reports a "no" that is all a colon introduces, up to the
// end of its clause: "Scaling to 30 pods: no." "maxThreads 800: no, same
// thing per pod."
func colonVerdict(text string, toks []token, i int, between string) bool {
	r, _ := utf8.DecodeRuneInString(text[toks[i].start:])
	if crossMarks[r] && strings.TrimSpace(between) == "" {
		return true
	}
	if strings.TrimSpace(between) != ":" || toks[i].norm != "no" && toks[i].norm != "nope" && toks[i].norm != "never" {
		return false
	}
	return i+1 == len(toks) || toks[i+1].clause != toks[i].clause
}

// continuesLine reports whether the text after a line break carries on the
// sentence: it starts with a lowercase word, not a blank line, a bullet or a
// capital.
func continuesLine(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	r, _ := utf8.DecodeRuneInString(rest)
	return unicode.IsLower(r) && !startsWithLabel(rest)
}

// startsWithLabel reports a line that opens with a short label and its
// colon, as terse notes do in lowercase ("don't: add consumers", "why: …"):
// a line of its own, not the sentence before going on.
func startsWithLabel(line string) bool {
	if end := strings.IndexByte(line, '\n'); end >= 0 {
		line = line[:end]
	}
	label, _, ok := strings.Cut(line, ":")
	return ok && len(strings.Fields(label)) <= maxLabelWords && !strings.ContainsAny(label, ".,;()")
}

// dottedName reports whether the text after a point goes straight on with
// a letter: a dotted name, not the end of a sentence.
func dottedName(rest string) bool {
	r, _ := utf8.DecodeRuneInString(rest)
	return unicode.IsLetter(r)
}

var abbreviations = set("eg", "ie", "incl", "etc", "vs", "approx", "cf", "esp", "resp", "mr", "ms", "dr")

// abbreviation reports whether the last word before a point is an
// abbreviation or one letter of one ("e.g."). A unit after a number is
// not: "the timeout is 1 s. Scale out" is two sentences, as is "… 40 ms."
func abbreviation(toks []token) bool {
	t := toks[len(toks)-1]
	if _, unit := unitAliases[t.norm]; unit && len(toks) > 1 && toks[len(toks)-2].number {
		return false
	}
	return abbreviations[t.norm] || len(t.norm) == 1 && unicode.IsLetter(rune(t.norm[0]))
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// joinsWord reports whether the rune at i continues a word: an apostrophe
// between letters (don't, it's), or a point or comma between digits (0.8,
// 16,000).
func joinsWord(text string, start, i int, r rune, size int) bool {
	if i+size >= len(text) {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(text[:i])
	after, _ := utf8.DecodeRuneInString(text[i+size:])
	switch r {
	case '\'', '’':
		return unicode.IsLetter(before) && unicode.IsLetter(after)
	case '.', ',':
		return unicode.IsDigit(before) && unicode.IsDigit(after)
	case '-':
		// "re-send" is "resend", "pre-warm" "prewarm": a prefix that is
		// no word of its own joins the word after its hyphen.
		return boundPrefixes[strings.ToLower(text[start:i])] && unicode.IsLetter(after)
	}
	return false
}

// opensQuote reports a quotation mark that opens a quotation: a curly
// opening mark, or a straight one after a space, a bracket or the start
// and before a word (an apostrophe inside a word joins it instead).
func opensQuote(text string, i int, r rune, size int) bool {
	switch r {
	case '“', '‘':
		return true
	case '"', '\'':
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[i+size:])
		return (i == 0 || unicode.IsSpace(before) || before == '(' || before == ':') && (unicode.IsLetter(after) || unicode.IsDigit(after))
	}
	return false
}

func closingQuote(r rune) rune {
	switch r {
	case '“':
		return '”'
	case '‘':
		return '’'
	}
	return r
}

// closesQuote reports a closing mark that ends its quotation: not one
// inside a word ("can't" in a quotation goes on).
func closesQuote(text string, i, size int) bool {
	after, _ := utf8.DecodeRuneInString(text[i+size:])
	return i+size >= len(text) || !unicode.IsLetter(after)
}

// boundPrefixes are prefixes written with a hyphen that are not words.
var boundPrefixes = set("re", "pre", "co", "de", "un", "non", "mis", "sub")

func normWord(w string) string {
	w = strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(w, "’", "'"), "-", ""))
	if n, ok := canonicalNumber(w); ok {
		return n
	}
	if full, ok := bareContractions[w]; ok {
		return full
	}
	return w
}

// bareContractions are contractions typed without their apostrophe; "its"
// and "well" are real words and stay as they are.
var bareContractions = map[string]string{
	"dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "cant": "can't", "wont": "won't",
	"isnt": "isn't", "arent": "aren't", "wasnt": "wasn't", "werent": "weren't", "wouldnt": "wouldn't",
	"shouldnt": "shouldn't", "couldnt": "couldn't", "hasnt": "hasn't", "havent": "haven't", "hadnt": "hadn't",
	"theres": "there's", "thats": "that's", "im": "i'm", "ive": "i've", "youre": "you're",
}

var negators = set("not", "no", "never", "without", "avoid", "avoiding", "rather", "neither", "nor",
	"cannot", "cant", "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "wouldnt", "shouldnt", "wont", "nothing", "none",
	"unnecessary", "skip", "resist", "refrain")

// newSubjectAfterAnd reports a subject pronoun right after "and": a
// clause of its own, not under a negation before the "and" ("we can't
// vacuum it and it bloats every night").
func newSubjectAfterAnd(toks []token, norm string) bool {
	if !subjectPronouns[norm] || len(toks) == 0 || toks[len(toks)-1].norm != "and" {
		return false
	}
	// Inside a condition the "and" joins its parts: "if it sits near
	// 9,900 and we clear 400/s, …".
	last := toks[len(toks)-1]
	for k := len(toks) - 1; k >= 0 && toks[k].clause == last.clause; k-- {
		if conditionals[toks[k].norm] || toks[k].norm == "when" || toks[k].norm == "once" {
			return false
		}
	}
	return true
}

var subjectPronouns = set("i", "we", "they", "he", "she", "it", "it's", "they're", "we're", "there's", "that's")

// contrast words start a new clause: what follows them is not under a
// negation before them.
var contrast = set("but", "however", "although", "though", "whereas", "while", "yet", "then", "instead")

var functionWords = set("a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "by", "for", "with", "from", "as",
	"is", "are", "was", "were", "be", "been", "being", "it", "its", "this", "that", "these", "those", "i", "we", "you",
	"they", "he", "she", "my", "our", "your", "their", "would", "will", "should", "could", "can", "may", "might", "must",
	"do", "does", "did", "have", "has", "had", "if", "then", "so", "because", "since", "which", "who", "what", "when",
	"where", "how", "than", "there", "here", "into", "onto", "about", "after", "before", "between", "both", "each",
	"whether", "while", "but", "also", "only", "just", "more", "most", "less", "any", "all", "some", "such", "until",
	"once", "same", "up", "out", "over", "under", "again", "not", "no", "i'd", "i'm", "it's", "that's", "we'd", "let's",
	"first", "next", "am", "me", "us", "them", "him", "her", "one", "very", "still", "even", "why", "through", "per")

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// wordFacts is everything the scorer knows about a word by itself.
type wordFacts struct {
	norm, stem                          string
	negator, function, contrast, number bool
}

// Learners share a vocabulary, so each word's facts (its stem above all,
// which dominates tokenizing) are worked out once per process, up to a
// bound that keeps memory flat.
var (
	facts     sync.Map
	factsSize atomic.Int64
)

const maxFacts = 100_000

func lookup(raw string) wordFacts {
	if f, ok := facts.Load(raw); ok {
		return f.(wordFacts)
	}
	norm := normWord(raw)
	f := wordFacts{norm: norm, stem: english.Stem(norm, false), contrast: contrast[norm]}
	if acronymPlural(raw) {
		// "GPUs", "FQDNs": the stemmer keeps an s after a vowel or a word
		// with none, so the plural is stemmed as its singular here.
		f.stem = english.Stem(norm[:len(norm)-1], false)
	}
	if isNumber(norm) {
		f.stem, f.number = norm, true
	}
	// "isn't" keeps its whole form above: stemmed as "is" it would match
	// the positive word.
	f.negator = negators[norm] || strings.HasSuffix(norm, "n't")
	f.function = functionWords[norm] || f.negator
	if factsSize.Add(1) <= maxFacts {
		facts.Store(raw, f)
	}
	return f
}

// acronymPlural reports an acronym in capitals with a plural s: "GPUs",
// "FQDNs", "SLOs" (not "RPS" or "ms", which are units).
func acronymPlural(raw string) bool {
	n := len(raw)
	if n < 3 || raw[n-1] != 's' {
		return false
	}
	for i := 0; i < n-1; i++ {
		if c := raw[i]; c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

// falsifierStart is where the part of a sentence that states a falsifier
// begins: after the last semicolon or dash before its "if", or at an
// "and", "but" or "so" after a comma just before it; else the sentence's
// start.
func falsifierStart(text string, toks []token, start, conditional int) int {
	from := start
	for k := start + 1; k <= conditional; k++ {
		gap := text[toks[k-1].end:toks[k].start]
		if strings.ContainsAny(gap, ";:—–") || strings.Contains(gap, " - ") {
			from = k
		}
	}
	if k := conditional - 1; k > from && joiners[toks[k].norm] && strings.Contains(text[toks[k-1].end:toks[k].start], ",") {
		from = k
	}
	return from
}

var joiners = set("and", "but", "so")

// anyWordOf reports a token among toks whose word is in words.
func anyWordOf(toks []token, words map[string]bool) bool {
	for _, t := range toks {
		if words[t.norm] {
			return true
		}
	}
	return false
}

// reasons open a clause of their own: "restarting won't help since the
// new pods add entries" — the reason is not under the negation before it.
var reasons = set("because", "since")

var conditionals = set("if", "unless", "suppose", "supposing", "assuming")

// falsifierWords make a conditional sentence a statement of what would
// prove the answer wrong: all of it is hypothetical, the consequence too
// ("if v42 starts preempting, I'm wrong and it's load").
var falsifierWords = set("wrong", "mistaken", "disproves", "disprove", "disproved", "falsifies", "falsified",
	"refutes", "refuted", "incorrect", "invalid", "fails")

// splitAfterNegatedRelative ends a clause at the "and", "or" or "then"
// after a relative clause that is negated ("the slot that isn't active"),
// when nothing before the relative pronoun negates: in "find the slot
// that isn't active and drop it" the drop is not under the "isn't", while
// in "I wouldn't restart pods that aren't stuck and scale out" the first
// negation still covers both.
func splitAfterNegatedRelative(toks []token) {
	for i := 1; i+1 < len(toks); i++ {
		if !relativePronouns[toks[i].norm] || !toks[i+1].negator || toks[i+1].clause != toks[i].clause {
			continue
		}
		start := clauseStart(toks, i)
		negatedBefore := false
		for k := start; k < i; k++ {
			negatedBefore = negatedBefore || toks[k].negator
		}
		if negatedBefore {
			continue
		}
		for k := i + 2; k < len(toks) && toks[k].clause == toks[i].clause; k++ {
			if toks[k].norm == "and" || toks[k].norm == "or" || toks[k].norm == "then" {
				for j := k; j < len(toks); j++ {
					toks[j].clause++
				}
				break
			}
		}
	}
}

// relativePronouns open a relative clause after a noun: "the slot that
// isn't active".
var relativePronouns = set("that", "which", "who")

// markBeforeDoing marks a clause that opens "Before restarting …" as a
// condition: what it names is put off until something else is done ("Before
// restarting pods or scaling out, I'd check conntrack"), not offered.
func markBeforeDoing(toks []token) {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].norm != "before" || i > 0 && toks[i-1].clause == toks[i].clause || !strings.HasSuffix(toks[i+1].norm, "ing") {
			continue
		}
		for k := i; k < len(toks) && toks[k].clause == toks[i].clause; k++ {
			toks[k].conditional = true
		}
	}
}

func markHypothetical(text string, toks []token) {
	for start := 0; start < len(toks); {
		end := sentenceEnd(toks, start)
		conditional, falsifier := -1, false
		for i := start; i < end; i++ {
			if conditional < 0 && conditionals[toks[i].norm] {
				conditional = i
			}
			// "If the large ping fails, I'd clamp the MSS": a test that
			// fails in the condition is what the plan waits for, not a
			// verdict on the answer ("… fails, I'm wrong" has its own).
			inCondition := conditional >= 0 && toks[i].clause == toks[conditional].clause
			falsifier = falsifier || falsifierWords[toks[i].norm] && !(toks[i].norm == "fails" && inCondition)
		}
		switch {
		case conditional >= 0 && falsifier:
			// A plan the sentence makes before a semicolon or a dash, or
			// before ", and if", stays the learner's: "I'd cap the cache on
			// one pod; if its p99 doesn't drop, I'm wrong".
			from := falsifierStart(text, toks, start, conditional)
			// "I'm wrong; if …" says its verdict before the condition: then
			// the whole sentence is the falsifier.
			if from > start && !anyWordOf(toks[start:from], falsifierWords) {
				start = from
			}
			for i := start; i < end; i++ {
				toks[i].hypothetical = true
			}
		case conditional >= 0:
			// Every "if" of the sentence opens a condition: "…, then I
			// check its offset; if it's more than the leeway, I pull it".
			for c := conditional; c < end; c++ {
				if !conditionals[toks[c].norm] {
					continue
				}
				for i := c; i < end && toks[i].clause == toks[c].clause; i++ {
					toks[i].conditional = true
				}
			}
		}
		start = end
	}
}
