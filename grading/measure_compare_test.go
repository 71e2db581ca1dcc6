package grading

import "testing"

// TestReportCompare: a disagreement only the earlier run had is mended,
// one only the later run has is caused, one both have is neither.
func TestReportCompare(t *testing.T) {
	t.Parallel()
	d := func(id string, c Criterion) Disagreement { return Disagreement{ID: id, Criterion: c} }
	before := Report{MeanAgreement: 0.75, Disagreements: []Disagreement{d("a", Result), d("b", Reasoning)}}
	after := Report{MeanAgreement: 0.75, Disagreements: []Disagreement{d("b", Reasoning), d("b", Verification)}}
	ch := after.Compare(before)
	if len(ch.Mended) != 1 || ch.Mended[0].ID != "a" || ch.Mended[0].Criterion != Result {
		t.Errorf("mended = %+v, want a's result", ch.Mended)
	}
	if len(ch.Broken) != 1 || ch.Broken[0].ID != "b" || ch.Broken[0].Criterion != Verification {
		t.Errorf("caused = %+v, want b's verification", ch.Broken)
	}
	if ch.MeanBefore != 0.75 || ch.MeanAfter != 0.75 {
		t.Errorf("means = %v -> %v", ch.MeanBefore, ch.MeanAfter)
	}
}
