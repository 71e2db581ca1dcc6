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
		if trapWords[t.norm] || t.framer && !carefulInGeneral(toks, i) || t.judged || t.headed != 0 {
			return true
		}
		if refusedInFirstPerson(toks, i) {
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

// carefulInGeneral is "careful" or "wary" said of oneself, not of a move:
// "I always try to be careful" names no trap; "careful about raising the
// limit" does.
func carefulInGeneral(toks []token, i int) bool {
	if toks[i].norm != "careful" && toks[i].norm != "wary" {
		return false
	}
	next := i + 1
	return next >= len(toks) || toks[next].sentence != toks[i].sentence ||
		toks[next].norm != "about" && toks[next].norm != "of" && toks[next].norm != "with" && toks[next].norm != "not"
}
