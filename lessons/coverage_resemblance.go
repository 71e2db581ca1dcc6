package lessons

import (
	"fmt"
	"strings"

	"github.com/practicum-dev/practicum/grading"
)

// Resembled: an example the cues score as its author did, but which the
// labelled answers — the item's other examples and its model answer —
// score the other way. A learner's answer like it would be misscored the
// same way; calibration, which checks the cues alone, never shows it.
const Resembled WarningKind = "resembled"

// resembled reads each example's explanation as a learner's answer like
// it would be scored (both opinions; the example itself is not among the
// labelled answers it is compared with) and warns where the labelled
// answers overturn a decision the cues got right.
func resembled(examples []grading.Example, traces []grading.Explanation) []Warning {
	var out []Warning
	for n, ex := range examples {
		for _, why := range traces[n].Criteria {
			want := ex.Scores[why.Criterion] == 1
			if why.Awarded == want || why.CuesAwarded != want {
				continue
			}
			c := strings.ToLower(why.Criterion.Label())
			verb, other := "award it "+c+", which you scored 0", "scored 0 on "+c
			if want {
				verb, other = "deny it "+c+", which you scored 1", "scored 1 on "+c
			}
			out = append(out, Warning{Kind: Resembled, Criterion: why.Criterion, Examples: []int{n + 1},
				Message: fmt.Sprintf("Example %d: the cues agree with your score, but scored without it, the examples closest to it %s: learners' answers like it in other words may be misscored so. Add (or swap in) another answer like it, %s, or make the examples that earn it differ from it in what the criterion asks.",
					n+1, verb, other)})
		}
	}
	return out
}
