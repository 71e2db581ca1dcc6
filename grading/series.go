package grading

// A negation that turns moves down heads the series after it: in "I
// wouldn't reissue the cert, restart everything, or tell clients to turn
// off verification" every item is turned down, not only the first, though
// commas end clauses. (Sentence-level negation of facts — "No errors,
// latency is fine" — heads nothing.)

// maxSeriesItems bounds the clauses a negation may reach over, and
// maxSeriesItemWords each of them: a series lists moves, not sentences.
const (
	maxSeriesItems     = 5
	maxSeriesItemWords = 12
)

// markNegatedSeries joins to a refusing clause the comma-separated clauses
// that follow it in its sentence, when the last of them opens with "or" or
// "nor", or carries one after another item: the shape of a list of moves
// under one negation. A refusing label's colon (labels.go) may open it
// ("Not doing: reissuing the cert, restarting all six, or …"); after a
// label ("Not: restart (new retry wave), scale out, wait") every item of
// its sentence is under it, "or" or not. A bracketed aside after an item
// is that item's reason, under the same negation. opened holds what began
// each clause a comma, a colon or a bracket began; labelled, the clauses
// a label opens.
func markNegatedSeries(toks []token, opened map[int]rune, labelled map[int]bool) {
	for i := 0; i < len(toks); {
		j := clauseEnd(toks, i)
		label := labelled[toks[i].clause]
		if toks[i].conditional || toks[i].hypothetical || !label && !refusesMoves(toks[i:j]) {
			i = j
			continue
		}
		last, personal := -1, refusedByPerson(toks[i:j])
		for k, n := j, 0; k < len(toks) && n < maxSeriesItems; n++ {
			by := opened[toks[k].clause]
			if toks[k].sentence != toks[i].sentence {
				break
			}
			if by == '(' {
				k = clauseEnd(toks, k)
				n--
				if label {
					last = k
				}
				continue
			}
			// A refusal's colon opens a series when the refusal is short
			// or names a kind of move: "I'd avoid the quick fixes people
			// reach for: scaling up, or …", not "I don't wait: roll back".
			if !(by == ',' || by == ':' && n == 0 && (j-i <= maxLabelWords || anyWord(toks[i:j], labelNouns))) {
				break
			}
			m := clauseEnd(toks, k)
			if m-k > maxSeriesItemWords || !seriesItem(toks[k:m]) {
				break
			}
			if label {
				last = m
			}
			// ", or C" ends a series; so does "B or C" after "A,": but
			// "don't restart all, drain or reload the bad node" offers
			// the second clause. The learner refusing in the first person
			// names their alternative with a speaker of its own ("I
			// wouldn't restart, I'd drain"), so after "I wouldn't restart
			// the pods," a "B or C" goes on with the refusal.
			if seriesEnders[toks[k].norm] || (n > 0 || personal) && anyWord(toks[k:m], seriesEnders) {
				last = m
				break
			}
			k = m
		}
		if last < 0 {
			i = j
			continue
		}
		for k := j; k < last; k++ {
			toks[k].clause = toks[i].clause
		}
		i = last
	}
}

// refusedInFirstPerson is a negation right after the learner speaking of
// themselves: "I wouldn't", "we don't".
func refusedInFirstPerson(toks []token, i int) bool {
	return toks[i].negator && i > 0 && firstPerson[toks[i-1].norm]
}

// sentenceEnd is the index after the last token of toks[i]'s sentence.
func sentenceEnd(toks []token, i int) int {
	j := i
	for j < len(toks) && toks[j].sentence == toks[i].sentence {
		j++
	}
	return j
}

// clauseStart is the index of the first token of toks[i]'s clause.
func clauseStart(toks []token, i int) int {
	for i > 0 && toks[i-1].clause == toks[i].clause {
		i--
	}
	return i
}

func clauseEnd(toks []token, i int) int {
	j := i
	for j < len(toks) && toks[j].clause == toks[i].clause {
		j++
	}
	return j
}

// refusesMoves reports a clause that turns something down: it opens with a
// negation or a refusing verb ("Don't …", "Never …", "Avoid …"), or the
// learner negates in the first person ("I wouldn't …", "what we would not
// do").
func refusesMoves(clause []token) bool {
	if clause[0].negator && clause[0].norm != "no" && clause[0].norm != "none" && clause[0].norm != "nothing" {
		return true
	}
	person := false
	for _, t := range clause {
		person = person || firstPerson[t.norm]
		if t.negator && person {
			return true
		}
	}
	return false
}

// refusedByPerson reports a clause in which the learner turns moves down
// in the first person: "I wouldn't …", "we won't …".
func refusedByPerson(clause []token) bool {
	for k := 1; k < len(clause); k++ {
		if refusedInFirstPerson(clause, k) {
			return true
		}
	}
	return false
}

// seriesItem reports a clause that can be one more item of a list of
// moves: no speaker, negation or contrast of its own.
func seriesItem(clause []token) bool {
	for _, t := range clause {
		if firstPerson[t.norm] || t.negator || contrast[t.norm] || reasons[t.norm] {
			return false
		}
	}
	return true
}

// seriesEnders join the last item of a series to the rest.
var seriesEnders = set("or", "nor")

func anyWord(clause []token, words map[string]bool) bool {
	for _, t := range clause {
		if words[t.norm] {
			return true
		}
	}
	return false
}

// modalsAfterNobody make "nobody" turn a move down: "nobody should ask
// partners to disable verification" (but "nobody waiting over 2 s"
// states a fact, and heads nothing).
var modalsAfterNobody = set("should", "must", "would", "will", "needs", "ought", "gets", "can")

// markRefusalsGoingOn reads three ways of refusing: "nobody" or "no one"
// before a modal refuses as "don't" does, so does "I'd refuse to", and a
// sentence that
// opens with "Or" or "Nor" after a refusing sentence goes on with it ("I
// wouldn't add consumers. Or reset the offsets.").
func markRefusalsGoingOn(toks []token) {
	for i := range toks {
		switch {
		case toks[i].norm == "nobody" && i+1 < len(toks) && (modalsAfterNobody[toks[i+1].norm] || handsOn[toks[i+1].norm]):
			// "Nobody should touch pg_wal", "nobody touches pg_wal".
			toks[i].negator = true
		case (toks[i].norm == "refuse" || toks[i].norm == "decline") && saidInFirstPerson(toks, i):
			// "I'd refuse to lengthen the tokens", "I would also refuse
			// anything that restarts", not "a run refuses to start".
			toks[i].negator = true
		case (toks[i].norm == "on" || toks[i].norm == "against") && i >= 2 && toks[i-1].norm == "back" && toks[i-2].norm == "push" && opposedInFirstPerson(toks, i-2):
			// "I'd push back on 30 pods and 800 maxThreads."
			toks[i].negator = true
		case warnedAgainst(toks, i):
			// "What I'd warn against is a restart", "I'd argue against
			// rolling back".
			toks[i].negator = true
		case toks[i].norm == "from" && i >= 2 && toks[i-1].norm == "away" && steeredAway(toks, i-1):
			// "I'd steer the room away from reverting the release."
			toks[i].negator = true
		case toks[i].norm == "against" && opposedInFirstPerson(toks, i):
			// "I am against scaling to 30 pods", not "360 against 200".
			toks[i].negator = true
		case toks[i].norm == "one" && i > 0 && toks[i-1].norm == "no" && i+1 < len(toks) && modalsAfterNobody[toks[i+1].norm]:
			toks[i].negator = true
		case seriesEnders[toks[i].norm] && i > 0 && toks[i-1].sentence != toks[i].sentence && sentenceRefuses(toks, i-1):
			toks[i].negator = true
		}
	}
}

// warnedAgainst reports an "against" after a verb of advice: "warn
// against", "argue against" counsel against what follows.
func warnedAgainst(toks []token, i int) bool {
	return toks[i].norm == "against" && i > 0 && advisers[toks[i-1].norm]
}

// advisers before "against" counsel against what follows.
var advisers = set("warn", "warned", "warns", "warning", "argue", "argued", "argues", "advise", "advised", "advises",
	"caution", "cautioned", "cautions", "recommend", "recommended")

// steeredAway reports a verb of steering a few words before the "away" at
// i: "steer the room away from", "keep everyone away from".
func steeredAway(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-4 && toks[j].clause == toks[i].clause; j-- {
		if steering[toks[j].norm] {
			return true
		}
	}
	return false
}

var steering = set("steer", "steered", "steering", "steers", "nudge", "guide", "talk")

// handsOn are verbs in the present that make "nobody" a rule: "nobody
// touches pg_wal", "nobody restarts anything" — where "nobody lasts long
// enough" only says what happens.
var handsOn = set("touches", "runs", "deletes", "removes", "restarts", "reboots", "kills", "drops", "flushes", "resets",
	"changes", "rolls", "deploys", "pushes", "scales", "edits", "modifies", "bumps", "raises", "purges", "truncates")

// saidInFirstPerson reports a verb the learner says of themselves, with
// at most two auxiliaries or adverbs between: "I refuse", "I'd refuse",
// "I would also refuse".
func saidInFirstPerson(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3 && toks[j].sentence == toks[i].sentence; j-- {
		switch {
		case firstPerson[toks[j].norm]:
			return true
		case !auxiliaries[toks[j].norm] && !softeners[toks[j].norm] && toks[j].norm != "flatly":
			return false
		}
	}
	return false
}

// opposedInFirstPerson reports an "against" (or a "push back") the
// learner says of themselves: "I'm against", "I am strongly against", "we
// are against", "I'd push back on", "I would push back".
func opposedInFirstPerson(toks []token, i int) bool {
	j := i - 1
	for j >= 0 && softeners[toks[j].norm] || j >= 0 && (toks[j].norm == "strongly" || toks[j].norm == "firmly") {
		j--
	}
	if toks[i].norm == "push" && j >= 1 && (toks[j].norm == "would" || toks[j].norm == "will") && firstPerson[toks[j-1].norm] {
		return true
	}
	switch {
	case j >= 0 && toks[i].norm == "push" && firstPerson[toks[j].norm]:
		return true
	case j >= 0 && (toks[j].norm == "i'm" || toks[j].norm == "we're"):
		return true
	case j >= 1 && (toks[j].norm == "am" && toks[j-1].norm == "i" || toks[j].norm == "are" && toks[j-1].norm == "we"):
		return true
	}
	return false
}

// sentenceRefuses reports whether the sentence that token i ends opens
// with a clause that turns moves down.
func sentenceRefuses(toks []token, i int) bool {
	start := i
	for start > 0 && toks[start-1].sentence == toks[i].sentence {
		start--
	}
	return refusesMoves(toks[start:clauseEnd(toks, start)])
}
