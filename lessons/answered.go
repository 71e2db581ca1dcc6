package lessons

// The blocks learners answer: their content and how each is parsed.
// Display-only blocks are in blocks.go.

import (
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/practicum-dev/practicum/grading"
)

// Checkpoint is a multiple-choice question with one correct option.
type Checkpoint struct {
	Question HTML     `json:"question"`
	Options  []Option `json:"options"`
}

// Correct returns the index of the correct option.
func (c *Checkpoint) Correct() int {
	for i, o := range c.Options {
		if o.Correct {
			return i
		}
	}
	return -1
}

// Option is one answer to a checkpoint, with why it is right or wrong.
type Option struct {
	Text        HTML `json:"text"`
	Correct     bool `json:"correct,omitempty"`
	Explanation HTML `json:"explanation"`
}

// Exercise is a free-response task with a model solution and a rubric.
type Exercise struct {
	Title         string   `json:"title"`
	Prompt        HTML     `json:"prompt"`
	ModelSolution HTML     `json:"model_solution"`
	Rubric        Rubric   `json:"rubric"`
	Scoring       *Scoring `json:"scoring"`
}

// Probe is an interview question, answered and scored like an exercise.
type Probe struct {
	Question       HTML     `json:"question"`
	EvidenceClass  string   `json:"evidence_class"`
	StrongAnswer   HTML     `json:"strong_answer"`
	FollowUp       HTML     `json:"follow_up"`
	WeakIndicators []HTML   `json:"weak_indicators"`
	Rubric         Rubric   `json:"rubric"`
	Scoring        *Scoring `json:"scoring"`
	// TimeLimit is the authored time_limit, 0 when none was written (see
	// Limit); FollowUps the follow-ups written per criterion the answer
	// may miss (see FollowUpAfter). Both serve mock interviews
	// (interview.go).
	TimeLimit time.Duration              `json:"time_limit,omitempty"`
	FollowUps map[grading.Criterion]HTML `json:"follow_ups,omitempty"`
}

// EvidenceClasses are the values a probe's evidence_class may take, from
// most to least strongly supported by the lesson.
var EvidenceClasses = []string{"required", "recommended", "optional"}

// Rubric holds the four criteria in grading.Criteria order.
type Rubric [4]RubricCriterion

// RubricCriterion is what earns one rubric point.
type RubricCriterion struct {
	Criterion   grading.Criterion `json:"criterion"`
	Description HTML              `json:"description"`
}

// Explain is an explain-it-back prompt, answered with a confidence rating.
type Explain struct {
	Prompt HTML `json:"prompt"`
}

// Confidence levels for explain-it-back answers and free responses.
var ConfidenceLevels = []string{"Not yet", "Getting there", "Confident"}

func parseCheckpoint(f *fields) *Checkpoint {
	c := &Checkpoint{Question: inline(f, "question")}
	items := f.list("options", 2)
	if len(items) > 6 {
		f.r.at(f.line(items[6]), "%s has %d options; at most 6 are allowed", f.what, len(items))
	}
	var correct []int
	for i, item := range items {
		of := newFields(f.r, f.base, f.what+" option "+string(rune('A'+i)), item)
		if !of.ok {
			continue
		}
		o := Option{Text: inline(of, "text"), Correct: of.boolean("correct"), Explanation: markdown(of, "explanation")}
		if o.Correct {
			correct = append(correct, of.line(item))
		}
		of.done()
		c.Options = append(c.Options, o)
	}
	switch {
	case len(items) == 0:
	case len(correct) == 0:
		f.r.at(f.startLine(), "%s has no correct option: mark exactly one with \"correct: true\"", f.what)
	case len(correct) > 1:
		f.r.at(correct[1], "%s has %d correct options (lines %s): mark exactly one with \"correct: true\"", f.what, len(correct), joinInts(correct))
	}
	return c
}

func parseProbe(f *fields) *Probe {
	p := &Probe{Question: inline(f, "question")}
	class, line := f.str("evidence_class", true)
	if class != "" && !slices.Contains(EvidenceClasses, class) {
		f.r.at(line, "%s field \"evidence_class\" must be one of %s, not %q", f.what, strings.Join(EvidenceClasses, ", "), class)
	}
	p.EvidenceClass = class
	p.StrongAnswer = markdown(f, "strong_answer")
	p.FollowUp = markdown(f, "follow_up")
	parseInterview(f, p)
	for _, item := range f.list("weak_indicators", 1) {
		if item.Kind != yaml.ScalarNode || strings.TrimSpace(item.Value) == "" {
			f.r.at(f.line(item), "%s: each weak indicator must be a line of text", f.what)
			continue
		}
		if !fieldLength(f, "weak_indicators", item) {
			continue
		}
		p.WeakIndicators = append(p.WeakIndicators, renderField(item.Value))
	}
	p.Rubric, p.Scoring = parseRubric(f)
	p.Scoring.Model, _ = f.str("strong_answer", false)
	p.Scoring.Question, _ = f.str("question", false)
	return p
}

// parseRubric requires exactly the four criteria, each with a description,
// and reads the scoring cues and calibration examples beside them.
func parseRubric(f *fields) (Rubric, *Scoring) {
	var rub Rubric
	criteria := map[grading.Criterion]*fields{}
	rf := f.mapping("rubric", f.what+" rubric")
	if rf == nil || !rf.ok {
		return rub, parseScoring(f, criteria)
	}
	for i, c := range grading.Criteria {
		rub[i].Criterion = c
		n := rf.lookup(string(c))
		if n == nil {
			f.r.at(rf.startLine(), "%s is missing the %q criterion: a rubric needs all four of result, reasoning, failure_case and verification", rf.what, c)
			continue
		}
		cf := newFields(f.r, f.base, rf.what+" "+string(c), n)
		desc, _ := cf.str("description", true)
		rub[i].Description = renderField(desc)
		criteria[c] = cf
	}
	scoring := parseScoring(f, criteria)
	for _, cf := range criteria {
		cf.done()
	}
	rf.done()
	return rub, scoring
}
