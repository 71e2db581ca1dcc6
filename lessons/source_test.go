package lessons_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/content"
)

func shipped(t *testing.T) []lessons.LessonFile {
	t.Helper()
	courses, err := lessons.Load(content.FS, "content")
	if err != nil {
		t.Fatal(err)
	}
	var out []lessons.LessonFile
	for _, c := range courses {
		out = append(out, c.Lessons...)
	}
	return out
}

// Splitting a lesson for its editor and joining it back unchanged must give
// the file byte for byte: otherwise every save would be a spurious revision.
func TestSplitSourceRoundTrip(t *testing.T) {
	t.Parallel()
	for _, lf := range shipped(t) {
		parts, err := lessons.SplitSource(lf.Source)
		if err != nil {
			t.Fatalf("%s: %v", lf.Path, err)
		}
		if parts.Front.Slug != lf.Lesson.Slug || parts.Front.Minutes != lf.Lesson.Minutes {
			t.Errorf("%s: front matter read as %+v", lf.Path, parts.Front)
		}
		if got := string(parts.Bytes()); got != string(lf.Source) {
			t.Errorf("%s: split and joined, the file changed:\n%s", lf.Path, cmp.Diff(string(lf.Source), got))
		}
	}
}

func TestChangedFrontMatterIsRewritten(t *testing.T) {
	t.Parallel()
	lf := shipped(t)[0]
	parts, _ := lessons.SplitSource(lf.Source)
	parts.Front.Title = "Read a timeline: first steps"
	src := parts.Bytes()
	l, err := lessons.Parse("edited.md", src)
	if err != nil {
		t.Fatal(err)
	}
	if l.Title != "Read a timeline: first steps" {
		t.Errorf("title = %q", l.Title)
	}
	if !strings.HasSuffix(string(src), parts.Body) {
		t.Error("the body changed when only the front matter did")
	}
}

// Every checkpoint, exercise and probe of the shipped course, opened in its
// form and saved unchanged, must parse to the same item: the form loses
// nothing the file says.
func TestBlockDraftRoundTrip(t *testing.T) {
	t.Parallel()
	for _, lf := range shipped(t) {
		parts, _ := lessons.SplitSource(lf.Source)
		for _, sb := range lessons.SourceBlocks(parts.Body) {
			if !sb.Kind.HasForm() {
				continue
			}
			d, err := lessons.DecodeBlockDraft(sb.Kind, sb.YAML)
			if err != nil {
				t.Fatalf("%s %s: %v", lf.Path, sb.Key, err)
			}
			text, _ := d.YAML()
			body, _, err := lessons.ReplaceBlock(parts.Body, sb.Key, text)
			if err != nil {
				t.Fatal(err)
			}
			parts2 := parts
			parts2.Body = body
			l, err := lessons.Parse(lf.Path, parts2.Bytes())
			if err != nil {
				t.Fatalf("%s %s: re-written block does not parse: %v\n%s", lf.Path, sb.Key, err, text)
			}
			before, _ := lf.Lesson.Item(sb.Key)
			after, _ := l.Item(sb.Key)
			if diff := cmp.Diff(asJSON(t, before), asJSON(t, after)); diff != "" {
				t.Errorf("%s %s: the form changed the item (-file +form):\n%s", lf.Path, sb.Key, diff)
			}
		}
	}
}

// asJSON compares items as stored, without example line numbers, which move
// when a block is re-laid out.
func asJSON(t *testing.T, b lessons.Block) string {
	if s := b.ScoringRubric(); s != nil {
		var scoring *lessons.Scoring
		if b.Exercise != nil {
			scoring = b.Exercise.Scoring
		} else {
			scoring = b.Probe.Scoring
		}
		for i := range scoring.Examples {
			scoring.Examples[i].Line = 0
		}
	}
	out, err := json.MarshalIndent(b, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestFieldAtPlacesProblems(t *testing.T) {
	t.Parallel()
	d := lessons.BlockDraft{Kind: lessons.KindCheckpoint, Key: "k", Question: "Q?",
		Options: []lessons.OptionDraft{{Text: "a", Explanation: "because\nof this"}, {Text: "b", Correct: true, Explanation: "yes"}}}
	text, fieldAt := d.YAML()
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		t.Logf("%2d %-10s %s", i+1, fieldAt(i+1), line)
	}
	for _, c := range []struct {
		contains, field string
	}{{"question:", "question"}, {"- text: b", "options.2"}, {"of this", "options.1"}, {"key:", "key"}} {
		for i, line := range lines {
			if strings.Contains(line, c.contains) {
				if got := fieldAt(i + 1); got != c.field {
					t.Errorf("line %d %q: field %q, want %q", i+1, line, got, c.field)
				}
			}
		}
	}
}

func TestInsertBlockBeforeSources(t *testing.T) {
	t.Parallel()
	body := "## Intro\n\nText.\n\n```yaml sources\nkey: sources\nitems:\n  - title: T\n    publisher: p\n    url: https://example.com/\n```\n"
	got, at := lessons.InsertBlock(body, lessons.KindExplain, "key: new\nprompt: Say it back.\n")
	want := "## Intro\n\nText.\n\n```yaml explain\nkey: new\nprompt: Say it back.\n```\n\n```yaml sources\n"
	if !strings.HasPrefix(got, want) {
		t.Errorf("got\n%s", got)
	}
	if !strings.HasPrefix(got[at:], "```yaml explain\n") {
		t.Errorf("the new block's offset %d points at %q", at, got[at:])
	}
	end, at := lessons.InsertBlock("## Intro\n\nText.\n", lessons.KindExplain, "key: new\nprompt: P\n")
	if want := "## Intro\n\nText.\n\n```yaml explain\nkey: new\nprompt: P\n```\n"; end != want || at != len("## Intro\n\nText.\n\n") {
		t.Errorf("got %q at %d, want %q", end, at, want)
	}
}

func TestDescribeChanges(t *testing.T) {
	t.Parallel()
	lf := shipped(t)[2]
	parts, _ := lessons.SplitSource(lf.Source)
	edited := parts
	edited.Front.Minutes = 30
	edited.Body = strings.Replace(parts.Body, "Incident questions in interviews", "Incident questions", 1)
	edited.Body, _ = lessons.InsertBlock(edited.Body, lessons.KindExplain, "key: again\nprompt: Once more.\n")
	body, _, err := lessons.ReplaceBlock(edited.Body, "first-token-p95", "key: first-token-p95\nquestion: Q\n")
	if err != nil {
		t.Fatal(err)
	}
	edited.Body = body
	got := lessons.DescribeChanges(lf.Source, edited.Bytes())
	want := "front matter (minutes); added explain again; changed probe first-token-p95; prose"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got := lessons.DescribeChanges(nil, lf.Source); got != "new lesson" {
		t.Errorf("new lesson described as %q", got)
	}
}

func TestDiffShowsOnlyTheEdit(t *testing.T) {
	t.Parallel()
	old := "a\nb\nc\nd\ne\nf\ng\nh\n"
	new := "a\nb\nc\nd\nE\nf\ng\nh\n"
	got := lessons.Diff(old, new, 1)
	var ops []string
	for _, l := range got {
		if l.Skipped > 0 {
			ops = append(ops, "…"+strconv.Itoa(l.Skipped))
			continue
		}
		ops = append(ops, string(l.Op)+l.Text)
	}
	want := []string{"…3", " d", "-e", "+E", " f", "…2"}
	if diff := cmp.Diff(want, ops); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if lessons.Diff(old, old, 3) != nil {
		t.Error("equal texts gave a diff")
	}
}

// A code sample inside a prompt must not close the block's fence.
func TestBlockWithCodeFenceInAFieldSurvives(t *testing.T) {
	t.Parallel()
	lf := shipped(t)[0]
	parts, _ := lessons.SplitSource(lf.Source)
	d := lessons.BlockDraft{Kind: lessons.KindExercise, Key: "fenced",
		Prompt:        "Read this trace:\n\n```\nqueue 5.9 s\n```\n\nWhich stage is slow?",
		ModelSolution: "The queue."}
	for i := range d.Rubric {
		d.Rubric[i].Description = "Earns the point."
	}
	text, _ := d.YAML()
	parts.Body, _ = lessons.InsertBlock(parts.Body, lessons.KindExercise, text)
	l, err := lessons.Parse("fenced.md", parts.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	b, ok := l.Item("fenced")
	if !ok || !strings.Contains(string(b.Exercise.Prompt), "Which stage is slow?") {
		t.Errorf("the exercise with a code sample was cut short: %+v", b.Exercise)
	}
}

// A code block may be wider than the page; it must scroll by keyboard too.
func TestCodeBlocksAreFocusable(t *testing.T) {
	t.Parallel()
	src := "---\ncourse: c\nposition: 1\nslug: s\ntitle: T\ngoal: G\nminutes: 5\n---\n\n## Code\n\n```text\nwide line\n```\n"
	l, err := lessons.Parse("code.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(l.Blocks[0].Prose), `<pre tabindex="0">`) {
		t.Errorf("code block rendered as %s", l.Blocks[0].Prose)
	}
}
