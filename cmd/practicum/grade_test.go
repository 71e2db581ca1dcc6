package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gradeCourse writes a one-lesson course whose exercise has scoring cues.
func gradeCourse(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "lessons", "testdata", "valid.md"))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(b), "model_solution: The thing, done.\n", `model_solution: The thing, done.
concepts:
  compare-versions:
    - compare|comparison + version|release
  limit-admission:
    - limit|cap + admission|long prompt
  because:
    - because|since|so
`, 1)
	src = strings.Replace(src, "    description: Gets the result.\n", "    description: Gets the result.\n    requires: [compare-versions, limit-admission]\n", 1)
	src = strings.Replace(src, "    description: Shows the step.\n", "    description: Shows the step.\n    requires: [because]\n", 1)
	dir := filepath.Join(t.TempDir(), "demo")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"course.yaml": "slug: demo\ntitle: Demo\nsummary: Demo.\n", "a.md": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Dir(dir)
}

func TestGradeJSONL(t *testing.T) {
	t.Parallel()
	content := gradeCourse(t)
	in := `{"id": "good", "text": "I would compare each version and cap admission of long prompts because both slow down."}
{"id": "bare", "text": "It is probably fine, I would wait and see what happens."}
`
	var out, errOut strings.Builder
	err := run(t.Context(), []string{"grade", "--item", "demo/a-lesson/ex", "--content", content, "--jsonl"}, strings.NewReader(in), &out, &errOut)
	if err != nil {
		t.Fatalf("grade: %v (%s)", err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d output lines, want 2: %s", len(lines), out.String())
	}
	tests := []struct {
		id        string
		total     int
		result    bool
		reasoning bool
	}{{"good", 2, true, true}, {"bare", 0, false, false}}
	for i, tt := range tests {
		var got struct {
			ID       string `json:"id"`
			Criteria map[string]struct {
				Awarded   bool     `json:"awarded"`
				Evidence  []string `json:"evidence"`
				Rationale string   `json:"rationale"`
			} `json:"criteria"`
			Total      int     `json:"total"`
			Confidence float64 `json:"confidence"`
		}
		if err := json.Unmarshal([]byte(lines[i]), &got); err != nil {
			t.Fatal(err)
		}
		if got.ID != tt.id || got.Total != tt.total || got.Criteria["result"].Awarded != tt.result || got.Criteria["reasoning"].Awarded != tt.reasoning {
			t.Errorf("line %d = %s; want id %s, total %d", i+1, lines[i], tt.id, tt.total)
		}
		if len(got.Criteria) != 4 || got.Confidence <= 0 || got.Confidence > 1 {
			t.Errorf("line %d lacks four criteria or a confidence: %s", i+1, lines[i])
		}
		if tt.result && (len(got.Criteria["result"].Evidence) == 0 || !strings.Contains(in, got.Criteria["result"].Evidence[0])) {
			t.Errorf("line %d: result evidence %q does not quote the answer", i+1, got.Criteria["result"].Evidence)
		}
	}
}

func TestGradeUnknownItem(t *testing.T) {
	t.Parallel()
	var out, errOut strings.Builder
	err := run(t.Context(), []string{"grade", "--exercise", "demo/a-lesson/nope", "--content", gradeCourse(t)}, strings.NewReader("x"), &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), `no exercise or probe with key "nope"`) {
		t.Errorf("err = %v, want one naming the missing key", err)
	}
}

func TestGradeExplainNamesTheNearMiss(t *testing.T) {
	t.Parallel()
	content := gradeCourse(t)
	tests := []struct {
		name, flag, answer string
		want               []string
	}{
		{"text", "", "I would compare each version and then cap the traffic, because both slow down.",
			[]string{"Total 1 of 4", "Result: not awarded. Not awarded by the cues.",
				`requires compare-versions: found "compare each version"`,
				`requires limit-admission: missing — matched "cap", but nothing for "admission|long prompt"`,
				"Reasoning: awarded. Awarded by the cues."}},
		{"jsonl", "--jsonl", `{"id": "n1", "text": "I would compare each version and then cap the traffic, because both slow down."}`,
			// The --jsonl shape, criteria by name, with the explanation beside.
			[]string{`"id":"n1"`, `"result":{"awarded":false,`, `"cues_awarded":false,"decision":"Not awarded by the cues."`,
				`"concept":"limit-admission","role":"requires","status":"missing","near_miss":"matched \"cap\", but nothing for \"admission|long prompt\""`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			args := []string{"grade", "--exercise", "demo/a-lesson/ex", "--content", content, "--explain"}
			if tt.flag != "" {
				args = append(args, tt.flag)
			}
			var out, errOut strings.Builder
			if err := run(t.Context(), args, strings.NewReader(tt.answer), &out, &errOut); err != nil {
				t.Fatalf("grade: %v (%s)", err, errOut.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
}

func TestAskingForHelpIsNotAFailure(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"grade", "-h"}, {"calibrate", "--help"}, {"import", "-h"}} {
		var out, errOut strings.Builder
		if err := run(t.Context(), args, strings.NewReader(""), &out, &errOut); !errors.Is(err, errHelpShown) {
			t.Errorf("%v: %v, want the help shown and no failure", args, err)
		}
		if !strings.Contains(errOut.String(), "Usage: practicum") {
			t.Errorf("%v printed no usage: %q", args, errOut.String())
		}
	}
	// "help COMMAND" shows that command's own flags, on stdout.
	for _, tt := range []struct{ command, flag string }{{"grade", "-explain"}, {"calibrate", "-answers"}, {"import", "-check"}} {
		var out, errOut strings.Builder
		if err := run(t.Context(), []string{"help", tt.command}, strings.NewReader(""), &out, &errOut); !errors.Is(err, errHelpShown) {
			t.Errorf("help %s: %v, want the help shown and no failure", tt.command, err)
		}
		if !strings.Contains(out.String(), tt.flag) {
			t.Errorf("help %s does not show %s:\n%s", tt.command, tt.flag, out.String())
		}
	}
	var out, errOut strings.Builder
	if err := run(t.Context(), []string{"help", "grades"}, strings.NewReader(""), &out, &errOut); err == nil || errors.Is(err, errHelpShown) {
		t.Errorf("help for an unknown command: %v, want a usage error", err)
	}
}

// An author trying one answer types it as the argument; an argument a
// command would otherwise ignore — an unquoted answer, a flag after it —
// is refused, not silently dropped for an empty stdin.
func TestGradeAnswerAsArgument(t *testing.T) {
	t.Parallel()
	content := gradeCourse(t)
	answer := "I would compare each version and then cap the traffic, because both slow down."
	item := []string{"--exercise", "demo/a-lesson/ex", "--content", content}
	tests := []struct {
		name    string
		args    []string
		stdin   string
		want    string // in the output
		wantErr string // or in the error
	}{
		{"quoted answer", append(append([]string{"grade"}, item...), "--explain", answer), "", "Total 1 of 4", ""},
		{"same as stdin", append(append([]string{"grade"}, item...), "--explain"), answer, "Total 1 of 4", ""},
		{"flag after the answer", append(append([]string{"grade"}, item...), answer, "--explain"), "", "", `flags go before arguments: "--explain"`},
		{"unquoted answer", append(append([]string{"grade"}, item...), "compare", "each", "version"), "", "", "was given 3 words: quote the answer"},
		{"answer and --jsonl", append(append([]string{"grade"}, item...), "--jsonl", answer), "", "", "not both"},
		{"calibrate argument", append(append([]string{"calibrate"}, item...), "--examples", "answers.jsonl"), "", "", `unexpected argument "answers.jsonl"`},
		{"health argument", []string{"health", "now"}, "", "", `unexpected argument "now"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var out, errOut strings.Builder
			err := run(t.Context(), tt.args, strings.NewReader(tt.stdin), &out, &errOut)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("grade: %v (%s)", err, errOut.String())
			}
			if !strings.Contains(out.String(), tt.want) {
				t.Errorf("output lacks %q:\n%s", tt.want, out.String())
			}
		})
	}
}
