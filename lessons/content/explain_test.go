package content_test

import (
	"path/filepath"
	"testing"
)

// TestExplainTellsTheCuesVerdict: on every blind answer, what grade
// --explain and the try-an-answer box say the cues decided is what the
// cues alone score, and the final verdict is the score's.
func TestExplainTellsTheCuesVerdict(t *testing.T) {
	t.Parallel()
	for _, set := range blindSets {
		for key := range blindItems {
			scoring := blindScoring(t, key)
			for _, a := range readBlindFrom(t, filepath.Join("testdata", set), key) {
				ex, err := scoring.Explain(a.Text, nil)
				if err != nil {
					t.Fatal(err)
				}
				cuesOnly, err := scoring.Rubric.Grade(a.Text)
				if err != nil {
					t.Fatal(err)
				}
				for i, c := range ex.Criteria {
					if c.CuesAwarded != cuesOnly.Criteria[i].Awarded || c.Awarded != ex.Score.Criteria[i].Awarded {
						t.Errorf("%s %s: explained cues %v, final %v; cues alone scored %v, final %v", a.ID, c.Criterion, c.CuesAwarded, c.Awarded, cuesOnly.Criteria[i].Awarded, ex.Score.Criteria[i].Awarded)
					}
				}
			}
		}
	}
}
