package grading

import "testing"

func TestNamesTrap(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		answer string
		want   bool
	}{
		{"a trap word", "The tempting move is to add replicas, but the leak follows them.", true},
		{"turned down in the first person", "Cap the bulk tenant. I wouldn't roll back the release on this evidence.", true},
		{"a refusal opening its sentence", "Cap the bulk tenant. Don't restart every replica.", true},
		{"judged after the move", "Cap the bulk tenant. Rolling back would be a mistake.", true},
		{"one move preferred to another", "Cap the bulk tenant rather than rolling back the release.", true},
		{"careful about a move", "Cap the bulk tenant, and be careful about rolling back the release.", true},
		{"careful in general", "Cap the bulk tenant. I always try to be careful and methodical on calls.", false},
		{"a plan with no move turned down", "Cap the bulk tenant and compare both versions at the same load.", false},
		{"a keyword list names a trap, turns nothing down", "rollback, trap, queue wait, prefill, admission control, replicas, cap", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			toks := tokenize(tt.answer)
			markListed(toks, fragmentsOf(tt.answer, toks))
			if got := namesTrap(toks); got != tt.want {
				t.Errorf("namesTrap(%q) = %v, want %v", tt.answer, got, tt.want)
			}
		})
	}
}
