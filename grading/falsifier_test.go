package grading

import "testing"

func TestStatesFalsifier(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		answer string
		want   bool
	}{
		{"named outright", "Falsifier: the replayed burst slows chat on the old version too.", true},
		{"what would prove me wrong", "What would prove me wrong is the old pool slowing down under the same load.", true},
		{"a prediction that turns", "If p99 stays high after the cap, it isn't preemption.", true},
		{"a prediction of something else", "If the hit rate recovers and the CPU doesn't come down, something other than the flush is loading the database.", true},
		{"outcomes that mean different things", "A flat bucket means it is purely length; a higher one means something else is slowing too.", true},
		{"an arrow for a prediction", "Burst breaks both versions -> the cap mattered, the release did not.", true},
		{"a test run both ways", "The replay must pass with the cap enabled and still fail without it.", true},
		{"recovery defined, nothing to disprove", "It is fixed when the hit rate is back to normal and p99 stays at baseline through the evening peak.", false},
		{"one means explains, predicts nothing", "A clock going wrong usually means something stopped the time service and nobody restarted it.", false},
		{"a plan with a condition but no turn", "If the queue grows again, I will add the cap back and page the owner.", false},
		{"a keyword list names it, states nothing", "confound, arrival rate, prefill, queue wait, admission control, rollback, useful completions, falsifier", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			toks := tokenize(tt.answer)
			markListed(toks, fragmentsOf(tt.answer, toks))
			if got := statesFalsifier(toks); got != tt.want {
				t.Errorf("statesFalsifier(%q) = %v, want %v", tt.answer, got, tt.want)
			}
		})
	}
}

// TestVerificationNeedsADisproof: where an item's cues find its recovery
// checks but nothing in the answer could come out against it, and answers
// like it did not earn the point, verification is not awarded; the same
// answer with a falsifier is.
func TestVerificationNeedsADisproof(t *testing.T) {
	t.Parallel()
	rubric := testRubric()
	rubric.Concepts["recovery"] = []string{"completions|queue age + normal|baseline"}
	rubric.Rules[3] = Rule{Criterion: Verification, Requires: []string{"recovery"}}
	score := func(r, re, f, v int) map[Criterion]int {
		return map[Criterion]int{Result: r, Reasoning: re, FailureCase: f, Verification: v}
	}
	labelled := []Labelled{
		{Text: "Compare long prompts on each version at the same rate and queue wait against prefill; cap long-prompt admission. It is recovered when completions and queue age are back to normal.", Scores: score(1, 0, 0, 0)},
		{Text: "Cap bulk admission after comparing versions on long prompts and queue against prefill. Done when completions are at baseline and queue age is normal again.", Scores: score(1, 0, 0, 0)},
		{Text: "Limit long-prompt admission; compare old and new on long prompts and waiting against prefill. Recovered means useful completions and oldest queue age at baseline for an hour.", Scores: score(1, 0, 0, 0)},
		{Text: "Compare versions on long prompts, queue against prefill, cap admission. Recovered when completions and queue age are normal; if queue age falls but prefill stays slow, I'm wrong about admission.", Scores: score(1, 0, 0, 1)},
	}
	set := NewLabelledSet(labelled)
	tests := []struct {
		name   string
		answer string
		want   bool
	}{
		{"recovery defined, nothing to disprove", "Compare long prompts on both versions at the same load and queue wait against prefill, then cap long-prompt admission. I will call it recovered once completions and queue age are back to normal and stay there.", false},
		{"recovery with a falsifier", "Compare long prompts on both versions at the same load and queue wait against prefill, then cap long-prompt admission. I will call it recovered once completions and queue age are back to normal; if queue age drops but prefill stays slow, admission was not the cause.", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := rubric.GradeWith(tt.answer, set)
			if err != nil {
				t.Fatal(err)
			}
			if v := got.Criteria[3]; v.Awarded != tt.want {
				t.Errorf("verification awarded %v, want %v (%s)", v.Awarded, tt.want, v.Rationale)
			}
		})
	}
}
