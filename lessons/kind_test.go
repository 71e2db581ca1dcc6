package lessons

import (
	"slices"
	"testing"
)

// TestKindRules pins the rules the rest of the code asks the kinds for:
// completion, scoring and forms change with them.
func TestKindRules(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		got, want []Kind
		rule      string
	}{
		{AnswerableKinds(), []Kind{KindCheckpoint, KindExercise, KindProbe, KindExplain}, "answerable"},
		{ScoredKinds(), []Kind{KindExercise, KindProbe}, "scored"},
		{FormKinds(), []Kind{KindCheckpoint, KindExercise, KindProbe}, "with a form"},
		{structuredKinds, []Kind{KindCheckpoint, KindExercise, KindProbe, KindExplain, KindExample, KindTrace, KindMisconception, KindSources}, "structured"},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s kinds: got %v, want %v", c.rule, c.got, c.want)
		}
	}
	for _, k := range AnswerableKinds() {
		if k.Written() == (k == KindCheckpoint) {
			t.Errorf("%s: Written() = %v", k, k.Written())
		}
	}
	if got := KindProbe.Label() + " / " + KindProbe.Noun(); got != "Interview probe / interview probe" {
		t.Errorf("probe names: %q", got)
	}
	if got := Kind("unknown").Noun(); got != "unknown" {
		t.Errorf("an unknown kind's noun: %q, want its name", got)
	}
}
