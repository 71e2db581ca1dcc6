package content_test

import (
	"strings"
	"testing"
)

// TestPastedQuestionEarnsNothing: an answer that pastes back what the
// learner was shown — the question, the scene before it, or both; once an
// answer is scored, the feedback's descriptions of each point or the
// model answer — earns no point on any item: the question names every
// move and number the cues and the labelled answers look for, and argues
// nothing; the feedback and the model answer are the answer key.
func TestPastedQuestionEarnsNothing(t *testing.T) {
	t.Parallel()
	for key := range blindItems {
		scoring := blindScoring(t, key)
		var descriptions []string
		for _, rule := range scoring.Rubric.Rules {
			descriptions = append(descriptions, rule.Description)
		}
		for name, text := range map[string]string{
			"question":           scoring.Question,
			"scene":              scoring.Scenario,
			"scene and question": scoring.Scenario + "\n\n" + scoring.Question,
			"feedback":           strings.Join(descriptions, "\n\n"),
			"model answer":       scoring.Model,
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

// TestPastedLessonEarnsNothing: the lesson's own teaching — every
// paragraph of its prose long enough to be read as copied, and the prose
// whole — pasted as an answer earns no point: the sections before a probe
// explain its mechanism and name its traps.
func TestPastedLessonEarnsNothing(t *testing.T) {
	t.Parallel()
	for key := range blindItems {
		scoring := blindScoring(t, key)
		if scoring.Lesson == "" {
			t.Fatalf("%s: the lesson's prose is not known to its scoring", key)
		}
		pastes := []string{scoring.Lesson}
		for _, p := range strings.Split(scoring.Lesson, "\n") {
			if len(strings.Fields(p)) >= 20 {
				pastes = append(pastes, p)
			}
		}
		for _, text := range pastes {
			got, err := scoring.Grade(text, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Total > 0 {
				t.Errorf("%s: the lesson's %.60q… pasted as an answer earned %d (%v)", key, text, got.Total, got.Scores())
			}
		}
	}
}
