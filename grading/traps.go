package grading

// trapWords call a move a trap or turn it down wherever they stand.
var trapWords = set("tempting", "temptation", "trap", "mistake", "avoid", "resist", "refuse", "pitfall", "bandaid",
	"premature", "risky", "riskier", "dangerous", "worse", "herring", "wrong")

// namesTrap reports whether the answer, outside listed terms, calls a move
// a trap or turns one down: the failure case's generic companion, as
// statesFalsifier is the verification's. Which trap it names is the item's
// cues' to say.
func namesTrap(toks []token) bool {
	for i, t := range toks {
		if t.listed {
			continue
		}
		if trapWords[t.norm] || t.framer || t.judged || t.headed != 0 {
			return true
		}
		if t.negator && i > 0 && firstPerson[toks[i-1].norm] {
			return true
		}
		if (t.norm == "wouldn't" || t.norm == "don't") && (i == 0 || toks[i-1].sentence != t.sentence) {
			return true
		}
		if t.norm == "instead" && i+1 < len(toks) && toks[i+1].norm == "of" || t.norm == "rather" && i+1 < len(toks) && toks[i+1].norm == "than" {
			return true
		}
	}
	return false
}
