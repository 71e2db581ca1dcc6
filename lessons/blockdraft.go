package lessons

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/practicum-dev/practicum/grading"
)

// BlockDraft is a checkpoint, exercise or probe as its form edits it: the
// author's raw text, before the parser checks it. Which fields apply
// depends on Kind; the others stay empty.
type BlockDraft struct {
	Kind          Kind
	Key           string
	Title         string // exercise
	Question      string // checkpoint, probe
	Prompt        string // exercise
	ModelSolution string // exercise
	EvidenceClass string // probe
	StrongAnswer  string // probe
	FollowUp      string // probe
	// TimeLimit and FollowUps are a probe's mock-interview fields
	// (interview.go), as written; FollowUps in grading.Criteria order, ""
	// for none.
	TimeLimit      string
	FollowUps      [4]string
	WeakIndicators []string
	Options        []OptionDraft // checkpoint
	Concepts       []ConceptDraft
	Rubric         [4]CriterionDraft // in grading.Criteria order
	Examples       []ExampleDraft
}

// OptionDraft is one checkpoint option.
type OptionDraft struct {
	Text, Explanation string
	Correct           bool
}

// ConceptDraft is one named concept and its patterns.
type ConceptDraft struct {
	Name     string
	Patterns []string
	// Phrase is the learner-facing words for the concept; optional.
	Phrase string
}

// CriterionDraft is what earns one rubric point and the cues that decide it.
type CriterionDraft struct {
	Description            string
	Requires, Any, Rejects []string
}

// ExampleDraft is one calibration answer with its expected scores, in
// grading.Criteria order.
type ExampleDraft struct {
	Answer, Note string
	Scores       [4]int
}

// DecodeBlockDraft reads a block's YAML into a draft for its form. It is
// lenient, as the form must open whatever the file holds; the parser
// judges the result on save.
func DecodeBlockDraft(kind Kind, text string) (BlockDraft, error) {
	d := BlockDraft{Kind: kind}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return d, fmt.Errorf("the %s block is not valid YAML: %s", kind, yamlErrorText(err))
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return d, fmt.Errorf("the %s block is not a set of fields", kind)
	}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i].Value, m.Content[i+1]
		switch k {
		case "key":
			d.Key = v.Value
		case "title":
			d.Title = v.Value
		case "question":
			d.Question = v.Value
		case "prompt":
			d.Prompt = v.Value
		case "model_solution":
			d.ModelSolution = v.Value
		case "evidence_class":
			d.EvidenceClass = v.Value
		case "strong_answer":
			d.StrongAnswer = v.Value
		case "follow_up":
			d.FollowUp = v.Value
		case "time_limit":
			d.TimeLimit = v.Value
		case "follow_ups":
			for c, q := range mapOf(v) {
				if i := criterionIndex(c); i >= 0 {
					d.FollowUps[i] = q
				}
			}
		case "weak_indicators":
			d.WeakIndicators = scalars(v)
		case "options":
			for _, o := range v.Content {
				f := mapOf(o)
				d.Options = append(d.Options, OptionDraft{Text: f["text"], Explanation: f["explanation"], Correct: f["correct"] == "true"})
			}
		case "concepts":
			for j := 0; j+1 < len(v.Content); j += 2 {
				c := ConceptDraft{Name: v.Content[j].Value}
				if cv := v.Content[j+1]; cv.Kind == yaml.MappingNode {
					for k := 0; k+1 < len(cv.Content); k += 2 {
						switch cv.Content[k].Value {
						case "phrase":
							c.Phrase = cv.Content[k+1].Value
						case "patterns":
							c.Patterns = scalars(cv.Content[k+1])
						}
					}
				} else {
					c.Patterns = scalars(cv)
				}
				d.Concepts = append(d.Concepts, c)
			}
		case "rubric":
			for j := 0; j+1 < len(v.Content); j += 2 {
				c := criterionIndex(v.Content[j].Value)
				if c < 0 {
					continue
				}
				cv := v.Content[j+1]
				for n := 0; n+1 < len(cv.Content); n += 2 {
					switch cv.Content[n].Value {
					case "description":
						d.Rubric[c].Description = cv.Content[n+1].Value
					case "requires":
						d.Rubric[c].Requires = scalars(cv.Content[n+1])
					case "any":
						d.Rubric[c].Any = scalars(cv.Content[n+1])
					case "rejects":
						d.Rubric[c].Rejects = scalars(cv.Content[n+1])
					}
				}
			}
		case "examples":
			for _, e := range v.Content {
				ex := ExampleDraft{}
				for n := 0; n+1 < len(e.Content); n += 2 {
					switch val := e.Content[n+1]; e.Content[n].Value {
					case "answer":
						ex.Answer = val.Value
					case "note":
						ex.Note = val.Value
					case "scores":
						for s, score := range mapOf(val) {
							if c := criterionIndex(s); c >= 0 {
								ex.Scores[c], _ = strconv.Atoi(score)
							}
						}
					}
				}
				d.Examples = append(d.Examples, ex)
			}
		}
	}
	return d, nil
}

func criterionIndex(name string) int {
	for i, c := range grading.Criteria {
		if string(c) == name {
			return i
		}
	}
	return -1
}

func scalars(n *yaml.Node) []string {
	var out []string
	for _, c := range n.Content {
		out = append(out, c.Value)
	}
	return out
}

func mapOf(n *yaml.Node) map[string]string {
	out := map[string]string{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		out[n.Content[i].Value] = n.Content[i+1].Value
	}
	return out
}

// YAML writes the draft in the lesson format's canonical layout. fieldAt
// maps a line of the result (1-based) to the form field it came from, such
// as "question", "options.2", "rubric.failure_case" or "examples.3", so
// that the parser's problems can be shown beside the field that caused them.
func (d BlockDraft) YAML() (text string, fieldAt func(line int) string) {
	m := &yaml.Node{Kind: yaml.MappingNode}
	add := func(key string, v *yaml.Node) { m.Content = append(m.Content, str(key), v) }
	add("key", str(d.Key))
	switch d.Kind {
	case KindCheckpoint:
		add("question", prose(d.Question))
		opts := &yaml.Node{Kind: yaml.SequenceNode}
		for _, o := range d.Options {
			om := &yaml.Node{Kind: yaml.MappingNode}
			om.Content = append(om.Content, str("text"), prose(o.Text))
			if o.Correct {
				om.Content = append(om.Content, str("correct"), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
			}
			om.Content = append(om.Content, str("explanation"), prose(o.Explanation))
			opts.Content = append(opts.Content, om)
		}
		add("options", opts)
	case KindExercise:
		if t := strings.TrimSpace(d.Title); t != "" {
			add("title", str(t))
		}
		add("prompt", prose(d.Prompt))
		add("model_solution", prose(d.ModelSolution))
	case KindProbe:
		add("question", prose(d.Question))
		add("evidence_class", str(d.EvidenceClass))
		add("strong_answer", prose(d.StrongAnswer))
		add("follow_up", prose(d.FollowUp))
		d.addInterview(add)
		add("weak_indicators", list(d.WeakIndicators, false))
	}
	if d.Kind == KindExercise || d.Kind == KindProbe {
		d.addScoring(add)
	}
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(m); err != nil { // strings, ints and bools only: cannot fail
		panic(err)
	}
	_ = enc.Close()
	text = b.String()
	var out yaml.Node
	_ = yaml.Unmarshal([]byte(text), &out)
	marks := fieldMarks(&out)
	return text, func(line int) string {
		field := ""
		for _, mk := range marks {
			if mk.line <= line {
				field = mk.field
			}
		}
		return field
	}
}

// addInterview writes a probe's time limit and follow-ups by criterion,
// the ones the author filled in.
func (d BlockDraft) addInterview(add func(string, *yaml.Node)) {
	if t := strings.TrimSpace(d.TimeLimit); t != "" {
		add("time_limit", str(t))
	}
	fm := &yaml.Node{Kind: yaml.MappingNode}
	for i, c := range grading.Criteria {
		if strings.TrimSpace(d.FollowUps[i]) != "" {
			fm.Content = append(fm.Content, str(string(c)), prose(d.FollowUps[i]))
		}
	}
	if len(fm.Content) > 0 {
		add("follow_ups", fm)
	}
}

func (d BlockDraft) addScoring(add func(string, *yaml.Node)) {
	if len(d.Concepts) > 0 {
		cm := &yaml.Node{Kind: yaml.MappingNode}
		for _, c := range d.Concepts {
			if c.Phrase == "" {
				cm.Content = append(cm.Content, str(c.Name), list(c.Patterns, false))
				continue
			}
			long := &yaml.Node{Kind: yaml.MappingNode}
			long.Content = append(long.Content, str("phrase"), str(c.Phrase), str("patterns"), list(c.Patterns, false))
			cm.Content = append(cm.Content, str(c.Name), long)
		}
		add("concepts", cm)
	}
	rm := &yaml.Node{Kind: yaml.MappingNode}
	for i, c := range grading.Criteria {
		r := d.Rubric[i]
		cm := &yaml.Node{Kind: yaml.MappingNode}
		cm.Content = append(cm.Content, str("description"), prose(r.Description))
		for _, cue := range []struct {
			name  string
			names []string
		}{{"requires", r.Requires}, {"any", r.Any}, {"rejects", r.Rejects}} {
			if len(cue.names) > 0 {
				cm.Content = append(cm.Content, str(cue.name), list(cue.names, true))
			}
		}
		rm.Content = append(rm.Content, str(string(c)), cm)
	}
	add("rubric", rm)
	if len(d.Examples) > 0 {
		es := &yaml.Node{Kind: yaml.SequenceNode}
		for _, e := range d.Examples {
			es.Content = append(es.Content, e.node())
		}
		add("examples", es)
	}
}

// node is the example as its block's YAML writes it.
func (e ExampleDraft) node() *yaml.Node {
	em := &yaml.Node{Kind: yaml.MappingNode}
	em.Content = append(em.Content, str("answer"), prose(e.Answer))
	sm := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	for i, c := range grading.Criteria {
		sm.Content = append(sm.Content, str(string(c)), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(e.Scores[i])})
	}
	em.Content = append(em.Content, str("scores"), sm)
	if note := strings.TrimSpace(e.Note); note != "" {
		em.Content = append(em.Content, str("note"), prose(note))
	}
	return em
}

type fieldMark struct {
	line  int
	field string
}

// fieldMarks lists where each form field's text starts in a block's YAML.
func fieldMarks(doc *yaml.Node) []fieldMark {
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	var marks []fieldMark
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		marks = append(marks, fieldMark{k.Line, k.Value})
		switch k.Value {
		case "options", "examples":
			for j, item := range v.Content {
				marks = append(marks, fieldMark{item.Line, k.Value + "." + strconv.Itoa(j+1)})
			}
		case "rubric", "follow_ups":
			for j := 0; j+1 < len(v.Content); j += 2 {
				marks = append(marks, fieldMark{v.Content[j].Line, k.Value + "." + v.Content[j].Value})
			}
		}
	}
	return marks
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// prose is author text: several lines are written as a literal block, so
// the file reads as the author typed it.
func prose(s string) *yaml.Node {
	s = strings.TrimRight(string(NormalizeNewlines([]byte(s))), " \t\n")
	n := str(strings.TrimLeft(s, "\n"))
	if strings.Contains(n.Value, "\n") {
		n.Value += "\n"
		n.Style = yaml.LiteralStyle
	}
	return n
}

func list(items []string, flow bool) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode}
	if flow {
		n.Style = yaml.FlowStyle
	}
	for _, it := range items {
		n.Content = append(n.Content, prose(it))
	}
	return n
}
