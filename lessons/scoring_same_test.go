package lessons

import (
	"testing"

	"github.com/practicum-dev/practicum/grading"
)

func TestSameScoring(t *testing.T) {
	base := func() *Scoring {
		return &Scoring{
			Rubric: &grading.Rubric{
				Concepts: map[string][]string{"compare": {"compare"}, "rollback": {"roll back"}},
				Rules: [4]grading.Rule{
					{Criterion: grading.Result, Requires: []string{"compare"}, Description: "Compares."},
					{Criterion: grading.Reasoning}, {Criterion: grading.FailureCase, Rejects: []string{"rollback"}}, {Criterion: grading.Verification},
				},
			},
			Examples: []grading.Example{{Answer: "compare them", Scores: map[grading.Criterion]int{grading.Result: 1}, Note: "why", Line: 40}},
			Model:    "Compare both.",
		}
	}
	tests := []struct {
		name   string
		change func(*Scoring)
		same   bool
	}{
		{"unchanged", func(*Scoring) {}, true},
		{"an example moved in the file", func(s *Scoring) { s.Examples[0].Line = 90 }, true},
		{"an example's note", func(s *Scoring) { s.Examples[0].Note = "another reason" }, true},
		{"a concept's patterns", func(s *Scoring) { s.Rubric.Concepts["compare"] = []string{"compare", "contrast"} }, false},
		{"a new concept", func(s *Scoring) { s.Rubric.Concepts["queue"] = []string{"queue"} }, false},
		{"a criterion's cues", func(s *Scoring) { s.Rubric.Rules[1].Any = []string{"compare"} }, false},
		{"a criterion's description", func(s *Scoring) { s.Rubric.Rules[0].Description = "Compares both versions." }, false},
		{"an example's expected score", func(s *Scoring) { s.Examples[0].Scores[grading.Result] = 0 }, false},
		{"the model answer", func(s *Scoring) { s.Model = "Compare both versions." }, false},
		{"the question", func(s *Scoring) { s.Rubric.Shown = []string{"Which version is slower?"} }, false},
		{"the lesson's prose around it", func(s *Scoring) { s.Rubric.Taught = []string{"A typo fixed in a section."} }, true},
		{"no scoring at all", func(s *Scoring) { *s = Scoring{} }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			changed := base()
			tt.change(changed)
			if got := SameScoring(base(), changed); got != tt.same {
				t.Errorf("SameScoring = %v, want %v", got, tt.same)
			}
		})
	}
	if !SameScoring(nil, nil) || SameScoring(base(), nil) {
		t.Error("nil scorings: only two nils are the same")
	}
}
