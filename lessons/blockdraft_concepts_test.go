package lessons_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/practicum-dev/practicum/lessons"
)

type draft = lessons.ConceptDraft

// TestParseConceptsText: the block form's concept field reads what a
// lesson file's concepts mapping holds, as a file writes it, and patterns
// written on bare lines.
func TestParseConceptsText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		text     string
		want     []lessons.ConceptDraft
		problems []string
	}{
		{
			name: "bare lines, CRLF, blank lines and a comment",
			text: "version-comparison:\r\n  long prompt|long input + version|release\r\n  old and new + long\r\n\r\n# why\r\ncausal-link:\r\n because|since\r\n",
			want: []draft{
				{Name: "version-comparison", Patterns: []string{"long prompt|long input + version|release", "old and new + long"}},
				{Name: "causal-link", Patterns: []string{"because|since"}},
			},
		},
		{
			name: "- pattern lines, as FORMAT.md and lesson files write them",
			text: "version-comparison:\n  - long prompt|long input + version|release\n  - old and new + long\ncausal-link:\n  - because|since\n",
			want: []draft{
				{Name: "version-comparison", Patterns: []string{"long prompt|long input + version|release", "old and new + long"}},
				{Name: "causal-link", Patterns: []string{"because|since"}},
			},
		},
		{
			name: "an alternative taken as written",
			text: "probe-kind:\n  - =readiness|=ready + probe\n",
			want: []draft{{Name: "probe-kind", Patterns: []string{"=readiness|=ready + probe"}}},
		},
		{
			name: "pasted with its concepts: line and indentation",
			text: "concepts:\n  # name: list of patterns\n  version-comparison:\n    - long prompt + version\n  causal-link:\n    - because|since\n",
			want: []draft{
				{Name: "version-comparison", Patterns: []string{"long prompt + version"}},
				{Name: "causal-link", Patterns: []string{"because|since"}},
			},
		},
		{
			name: "both kinds of line in one concept, unindented",
			text: "cold-cache:\n- cache + cold\ncache + empty|miss*\n",
			want: []draft{{Name: "cold-cache", Patterns: []string{"cache + cold", "cache + empty|miss*"}}},
		},
		{
			name: "quoted patterns and comments after them, as YAML reads them",
			text: "not-the-version:\n  - \"not|isn't + version\"   # the trap\n  - 'rather than + release'\n  instead of + deploy*  # bare, the comment dropped too\n",
			want: []draft{{Name: "not-the-version", Patterns: []string{"not|isn't + version", "rather than + release", "instead of + deploy*"}}},
		},
		{
			name: "a flow list on the name's line",
			text: "causal-link: [because, since, so]\nclock: ['15:30 + start']\n",
			want: []draft{
				{Name: "causal-link", Patterns: []string{"because", "since", "so"}},
				{Name: "clock", Patterns: []string{"15:30 + start"}},
			},
		},
		{
			name: "the long form, with its phrase and patterns",
			text: "version-comparison:\n  phrase: compare long-prompt latency on each version\n  patterns:\n    - long prompt + version\n    - old and new + long\n",
			want: []draft{{Name: "version-comparison", Phrase: "compare long-prompt latency on each version",
				Patterns: []string{"long prompt + version", "old and new + long"}}},
		},
		{
			name: "a phrase line among bare lines, the form's earlier way",
			text: "cap-bulk:\n  phrase: limit the bulk tenant\n  cap|limit + bulk\n  shed + bulk\n",
			want: []draft{{Name: "cap-bulk", Phrase: "limit the bulk tenant", Patterns: []string{"cap|limit + bulk", "shed + bulk"}}},
		},
		{
			name: "the long form without a phrase",
			text: "cap-bulk:\n  patterns: [cap + bulk]\n",
			want: []draft{{Name: "cap-bulk", Patterns: []string{"cap + bulk"}}},
		},
		{
			name: "a pattern's spacing is tidied, a time in it is not a name",
			text: "clock:\n  at   15:30 +  start\n",
			want: []draft{{Name: "clock", Patterns: []string{"at 15:30 + start"}}},
		},
		{
			name: "a name indented like a pattern still starts a concept",
			text: "cold-cache:\n  cache + cold\n  causal-link:\n  because\n",
			want: []draft{{Name: "cold-cache", Patterns: []string{"cache + cold"}}, {Name: "causal-link", Patterns: []string{"because"}}},
		},
		{name: "empty", text: " \n\n"},
		{
			name:     "a pattern before any concept",
			text:     "long prompt + version\nversion:\n  release\n",
			want:     []draft{{Name: "version", Patterns: []string{"release"}}},
			problems: []string{`line 1: a pattern must follow a concept's name: start with a line such as "version-comparison:"`},
		},
		{
			name: "a concept without patterns, a duplicate and a spaced name",
			text: "a:\nb:\n  x\nb:\n  y\nnot a name:\n",
			want: []draft{{Name: "a"}, {Name: "b", Patterns: []string{"x"}}, {Name: "b", Patterns: []string{"y"}}},
			problems: []string{
				`line 1: the concept "a" has no patterns: put one pattern on each line after its name`,
				`line 4: the concept "b" is defined twice (first on line 2)`,
				`line 6: "not a name:" looks like a concept name but has spaces: a name is lowercase letters, digits and hyphens`,
			},
		},
		{
			name:     "a name a file refuses",
			text:     "Cold_Cache:\n  - cache + cold\n",
			want:     []draft{{Name: "Cold_Cache", Patterns: []string{"cache + cold"}}},
			problems: []string{`line 1: concept name "Cold_Cache" must be lowercase letters, digits and hyphens`},
		},
		{
			name:     "a misspelt field of the long form",
			text:     "cap-bulk:\n  phrse: limit the bulk tenant\n  - cap + bulk\n",
			want:     []draft{{Name: "cap-bulk", Patterns: []string{"cap + bulk"}}},
			problems: []string{`line 2: concept "cap-bulk" has an unknown field "phrse" (allowed: patterns, phrase)`},
		},
		{
			name:     "a pattern that is not text",
			text:     "cold-cache:\n  - cache: cold\n  - cache + empty\n",
			want:     []draft{{Name: "cold-cache", Patterns: []string{"cache + empty"}}},
			problems: []string{`line 2: concept "cold-cache": each pattern must be a line of text`},
		},
		{
			name:     "patterns on the name's line and below it",
			text:     "causal-link: [because]\n  - since\n",
			want:     []draft{{Name: "causal-link", Patterns: []string{"since"}}},
			problems: []string{`line 1: the concept "causal-link" has patterns both on its name's line and below it: write them one way`},
		},
		{
			name:     "an unclosed quote",
			text:     "cold-cache:\n  - \"cache + cold\n",
			problems: []string{`line 2: this line is not read as YAML reads it: found unexpected end of stream`},
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

// TestConceptFieldAcceptsWhatFilesAccept: every shipped exercise's and
// probe's concepts mapping, pasted from its file as written (comments,
// long forms and all), reads in the form exactly as the file reads it;
// and the form's own text, put in a file, parses there to the same.
func TestConceptFieldAcceptsWhatFilesAccept(t *testing.T) {
	t.Parallel()
	n := 0
	for _, lf := range shipped(t) {
		parts, err := lessons.SplitSource(lf.Source)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range lessons.SourceBlocks(parts.Body) {
			if !b.Kind.Scored() {
				continue
			}
			d, err := lessons.DecodeBlockDraft(b.Kind, b.YAML)
			if err != nil {
				t.Fatal(err)
			}
			pasted, problems := lessons.ParseConceptsText(conceptsSection(t, b.YAML))
			if len(problems) > 0 {
				t.Errorf("%s %s pasted: %v", lf.Path, b.Key, problems)
			}
			if diff := cmp.Diff(d.Concepts, pasted); diff != "" {
				t.Errorf("%s %s pasted from the file (-file +form):\n%s", lf.Path, b.Key, diff)
			}
			written, problems := lessons.ParseConceptsText(lessons.ConceptsText(d.Concepts))
			if len(problems) > 0 {
				t.Errorf("%s %s written: %v", lf.Path, b.Key, problems)
			}
			for i := range written {
				written[i].Phrase = d.Concepts[i].Phrase // the form edits phrases apart
			}
			if diff := cmp.Diff(d.Concepts, written); diff != "" {
				t.Errorf("%s %s as the form writes it (-file +form):\n%s", lf.Path, b.Key, diff)
			}
			n++
		}
	}
	if n < 5 {
		t.Fatalf("only %d items checked", n)
	}
}

// conceptsSection is the "concepts:" line of a block's YAML and every line
// under it, exactly as the file has them.
func conceptsSection(t *testing.T, blockYAML string) string {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(blockYAML), &doc); err != nil {
		t.Fatal(err)
	}
	m := doc.Content[0]
	lines := strings.Split(blockYAML, "\n")
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value != "concepts" {
			continue
		}
		end := len(lines)
		if i+2 < len(m.Content) {
			end = m.Content[i+2].Line - 1
		}
		return strings.Join(lines[m.Content[i].Line-1:end], "\n")
	}
	t.Fatal("no concepts")
	return ""
}
