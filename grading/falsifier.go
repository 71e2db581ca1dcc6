package grading

import "strings"

// Whether an answer states a falsifier: a result that, if it came out the
// other way, would show its explanation wrong. Every item's verification
// asks for one ("a check that could disprove the answer"), in whatever words
// the item's cues use for its checks; an answer that only defines recovery
// ("done when p99 is back to baseline") names checks but could never be
// disproved by them. So this reading is the item's cues' generic companion:
// it knows nothing of the subject, only how people say "this would prove me
// wrong" — outright ("falsifier", "that would prove me wrong"), as a
// prediction with a turn ("if p99 stays high, it isn't preemption"; "flat
// means length, higher means something else"), or as a test run both ways
// ("must fail without the cap and pass with it").

// disproofStems name a disproof outright wherever they stand.
var disproofStems = []string{"falsif", "disprov", "refut", "misread", "misjudg"}

// disproofPhrases say it in a few words.
var disproofPhrases = phraseList(
	"prove me wrong", "proves me wrong", "prove it wrong", "prove that wrong", "proves it wrong",
	"prove this wrong", "show me wrong", "shows me wrong", "i'm wrong", "i am wrong", "i'd be wrong",
	"i was wrong", "we're wrong", "we are wrong", "we were wrong", "wrong about", "the other way",
	"rule it out", "rules it out", "ruled out", "rule that out", "rules that out", "doesn't hold",
	"does not hold", "didn't hold", "wouldn't hold", "not the whole story", "drawing board", "sink me",
	"could sink", "off the hook",
)

// turnWords, in a sentence that predicts ("if …", "… means …", "… ->
// …"), make the prediction one that can go against the answer: it says
// what the cause then is not, or that it is something else.
var turnWords = set("wrong", "else", "besides", "elsewhere", "another", "other", "instead", "guilty",
	"innocent", "exonerated", "culprit", "cause", "blame", "responsible", "rethink", "revisit", "reconsider",
	"reexamine", "re-examine", "reopen", "abandon", "cleared", "mattered", "matter", "digging", "further",
	"deeper", "drop")

// predictors open a prediction in their sentence.
var predictors = set("if", "unless", "otherwise", "whereas")

// bothWays are the words of a test run with and without a change.
var bothWays = set("fail", "fails", "failed", "pass", "passes", "passed", "break", "breaks", "slow", "slows",
	"reproduce", "reproduces", "recur", "recurs", "return", "returns")

// phraseList indexes phrases by their first word, so that a token is
// checked only against the phrases it could open.
func phraseList(phrases ...string) map[string][][]string {
	out := map[string][][]string{}
	for _, p := range phrases {
		var words []string
		for _, w := range strings.Fields(p) {
			words = append(words, normWord(w))
		}
		out[words[0]] = append(out[words[0]], words)
	}
	return out
}

// statesFalsifier reports whether the answer states a falsifier, outside
// any run of listed terms (a keyword list that says "falsifier" states
// none).
func statesFalsifier(toks []token) bool {
	for start := 0; start < len(toks); {
		end := sentenceEnd(toks, start)
		if sentenceStatesFalsifier(toks[start:end]) {
			return true
		}
		start = end
	}
	return false
}

func sentenceStatesFalsifier(s []token) bool {
	predicts, turns, without, both := false, false, false, false
	meanings := 0
	for i, t := range s {
		if t.listed {
			return false
		}
		for _, stem := range disproofStems {
			if strings.HasPrefix(t.norm, stem) {
				return true
			}
		}
		for _, p := range disproofPhrases[t.norm] {
			if wordsAt(s, i, p) {
				return true
			}
		}
		predicts = predicts || predictors[t.norm] || i == 0 && t.norm == "should"
		if t.norm == "means" || t.norm == "mean" {
			meanings++
		}
		turns = turns || t.negator || turnWords[t.norm]
		without = without || t.norm == "without"
		both = both || bothWays[t.norm]
	}
	// Outcomes read against each other predict ("flat means length,
	// higher means something else"); one "means" alone usually explains
	// ("a clock going wrong usually means the time service stopped").
	predicts = predicts || meanings >= 2
	for _, t := range s {
		// "stalls line up with preemption -> not preemption": an arrow
		// predicts as "means" does.
		predicts = predicts || t.step == arrowStep
	}
	return predicts && turns || without && both
}

// wordsAt reports whether the words of phrase start at s[i].
func wordsAt(s []token, i int, phrase []string) bool {
	return i+len(phrase) <= len(s) && wordsAre(s[i:], phrase)
}
