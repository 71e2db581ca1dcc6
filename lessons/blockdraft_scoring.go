package lessons

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// Scoring is the exercise's or probe's automatic scoring as saving the
// draft would store it: the draft is written as its block's YAML and read
// back by the parser's own rubric reader, so that trying an answer against
// a form not yet saved scores it exactly as the saved block will. The
// parser's other problems (a blank prompt, a missing description) are
// not reported here: saving reports them, beside their fields, and they
// do not change a score. The error is the cues' own (*grading.CompileError:
// an unknown concept, a bad pattern), which leaves nothing to score with.
func (d BlockDraft) Scoring() (*Scoring, error) {
	if !d.Kind.Scored() {
		return nil, fmt.Errorf("a %s is not scored", d.Kind)
	}
	text, _ := d.YAML()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil || len(doc.Content) == 0 {
		// YAML() writes strings, lists and mappings only.
		return nil, fmt.Errorf("the draft's YAML cannot be read: %v", err)
	}
	var ignored Problems
	f := newFields(reporter{file: "form", problems: &ignored}, 0, fmt.Sprintf("%s %q", d.Kind, d.Key), doc.Content[0])
	_, s := parseRubric(f)
	model, question := "model_solution", "prompt"
	if d.Kind == KindProbe {
		model, question = "strong_answer", "question"
	}
	s.Model, _ = f.str(model, false)
	s.Question, _ = f.str(question, false)
	s.showLearner()
	if err := s.Rubric.Check(); err != nil {
		return nil, err
	}
	return s, nil
}
