package lessons

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func validLesson(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/valid.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseValid(t *testing.T) {
	t.Parallel()
	l, err := Parse("valid.md", []byte(validLesson(t)))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	var kinds []Kind
	for _, b := range l.Blocks {
		kinds = append(kinds, b.Kind)
	}
	want := []Kind{KindProse, KindTrace, KindExample, KindProse, KindCheckpoint, KindExercise, KindProbe, KindMisconception, KindExplain, KindSources}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("block kinds (-want +got):\n%s", diff)
	}
	if got := l.Blocks[4].Checkpoint.Correct(); got != 0 {
		t.Errorf("correct option = %d, want 0", got)
	}
	if got, want := l.Blocks[4].Level, 3; got != want {
		t.Errorf("checkpoint heading level = %d, want %d (under an h2)", got, want)
	}
	if diff := cmp.Diff([]Heading{{"first-section", "First section"}, {"practice", "Practice"}}, l.Outline); diff != "" {
		t.Errorf("outline (-want +got):\n%s", diff)
	}
	if got := string(l.Blocks[0].Prose); !strings.Contains(got, "<table>") || !strings.Contains(got, "<em>prose</em>") {
		t.Errorf("prose HTML lacks the table or emphasis: %s", got)
	}
	if got, want := l.Blocks[1].Trace.Text, "arrival   10:00:00.000\nprefill   10:00:05.900"; got != want {
		t.Errorf("trace text = %q, want %q", got, want)
	}
	if got, want := l.Blocks[2].Example.Title, "Worked example"; got != want {
		t.Errorf("example title default = %q, want %q", got, want)
	}
}

// TestParseProblems covers every message the parser gives, with its line.
func TestParseProblems(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		edit func(string) string
		want []string
	}{
		{"no front matter", func(s string) string { return strings.TrimPrefix(s, "---\n") },
			[]string{`f.md:1: a lesson file must start with front matter: a line "---", the fields, and a closing "---" line`}},
		{"front matter not closed", func(s string) string { return strings.Replace(s, "minutes: 10\n---\n", "minutes: 10\n", 1) },
			[]string{`f.md:1: a lesson file must start with front matter: a line "---", the fields, and a closing "---" line`}},
		{"front matter bad yaml", replace("title: A lesson", "title: [A lesson"),
			[]string{"f.md:5: front matter is not valid YAML: did not find expected ',' or ']'"}},
		{"front matter not a mapping", func(s string) string {
			return "---\n- a list\n---\n" + s[strings.Index(s, "## First"):]
		}, []string{"f.md:2: front matter must be a mapping of fields (key: value)"}},
		{"missing field", replace("minutes: 10\n", ""),
			[]string{`f.md:2: front matter is missing the required field "minutes"`}},
		{"empty field", replace("goal: Learn one thing well.", "goal: \"\""),
			[]string{`f.md:6: front matter field "goal" is empty`}},
		{"field is a list", replace("title: A lesson", "title: [a, b]"),
			[]string{`f.md:5: front matter field "title" must be text, not a list or mapping`}},
		{"minutes not a number", replace("minutes: 10", "minutes: ten"),
			[]string{`f.md:7: front matter field "minutes" must be a whole number from 1 to 240, not "ten"`}},
		{"minutes out of range", replace("minutes: 10", "minutes: 0"),
			[]string{`f.md:7: front matter field "minutes" must be a whole number from 1 to 240, not "0"`}},
		{"bad slug", replace("slug: a-lesson", "slug: A Lesson"),
			[]string{`f.md:4: front matter field "slug" must be lowercase letters, digits and single hyphens (at most 80), not "A Lesson"`}},
		{"unknown field", replace("minutes: 10\n", "minutes: 10\nauthor: me\n"),
			[]string{`f.md:8: front matter has an unknown field "author" (allowed: course, goal, minutes, position, slug, title)`}},
		{"duplicate field", replace("minutes: 10\n", "minutes: 10\ntitle: Again\n"),
			[]string{`f.md:8: front matter has the field "title" twice`}},
		{"h1 in body", replace("## First section", "# First section"),
			[]string{"f.md:10: a level-1 heading (#) is not allowed in the body: the lesson title is the page's only h1, so start sections with ##"}},
		{"heading skips a level", replace("## First section", "### First section"),
			[]string{"f.md:10: heading level jumps from h1 to h3: use h2 here"}},
		{"unknown block type", replace("```yaml explain", "```yaml quiz"),
			[]string{"f.md:84: unknown block type \"quiz\": use one of " + strings.Join(structuredKindNames(), ", ")}},
		{"duplicate key", replace("key: back", "key: first"),
			[]string{`f.md:84: duplicate key "first": line 33 already uses it, and keys must be unique within a lesson`}},
		{"block inside a list", replace("## Practice\n", "## Practice\n\n- item\n\n  ```yaml explain\n  key: nested\n  prompt: p\n  ```\n"),
			[]string{`f.md:35: a "explain" block must start at the left margin, not inside a list or quote`}},
		{"block bad yaml", replace("prompt: Explain it.", "prompt: [Explain it."),
			[]string{"f.md:86: explain block is not valid YAML: did not find expected ',' or ']'"}},
		{"block not a mapping", replace("key: back\nprompt: Explain it.", "- a list"),
			[]string{"f.md:85: explain block must be a mapping of fields (key: value)"}},
		{"block missing key", replace("key: back\n", ""),
			[]string{`f.md:85: explain block is missing the required field "key"`}},
		{"block unknown field", replace("prompt: Explain it.", "prompt: Explain it.\nhint: no"),
			[]string{`f.md:87: explain "back" has an unknown field "hint" (allowed: key, prompt)`}},
		{"no correct option", replace("    correct: true\n", ""),
			[]string{`f.md:34: checkpoint "first" has no correct option: mark exactly one with "correct: true"`}},
		{"two correct options", replace("  - text: That one\n", "  - text: That one\n    correct: true\n"),
			[]string{`f.md:40: checkpoint "first" has 2 correct options (lines 37, 40): mark exactly one with "correct: true"`}},
		{"one option", replace("  - text: That one\n    explanation: Because it is not.\n", ""),
			[]string{`f.md:37: checkpoint "first" field "options" needs at least 2 item(s), has 1`}},
		{"seven options", replace("    explanation: Because it is not.\n", "    explanation: Because it is not.\n"+strings.Repeat("  - text: More\n    explanation: No.\n", 5)),
			[]string{`f.md:50: checkpoint "first" has 7 options; at most 6 are allowed`}},
		{"option without explanation", replace("    explanation: Because it is not.\n", ""),
			[]string{`f.md:40: checkpoint "first" option B is missing the required field "explanation"`}},
		{"correct not a bool", replace("    correct: true", "    correct: yes please"),
			[]string{`f.md:34: checkpoint "first" has no correct option: mark exactly one with "correct: true"`,
				`f.md:38: checkpoint "first" option A field "correct" must be true or false, not "yes please"`}},
		{"question with two paragraphs", replace("question: Which is right?", "question: |\n  Which\n\n  is right?"),
			[]string{`f.md:35: checkpoint "first" field "question" must be a single paragraph: it is shown inside a label`}},
		{"options not a list", replace("options:\n  - text: This one\n    correct: true\n    explanation: Because it is.\n  - text: That one\n    explanation: Because it is not.\n", "options: none\n"),
			[]string{`f.md:36: checkpoint "first" field "options" must be a list (lines starting with "- ")`}},
		{"rubric missing a criterion", replace("  failure_case:\n    description: Names the trap.\n", ""),
			[]string{`f.md:49: exercise "ex" rubric is missing the "failure_case" criterion: a rubric needs all four of result, reasoning, failure_case and verification`}},
		{"rubric extra criterion", replace("    description: Could be disproved.\n", "    description: Could be disproved.\n  style:\n    description: Nice.\n"),
			[]string{`f.md:57: exercise "ex" rubric has an unknown field "style" (allowed: failure_case, reasoning, result, verification)`}},
		{"no rubric", func(s string) string {
			i := strings.Index(s, "model_solution: The thing, done.\n") + len("model_solution: The thing, done.\n")
			j := strings.Index(s, "    description: Could be disproved.\n") + len("    description: Could be disproved.\n")
			return s[:i] + s[j:]
		}, []string{`f.md:45: exercise "ex" is missing the required field "rubric"`}},
		{"criterion without description", replace("    description: Shows the step.\n", "    text: Shows the step.\n"),
			[]string{`f.md:52: exercise "ex" rubric reasoning is missing the required field "description"`,
				`f.md:52: exercise "ex" rubric reasoning has an unknown field "text" (allowed: any, description, rejects, requires)`}},
		{"criterion names an undefined concept", replace("    description: Shows the step.\n", "    description: Shows the step.\n    requires: [because]\n"),
			// On the line that names it, not the block's first.
			[]string{`f.md:53: exercise "ex": reasoning names the concept "because" in "requires", which is not defined under concepts`}},
		{"bad evidence class", replace("evidence_class: recommended", "evidence_class: strong"),
			[]string{`f.md:62: probe "pr" field "evidence_class" must be one of required, recommended, optional, not "strong"`}},
		{"weak indicator not text", replace("  - Restarting everything.", "  - {a: b}"),
			[]string{`f.md:66: probe "pr": each weak indicator must be a line of text`}},
		{"no weak indicators", replace("weak_indicators:\n  - Restarting everything.\n", "weak_indicators: []\n"),
			[]string{`f.md:65: probe "pr" field "weak_indicators" needs at least 1 item(s), has 0`}},
		{"bad source url", replace("url: https://example.com/a", "url: example.com/a"),
			[]string{`f.md:94: sources "refs" item 1 field "url" must be an absolute http or https address, not "example.com/a"`}},
		{"javascript source url", replace("url: https://example.com/a", "url: javascript:alert(1)"),
			[]string{`f.md:94: sources "refs" item 1 field "url" must be an absolute http or https address, not "javascript:alert(1)"`}},
		{"trace without text", replace("text: |\n  arrival   10:00:00.000\n  prefill   10:00:05.900\n", ""),
			[]string{`f.md:19: trace "slow-request" is missing the required field "text"`}},
		{"empty body", func(s string) string { return s[:strings.Index(s, "## First")] },
			[]string{"f.md:9: the lesson has no content after the front matter"}},
		{"not utf-8", func(s string) string { return s + "\xff" },
			[]string{"f.md:96: this line is not valid UTF-8 text (byte 0xFF at column 1): save the file as UTF-8"}},
		{"too large", func(s string) string { return s + strings.Repeat("x", MaxFileSize) },
			[]string{"f.md: file is " + itoa(len(validLesson(t))+MaxFileSize) + " bytes; a lesson file may be at most 524288"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			src := tt.edit(validLesson(t))
			_, err := Parse("f.md", []byte(src))
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

func replace(old, new string) func(string) string {
	return func(s string) string {
		if !strings.Contains(s, old) {
			panic("test edit does not apply: " + old)
		}
		return strings.Replace(s, old, new, 1)
	}
}

func TestRenderedHTMLIsSafe(t *testing.T) {
	t.Parallel()
	src := replace("Some *prose*", `<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)> Some *prose*`)(validLesson(t))
	src = replace("claim: Percentiles add.", `claim: "<svg onload=alert(1)>Percentiles add."`)(src)
	l, err := Parse("f.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range l.Blocks {
		for _, h := range []HTML{b.Prose, misconceptionClaim(b)} {
			for _, bad := range []string{"<script", "javascript:", "onerror", "onload", "<svg", "<img"} {
				if strings.Contains(strings.ToLower(string(h)), bad) {
					t.Errorf("rendered HTML contains %q: %s", bad, h)
				}
			}
		}
	}
}

func misconceptionClaim(b Block) HTML {
	if b.Misconception == nil {
		return ""
	}
	return b.Misconception.Claim
}

// FuzzParse holds the parser to its promises on any input: it returns a
// lesson or problems (never both missing, never a panic), every problem
// names the file and a line inside it, and whatever it renders is inert.
// Seeds: the valid and hostile lessons and the small broken files.
func FuzzParse(f *testing.F) {
	f.Add(validLesson(f))
	f.Add(string(hostileLesson(f)))
	f.Add("---\ncourse: a\n---\n```yaml checkpoint\nkey: k\n```\n")
	f.Add("---\n---\n")
	for _, b := range brokenFiles(f) {
		if len(b.src) <= 8<<10 {
			f.Add(b.src)
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		l, err := Parse("fuzz.md", []byte(src))
		if err == nil && l == nil {
			t.Fatal("no lesson and no error")
		}
		if err != nil {
			ps, ok := err.(Problems)
			if !ok || len(ps) == 0 {
				t.Fatalf("error is not a non-empty Problems: %v", err)
			}
			lines := strings.Count(src, "\n") + strings.Count(src, "\r") + 2
			for _, p := range ps {
				if p.File != "fuzz.md" || p.Line < 0 || p.Line > lines {
					t.Fatalf("problem %q is not at a line of fuzz.md (%d lines)", p, lines)
				}
			}
			return
		}
		var fields []HTML
		htmlFields(reflect.ValueOf(l), &fields)
		for _, h := range fields {
			if bad := unsafeMarkup(t, string(h)); len(bad) > 0 {
				t.Fatalf("rendered %q:\n%s", bad, h)
			}
		}
	})
}
