package grading

import "testing"

// TestOrderedSlots: slots joined by " > " must come in that order in the
// sentence; " + " takes them in any order.
func TestOrderedSlots(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern, answer string
		want            bool
	}{
		{"i'd > restart* > pod*", "I'd restart the pods right away.", true},
		{"i'd > restart* > pod*", "The pods restart on their own, so I'd check conntrack.", false},
		{"i'd + restart* + pod*", "The pods restart on their own, so I'd check conntrack.", true},
		{"increas* > timeout*", "The drop counter stops increasing, and the timeout rate falls.", true},
		{"timeout* > increas*", "The drop counter stops increasing, and the timeout rate falls.", false},
		{"rais* + pool > 50", "Raise the pool to 50 connections.", true},
		{"rais* + pool > 50", "With 50 connections I'd still raise the pool.", false},
	}
	for _, tt := range tests {
		r := &Rubric{
			Concepts: map[string][]string{"move": {tt.pattern}},
			Rules:    [4]Rule{{Criterion: Result, Requires: []string{"move"}}},
		}
		got, err := r.Grade(tt.answer)
		if err != nil {
			t.Fatalf("%q: %v", tt.pattern, err)
		}
		if got.Criteria[0].Awarded != tt.want {
			t.Errorf("%q on %q: found %v, want %v", tt.pattern, tt.answer, got.Criteria[0].Awarded, tt.want)
		}
	}
}
