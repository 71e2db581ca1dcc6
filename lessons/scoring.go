package lessons

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/practicum-dev/practicum/grading"
)

// Scoring is an exercise's or probe's automatic scoring: the concepts and
// rules the scorer uses, and the calibration examples it must agree with.
type Scoring struct {
	Rubric   *grading.Rubric   `json:"rubric"`
	Examples []grading.Example `json:"examples,omitempty"`
	// Model is the model solution or strong answer as written: a labelled
	// answer that earns all four points.
	Model string `json:"model,omitempty"`
	// Question is the item's prompt or question as written: learners
	// restate it, so coverage checks no ruled-out move matches it. It
	// reaches scores only as the rubric's Shown (showLearner), which is
	// stored and fingerprinted with the rubric.
	Question string `json:"-"`
	// Scenario is the prose of the item's section before it, as plain
	// text: where a lesson sets the scene for its probe, learners restate
	// that too. Like Question, it reaches scores only as Shown.
	Scenario string `json:"-"`
	// Lesson is the prose of the whole lesson the item is in, as plain
	// text: learners read all of it, and its teaching sections explain the
	// mechanism and the traps, so a long run of it pasted is not their
	// answer. It reaches scores only as the rubric's Taught.
	Lesson string `json:"-"`

	labelledOnce sync.Once
	labelled     *grading.LabelledSet
	learnerOnce  sync.Once
	learner      *grading.Rubric
}

// showLearner gives the rubric what the learner reads before answering —
// the question and the scene before it (grading.Rubric.Shown), and the
// lesson's prose (Rubric.Taught) — so that a long run of it copied into
// an answer earns nothing. Call it once all three are known, before any
// answer is graded.
func (s *Scoring) showLearner() {
	s.Rubric.Shown = nil
	for _, text := range []string{s.Question, s.Scenario} {
		if strings.TrimSpace(text) != "" {
			s.Rubric.Shown = append(s.Rubric.Shown, text)
		}
	}
	s.Rubric.Taught = nil
	if strings.TrimSpace(s.Lesson) != "" {
		s.Rubric.Taught = []string{s.Lesson}
	}
}

// Labelled is the item's own labelled answers: its calibration examples
// and its model answer.
func (s *Scoring) Labelled() []grading.Labelled {
	out := make([]grading.Labelled, 0, len(s.Examples)+1)
	for _, ex := range s.Examples {
		out = append(out, grading.Labelled{Text: ex.Answer, Scores: ex.Scores, Source: "example"})
	}
	if strings.TrimSpace(s.Model) != "" {
		all := map[grading.Criterion]int{}
		for _, c := range grading.Criteria {
			all[c] = 1
		}
		out = append(out, grading.Labelled{Text: s.Model, Scores: all, Source: "model"})
	}
	return out
}

// Grade scores a learner's answer with both opinions: the cues, and the
// item's labelled answers plus reviewed ones (reviewers' decisions on this
// revision), which may be nil.
func (s *Scoring) Grade(answer string, reviewed *grading.LabelledSet) (grading.Score, error) {
	return s.forLearners().GradeWith(answer, s.labelledSet(), reviewed)
}

// Explain scores an answer as Grade does and says, concept by concept, why:
// for authors trying answers.
func (s *Scoring) Explain(answer string, reviewed *grading.LabelledSet) (grading.Explanation, error) {
	return s.forLearners().Explain(answer, s.labelledSet(), reviewed)
}

// forLearners is the rubric learners' answers are graded with: the item's
// own, with what a learner is shown once an answer is scored — the model
// answer, and the descriptions the feedback quotes — revealed, so that
// pasting them back earns nothing (grading.Rubric.Revealed). The author's
// texts (examples, the model answer itself) are graded with s.Rubric.
func (s *Scoring) forLearners() *grading.Rubric {
	s.learnerOnce.Do(func() {
		r := s.Rubric
		revealed := []string{}
		if strings.TrimSpace(s.Model) != "" {
			revealed = append(revealed, s.Model)
		}
		s.learner = &grading.Rubric{Concepts: r.Concepts, Phrases: r.Phrases, Rules: r.Rules, Shown: r.Shown, Taught: r.Taught, Revealed: revealed}
	})
	return s.learner
}

func (s *Scoring) labelledSet() *grading.LabelledSet {
	s.labelledOnce.Do(func() {
		answers := s.Labelled()
		s.labelled = grading.NewLabelledSet(answers).WithEvidence(s.Rubric, answers)
	})
	return s.labelled
}

// parseScoring reads `concepts`, the cue fields of each rubric criterion
// and `examples`. rf is the block's rubric mapping, already checked for
// its four criteria.
func parseScoring(f *fields, criteria map[grading.Criterion]*fields) *Scoring {
	s := &Scoring{Rubric: &grading.Rubric{Concepts: map[string][]string{}}}
	if n := f.lookup("concepts"); n != nil {
		for _, c := range readConcepts(f.r, f.base, f.what, n) {
			s.Rubric.Concepts[c.Name] = c.Patterns
			if c.Phrase != "" {
				if s.Rubric.Phrases == nil {
					s.Rubric.Phrases = map[string]string{}
				}
				s.Rubric.Phrases[c.Name] = c.Phrase
			}
		}
	}
	for i, c := range grading.Criteria {
		rule := grading.Rule{Criterion: c}
		if cf := criteria[c]; cf != nil {
			rule.Description, _ = cf.str("description", false)
			rule.Requires = optionalList(cf, "requires")
			rule.Any = optionalList(cf, "any")
			rule.Rejects = optionalList(cf, "rejects")
		}
		s.Rubric.Rules[i] = rule
	}
	if err := s.Rubric.Check(); err != nil {
		ce := err.(*grading.CompileError)
		// A name no concept has is reported on the line that names it;
		// the other problems, with the concepts.
		for _, u := range ce.Undefined {
			cf := criteria[u.Criterion]
			f.r.at(cf.line(cf.lookup(u.List)), "%s: %s names the concept %q in %q, which is not defined under concepts", f.what, u.Criterion, u.Name, u.List)
		}
		line := f.startLine()
		if n := f.lookup("concepts"); n != nil {
			line = f.line(n)
		}
		for _, p := range ce.Problems {
			f.r.at(line, "%s: %s", f.what, p)
		}
	}
	if n := f.lookup("examples"); n != nil {
		if n.Kind != yaml.SequenceNode {
			f.r.at(f.line(n), "%s field \"examples\" must be a list", f.what)
		} else {
			for i, item := range n.Content {
				if ex, ok := parseExample(f, item, i+1); ok {
					s.Examples = append(s.Examples, ex)
				}
			}
		}
	}
	return s
}

func parseExample(f *fields, n *yaml.Node, number int) (grading.Example, bool) {
	ef := newFields(f.r, f.base, fmt.Sprintf("%s example %d", f.what, number), n)
	if !ef.ok {
		return grading.Example{}, false
	}
	answer, _ := ef.str("answer", true)
	note, _ := ef.str("note", false)
	ex := grading.Example{Answer: answer, Note: note, Line: ef.startLine(), Scores: map[grading.Criterion]int{}}
	if sf := ef.mapping("scores", ef.what+" scores"); sf != nil && sf.ok {
		for _, c := range grading.Criteria {
			v, line := sf.str(string(c), true)
			switch v {
			case "0", "1":
				ex.Scores[c], _ = strconv.Atoi(v)
			case "":
			default:
				f.r.at(line, "%s score for %s must be 0 or 1, not %q", ef.what, c, v)
			}
		}
		sf.done()
	}
	ef.done()
	return ex, answer != "" && len(ex.Scores) == 4
}

func optionalList(f *fields, key string) []string {
	n := f.lookup(key)
	if n == nil {
		return nil
	}
	return stringList(f, n, "field "+quote(key))
}

func stringList(f *fields, n *yaml.Node, what string) []string {
	if n.Kind != yaml.SequenceNode {
		f.r.at(f.line(n), "%s %s must be a list", f.what, what)
		return nil
	}
	var out []string
	for _, item := range n.Content {
		if item.Kind != yaml.ScalarNode || item.Value == "" {
			f.r.at(f.line(item), "%s %s: each entry must be text", f.what, what)
			continue
		}
		out = append(out, item.Value)
	}
	return out
}

// Disagreement is one criterion of one calibration example on which the
// scorer does not give the score the example's author expects: a value,
// so that editors can place it beside the example and the checkbox that
// cause it without reading it back out of a message.
type Disagreement struct {
	File string
	Line int // the file line the example starts on
	// Kind and Key name the exercise or probe.
	Kind Kind
	Key  string
	// Example numbers the item's calibration examples from 1, in the order
	// of its examples list.
	Example int
	// Field is the path of the expected score in the block's YAML, such
	// as "examples.2.scores.result" (see BlockDraft.YAML's field names),
	// or "examples.2" when the example could not be scored at all.
	Field string
	// Criterion is the criterion disagreed on; empty when the example
	// could not be scored.
	Criterion     grading.Criterion
	Expected, Got int
	// Why is the scorer's reason for the point it gave or withheld, in
	// the concepts' names (the cues), or why it could not score the
	// example.
	Why string
	// Quotes are the words of the answer the decision rests on: what
	// earned the point, or the move that denied it.
	Quotes []string
}

// Message says what the disagreement is, without where.
func (d Disagreement) Message() string {
	if d.Criterion == "" {
		return fmt.Sprintf("%s %q example %d: %s", d.Kind, d.Key, d.Example, d.Why)
	}
	return fmt.Sprintf("%s %q example %d: scorer gives %s %d, the example expects %d (%s)",
		d.Kind, d.Key, d.Example, d.Criterion, d.Got, d.Expected, d.Why)
}

// Problem is the disagreement as import --check reports it.
func (d Disagreement) Problem() Problem {
	return Problem{File: d.File, Line: d.Line, Msg: d.Message()}
}

// Calibration is every disagreement in a lesson or a set of lessons, in
// file order.
type Calibration []Disagreement

// Problems are the disagreements as file problems.
func (c Calibration) Problems() Problems {
	ps := make(Problems, len(c))
	for i, d := range c {
		ps[i] = d.Problem()
	}
	return ps
}

// Item is the disagreements of the exercise or probe keyed key.
func (c Calibration) Item(key string) Calibration {
	var out Calibration
	for _, d := range c {
		if d.Key == key {
			out = append(out, d)
		}
	}
	return out
}

// Examples counts the examples with at least one disagreement.
func (c Calibration) Examples() int {
	seen := map[[2]string]bool{}
	for _, d := range c {
		seen[[2]string{d.Key, strconv.Itoa(d.Example)}] = true
	}
	return len(seen)
}

// Calibrate grades every calibration example in the lesson on the cues and
// reports each criterion on which the scorer disagrees with the score its
// author expects, at the example's line.
func Calibrate(file string, l *Lesson) Calibration {
	var out Calibration
	for _, b := range l.Blocks {
		s := b.ItemScoring()
		if s == nil {
			continue
		}
		for i, ex := range s.Examples {
			d := Disagreement{File: file, Line: ex.Line, Kind: b.Kind, Key: b.Key, Example: i + 1}
			got, err := s.Rubric.Grade(ex.Answer)
			if err != nil {
				d.Field, d.Why = fmt.Sprintf("examples.%d", i+1), err.Error()
				out = append(out, d)
				continue
			}
			for _, c := range got.Criteria {
				want := ex.Scores[c.Criterion]
				if g := boolToInt(c.Awarded); g != want {
					d := d
					d.Field = fmt.Sprintf("examples.%d.scores.%s", i+1, c.Criterion)
					d.Criterion, d.Expected, d.Got, d.Why = c.Criterion, want, g, c.Cues
					if d.Why == "" {
						d.Why = c.Rationale
					}
					for _, e := range c.Evidence {
						d.Quotes = append(d.Quotes, e.Quote)
					}
					out = append(out, d)
				}
			}
		}
	}
	return out
}

// ItemScoring returns an exercise's or probe's automatic scoring, or nil.
func (b Block) ItemScoring() *Scoring {
	switch {
	case b.Exercise != nil:
		return b.Exercise.Scoring
	case b.Probe != nil:
		return b.Probe.Scoring
	}
	return nil
}

// ScoringRubric returns the cues of an exercise or probe block.
func (b Block) ScoringRubric() *grading.Rubric {
	if s := b.ItemScoring(); s != nil {
		return s.Rubric
	}
	return nil
}

func boolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// SameScoring reports whether two versions of an item's scoring score
// every answer alike and explain it in the same words: the same concepts,
// criteria (their cues and descriptions), calibration examples (answers
// and expected scores) and model answer. Where an example sits in its
// file, and the note beside it, do not count. Re-scoring answers after a
// revision is offered only where this is false.
func SameScoring(a, b *Scoring) bool {
	if a == nil || b == nil {
		return a == b
	}
	return bytes.Equal(a.fingerprint(), b.fingerprint())
}

// fingerprint is what of the scoring decides scores, as JSON (which sorts
// map keys, so equal scorings give equal bytes).
func (s *Scoring) fingerprint() []byte {
	type example struct {
		Answer string
		Scores map[grading.Criterion]int
	}
	// The lesson's prose (Rubric.Taught) is left out: it only unreads
	// long pasted runs, and a typo fixed in a lesson should not offer to
	// re-score every item in it.
	type rubric struct {
		Concepts map[string][]string `json:"concepts,omitempty"`
		Phrases  map[string]string   `json:"phrases,omitempty"`
		Rules    [4]grading.Rule     `json:"rules"`
		Shown    []string            `json:"shown,omitempty"`
	}
	v := struct {
		Rubric   *rubric
		Examples []example
		Model    string
	}{Model: s.Model}
	if r := s.Rubric; r != nil {
		v.Rubric = &rubric{r.Concepts, r.Phrases, r.Rules, r.Shown}
	}
	for _, ex := range s.Examples {
		v.Examples = append(v.Examples, example{ex.Answer, ex.Scores})
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // plain data: cannot fail
	}
	return b
}
