package grading

import "testing"

// TestMoveCalledUnneeded: a move its clause calls senseless, unneeded or
// no help is judged — it names the trap for the failure case, and is not
// offered — while a move called needed is offered.
func TestMoveCalledUnneeded(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"rollback": {"rollback|roll back"}},
		Rules:    [4]Rule{{Criterion: FailureCase, Any: []string{"rollback"}}},
	}
	tests := []struct {
		answer, want string
	}{
		{"A rollback makes no sense, the plan flipped at 02:10.", "framed"},
		{"A rollback does not make sense, the plan flipped at 02:10.", "framed"},
		{"A rollback doesn't make much sense, the plan flipped at 02:10.", "framed"},
		{"A rollback is not needed, the plan flipped at 02:10.", "framed"},
		{"A rollback isn't necessary, the plan flipped at 02:10.", "framed"},
		{"A rollback is really not needed, the plan flipped at 02:10.", "framed"},
		{"A rollback is unnecessary here, the plan flipped at 02:10.", "framed"},
		{"A rollback is no help at all, the plan flipped at 02:10.", "framed"},
		{"A rollback doesn't explain the jump at 02:10 either.", "framed"},
		{"A rollback is not useful here, the plan flipped at 02:10.", "framed"},
		{"A rollback is needed now, the plan flipped at 02:10.", "found"},
		{"A rollback is not what I would try first after 02:10.", "negated"},
	}
	for _, tt := range tests {
		ex, err := r.Explain(tt.answer)
		if err != nil {
			t.Fatal(err)
		}
		if got := ex.Criteria[0].Concepts[0].Status; got != tt.want {
			t.Errorf("%q: %s, want %s", tt.answer, got, tt.want)
		}
	}
}
