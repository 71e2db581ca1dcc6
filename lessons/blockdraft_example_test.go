package lessons_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/practicum-dev/practicum/lessons"
)

// TestAppendExample: a reviewed answer is added after a block's last
// example, with only its own lines added to the block's text.
func TestAppendExample(t *testing.T) {
	t.Parallel()
	ex := lessons.ExampleDraft{Answer: "The cache went cold.\n\n# Not a heading, a line of the answer.", Scores: [4]int{1, 0, 1, 0},
		Note: "Added from a review."}
	head := "key: cold-cache\nquestion: What first?\n"
	for _, tc := range []struct {
		name, yaml string
		number     int
		// before and after are the block's lines before and after the new
		// example's, as written.
		before, after string
	}{
		{
			name:   "after the last example, the last field",
			yaml:   head + "examples:\n  - answer: |\n      First answer\n      # its own line\n    scores: {result: 1, reasoning: 1, failure_case: 1, verification: 1}\n",
			before: head + "examples:\n  - answer: |\n      First answer\n      # its own line\n    scores: {result: 1, reasoning: 1, failure_case: 1, verification: 1}\n",
			number: 2,
		},
		{
			name:   "examples in the middle, indented otherwise, a comment before the next field",
			yaml:   head + "# the examples\nexamples:\n- answer: One # trailing\n  scores: {result: 0, reasoning: 0, failure_case: 0, verification: 0}\n\n# the rubric next\nrubric: {}\n",
			before: head + "# the examples\nexamples:\n- answer: One # trailing\n  scores: {result: 0, reasoning: 0, failure_case: 0, verification: 0}\n",
			after:  "\n# the rubric next\nrubric: {}\n",
			number: 2,
		},
		{
			name:   "no examples yet",
			yaml:   head + "rubric: {}\n",
			before: head + "rubric: {}\nexamples:\n",
			number: 1,
		},
		{
			name:   "an empty examples field",
			yaml:   head + "examples:\nrubric: {}\n",
			before: head + "examples:\n",
			after:  "rubric: {}\n",
			number: 1,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, n, err := lessons.AppendExample(tc.yaml, ex)
			if err != nil {
				t.Fatal(err)
			}
			if n != tc.number {
				t.Errorf("number %d, want %d", n, tc.number)
			}
			if !strings.HasPrefix(got, tc.before) || !strings.HasSuffix(got, tc.after) {
				t.Fatalf("the block's own lines changed:\n%s", got)
			}
			d, err := lessons.DecodeBlockDraft(lessons.KindProbe, got)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Examples) != tc.number {
				t.Fatalf("%d examples, want %d:\n%s", len(d.Examples), tc.number, got)
			}
			got1 := d.Examples[n-1]
			got1.Answer = strings.TrimSuffix(got1.Answer, "\n") // a literal block's last newline
			if diff := cmp.Diff(ex, got1); diff != "" {
				t.Errorf("the new example (-want +got):\n%s\n%s", diff, got)
			}
		})
	}
	if _, _, err := lessons.AppendExample(head+"examples: []\n", ex); err == nil {
		t.Error("a flow list of examples was written into")
	}
}

// TestAppendExampleToShippedItems: every shipped exercise and probe takes
// one more example, and its lesson still parses with it.
func TestAppendExampleToShippedItems(t *testing.T) {
	t.Parallel()
	ex := lessons.ExampleDraft{Answer: "I would restart every replica at once.", Note: "A reviewed answer."}
	for _, lf := range shipped(t) {
		parts, err := lessons.SplitSource(lf.Source)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range lessons.SourceBlocks(parts.Body) {
			if !b.Kind.Scored() {
				continue
			}
			text, n, err := lessons.AppendExample(b.YAML, ex)
			if err != nil {
				t.Fatalf("%s %s: %v", lf.Path, b.Key, err)
			}
			p := parts
			if p.Body, _, err = lessons.ReplaceBlock(p.Body, b.Key, text); err != nil {
				t.Fatal(err)
			}
			l, err := lessons.Parse(lf.Path, p.Bytes())
			if err != nil {
				t.Fatalf("%s %s with the example: %v", lf.Path, b.Key, err)
			}
			item, _ := l.Item(b.Key)
			if s := item.ItemScoring(); len(s.Examples) != n || s.Examples[n-1].Answer != ex.Answer {
				t.Errorf("%s %s: %d examples, want the new one as %d", lf.Path, b.Key, len(s.Examples), n)
			}
		}
	}
}
