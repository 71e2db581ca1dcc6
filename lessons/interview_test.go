package lessons

import (
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/practicum-dev/practicum/grading"
)

// probeOf parses valid.md with edit applied and returns its probe.
func probeOf(t *testing.T, edit func(string) string) *Probe {
	t.Helper()
	l, err := Parse("f.md", []byte(edit(validLesson(t))))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range l.Blocks {
		if b.Probe != nil {
			return b.Probe
		}
	}
	t.Fatal("no probe")
	return nil
}

// TestProbeInterviewFields: a probe written before mock interviews gets
// the default time limit and only its follow_up; time_limit and
// follow_ups, when written, are read.
func TestProbeInterviewFields(t *testing.T) {
	t.Parallel()
	plain := probeOf(t, func(s string) string { return s })
	if plain.Limit() != DefaultTimeLimit || plain.TimeLimit != 0 || plain.FollowUps != nil {
		t.Errorf("a probe without the fields: limit %v (authored %v), follow-ups %v; want the default and none", plain.Limit(), plain.TimeLimit, plain.FollowUps)
	}
	p := probeOf(t, replace("follow_up: And then?\n", "follow_up: And then?\ntime_limit: 2m30s\nfollow_ups:\n  failure_case: What would *fool* you?\n  verification: |\n    How would you know?\n"))
	if p.Limit() != 150*time.Second {
		t.Errorf("limit %v, want 2m30s", p.Limit())
	}
	want := map[grading.Criterion]HTML{grading.FailureCase: "<p>What would <em>fool</em> you?</p>", grading.Verification: "<p>How would you know?</p>"}
	if diff := cmp.Diff(want, p.FollowUps); diff != "" {
		t.Errorf("follow-ups (-want +got):\n%s", diff)
	}
}

// TestProbeInterviewProblems: what an author may get wrong in the new
// fields is reported on its line.
func TestProbeInterviewProblems(t *testing.T) {
	t.Parallel()
	const at = "follow_up: And then?\n"
	tests := []struct {
		name, add string
		want      []string
	}{
		{"a bare number", "time_limit: 5\n",
			[]string{`f.md:65: probe "pr" field "time_limit" must be minutes and seconds from 30s to 30m, such as 5m, 90s or 2m30s, not "5"`}},
		{"hours", "time_limit: 1h\n",
			[]string{`f.md:65: probe "pr" field "time_limit" must be minutes and seconds from 30s to 30m, such as 5m, 90s or 2m30s, not "1h"`}},
		{"too short", "time_limit: 10s\n",
			[]string{`f.md:65: probe "pr" field "time_limit" must be minutes and seconds from 30s to 30m, such as 5m, 90s or 2m30s, not "10s"`}},
		{"too long", "time_limit: 31m\n",
			[]string{`f.md:65: probe "pr" field "time_limit" must be minutes and seconds from 30s to 30m, such as 5m, 90s or 2m30s, not "31m"`}},
		{"not a criterion", "follow_ups:\n  style: Why so terse?\n",
			[]string{`f.md:66: probe "pr" follow_ups has an unknown field "style" (allowed: failure_case, reasoning, result, verification)`}},
		{"empty follow-up", "follow_ups:\n  result: \"\"\n",
			[]string{`f.md:66: probe "pr" follow_ups field "result" is empty`}},
		{"a list", "follow_ups:\n  - What next?\n",
			[]string{`f.md:66: probe "pr" follow_ups must be a mapping of fields (key: value)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse("f.md", []byte(replace(at, at+tt.add)(validLesson(t))))
			if err == nil {
				t.Fatal("Parse succeeded, want problems")
			}
			var got []string
			for _, p := range err.(Problems) {
				got = append(got, p.String())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFollowUpAfter: the interviewer follows up on the first criterion, in
// rubric order, that the answer missed and that has a follow-up of its
// own; otherwise asks the probe's follow_up.
func TestFollowUpAfter(t *testing.T) {
	t.Parallel()
	p := &Probe{FollowUp: "general", FollowUps: map[grading.Criterion]HTML{
		grading.FailureCase: "what trap?", grading.Verification: "what check?"}}
	tests := []struct {
		name   string
		missed []grading.Criterion
		want   grading.Criterion
		text   HTML
	}{
		{"missed nothing", nil, "", "general"},
		{"missed only criteria without their own", []grading.Criterion{grading.Result, grading.Reasoning}, "", "general"},
		{"missed the failure case", []grading.Criterion{grading.FailureCase}, grading.FailureCase, "what trap?"},
		{"missed the verification", []grading.Criterion{grading.Result, grading.Verification}, grading.Verification, "what check?"},
		{"missed both: rubric order", []grading.Criterion{grading.Verification, grading.FailureCase}, grading.FailureCase, "what trap?"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var sc grading.Score
			for i, c := range grading.Criteria {
				sc.Criteria[i] = grading.CriterionScore{Criterion: c, Awarded: !slices.Contains(tt.missed, c)}
			}
			c, text := p.FollowUpAfter(sc)
			if c != tt.want || text != tt.text {
				t.Errorf("FollowUpAfter = %q, %q; want %q, %q", c, text, tt.want, tt.text)
			}
			if got := p.FollowUpFor(c); got != text {
				t.Errorf("FollowUpFor(%q) = %q, want %q", c, got, text)
			}
		})
	}
	plain := &Probe{FollowUp: "general"}
	if c, text := plain.FollowUpAfter(grading.Score{}); c != "" || text != "general" {
		t.Errorf("a probe with no follow-ups of its own: %q, %q; want its follow_up", c, text)
	}
}
