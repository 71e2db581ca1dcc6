package lessons

import (
	"strings"
	"testing"
)

const phraseLesson = "---\ncourse: c\nposition: 1\nslug: s\ntitle: T\ngoal: G.\nminutes: 5\n---\n\n## Practice\n\n" +
	"```yaml exercise\nkey: ex\nprompt: Do the thing.\nmodel_solution: Cap the bulk tenant first.\n" +
	"concepts:\n" +
	"  cap-bulk:\n    phrase: limit the bulk tenant's long prompts\n    patterns:\n      - cap|limit + bulk\n" +
	"  plain:\n    - compare + version\n" +
	"rubric:\n  result:\n    description: Limits the bulk tenant.\n    requires: [cap-bulk]\n" +
	"  reasoning:\n    description: Compares versions.\n    requires: [plain]\n" +
	"  failure_case:\n    description: Names the trap.\n  verification:\n    description: Could be disproved.\n```\n"

// TestConceptPhrases: a concept may carry a learner-facing phrase; feedback
// uses it instead of the concept's name, and the block form keeps it.
func TestConceptPhrases(t *testing.T) {
	t.Parallel()
	l, err := Parse("phrase.md", []byte(phraseLesson))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	b, ok := l.Item("ex")
	if !ok {
		t.Fatal("no exercise")
	}
	got, err := b.ItemScoring().Grade("I would compare the two versions side by side at the same load today.", nil)
	if err != nil {
		t.Fatal(err)
	}
	if r := got.Criteria[0].Rationale; r != "Not awarded yet: the answer should also limit the bulk tenant's long prompts." {
		t.Errorf("result rationale = %q; want the author's phrase", r)
	}
	if r := got.Criteria[1].Rationale; strings.Contains(r, "plain") || !strings.Contains(r, "compares versions") {
		t.Errorf("reasoning rationale = %q; want the description's words, not the concept's name", r)
	}

	parts, err := SplitSource([]byte(phraseLesson))
	if err != nil {
		t.Fatal(err)
	}
	var d BlockDraft
	for _, sb := range SourceBlocks(parts.Body) {
		if sb.Kind == KindExercise {
			if d, err = DecodeBlockDraft(sb.Kind, sb.YAML); err != nil {
				t.Fatal(err)
			}
		}
	}
	yamlText, _ := d.YAML()
	if !strings.Contains(yamlText, "phrase: limit the bulk tenant's long prompts") {
		t.Errorf("the block written back lost the phrase:\n%s", yamlText)
	}
	// The form's concept field leaves phrases to their own fields, and
	// reads the long form with its phrase as a file does.
	if text := ConceptsText(d.Concepts); strings.Contains(text, "phrase") || !strings.Contains(text, "cap-bulk:\n  - cap|limit + bulk\n") {
		t.Errorf("form text:\n%s", text)
	}
	back, problems := ParseConceptsText("cap-bulk:\n  phrase: limit the bulk tenant's long prompts\n  patterns:\n    - cap|limit + bulk\n")
	if len(problems) > 0 || back[0].Phrase != "limit the bulk tenant's long prompts" || len(back[0].Patterns) != 1 {
		t.Errorf("read back %+v, %v", back, problems)
	}
}
