package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/grading"
)

// releaseAnswers are two scored answers to release-and-traffic: a strong
// one the scorer agrees with, and a keyword list whose rater gave it the
// verification point.
const releaseAnswers = `{"id": "strong", "text": "Compare long-prompt latency on the old and new versions at the same arrival rate, and split queue wait from prefill execution time. Both versions slow only on long prompts, which points at waiting under load rather than the release. The release and the traffic rise coincide, so a blanket rollback is not supported and could overload the old pool. Cap long-prompt admission for bulk work. Recovery means useful completions and oldest queue age back to normal; if queue age falls but prefill stays slow, I'm wrong.", "scores": {"result": 1, "reasoning": 1, "failure_case": 1, "verification": 1}}
{"id": "list", "text": "queue prefill version rollback confound", "scores": {"result": 0, "reasoning": 0, "failure_case": 0, "verification": 1}}
`

func TestCalibrateReports(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	answers := filepath.Join(dir, "answers.jsonl")
	lines := releaseAnswers
	if err := os.WriteFile(answers, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	args := []string{"calibrate", "--exercise", "serving-incidents/work-a-serving-incident/release-and-traffic",
		"--content", "../../lessons/content", "--answers", answers, "--json"}
	if err := run(context.Background(), args, nil, &out, &errOut); err != nil {
		t.Fatalf("calibrate: %v\n%s", err, errOut.String())
	}
	var r struct {
		N             int                `json:"n"`
		Agreement     map[string]float64 `json:"agreement"`
		Kappa         map[string]*float64
		QWK           *float64 `json:"qwk"`
		Exact         float64  `json:"exact"`
		Disagreements []struct {
			ID, Criterion string
			Expected, Got int
		} `json:"disagreements"`
		Unmatched []struct{ Concept, Pattern string } `json:"unmatched_patterns"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out.String())
	}
	if r.N != 2 || r.Agreement["verification"] != 0.5 || r.Exact != 0.5 || len(r.Disagreements) != 1 ||
		r.Disagreements[0].ID != "list" || r.Disagreements[0].Criterion != "verification" || r.Disagreements[0].Expected != 1 {
		t.Errorf("report = %+v", r)
	}
	// Two answers leave some of the item's patterns unmatched, each named
	// with its concept.
	if len(r.Unmatched) == 0 {
		t.Error("no unmatched patterns reported for two answers")
	}
	for _, u := range r.Unmatched {
		if u.Concept == "" || u.Pattern == "" {
			t.Errorf("unmatched pattern without its concept or words: %+v", u)
		}
	}

	// A broken line is reported with the file and line.
	if err := os.WriteFile(answers, []byte(lines+"{not json\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := run(context.Background(), args, nil, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "answers.jsonl:3") {
		t.Errorf("broken line: error %v, want it to name answers.jsonl:3", err)
	}
}

// TestCalibrateExamples scores an item's own calibration examples, each
// without itself among the labelled answers, naming each by its place and
// line, with no answers file to write.
func TestCalibrateExamples(t *testing.T) {
	t.Parallel()
	const item = "dns-cutover-incidents/java-client-stuck-on-old-lb/java-service-old-lb"
	content := "../../lessons/content/testdata/instructor9/dns-cutover-incidents"
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"calibrate", "--item", item, "--content", content, "--examples"}, nil, &out, &errOut); err != nil {
		t.Fatalf("calibrate --examples: %v\n%s", err, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "12 answers\n") {
		t.Errorf("report does not score the probe's 12 examples:\n%s", out.String())
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.Contains(line, ": expected ") && !strings.HasPrefix(line, "example ") {
			t.Errorf("a disagreement is not named by its example: %q", line)
		}
	}

	out.Reset()
	err := run(context.Background(), []string{"calibrate", "--item", item, "--content", content, "--examples", "--answers", "a.jsonl"}, nil, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "one of --answers or --examples") {
		t.Errorf("both --answers and --examples: error %v", err)
	}
}

// TestGradeAnExample explains one of an item's calibration examples by its
// number, with no file to write, and refuses a number the item lacks.
func TestGradeAnExample(t *testing.T) {
	t.Parallel()
	const item = "dns-cutover-incidents/java-client-stuck-on-old-lb/java-service-old-lb"
	content := "../../lessons/content/testdata/instructor9/dns-cutover-incidents"
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"grade", "--item", item, "--content", content, "--example", "1", "--explain"}, nil, &out, &errOut); err != nil {
		t.Fatalf("grade --example 1: %v\n%s", err, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "Total ") || !strings.Contains(out.String(), "Result: ") {
		t.Errorf("not an explanation of the example:\n%s", out.String())
	}
	err := run(context.Background(), []string{"grade", "--item", item, "--content", content, "--example", "13"}, nil, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "there is no example 13") {
		t.Errorf("example 13 of 12: error %v", err)
	}
}

// TestCalibrateNotesCuesChangedAfterTheAnswers: measuring on answers the
// cues were changed after says the figures may be flattering; answers
// written after the last change are measured without the note, and the
// JSON on stdout is the same either way.
func TestCalibrateNotesCuesChangedAfterTheAnswers(t *testing.T) {
	t.Parallel()
	const item = "dns-cutover-incidents/java-client-stuck-on-old-lb/java-service-old-lb"
	content := t.TempDir()
	src := "../../lessons/content/testdata/instructor9/dns-cutover-incidents"
	for _, name := range []string{"course.yaml", "01-java-client-stuck-on-old-lb.md"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(content, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	lesson := filepath.Join(content, "01-java-client-stuck-on-old-lb.md")
	answers := filepath.Join(t.TempDir(), "fresh.jsonl")
	line := `{"id": "a", "text": "Restart the Java service so it resolves the new balancer.", "scores": {"result": 0, "reasoning": 0, "failure_case": 0, "verification": 0}}` + "\n"
	if err := os.WriteFile(answers, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		lessonTime time.Time
		note       bool
	}{
		{"cues changed after the answers", time.Now().Add(time.Hour), true},
		{"answers written after the last change", time.Now().Add(-time.Hour), false},
	}
	for _, tt := range tests {
		if err := os.Chtimes(lesson, tt.lessonTime, tt.lessonTime); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		args := []string{"calibrate", "--item", item, "--content", content, "--answers", answers, "--json"}
		if err := run(context.Background(), args, nil, &out, &errOut); err != nil {
			t.Fatalf("%s: %v\n%s", tt.name, err, errOut.String())
		}
		if got := strings.Contains(errOut.String(), "changed after"); got != tt.note {
			t.Errorf("%s: note %v, want %v (stderr %q)", tt.name, got, tt.note, errOut.String())
		}
		if !json.Valid(out.Bytes()) {
			t.Errorf("%s: stdout is not one JSON object: %q", tt.name, out.String())
		}
	}
}

// TestCalibrateAgainstAnEarlierRun: with --against a report printed
// before, calibrate says which disagreements the change since mended and
// which it caused, as text and in --json; a file that is no report is
// refused.
func TestCalibrateAgainstAnEarlierRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	answers := filepath.Join(dir, "answers.jsonl")
	lines := releaseAnswers
	// The earlier run disagreed on the strong answer's reasoning, and not
	// on the list's verification, which this run does.
	earlier := `{"n": 2, "agreement": {"result": 1, "reasoning": 0.5, "failure_case": 1, "verification": 1}, "mean_agreement": 0.875,
		"disagreements": [{"id": "strong", "criterion": "reasoning", "expected": 1, "got": 0, "cues": "Not awarded: missing evidence link.", "evidence": []}]}`
	before := filepath.Join(dir, "before.json")
	notReport := filepath.Join(dir, "notes.json")
	for path, body := range map[string]string{answers: lines, before: earlier, notReport: `{"hello": 1}`} {
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"calibrate", "--item", "serving-incidents/work-a-serving-incident/release-and-traffic",
		"--content", "../../lessons/content", "--answers", answers, "--against", before}

	var out, errOut bytes.Buffer
	if err := run(context.Background(), args, nil, &out, &errOut); err != nil {
		t.Fatalf("calibrate: %v\n%s", err, errOut.String())
	}
	for _, want := range []string{"mean agreement 0.875 -> 0.875", "Reasoning      0.50 -> 1.00", "mended: strong reasoning (expected 1)", "caused: list verification: expected 1, got 0"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}

	out.Reset()
	if err := run(context.Background(), append(args, "--json"), nil, &out, &errOut); err != nil {
		t.Fatalf("calibrate --json: %v", err)
	}
	var r struct {
		N      int `json:"n"`
		Change struct {
			Mended, Broken []struct{ ID, Criterion string }
		} `json:"change"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out.String())
	}
	if r.N != 2 || len(r.Change.Mended) != 1 || r.Change.Mended[0].ID != "strong" || len(r.Change.Broken) != 1 || r.Change.Broken[0].Criterion != "verification" {
		t.Errorf("report = %+v", r)
	}

	err := run(context.Background(), []string{"calibrate", "--item", "serving-incidents/work-a-serving-incident/release-and-traffic",
		"--content", "../../lessons/content", "--answers", answers, "--against", notReport}, nil, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "is not a report from calibrate --json") {
		t.Errorf("a file that is no report: err = %v", err)
	}
}

// TestDecidedBy: a disagreement says who decided it, so the cues' own
// "Awarded" or "Not awarded" never reads as the verdict when the scorer
// went the other way.
func TestDecidedBy(t *testing.T) {
	t.Parallel()
	tests := []struct {
		d    grading.Disagreement
		want string
	}{
		{grading.Disagreement{Got: 1, Cues: "Not awarded: missing falsifier.", Doubt: "awarded because answers like it earned it"},
			" — awarded by the labelled answers against the cues (cues: missing falsifier.) (awarded because answers like it earned it)"},
		{grading.Disagreement{Got: 0, Cues: "Awarded: shows falsifier; gc correlation check."},
			" — denied though the cues found it (cues: shows falsifier; gc correlation check.)"},
		{grading.Disagreement{Got: 0, Cues: "Not awarded: missing falsifier."}, " — Not awarded: missing falsifier."},
		{grading.Disagreement{Got: 0}, ""},
	}
	for _, tt := range tests {
		if got := decidedBy(tt.d); got != tt.want {
			t.Errorf("decidedBy(%+v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

// TestCalibrateSeveralFiles: answers files given together are scored
// together, each also alone, and a malformed line is named by its file.
func TestCalibrateSeveralFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lines := strings.SplitAfter(releaseAnswers, "\n")
	first, second := filepath.Join(dir, "first.jsonl"), filepath.Join(dir, "second.jsonl")
	for path, text := range map[string]string{first: lines[0], second: lines[1]} {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"calibrate", "--item", "serving-incidents/work-a-serving-incident/release-and-traffic",
		"--content", "../../lessons/content", "--answers", first + "," + second}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), args, nil, &out, &errOut); err != nil {
		t.Fatalf("calibrate: %v\n%s", err, errOut.String())
	}
	for _, want := range []string{
		first + ": 1 answers, mean agreement 1.000",
		second + ": 1 answers, mean agreement 0.750",
		"all files together:\n2 answers",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{not json\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	args[len(args)-1] = first + "," + bad
	err := run(context.Background(), args, nil, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), bad+":1") {
		t.Errorf("malformed second file: error %v, want it named as %s:1", err, bad)
	}
}
