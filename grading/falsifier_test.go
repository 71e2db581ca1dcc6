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
		{"a plan with a condition but no turn", "If the queue grows again, I will add the cap back and page the owner.", false},
		{"a keyword list names it, states nothing", "confound, arrival rate, prefill, queue wait, admission control, rollback, useful completions, falsifier", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			toks := tokenize(tt.answer)
			markListed(toks, fragmentsOf(tt.answer, toks))
			if got := statesFalsifier(tt.answer, toks); got != tt.want {
				t.Errorf("statesFalsifier(%q) = %v, want %v", tt.answer, got, tt.want)
			}
		})
	}
}
