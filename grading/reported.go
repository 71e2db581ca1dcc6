package grading

// Advice reported from a source: "I know the textbook says to check onset
// against the rollout, but …", "The runbook tells you to restart the
// pods". What the source says is named, not claimed (token.judged), as
// what other people would do is (markAttributed). "As the runbook says,
// …" and "per the docs" are the learner's own: they cite the source.

// adviceSources give advice the learner may report without taking it.
var adviceSources = set("textbook", "textbooks", "book", "books", "lesson", "lessons", "course", "docs", "documentation",
	"runbook", "runbooks", "playbook", "playbooks", "guide", "guides", "manual", "tutorial", "tutorials", "theory",
	"handbook", "wisdom", "literature")

// sourceVerbs say what a source advises: "the runbook says", "the docs
// recommend", "the textbook would have you …".
var sourceVerbs = set("say", "says", "said", "suggest", "suggests", "suggested", "recommend", "recommends", "recommended",
	"tell", "tells", "told", "advise", "advises", "advised", "want", "wants", "would", "prescribe", "prescribes")

// citing words before a source make what follows the learner's own: "as
// the lesson says", "like the runbook says", "per the docs".
var citing = set("as", "like", "per", "following", "according")

// maxSourceLead is the most words between a source and its verb: "the
// incident runbook literally says".
const maxSourceLead = 2

// markReported marks, in each clause, what follows a source and its verb
// of advice, unless the clause cites the source.
func markReported(toks []token) {
	for i := 0; i < len(toks); {
		end := clauseEnd(toks, i)
		for s := i; s < end; s++ {
			if !adviceSources[toks[s].norm] || citedAt(toks, i, s) {
				continue
			}
			if sourceVerbAfter(toks, s, end) {
				for k := s; k < end; k++ {
					toks[k].judged = true
				}
				break
			}
		}
		i = end
	}
}

// citedAt reports a citing word before the source at s in its clause
// (which starts at start), past the source's determiners and modifiers.
func citedAt(toks []token, start, s int) bool {
	return anyWordOf(toks[max(start, s-3):s], citing)
}

// sourceVerbAfter reports a verb of advice after the source at s, within
// the clause (which ends at end).
func sourceVerbAfter(toks []token, s, end int) bool {
	return anyWordOf(toks[s+1:min(end, s+2+maxSourceLead)], sourceVerbs)
}
