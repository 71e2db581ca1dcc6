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
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s kinds: got %v, want %v", c.rule, c.got, c.want)
		}
	}
	// Structured: every kind but prose, in table order, so that a new
	// display-only kind is one row.
	var all []Kind
	for _, r := range kinds {
		all = append(all, r.kind)
	}
	if want := slices.DeleteFunc(all, func(k Kind) bool { return k == KindProse }); !slices.Equal(structuredKinds, want) ||
		!slices.Contains(structuredKinds, KindSources) {
		t.Errorf("structured kinds: got %v, want %v", structuredKinds, want)
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
