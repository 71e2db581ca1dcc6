package grading

import "strings"

// How a match is read in its context: negated, turned down, named as a
// trap or judged wrong (framed), weighed as a hypothesis, or inside a list.

// negatedAt reports a negating word before the occurrence in its clause, or
// just after it ("rollback is not …"), that is not one of the pattern's own
// words.
func negatedAt(toks []token, oc occurrence, own []bool) bool {
	if toks[oc.first].headed == negatingHeading || answeredNoAt(toks, oc, own) || negatorBefore(toks, oc, own) {
		return true
	}
	clause := toks[oc.first].clause
	next := oc.last + 1
	if deniedHelp(toks, next, clause) {
		// "Lowering the TTL is not going to help": a verdict on the move,
		// which framedAt reads, not a denial that it is there.
		return false
	}
	if futileAt(toks, oc, own) || judgedSubject(toks, oc, own) {
		// "Raising timeouts does nothing about the 429s", "Adding pods
		// is not the answer", "Reverting makes no sense": the move is
		// judged (framedAt), not denied.
		return false
	}
	if refusedInFirstPersonAfter(toks, oc, own) {
		// "Scaling to 30 pods I'd skip for now."
		return true
	}
	if opensClause(toks, oc) && refusedHelpAfter(toks, oc, own) {
		// "Raising maxThreads to 800 won't help": the move is the
		// clause's subject, and what it is denied is helping.
		return true
	}
	if next < len(toks) && toks[next].clause == clause && !own[next] {
		// "rollback isn't …" negates; "points to load not the release"
		// negates the release, not the load.
		if toks[next].negator && strings.HasSuffix(toks[next].norm, "n't") {
			return true
		}
		if auxiliaries[toks[next].norm] && next+1 < len(toks) && toks[next+1].clause == clause && toks[next+1].negator && !own[next+1] &&
			!negatingVerbs[toks[next+1].norm] {
			// "X would not …" denies X; "X could avoid cancels" says
			// what X does.
			return true
		}
	}
	return exoneratedAt(toks, oc, own)
}

// negatingVerbs negate what they are said of, not their subject: "X
// would avoid cancels" is X's doing, not its denial.
var negatingVerbs = set("avoid", "avoiding", "skip", "resist", "refrain", "rather", "unnecessary", "without")

// helps are what a move is denied doing in a verdict on it: "X is not
// going to help", "X doesn't fix anything", "X will not change a thing",
// "X wouldn't have saved us", "X would not have prevented it".
var helps = set(append([]string{"work", "works", "worked", "matter", "matters", "mattered", "change", "changes", "changed",
	"touch", "touches", "touched", "affect", "affects", "affected"}, remedyWords...)...)

// remedyWords are the verbs of helps only a move is denied: "X doesn't
// change Y" may state a fact, "X doesn't help" judges X (remedyVerbs).
var remedyWords = []string{"help", "helps", "helped", "fix", "fixes", "fixed", "solve", "solves", "solved",
	"resolve", "resolves", "resolved", "save", "saves", "saved", "prevent", "prevents", "prevented", "improve", "improves", "improved"}

var remedyVerbs = set(remedyWords...)

// deniedHelp reports, from toks[i] in the clause, a denied "help" that
// framedAt reads as a verdict: an auxiliary and "not" ("is not", "will
// not") or an auxiliary's n't ("doesn't", "isn't"), "going to" at most,
// then a verb of helps. ("Won't" is left a plain negation: read as a
// verdict it cost more answers than it gained.)
func deniedHelp(toks []token, i, clause int) bool {
	return deniedHelpVerb(toks, i, clause) >= 0
}

// deniedHelpVerb is deniedHelp's verb of helps: its index, or -1.
func deniedHelpVerb(toks []token, i, clause int) int {
	in := func(k int) bool { return k < len(toks) && toks[k].clause == clause }
	switch {
	case in(i) && deniedAuxiliary(toks[i]):
		i++
	case in(i+1) && auxiliaries[toks[i].norm] && toks[i+1].norm == "not":
		i += 2
	case in(i) && toks[i].norm == "not":
		// "rollback not help" (a learner's English without the "does")
		i++
	default:
		return -1
	}
	if in(i+1) && toks[i].norm == "going" && toks[i+1].norm == "to" {
		i += 2
	}
	if in(i+1) && toks[i].norm == "have" {
		// "X wouldn't have saved us": the same verdict, looking back.
		i++
	}
	if in(i) && helps[toks[i].norm] {
		return i
	}
	return -1
}

// answeredNoAt reports an occurrence in a question or label that a "no"
// answers, unless that "no" is one of the pattern's own words (a concept
// written as "more servers + no" is matched by the refusal, not denied).
func answeredNoAt(toks []token, oc occurrence, own []bool) bool {
	by := toks[oc.first].answeredBy
	return by > 0 && !own[by-1]
}

// refusedInFirstPersonAfter reports a move put first in its clause and
// then turned down in the first person: "Scaling out I'd skip", "A restart
// we won't do".
func refusedInFirstPersonAfter(toks []token, oc occurrence, own []bool) bool {
	clause := toks[oc.first].clause
	// The move is the clause's topic: among its first few words, after no
	// person of its own ("Scaling to 30 pods I'd skip", not "I'd add 30
	// pods we'd never need").
	start := clauseStart(toks, oc.first)
	if oc.first-start > maxTopicLead {
		return false
	}
	for k := start; k < oc.first; k++ {
		if firstPerson[toks[k].norm] || toks[k].negator {
			return false
		}
	}
	for j := oc.last + 1; j < len(toks) && j <= oc.last+6 && toks[j].clause == clause && !own[j]; j++ {
		if !firstPerson[toks[j].norm] {
			continue
		}
		for k := j + 1; k < len(toks) && k <= j+2 && toks[k].clause == clause && !own[k]; k++ {
			if toks[k].negator {
				return true
			}
		}
		return false
	}
	return false
}

// maxTopicLead is the most words before a move put first in its clause:
// "Scaling out to 30 pods", "Adding more pods".
const maxTopicLead = 3

// refusedHelpAfter reports "won't" or "will never" and a verb of helps a
// few words after the occurrence, in its clause: "X to 800 won't help".
// Right after the match, "won't" negates it anyway.
func refusedHelpAfter(toks []token, oc occurrence, own []bool) bool {
	clause := toks[oc.first].clause
	inClause := func(k int) bool { return k < len(toks) && toks[k].clause == clause }
	for j := oc.last + 1; j+1 < len(toks) && j <= oc.last+5 && toks[j].clause == clause; j++ {
		if own[j] {
			// The pattern's later slots ("Raising maxThreads …" for
			// rais* + maxthreads) are still the subject.
			continue
		}
		k := j + 1
		if toks[j].norm == "will" && toks[k].norm == "never" {
			k++
		} else if toks[j].norm != "won't" {
			continue
		}
		return helpsAt(toks, k, inClause)
	}
	return false
}

// deniedRemedyAfter reports a move that opens its clause and is denied
// a remedy a few words on, before any relative that would give the
// denial another subject: "Restarting the brokers doesn't help",
// "Scaling pricing out is not going to fix it". Read only where a
// ruled-out move's match decides whether it is offered (offeredMatch):
// said of a fact a required concept names ("longer outputs don't
// change the per-token speed"), the same shape states it.
func deniedRemedyAfter(toks []token, m conceptMatch) bool {
	oc := occurrence{first: m.first, last: m.last}
	if !opensClause(toks, oc) {
		return false
	}
	clause := toks[m.first].clause
	for j := m.last + 1; j < len(toks) && j <= m.last+5 && toks[j].clause == clause; j++ {
		if relatives[toks[j].norm] {
			return false
		}
		if !deniedAuxiliary(toks[j]) && !auxiliaries[toks[j].norm] {
			continue
		}
		if k := deniedHelpVerb(toks, j, clause); k >= 0 {
			return remedyVerbs[toks[k].norm]
		}
	}
	return false
}

// helpsAt reports a verb of helps at toks[k], after any softeners ("won't
// really help"), every word of it where in says.
func helpsAt(toks []token, k int, in func(int) bool) bool {
	for in(k) && softeners[toks[k].norm] {
		k++
	}
	return in(k) && helps[toks[k].norm]
}

// deniedAuxiliary is an auxiliary's n't form: "doesn't", "isn't".
func deniedAuxiliary(t token) bool {
	return strings.HasSuffix(t.norm, "n't") && auxiliaries[strings.TrimSuffix(t.norm, "n't")]
}

// exonerations, said of what came just before, clear it: "the resolvers
// are fine", "record + resolvers OK", "Redis itself is healthy". What is
// cleared is not offered as the cause.
var exonerations = set("fine", "ok", "okay", "healthy", "innocent", "blameless", "harmless", "benign", "innocuous", "unrelated")

// linkingWords, besides auxiliaries and softeners, may stand between what
// is cleared and its verdict: "Redis itself looks fine".
var linkingWords = set("itself", "themselves", "look", "looks", "seem", "seems")

// exoneratedAt reports an occurrence followed, in its clause, by a verdict
// that clears it: at most a verb and a word of degree ("is clearly fine")
// between them, and the verdict not one of the pattern's own words.
func exoneratedAt(toks []token, oc occurrence, own []bool) bool {
	clause := toks[oc.first].clause
	for j := oc.last + 1; j < len(toks) && j <= oc.last+4 && toks[j].clause == clause && !own[j]; j++ {
		switch {
		case exonerations[toks[j].norm]:
			return true
		case auxiliaries[toks[j].norm] || linkingWords[toks[j].norm] || softeners[toks[j].norm]:
			continue
		}
		return false
	}
	return false
}

// refusals are negating verbs that turn a move down whoever says them.
var refusals = set("avoid", "avoiding", "resist", "skip", "refrain", "never", "refuse", "decline")

// firstPerson opens a clause in which the learner speaks of their own
// moves: "I wouldn't raise the pool", "we don't restart".
var firstPerson = set("i", "we", "i'd", "we'd", "i'll", "we'll", "let's", "i'm", "we're")

// refusedAt reports whether the negation before an occurrence turns a move
// down — a refusing verb, a negation opening its clause ("Don't restart",
// "NOT a bigger pool"), or one in a clause the learner opens in the first
// person — rather than saying something is not so ("it is not because
// the rollback would overload v42").
func refusedAt(toks []token, oc occurrence, own []bool) bool {
	// An item under a refusing heading ("Things I would not do first:",
	// "Don't:") is turned down as "Don't restart" is.
	if toks[oc.first].headed == negatingHeading || answeredNoAt(toks, oc, own) || refusedInFirstPersonAfter(toks, oc, own) {
		return true
	}
	if opensClause(toks, oc) && refusedHelpAfter(toks, oc, own) {
		return true
	}
	start := clauseStart(toks, oc.first)
	for j := oc.first - 1; j >= start; j-- {
		if !toks[j].negator || own[j] {
			continue
		}
		// "What I wouldn't do: restart the NAT": the learner's own "I"
		// before the negation turns the move down, wherever the clause
		// opens.
		// "against" negates only where someone opposes or warns against
		// a move (markRefusalsGoingOn): it always turns it down.
		if refusals[toks[j].norm] || toks[j].norm == "against" || opensAfter(toks, start, j) || firstPerson[toks[start].norm] || saidInFirstPerson(toks, j) {
			return true
		}
	}
	return false
}

// opensAfter reports toks[j] opening the clause that starts at start, but
// for words that only lead into it: "Please don't restart the node", "Also
// don't kill the runs", "And no to doubling replicas".
func opensAfter(toks []token, start, j int) bool {
	if j == start+1 && subjectlessModals[toks[start].norm] {
		// A note without its "I": "Would not re-add the old node."
		return true
	}
	for k := start; k < j; k++ {
		if !leadIns[toks[k].norm] {
			return false
		}
	}
	return true
}

// subjectlessModals open a terse note's refusal whose "I" is left out,
// as "Won't" and "Wouldn't" do whole.
var subjectlessModals = set("would", "will", "should", "shall")

var leadIns = set("please", "also", "and", "so", "just", "definitely", "absolutely", "certainly", "again", "plus", "still", "but")

// framers before a phrase in its clause present it as a trap or a
// temptation rather than the learner's own move.
var framers = set("tempting", "tempted", "temptation", "naive", "naively", "hasty", "trap", "pitfall",
	"mistake", "wrong", "misleading", "misread", "myth", "fallacy", "kneejerk", "reflex", "careful", "wary")

// verdictsAgainst after a phrase judge it wrong: "X would be a mistake",
// "X is premature".
var verdictsAgainst = set("tempting", "bandaid", "guess", "gamble", "mistake", "wrong", "error", "premature", "overkill", "pointless", "useless",
	"unnecessary", "unjustified", "unwarranted", "unsafe", "reckless", "misleading", "trap", "distraction",
	"irrelevant", "waste", "bad", "dangerous", "unhelpful", "counterproductive", "unwise", "misguided",
	"risky", "riskier", "riskiest", "worse", "worst", "harmful")

// terseVerdicts judge the move they follow with no verb between, as a
// note writes them ("restart pointless", "more pods overkill"); words
// that also judge a state ("wrong", "bad") are left out: "timeout config
// wrong" names the cause.
var terseVerdicts = set("pointless", "useless", "overkill", "premature", "unnecessary", "unneeded", "unjustified", "unwarranted",
	"reckless", "counterproductive", "unwise", "misguided", "futile", "harmful", "dangerous", "risky")

// softeners may stand between the verb and the verdict: "would be a
// really bad idea".
var softeners = set("a", "an", "the", "probably", "really", "just", "definitely", "clearly", "also",
	"likely", "too", "very", "big", "huge", "classic", "real", "total", "complete", "actually", "simply",
	"even", "much", "far")

// futile words after a move that is its clause's subject say it does not
// help: "a bigger pool only buys the leak time", "restarting just hides it".
var (
	futilityAdverbs = set("only", "just", "merely", "simply")
	futileVerbs     = set("buy", "buys", "delay", "delays", "postpone", "postpones", "hide", "hides", "mask", "masks",
		"move", "moves", "shift", "shifts", "defer", "defers", "push", "pushes", "paper", "papers", "kick", "kicks",
		"treat", "treats", "feed", "feeds", "spread", "spreads", "give", "gives", "add", "adds", "prolong", "prolongs",
		"resets", "reset", "clears", "clear", "wipes", "wipe", "erases", "erase", "worsens", "amplifies", "magnifies",
		"makes", "make", "creates", "create", "causes", "cause", "multiplies", "multiply",
		"refills", "refill", "repeats", "repeat", "recreates", "recreate", "restarts", "restart", "means", "mean",
		"hand", "hands", "pass", "passes", "send", "sends", "spawn", "spawns", "brings", "bring",
		"loses", "lose", "wastes", "waste", "throws", "throw")
)

// futileAt reports a move that is its clause's subject followed by "only
// buys time" or the like.
func futileAt(toks []token, oc occurrence, own []bool) bool {
	// "Only" after a later part of the move reads as "not until" too
	// ("add servers first and only move traffic once they're warm"): the
	// futile words must follow a move that opens its clause. "Nothing"
	// is a verdict after any part of the subject ("Raising timeouts does
	// nothing", where "timeouts" is the part before the verb).
	opens := opensClause(toks, oc)
	if !opens && !subjectOfClause(toks, oc, own) {
		return false
	}
	end := clauseEnd(toks, oc.first)
	for j := oc.last + 1; j < end && j <= oc.last+6; j++ {
		if opens && failsAt(toks, j, end) {
			return true
		}
		// "more replicas buy nothing", "a restart changes nothing",
		// "restarting does nothing here"
		if j+1 < end && toks[j+1].norm == "nothing" && (!toks[j].function || doVerbs[toks[j].norm]) && !own[j] {
			return true
		}
	}
	return false
}

// doVerbs, function words themselves, say a move does nothing before
// "nothing": "restarting does nothing".
var doVerbs = set("do", "does", "did")

// failsAt reports words at toks[j], within toks[:end], that say a move
// fails: "only buys time", "just hides it", "makes it worse".
func failsAt(toks []token, j, end int) bool {
	if futilityAdverbs[toks[j].norm] && j+1 < end && futileVerbs[toks[j+1].norm] && (futileAlways[toks[j+1].norm] || !timedAfter(toks, j+2, end)) {
		return true
	}
	if hiding[toks[j].norm] {
		// "a bigger instance hides the problem", "… is paying to mask it"
		for k := j + 1; k < end && k <= j+3; k++ {
			if hidden[toks[k].norm] {
				return true
			}
		}
	}
	if worsening[toks[j].norm] {
		for k := j + 1; k < end && k <= j+3; k++ {
			if toks[k].norm == "worse" {
				return true
			}
		}
	}
	if turning[toks[j].norm] {
		// "would turn a slowdown into an outage"
		for k := j + 1; k < end && k <= j+5; k++ {
			if toks[k].norm == "into" {
				return k+1 < end && harms[toks[k+1].norm] || k+2 < end && harms[toks[k+2].norm] || k+3 < end && harms[toks[k+3].norm]
			}
		}
	}
	return false
}

// turning a problem into one of the harms says a move makes it worse.
var (
	turning = set("turn", "turns", "turning", "turned")
	harms   = set("outage", "outages", "disaster", "incident", "meltdown", "crash", "catastrophe", "stampede", "storm", "pileup")
)

// timedAfter reports a time condition within a few words from toks[i]:
// "only move traffic once they are warm" says when, not that moving it
// is futile. Buying time and the like are futile whenever they end ("only
// buys a few minutes before the leak eats it", futileAlways).
func timedAfter(toks []token, i, end int) bool {
	for k := i; k < end && k <= i+4; k++ {
		if whenWords[toks[k].norm] {
			return true
		}
	}
	return false
}

var (
	whenWords    = set("once", "after", "when", "until", "till", "before")
	futileAlways = set("buy", "buys", "delay", "delays", "postpone", "postpones", "hide", "hides", "mask", "masks",
		"defer", "defers", "paper", "papers", "kick", "kicks", "prolong", "prolongs", "worsens", "amplifies",
		"magnifies", "multiplies", "multiply")
)

var worsening = set("makes", "make", "made", "making")

// hiding verbs with a fault for object say a move only conceals it.
var (
	hiding = set("hide", "hides", "hiding", "hid", "mask", "masks", "masking", "conceal", "conceals", "concealing",
		"cover", "covers", "covering", "paper", "papers", "papering")
	hidden = set("problem", "problems", "issue", "issues", "fault", "cause", "leak", "symptom", "symptoms", "bug", "it")
)

// quotedAfterFramer reports a word in a quotation that a trap word
// introduces in the clause that opens it: "The tempting answer is 'the replica can't
// keep up, get a bigger one'" frames all of the quotation, whatever
// clauses it has.
func quotedAfterFramer(toks []token, i int) bool {
	q := toks[i].quote
	if q == 0 {
		return false
	}
	at := i
	for i > 0 && toks[i-1].quote == q {
		i--
	}
	if toks[at].sentence != toks[i].sentence {
		return false // a quotation read on past its sentence: a stray mark
	}
	// The trap word must be in the clause that opens the quotation.
	for k := i - 1; k >= 0 && toks[k].clause == toks[i].clause; k-- {
		if toks[k].framer {
			return true
		}
	}
	return false
}

// framedAt reports an occurrence the answer names without claiming it.
func framedAt(toks []token, oc occurrence, own []bool) bool {
	if toks[oc.first].hypothetical || toks[oc.first].judged || toks[oc.first].headed == framingHeading || futileAt(toks, oc, own) {
		return true
	}
	if earlierInClause(toks, oc, own, func(j int) bool { return toks[j].framer }) || quotedAfterFramer(toks, oc.first) {
		return true
	}
	clause := toks[oc.first].clause
	if next := oc.last + 1; next < len(toks) && toks[next].clause == clause && !own[next] && terseVerdicts[toks[next].norm] {
		// A note's verdict with no verb: "scaling pricing pointless".
		return true
	}
	// Look a few words past it, within the sentence, for a verb and a
	// verdict against it ("X would be a mistake"), or, within the clause,
	// a denied predicate ("X is not going to work", "X won't help").
	sentence := toks[oc.first].sentence
	purpose := false // past "so": "bump the timeout so checkout does not fail"
	for j := oc.last + 1; j < len(toks) && j <= oc.last+8 && toks[j].sentence == sentence; j++ {
		if own[j] {
			continue
		}
		if toks[j].norm == "so" && j+1 < len(toks) && !degreeAfterSo[toks[j+1].norm] {
			purpose = true
		}
		if relatives[toks[j].norm] && toks[j].clause == clause {
			// "restart the pods to clear whatever state is bad": the
			// verdict is on what the relative clause names, not the move.
			break
		}
		// The denied predicate must be the move's own: "X doesn't help",
		// "X really isn't going to work" — not another subject's, as in
		// "move the backup to a replica so the primary doesn't do it".
		if toks[j].clause == clause && j <= oc.last+2 && (deniedAuxiliary(toks[j]) || deniedHelp(toks, j, clause) && toks[j].norm == "not") {
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
		if toks[k].clause == clause && (toks[k].norm == "not" || toks[k].norm == "never") && !purpose {
			// Past "so" the denial is what the move is for, another
			// subject's: "…, so checkout does not fail".
			return true
		}
	}
	return judgedSubject(toks, oc, own)
}

// degreeAfterSo makes "so" an adverb of degree, not a purpose: "restarting
// so soon would be a mistake".
var degreeAfterSo = set("soon", "far", "much", "many", "early", "late", "quickly", "fast", "often")

// judgedSubject reports a move its clause is about, called no fix or
// senseless: "Adding more pods is not the answer", where "pods" is the
// part before the verb.
func judgedSubject(toks []token, oc occurrence, own []bool) bool {
	return (opensClause(toks, oc) || subjectOfClause(toks, oc, own)) && (calledNoFix(toks, oc, own) || senselessAt(toks, oc, own))
}

// senselessAt reports a move its clause calls senseless, unneeded or no
// cause: "Reverting 4.12 makes no sense", "adding pods doesn't make much
// sense here", "A rollback is not needed", "Replicas are no help", "The
// release doesn't explain 02:10".
func senselessAt(toks []token, oc occurrence, own []bool) bool {
	end := clauseEnd(toks, oc.first)
	word := func(k int) string {
		if k < end && !own[k] {
			return toks[k].norm
		}
		return ""
	}
	for j := oc.last + 1; j < end && j <= oc.last+4; j++ {
		if own[j] {
			continue
		}
		switch w := toks[j].norm; {
		case w == "makes" || w == "make":
			if (word(j+1) == "no" || word(j+1) == "little") && word(j+2) == "sense" {
				return true
			}
		case doVerbs[w] || deniedAuxiliary(toks[j]) && doVerbs[strings.TrimSuffix(w, "n't")]:
			k := j + 1
			if doVerbs[w] {
				if word(k) != "not" {
					continue
				}
				k++
			}
			// "doesn't make (much|any) sense"
			if word(k) == "make" && (word(k+1) == "sense" || senseDegrees[word(k+1)] && word(k+2) == "sense") {
				return true
			}
			// "a rollback doesn't explain the 02:10 jump": not the cause.
			if word(k) == "explain" {
				return true
			}
		case beVerbs[w] || deniedAuxiliary(toks[j]) && beVerbs[strings.TrimSuffix(w, "n't")]:
			k := j + 1
			for softeners[word(k)] && word(k) != "not" {
				k++
			}
			switch {
			case unneeded[word(k)]:
				// "is unnecessary", "is really not needed" reads below
				return true
			case word(k) == "no" && noHelp[word(k+1)]:
				return true
			case (word(k) == "not" || deniedAuxiliary(toks[j])) && needed[word(k+boolInt(word(k) == "not"))]:
				return true
			case ruledOutIdiom(word, k):
				return true
			}
		}
	}
	return false
}

// ruledOutIdiom reports words from k that rule a move out after "is":
// "is off the table", "is out of the question", "is not an option", "is a
// non-starter", "is a no-go".
func ruledOutIdiom(word func(int) string, k int) bool {
	switch word(k) {
	case "off":
		return word(k+1) == "the" && word(k+2) == "table"
	case "out":
		return word(k+1) == "of" && word(k+2) == "the" && word(k+3) == "question"
	case "not":
		return (word(k+1) == "an" || word(k+1) == "a") && word(k+2) == "option"
	case "nonstarter", "non-starter", "no-go":
		return true
	case "non":
		return word(k+1) == "starter"
	case "no":
		return word(k+1) == "go"
	}
	return false
}

var (
	// beVerbs and the words after them that call a move unneeded: "is
	// not needed", "isn't necessary", "are unnecessary", "is no help".
	beVerbs      = set("is", "are", "was", "were", "be")
	needed       = set("needed", "necessary", "required", "warranted", "justified", "called", "useful", "helpful", "worthwhile")
	unneeded     = set("unnecessary", "unneeded", "unwarranted", "unjustified", "needless")
	noHelp       = set("help", "use", "good")
	senseDegrees = set("much", "any", "a", "lot", "of")
)

// relatives open a clause of their own inside the move's: what follows
// them has its own subject.
var relatives = set("whatever", "whichever", "that", "what", "who", "whose")

// remedies are what a move called "not a fix" fails to be.
var remedies = set("fix", "solution", "remedy", "cure", "answer")

// calledNoFix reports a move its sentence goes on to call "not a fix":
// "asking clients to skip verification is a security hole, not a fix".
func calledNoFix(toks []token, oc occurrence, own []bool) bool {
	sentence := toks[oc.first].sentence
	for j := oc.last + 1; j+1 < len(toks) && j <= oc.last+10 && toks[j].sentence == sentence; j++ {
		if own[j] || (toks[j].norm != "not" && toks[j].norm != "no" && toks[j].norm != "isn't") {
			continue
		}
		k := j + 1
		for k < len(toks) && softeners[toks[k].norm] {
			k++
		}
		if k < len(toks) && toks[k].sentence == sentence && remedies[toks[k].norm] && !own[k] {
			return true
		}
	}
	return false
}

// modals after a phrase that opens its clause weigh a move rather than
// make it: "Closing now would hide the trigger", "Rolling back could
// overload v42".
var modals = set("would", "could", "might", "would've", "could've")

// maxSubjectTail is how many content words after a move its clause's
// modal may come: "Raising the 5-minute lifetime or giving validators a
// few minutes of grace would …" (small words are not counted).
const maxSubjectTail = 10

// weighedAt reports a phrase that is the subject of a modal verb in its
// clause: a move considered, not offered.
func weighedAt(toks []token, oc occurrence) bool {
	clause := toks[oc.first].clause
	if !opensClause(toks, oc) {
		return false
	}
	content := 0
	for j := oc.last + 1; j < len(toks) && content <= maxSubjectTail && toks[j].clause == clause; j++ {
		if modals[toks[j].norm] {
			return !endorsedAt(toks, j, clauseEnd(toks, j))
		}
		if !toks[j].function {
			content++
		}
	}
	return false
}

// endorsedAt reports a modal at toks[m] that says the move works: "a
// bigger primary would fix it quickly", "more replicas would solve this".
// A move said to fix something is offered, not weighed — unless its
// sentence goes on to take it back ("would help, but not for long") or
// supposes ("if CPU were the limit, a bigger primary would fix it").
func endorsedAt(toks []token, m, end int) bool {
	k := m + 1
	for k < end && softeners[toks[k].norm] {
		k++
	}
	if k >= end || toks[k].norm == "not" || !helps[toks[k].norm] {
		return false
	}
	for j := m - 1; j >= 0 && toks[j].sentence == toks[m].sentence; j-- {
		if conditionals[toks[j].norm] {
			return false
		}
	}
	for j := k + 1; j < sentenceEnd(toks, m); j++ {
		if toks[j].negator || futilityAdverbs[toks[j].norm] || conditionals[toks[j].norm] {
			return false
		}
	}
	return true
}

// earlierInClause reports a word before the occurrence, in its clause and
// not one of the pattern's own words, for which is holds; is sees those
// words from the nearest back, and only those.
func earlierInClause(toks []token, oc occurrence, own []bool, is func(j int) bool) bool {
	clause := toks[oc.first].clause
	for j := oc.first - 1; j >= 0 && toks[j].clause == clause; j-- {
		if !own[j] && is(j) {
			return true
		}
	}
	return false
}

// determinerNegators negate the noun they stand before: "no deleted
// files", "nothing held open".
var determinerNegators = set("no", "nothing", "none")

// refusalNouns after "no" refuse what follows, and reach past "and": "no
// need to restart the pods and scale out".
var refusalNouns = set("need", "reason", "point", "use", "way", "sense", "call", "justification")

// negatorBefore reports a negating word earlier in the occurrence's
// clause. A determiner's negation ends at an "and": in "lsof shows no
// deleted files and df and du line up" the check after "and" is said,
// not denied.
func negatorBefore(toks []token, oc occurrence, own []bool) bool {
	and := false
	return earlierInClause(toks, oc, own, func(j int) bool {
		and = and || toks[j].norm == "and"
		return toks[j].negator && !(and && determinerNegators[toks[j].norm] && !refusalNouns[toks[j+1].norm])
	})
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

// subjectOfClause reports an occurrence that is its clause's subject or
// the end of it: only the pattern's own words and function words stand
// before it in the clause ("Raising timeouts does nothing", where the
// occurrence is "timeouts" and "Raising" is another slot's word).
func subjectOfClause(toks []token, oc occurrence, own []bool) bool {
	for j := clauseStart(toks, oc.first); j < oc.first; j++ {
		if !own[j] && !toks[j].function && !softeners[toks[j].norm] {
			return false
		}
	}
	return true
}

// opensClause reports whether an occurrence is its clause's subject: its
// first words, or after a softener ("just rolling back would …").
func opensClause(toks []token, oc occurrence) bool {
	k := oc.first
	if k > 0 && toks[k-1].clause == toks[k].clause && clauseLinks[toks[k-1].norm] {
		// ", and turning off verification would trade an outage for a
		// security hole": the link is not the clause's subject.
		k--
	}
	if k == 0 || toks[k-1].clause != toks[k].clause || softeners[toks[oc.first-1].norm] {
		return true
	}
	// "A full rollback would …": a word saying what kind of move, after
	// the clause's opening or an article, leaves the move its subject.
	before := oc.first - 1
	return moveKinds[toks[before].norm] && (before == 0 || toks[before-1].clause != toks[before].clause || softeners[toks[before-1].norm])
}

// moveKinds say what kind of move follows them: "a full rollback", "an
// immediate restart", "a blind scale-out".
var moveKinds = set("full", "immediate", "quick", "blind", "emergency", "fleetwide", "global", "partial", "hasty", "rushed", "instant")

// clauseLinks join a clause to the one before without being its subject.
var clauseLinks = set("and", "so", "or", "but", "then", "thus", "hence")

// proposedInPerson reports a move the learner makes their own: a first
// person earlier in its sentence ("I'd revert v43", "I'd cancel the query,
// then do a rolling restart") and no negation, trap word or condition
// between the two.
func proposedInPerson(toks []token, m conceptMatch) bool {
	// An author may write the first person into the pattern itself
	// ("i'd|we should + restart* + pod*").
	for k := m.first; k <= m.last; k++ {
		if speaker(toks, k) {
			return true
		}
	}
	sentence := toks[m.first].sentence
	for k := m.first - 1; k >= 0 && toks[k].sentence == sentence; k-- {
		t := toks[k]
		switch {
		case t.negator || t.framer || t.conditional || t.hypothetical || t.judged:
			return false
		case speaker(toks, k):
			return true
		}
	}
	return false
}

// speaker reports a first person at toks[k] — not the "I" of "I/O".
func speaker(toks []token, k int) bool {
	if toks[k].norm == "i" && k+1 < len(toks) && toks[k+1].norm == "o" && toks[k+1].start == toks[k].end+1 {
		return false
	}
	return firstPerson[toks[k].norm]
}
