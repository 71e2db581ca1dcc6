package content_test

import (
	"testing"
)

// TestPastedQuestionEarnsNothing: an answer that pastes back what the
// learner was shown — the question, the scene before it, or both — earns
// no point on any item: those words name every move and number the cues
// and the labelled answers look for, and argue nothing.
func TestPastedQuestionEarnsNothing(t *testing.T) {
	t.Parallel()
	for key := range blindItems {
		scoring := blindScoring(t, key)
		for name, text := range map[string]string{
			"question":           scoring.Question,
			"scene":              scoring.Scenario,
			"scene and question": scoring.Scenario + "\n\n" + scoring.Question,
		} {
			got, err := scoring.Grade(text, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Total > 0 {
				t.Errorf("%s: the %s pasted as an answer earned %d (%v)", key, name, got.Total, got.Scores())
			}
		}
	}
}
