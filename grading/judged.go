package grading

import "strings"

// Verdicts that come after what they judge, and moves the answer gives to
// other people: "The tempting answer is to add consumers, or worse, reset
// the offsets. Both are wrong.", "Some people would ask partners to turn
// off verification — absolutely not", "Somebody wanted more pods, which
// would have made it worse". What they cover is named, not claimed
// (token.judged), as a trap word before it would make it.

// maxVerdictWords bounds a clause read as a verdict on what came before:
// "Both are wrong", "That would be a really bad idea".
const maxVerdictWords = 7

// verdictSubjects stand for what came before: "That's wrong", "Both are
// a mistake".
var verdictSubjects = set("that", "that's", "this", "it", "it's", "both", "either", "all", "those", "these", "each")

// flatRefusals are verdicts by themselves: "— absolutely not", "No way."
var flatRefusals = [][]string{
	{"absolutely", "not"}, {"definitely", "not"}, {"certainly", "not"}, {"hell", "no"}, {"no", "way"},
	{"not", "a", "chance"}, {"bad", "idea"}, {"big", "mistake"}, {"wrong", "move"}, {"nope"},
}

// markJudged marks what a verdict clause after it judges: the clauses
// before it in its sentence, or, when the verdict opens its sentence, the
// whole sentence before.
func markJudged(toks []token) {
	for i := 0; i < len(toks); {
		j := clauseEnd(toks, i)
		switch {
		case isVerdict(toks[i:j]) || (isBareVerdict(toks[i:j]) || endsOnNo(toks, i, j)) && inTerseNote(toks, i):
			judgeBefore(toks, i, i > 0 && toks[i-1].sentence == toks[i].sentence)
		case toks[i].norm == "which" && i > 0 && toks[i-1].sentence == toks[i].sentence && worsens(toks, i+1, j):
			// ", which would make it worse" judges the clause before it.
			judgeClause(toks, i-1)
		case auxiliaries[toks[i].norm] && i > 0 && toks[i-1].sentence == toks[i].sentence && worsens(toks, i, j):
			// "A bigger database, or running it every two hours, would
			// just delay the crash": a predicate after its subjects judges
			// them all.
			judgeBefore(toks, i, true)
		}
		i = j
	}
	markJudgedSubjects(toks)
}

// maxSubjectWords bounds the moves a predicate may judge as its subjects.
const maxSubjectWords = 16

// markJudgedSubjects marks the moves a clause opens with when they are
// the joined subjects of a predicate that judges them: "Restarting the
// pods, adding replicas or raising the pool would not help", "More
// replicas or a bigger pool would just add waiters". Read one at a time,
// only the move next to the predicate was judged; the others read as
// offered. The joined subjects must open with a subject's word (a gerund,
// "more", "a bigger" …), so that "Cancel the migration, and restarting
// would not help" leaves the cancel its own.
func markJudgedSubjects(toks []token) {
	for start := 0; start < len(toks); {
		end := sentenceEnd(toks, start)
		for c := start; c < end; c = clauseEnd(toks, c) {
			if opensSubject(toks, c, end) && judgeSubjectsFrom(toks, c, end) {
				break
			}
		}
		start = end
	}
}

// subjectOpeners open a noun phrase that can be a move: "more replicas",
// "a bigger pool", "another restart".
var subjectOpeners = set("a", "an", "the", "more", "another", "extra", "bigger", "larger", "any", "both", "either")

// opensSubject reports a clause whose first word could open a move as a
// subject: a gerund ("Restarting the pods") or a noun phrase's opener.
func opensSubject(toks []token, c, end int) bool {
	return c < end && (strings.HasSuffix(toks[c].norm, "ing") && len(toks[c].norm) > 4 || subjectOpeners[toks[c].norm])
}

// judgeSubjectsFrom marks toks[c:a] judged when they are joined subjects
// ("A, B or C") of a judging predicate at a, and reports whether it did.
func judgeSubjectsFrom(toks []token, c, end int) bool {
	joined := false
	for a := c; a < end && a-c <= maxSubjectWords; a++ {
		t := toks[a]
		if firstPerson[t.norm] || t.negator && !deniedAuxiliary(t) && t.norm != "won't" || contrast[t.norm] ||
			relatives[t.norm] || t.norm == "which" || conditionals[t.norm] || t.judged {
			return false
		}
		if seriesEnders[t.norm] || t.norm == "and" {
			joined = a > c
			continue
		}
		if joined && judgingPredicate(toks, a, end) {
			for k := c; k < a; k++ {
				toks[k].judged = true
			}
			return true
		}
	}
	return false
}

// judgingPredicate reports a predicate at toks[a] that judges its subject:
// denied help ("would not help", "doesn't fix"), "won't help", a verdict
// or futility ("would be a mistake", "would just add waiters").
func judgingPredicate(toks []token, a, end int) bool {
	t := toks[a]
	switch {
	case deniedAuxiliary(t) || auxiliaries[t.norm] && a+1 < end && toks[a+1].norm == "not":
		return deniedHelp(toks, a, t.clause)
	case t.norm == "won't":
		return helpsAt(toks, a+1, func(k int) bool { return k < end })
	case auxiliaries[t.norm]:
		return worsens(toks, a, end)
	}
	return false
}

// isVerdict reports a clause made only of a verdict against something
// already said.
func isVerdict(clause []token) bool {
	if len(clause) > maxVerdictWords {
		return false
	}
	for _, flat := range flatRefusals {
		if len(clause) == len(flat) && wordsAre(clause, flat) {
			return true
		}
	}
	if !verdictSubjects[clause[0].norm] {
		return false
	}
	k := 1
	for k < len(clause) && (auxiliaries[clause[k].norm] || clause[k].norm == "be" || clause[k].norm == "are" || softeners[clause[k].norm]) {
		k++
	}
	if k == len(clause) {
		return false
	}
	// "That is wrong", "Both are a mistake", "It would be a bad idea",
	// with nothing after but a word of place or degree.
	end := k + 1
	switch {
	case verdictsAgainst[clause[k].norm]:
	case clause[k].norm == "idea" && clause[k-1].norm == "bad":
	default:
		return false
	}
	for _, t := range clause[end:] {
		if !trailers[t.norm] {
			return false
		}
	}
	for _, t := range clause {
		if t.negator {
			return false
		}
	}
	return true
}

// inTerseNote reports a clause that is a step of a terse note, or in a
// sentence whose steps are chained with arrows or equals signs: "Restart
// db = cold buffers, more disk reads, worse" ends on a verdict as "… =
// worse" does.
func inTerseNote(toks []token, i int) bool {
	for k := i; k >= 0 && toks[k].sentence == toks[i].sentence; k-- {
		if toks[k].step != 0 {
			return true
		}
	}
	return false
}

// endsOnNo reports a bare "no" closing a terse note's sentence: "More
// workers = more copies, no." turns the steps before it down ("nope" is
// a verdict wherever it stands: flatRefusals).
func endsOnNo(toks []token, i, j int) bool {
	return j-i == 1 && toks[i].norm == "no" && (j == len(toks) || toks[j].sentence != toks[i].sentence)
}

// isBareVerdict reports a step of a terse note that is only a verdict:
// "restart -> worse", "more pods = even worse", "rollback → bad idea".
func isBareVerdict(clause []token) bool {
	k := 0
	for k < len(clause) && softeners[clause[k].norm] {
		k++
	}
	switch {
	case k == len(clause)-1:
		return verdictsAgainst[clause[k].norm]
	case k == len(clause)-2:
		return clause[k].norm == "bad" && (clause[k+1].norm == "idea" || clause[k+1].norm == "move")
	}
	return false
}

// trailers may follow a verdict without making it a statement about
// something else: "That's wrong here", "Both are a mistake too".
var trailers = set("here", "too", "anyway", "now", "today", "imo", "either", "both", "ideas", "moves", "idea", "move")

func wordsAre(clause []token, words []string) bool {
	for k, w := range words {
		if clause[k].norm != w {
			return false
		}
	}
	return true
}

// worsens reports the words from toks[from] up to toks[end] saying the
// move makes things worse, only hides them, or is a mistake: "which would
// have made it worse", "which only hides the leak", "would be a mistake".
func worsens(toks []token, from, end int) bool {
	for k := from; k < end && k <= from+4; k++ {
		if verdictsAgainst[toks[k].norm] && k > from || failsAt(toks, k, end) {
			return true
		}
	}
	return false
}

// judgeBefore marks the clauses before token i in its sentence, or, when
// i opens its sentence, the sentence before it.
func judgeBefore(toks []token, i int, inSentence bool) {
	if i == 0 {
		return
	}
	sentence := toks[i-1].sentence
	for k := i - 1; k >= 0 && toks[k].sentence == sentence; k-- {
		if inSentence || toks[i].sentence != sentence {
			toks[k].judged = true
		}
	}
}

// judgeClause marks the clause that token k is in.
func judgeClause(toks []token, k int) {
	clause := toks[k].clause
	for ; k >= 0 && toks[k].clause == clause; k-- {
		toks[k].judged = true
	}
}

// othersSubjects open a clause that gives a move to other people: "Some
// people would …", "Somebody wanted to …", "Many teams reach for …".
var othersSubjects = set("somebody", "someone", "people", "others", "folks", "everyone", "everybody", "many", "most", "teams")

// colleagues are people the learner works with: "The team will cancel
// it" may be the learner's own plan, so only their wanting or suggesting
// a move gives it to them ("The team wants to restart", "My manager
// suggests …").
var (
	colleagues    = set("team", "teammate", "teammates", "colleague", "colleagues", "manager", "boss", "channel")
	colleagueWish = set("want", "wants", "wanted", "suggest", "suggests", "suggested", "propose", "proposes", "proposed",
		"insist", "insists", "insisted", "push", "pushes", "pushed", "asked", "asks", "ask", "think", "thinks", "thought")
)

// othersDeterminers may open those people: "some people", "a lot of
// folks", "the team", "my manager".
var othersDeterminers = set("some", "a", "lots", "lot", "the", "my", "our")

// maxOthersReach is how far after those people their verb may come: "People
// in the channel suggest …", "Someone on the team wants …".
const maxOthersReach = 5

// othersVerbs say those people want, suggest or tend to make the move.
var othersVerbs = set("would", "might", "will", "may", "want", "wants", "wanted", "suggest", "suggests", "suggested",
	"propose", "proposes", "proposed", "tend", "often", "usually", "typically", "instinctively", "reach", "jump",
	"insist", "insisted", "push", "pushed", "asked", "ask", "like", "love", "say", "said", "think", "thought")

// markAttributed marks clauses whose subject is other people and whose
// verb says they would or want to make the move.
func markAttributed(toks []token) {
	for i := 0; i < len(toks); {
		j := clauseEnd(toks, i)
		k := i
		if k < j && othersDeterminers[toks[k].norm] {
			k++
			if k < j && toks[k].norm == "lot" {
				k++
			}
			if k < j && toks[k].norm == "of" {
				k++
			}
		}
		if k < j && (othersSubjects[toks[k].norm] || colleagues[toks[k].norm]) {
			verbs := othersVerbs
			if colleagues[toks[k].norm] {
				verbs = colleagueWish
			}
			for v := k + 1; v < j && v <= k+maxOthersReach; v++ {
				if verbs[toks[v].norm] {
					for t := i; t < j; t++ {
						toks[t].judged = true
					}
					break
				}
			}
		}
		i = j
	}
}

// markSameFor carries a judgement to a sentence that only extends it:
// "Raising the leeway would cover up the broken host. Same for turning off
// expiry validation." — "Same for", "Likewise", "Ditto", "The same goes
// for" open a sentence that judges its moves as the sentence before did,
// when that one named a trap, judged or refused its move.
func markSameFor(toks []token) {
	for i := 1; i < len(toks); i++ {
		if toks[i].sentence == toks[i-1].sentence || !extendsJudgement(toks[i:]) {
			continue
		}
		prev := toks[i-1].sentence
		judgedBefore := false
		for k := i - 1; k >= 0 && toks[k].sentence == prev; k-- {
			t := toks[k]
			if t.judged || t.framer || t.hypothetical || t.headed != noHeading ||
				refusedInFirstPerson(toks, k) {
				judgedBefore = true
				break
			}
		}
		if !judgedBefore {
			continue
		}
		for k := i; k < len(toks) && toks[k].sentence == toks[i].sentence; k++ {
			toks[k].judged = true
		}
	}
}

// extendsJudgement reports a sentence that opens by saying it is more of
// the same: "Same for …", "Same with …", "Likewise …", "Ditto …", "The
// same goes for …".
func extendsJudgement(s []token) bool {
	switch {
	case len(s) > 1 && s[0].norm == "same" && (s[1].norm == "for" || s[1].norm == "with" || s[1].norm == "goes"):
		return true
	case len(s) > 2 && s[0].norm == "the" && s[1].norm == "same" && (s[2].norm == "for" || s[2].norm == "with" || s[2].norm == "goes"):
		return true
	case len(s) > 0 && (s[0].norm == "likewise" || s[0].norm == "ditto"):
		return true
	}
	return false
}
