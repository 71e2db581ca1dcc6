package content_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/grading"
)

// unrelatedSentences are what an answer could be padded with to look
// thorough: true, fluent, and about nothing the item asks, appended as a
// paragraph of their own.
const unrelatedSentences = "\n\nI have worked on many systems over the years and I always try to be careful and methodical." +
	" Our team writes a postmortem for every incident, with a timeline and owners, and shares it widely so that people learn from it." +
	" Good communication with stakeholders matters as much as the technical work, and I keep a calm tone on calls."

// TestPaddingEarnsNothing pads every blind answer with unrelated sentences,
// once and eight times over. A keyword list stays worth nothing, and
// points gained by padding stay rare: the second opinion reads the answer
// as a whole, so a borderline point can still tip (34 of 3,920 padded
// criteria when this was written; 510 before the guards in
// grading/lists.go, onTopic in grading/neighbours.go and the sentence
// likeness every overrule now needs).
func TestPaddingEarnsNothing(t *testing.T) {
	t.Parallel()
	gained, padded := 0, 0
	for _, set := range blindSets {
		for key := range blindItems {
			scoring := blindScoring(t, key)
			for _, a := range readBlindFrom(t, filepath.Join("testdata", set), key) {
				plain, err := scoring.Grade(a.Text, nil)
				if err != nil {
					t.Fatal(err)
				}
				for _, times := range []int{1, 8} {
					got, err := scoring.Grade(a.Text+strings.Repeat(unrelatedSentences, times), nil)
					if err != nil {
						t.Fatal(err)
					}
					for i, cr := range got.Criteria {
						padded++
						if !cr.Awarded || plain.Criteria[i].Awarded {
							continue
						}
						gained++
						t.Logf("%s padded %d×: %s gained (%s)", a.ID, times, cr.Criterion, cr.Doubt)
						if a.Kind == "keyword-list" {
							t.Errorf("%s, a keyword list padded %d×, earned %s", a.ID, times, cr.Criterion)
						}
						if cr.Criterion == grading.Result && cr.Doubt == "" {
							t.Errorf("%s padded %d×: the cues found the result in the padding", a.ID, times)
						}
					}
				}
			}
		}
	}
	t.Logf("%d of %d padded criteria gained a point", gained, padded)
	if gained*100 > padded*3/2 {
		t.Errorf("%d of %d padded criteria gained a point (more than 1.5%%)", gained, padded)
	}
}
