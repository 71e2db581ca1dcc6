package lessons_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
)

const scoredLine = `{"id": "a", "text": "An answer.", "scores": {"result": 1, "reasoning": 0, "failure_case": 0, "verification": 1}}`

// TestReadTrials: a calibration file is read line by line, and a line it
// refuses is named, with a message a person who pasted it can act on.
func TestReadTrials(t *testing.T) {
	t.Parallel()
	small := lessons.TrialLimits{Bytes: 600, Lines: 2}
	tests := []struct {
		name    string
		file    string
		lim     lessons.TrialLimits
		wantIDs []string
		line    int    // the line refused; -1 for no error
		problem string // part of the refusal's Problem()
	}{
		{name: "two answers and blank lines", file: "\n" + scoredLine + "\n  \n" + strings.Replace(scoredLine, `"id": "a", `, "", 1) + "\n",
			wantIDs: []string{"a", "line 4"}, line: -1},
		{name: "no newline at the end", file: scoredLine, wantIDs: []string{"a"}, line: -1},
		{name: "not JSON", file: scoredLine + "\n{not json\n", line: 2, problem: "Line 2 is not a JSON object: invalid character"},
		{name: "a score missing", file: `{"id": "b", "text": "x", "scores": {"result": 1, "reasoning": 0}}`, line: 1,
			problem: `Line 1: "scores" has no failure_case, verification`},
		{name: "a score of 2", file: strings.Replace(scoredLine, `"result": 1`, `"result": 2`, 1), line: 1,
			problem: "Line 1: the score for result must be 0 or 1, not 2"},
		{name: "a score as text", file: strings.Replace(scoredLine, `"result": 1`, `"result": "1"`, 1), line: 1,
			problem: "Line 1 is not a JSON object: json: cannot unmarshal string"},
		{name: "too many answers", file: strings.Repeat(scoredLine+"\n", 3), lim: small, line: 0, problem: "more than 2 answers"},
		{name: "too many bytes", file: strings.Repeat(scoredLine+"\n\n\n", 1) + strings.Repeat(" ", 600), lim: small, line: 0,
			problem: "The file is larger than 600 bytes"},
		{name: "exactly the byte limit", file: scoredLine + strings.Repeat(" ", 600-len(scoredLine)), lim: small, wantIDs: []string{"a"}, line: -1},
		{name: "a line over 1 MiB", file: scoredLine + "\n" + strings.Repeat("x", 1<<20+1), line: 2, problem: "Line 2: the line is longer than 1 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := lessons.ReadTrials(strings.NewReader(tt.file), tt.lim)
			if tt.line < 0 {
				if err != nil {
					t.Fatalf("ReadTrials: %v", err)
				}
				var ids []string
				for _, tr := range got {
					ids = append(ids, tr.ID)
				}
				if diff := cmp.Diff(tt.wantIDs, ids); diff != "" {
					t.Errorf("ids (-want +got):\n%s", diff)
				}
				return
			}
			var bad *lessons.TrialError
			if !errors.As(err, &bad) {
				t.Fatalf("error %v (%T), want a *TrialError", err, err)
			}
			if bad.Line != tt.line || !strings.Contains(bad.Problem(), tt.problem) {
				t.Errorf("refused at line %d: %q; want line %d and %q", bad.Line, bad.Problem(), tt.line, tt.problem)
			}
		})
	}
}

// TestMeasureExplained: each disagreement of a calibration file comes with
// its criterion's concept traces, from its own answer even when two answers
// share an id, and the report is Measure's.
func TestMeasureExplained(t *testing.T) {
	t.Parallel()
	l, err := lessons.Parse("l.md", []byte(calibrationLesson))
	if err != nil {
		t.Fatal(err)
	}
	s := l.Blocks[len(l.Blocks)-1].ItemScoring()
	trials := []grading.Trial{
		{ID: "same", Text: "The prefix cache is cold after the restart, so every prompt pays the full prefill.",
			Scores: map[grading.Criterion]int{grading.Result: 1, grading.Reasoning: 0, grading.FailureCase: 0, grading.Verification: 0}},
		{ID: "same", Text: "The prefix cache was flushed by the restart, so prompts pay the whole prefill.",
			Scores: map[grading.Criterion]int{grading.Result: 1, grading.Reasoning: 0, grading.FailureCase: 0, grading.Verification: 0}},
	}
	report, err := s.MeasureExplained(trials)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := s.Measure(trials)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(plain, report.Report, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("the report differs from Measure's (-Measure +explained):\n%s", diff)
	}
	if len(report.Disagreements) != 1 || report.Disagreements[0].Criterion != grading.Result {
		t.Fatalf("disagreements = %+v, want the second answer's result", report.Disagreements)
	}
	want := []grading.Trace{{Concept: "cold-cache", Role: grading.Required, Status: "missing"}}
	if diff := cmp.Diff(want, report.Concepts[0], cmpopts.IgnoreFields(grading.Trace{}, "NearMiss")); diff != "" {
		t.Errorf("traces (-want +got):\n%s", diff)
	}
	if nm := report.Concepts[0][0].NearMiss; !strings.Contains(nm, `"cache"`) {
		t.Errorf("near miss = %q, want it to say the cache slot matched", nm)
	}
}

// TestDraftScoringIsTheParsers: every shipped exercise and probe, read
// into its form's draft and scored from it, has the scoring the parser
// gives the file, so that trying an answer in the form scores it as the
// saved block will.
func TestDraftScoringIsTheParsers(t *testing.T) {
	t.Parallel()
	courses, err := lessons.Load(os.DirFS("content"), "content")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range courses {
		for _, lf := range c.Lessons {
			parts, err := lessons.SplitSource(lf.Source)
			if err != nil {
				t.Fatal(err)
			}
			for _, sb := range lessons.SourceBlocks(parts.Body) {
				if !sb.Kind.Scored() {
					continue
				}
				n++
				d, err := lessons.DecodeBlockDraft(sb.Kind, sb.YAML)
				if err != nil {
					t.Fatal(err)
				}
				got, err := d.Scoring()
				if err != nil {
					t.Fatalf("%s: %v", sb.Key, err)
				}
				var want *lessons.Scoring
				for _, b := range lf.Lesson.Blocks {
					if b.Key == sb.Key {
						want = b.ItemScoring()
					}
				}
				// A block's form knows its own text, not the lesson around
				// it: the lesson's prose is the parser's to add.
				opts := []cmp.Option{cmpopts.IgnoreFields(grading.Example{}, "Line"), cmpopts.IgnoreUnexported(lessons.Scoring{}, grading.Rubric{}),
					cmpopts.IgnoreFields(lessons.Scoring{}, "Lesson"), cmpopts.IgnoreFields(grading.Rubric{}, "Taught"), cmpopts.EquateEmpty()}
				if diff := cmp.Diff(want, got, opts...); diff != "" {
					t.Errorf("%s: the draft's scoring differs from the file's (-file +draft):\n%s", sb.Key, diff)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no exercise or probe found")
	}
}

// TestDraftScoringRefusesBadCues: cues the scorer cannot compile leave
// nothing to try, and the error says why.
func TestDraftScoringRefusesBadCues(t *testing.T) {
	t.Parallel()
	d := lessons.BlockDraft{Kind: lessons.KindProbe, Key: "p",
		Concepts: []lessons.ConceptDraft{{Name: "cold", Patterns: []string{"cache + cold"}}}}
	d.Rubric[0].Requires = []string{"cold", "warm"}
	_, err := d.Scoring()
	var ce *grading.CompileError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), `"warm", which is not defined`) {
		t.Errorf("error = %v, want the unknown concept named", err)
	}
}
