package grading

import (
	"strings"
	"testing"
)

// TestCopiedRunsAreNotRead: a long run of what the learner was shown,
// copied into the answer, earns nothing; the learner's own words around it
// still do, and a fact restated in a few of the question's words is read.
func TestCopiedRunsAreNotRead(t *testing.T) {
	t.Parallel()
	question := "The bulk tenant started at 16:05 and the release reached half the fleet at 16:00; " +
		"one teammate wants to limit the bulk tenant, another wants to roll back the release right away. What do you do?"
	r := languageRubric()
	r.Shown = []string{question}
	tests := []struct {
		name, answer string
		want         [4]bool
		copiedOnly   bool
	}{
		{"the question pasted back", question, [4]bool{}, true},
		{"the question pasted, then the learner's own move", question + "\n\nI would limit the bulk tenant for an hour while we look.", [4]bool{true, false, false, false}, false},
		{"a fact restated in the question's words", "One teammate wants to limit the bulk tenant, and I agree: do it now.", [4]bool{true, false, false, false}, false},
	}
	for _, tt := range tests {
		got, err := r.Grade(tt.answer)
		if err != nil {
			t.Fatal(err)
		}
		var awarded [4]bool
		for i, c := range got.Criteria {
			awarded[i] = c.Awarded
		}
		if awarded != tt.want {
			t.Errorf("%s: awarded %v, want %v", tt.name, awarded, tt.want)
		}
		if says := strings.HasPrefix(got.Criteria[0].Rationale, "Repeats what the lesson showed you"); says != tt.copiedOnly {
			t.Errorf("%s: rationale %q", tt.name, got.Criteria[0].Rationale)
		}
	}
}

// TestRevealedRunsAreNotRead: once an answer is scored the learner sees
// the model answer and the feedback's descriptions; pasted back into a
// learner's answer they earn nothing, while the same rubric without
// Revealed — the author's, for examples and the model itself — reads them.
func TestRevealedRunsAreNotRead(t *testing.T) {
	t.Parallel()
	model := "Limit the bulk tenant for an hour while the old pool warms up, because rolling back the release now would overload it; " +
		"then compare the two versions on the same traffic before deciding anything else about the release at all."
	learner := languageRubric()
	learner.Rules[0].Description = "Limits the bulk tenant for a while as a bounded stopgap, rather than rolling back the release or restarting anything at once."
	learner.Revealed = []string{model}
	author := languageRubric()
	author.Rules[0].Description = learner.Rules[0].Description
	tests := []struct {
		name   string
		rubric *Rubric
		answer string
		want   bool // the result awarded
	}{
		{"the model answer pasted", learner, model, false},
		{"the feedback pasted", learner, learner.Rules[0].Description, false},
		{"a phrase of the model echoed", learner, "I would limit the bulk tenant for an hour while the old pool warms up, and keep the release.", true},
		{"the model graded as the author's", author, model, true},
	}
	for _, tt := range tests {
		got, err := tt.rubric.Grade(tt.answer)
		if err != nil {
			t.Fatal(err)
		}
		if got.Criteria[0].Awarded != tt.want {
			t.Errorf("%s: result awarded %v, want %v (%s)", tt.name, got.Criteria[0].Awarded, tt.want, got.Criteria[0].Rationale)
		}
	}
}
