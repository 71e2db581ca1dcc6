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
		if says := strings.HasPrefix(got.Criteria[0].Rationale, "Repeats the question"); says != tt.copiedOnly {
			t.Errorf("%s: rationale %q", tt.name, got.Criteria[0].Rationale)
		}
	}
}
