package grading

import (
	"strings"
	"testing"
)

// benchAnswer is a ~300-word answer, the length of a thorough response.
var benchAnswer = strings.Repeat("Compare long prompt latency on the old and new versions at the same arrival rate, and compare queue wait with prefill time, because both versions slow only on long prompts, which suggests waiting rather than the release. ", 8) +
	"I would limit long-prompt admission and not restart all replicas, since the release and the traffic rose at the same time and a blanket rollback is not supported."

func BenchmarkGrade300Words(b *testing.B) {
	r := testRubric()
	if _, err := r.Grade(benchAnswer); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d words", len(strings.Fields(benchAnswer)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Grade(benchAnswer); err != nil {
			b.Fatal(err)
		}
	}
}
