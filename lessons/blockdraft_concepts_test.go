package lessons_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/practicum-dev/practicum/lessons"
)

func TestParseConceptsText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		text     string
		want     []lessons.ConceptDraft
		problems []string
	}{
		{
			name: "two concepts, CRLF, blank lines and a comment",
			text: "version-comparison:\r\n  long prompt|long input + version|release\r\n  old and new + long\r\n\r\n# why\r\ncausal-link:\r\n because|since\r\n",
			want: []lessons.ConceptDraft{
				{Name: "version-comparison", Patterns: []string{"long prompt|long input + version|release", "old and new + long"}},
				{Name: "causal-link", Patterns: []string{"because|since"}},
			},
		},
		{
			name: "a pattern's spacing is tidied, a time in it is not a name",
			text: "clock:\n  at   15:30 +  start\n",
			want: []lessons.ConceptDraft{{Name: "clock", Patterns: []string{"at 15:30 + start"}}},
		},
		{name: "empty", text: " \n\n"},
		{
			name:     "a pattern before any concept",
			text:     "long prompt + version\nversion:\n  release\n",
			want:     []lessons.ConceptDraft{{Name: "version", Patterns: []string{"release"}}},
			problems: []string{`line 1: a pattern must follow a concept's name: start with a line such as "version-comparison:"`},
		},
		{
			name: "a concept without patterns, a duplicate and a spaced name",
			text: "a:\nb:\n  x\nb:\n  y\nnot a name:\n",
			want: []lessons.ConceptDraft{{Name: "a"}, {Name: "b", Patterns: []string{"x"}}, {Name: "b", Patterns: []string{"y"}}},
			problems: []string{
				`line 4: the concept "b" is already defined on line 2`,
				`line 6: "not a name:" looks like a concept name but has spaces: a name is lowercase letters, digits and hyphens`,
				`line 1: the concept "a" has no patterns: put one pattern on each line after its name`,
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, problems := lessons.ParseConceptsText(tc.text)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("concepts (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.problems, problems); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

// Every shipped exercise's and probe's concepts survive the form's text
// format unchanged.
func TestConceptsTextRoundTrip(t *testing.T) {
	t.Parallel()
	for _, lf := range shipped(t) {
		parts, err := lessons.SplitSource(lf.Source)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range lessons.SourceBlocks(parts.Body) {
			if b.Kind != lessons.KindExercise && b.Kind != lessons.KindProbe {
				continue
			}
			d, err := lessons.DecodeBlockDraft(b.Kind, b.YAML)
			if err != nil {
				t.Fatal(err)
			}
			got, problems := lessons.ParseConceptsText(lessons.ConceptsText(d.Concepts))
			if len(problems) > 0 {
				t.Errorf("%s %s: %v", lf.Path, b.Key, problems)
			}
			if diff := cmp.Diff(d.Concepts, got); diff != "" {
				t.Errorf("%s %s (-decoded +round trip):\n%s", lf.Path, b.Key, diff)
			}
		}
	}
}
