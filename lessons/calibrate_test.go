package lessons_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
)

// calibrationLesson has a probe whose second example expects a point its
// cues cannot give and withholds one they do give.
const calibrationLesson = "---\ncourse: c\nposition: 1\nslug: s\ntitle: T\ngoal: G.\nminutes: 5\n---\n\n## Practice\n\n" +
	"```yaml probe\nkey: cold-cache\nquestion: What first?\nevidence_class: recommended\n" +
	"strong_answer: The cache is cold.\nfollow_up: Then?\nweak_indicators:\n  - Restarts again.\n" +
	"concepts:\n  cold-cache:\n    - cache + cold|empty\n" +
	"rubric:\n  result:\n    description: Names the cold cache.\n    requires: [cold-cache]\n" +
	"  reasoning:\n    description: Why.\n  failure_case:\n    description: The trap.\n  verification:\n    description: A check.\n" +
	"examples:\n" +
	"  - answer: The prefix cache is cold after the restart, so every prompt pays the full prefill.\n" +
	"    scores: {result: 1, reasoning: 0, failure_case: 0, verification: 0}\n" +
	"  - answer: The prefix cache is cold after the restart, so every prompt pays the full prefill.\n" +
	"    scores: {result: 0, reasoning: 1, failure_case: 0, verification: 0}\n" +
	"```\n"

// TestCalibrateReportsValues: each disagreement names its item, example,
// field path and criterion, with the expected and given points, so that
// editors place it without parsing the message.
func TestCalibrateReportsValues(t *testing.T) {
	t.Parallel()
	l, err := lessons.Parse("l.md", []byte(calibrationLesson))
	if err != nil {
		t.Fatal(err)
	}
	got := lessons.Calibrate("l.md", l)
	want := lessons.Calibration{
		{File: "l.md", Line: 36, Kind: lessons.KindProbe, Key: "cold-cache", Example: 2, Field: "examples.2.scores.result",
			Criterion: grading.Result, Expected: 0, Got: 1},
		{File: "l.md", Line: 36, Kind: lessons.KindProbe, Key: "cold-cache", Example: 2, Field: "examples.2.scores.reasoning",
			Criterion: grading.Reasoning, Expected: 1, Got: 0},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(lessons.Disagreement{}, "Why", "Quotes")); diff != "" {
		t.Errorf("Calibrate (-want +got):\n%s", diff)
	}
	for _, d := range got {
		if d.Why == "" {
			t.Errorf("%s: no reason given", d.Field)
		}
	}
	if q := got[0].Quotes; len(q) != 1 || q[0] != "cache is cold" {
		t.Errorf("the result's quotes = %q, want the words that earned it", q)
	}
	if n := got.Examples(); n != 1 {
		t.Errorf("Examples() = %d, want 1", n)
	}
	if n := len(got.Item("other")); n != 0 {
		t.Errorf("Item(other) has %d", n)
	}
	ps := got.Problems()
	if len(ps) != 2 || ps[0].Line != 36 || !strings.HasPrefix(ps[0].Msg, `probe "cold-cache" example 2: scorer gives result 1, the example expects 0 (`) {
		t.Errorf("problems = %v", ps)
	}
}
