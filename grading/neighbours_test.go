package grading

import (
	"reflect"
	"testing"
)

// TestSecondOpinionIsDeterministic builds the labelled set afresh each
// time (Go randomises map order, so anything that leaned on it would show
// here) and wants the very same score every time.
func TestSecondOpinionIsDeterministic(t *testing.T) {
	all := map[Criterion]int{Result: 1, Reasoning: 1, FailureCase: 1, Verification: 1}
	none := map[Criterion]int{Result: 0, Reasoning: 0, FailureCase: 0, Verification: 0}
	labelled := []Labelled{
		{Text: "Compare long prompt latency on each version at the same rate, compare queue wait with prefill, limit long-prompt admission because the release and traffic rose together.", Scores: all},
		{Text: "Compare long prompts on the old and new versions and queue against prefill, then cap bulk admission, since both versions slow the same way.", Scores: all},
		{Text: "Restart all replicas and roll back the release immediately; that is the fix.", Scores: none},
	}
	answer := "Compare long prompts on each version at the same load and waiting against prefill; cap bulk admission for a while."
	var first Score
	for i := range 20 {
		got, err := testRubric().GradeWith(answer, NewLabelledSet(labelled))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = got
			continue
		}
		if !reflect.DeepEqual(got, first) {
			t.Fatalf("run %d scored differently:\n%+v\nwant\n%+v", i+1, got, first)
		}
	}
}
