// Package lessons is the course content model: the lesson file format, its
// parser and the Markdown rendering that turns a file into safe HTML once,
// when it is imported or saved. It knows nothing of HTTP or the database.
package lessons

import "github.com/practicum-dev/practicum/grading"

// HTML is markup produced by this package's Markdown renderer and sanitizer.
// Only this package creates values of it from author text.
type HTML string

// Course is a course.yaml file.
type Course struct {
	Slug    string `json:"slug"`
	Title   string `json:"title"`
	Summary string `json:"summary"`
}

// Lesson is one parsed lesson file: its front matter and its blocks in the
// order the author wrote them, with every Markdown field already rendered.
type Lesson struct {
	Course   string    `json:"course"`
	Position int       `json:"position"`
	Slug     string    `json:"slug"`
	Title    string    `json:"title"`
	Goal     string    `json:"goal"`
	Minutes  int       `json:"minutes"`
	Outline  []Heading `json:"outline"`
	Blocks   []Block   `json:"blocks"`
}

// Heading is a section heading, kept for the lesson's table of contents.
type Heading struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// Block is one piece of a lesson. Exactly one of the kind-specific fields is
// set, matching Kind. Level is the heading level a structured block's own
// heading takes so that headings on the page never skip a level.
type Block struct {
	Kind  Kind   `json:"kind"`
	Key   string `json:"key,omitempty"`
	Level int    `json:"level,omitempty"`
	// Ordinal counts blocks of the same kind from 1 ("Checkpoint 2 of 5").
	Ordinal int `json:"ordinal,omitempty"`

	Prose         HTML           `json:"prose,omitempty"`
	Checkpoint    *Checkpoint    `json:"checkpoint,omitempty"`
	Exercise      *Exercise      `json:"exercise,omitempty"`
	Probe         *Probe         `json:"probe,omitempty"`
	Explain       *Explain       `json:"explain,omitempty"`
	Example       *Example       `json:"example,omitempty"`
	Trace         *Trace         `json:"trace,omitempty"`
	Misconception *Misconception `json:"misconception,omitempty"`
	Sources       *Sources       `json:"sources,omitempty"`
}

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

// Example is a worked example.
type Example struct {
	Title string `json:"title"`
	Body  HTML   `json:"body"`
}

// Trace is a request timeline or log excerpt, shown verbatim.
type Trace struct {
	Caption string `json:"caption"`
	Text    string `json:"text"`
}

// Misconception is a wrong belief and its correction.
type Misconception struct {
	Claim      HTML `json:"claim"`
	Correction HTML `json:"correction"`
}

// Sources lists the references behind a lesson.
type Sources struct {
	Note  HTML     `json:"note,omitempty"`
	Items []Source `json:"items"`
}

// Source is one reference.
type Source struct {
	Title     string `json:"title"`
	Publisher string `json:"publisher"`
	URL       string `json:"url"`
}

// Count returns how many blocks of kind k the lesson has.
func (l *Lesson) Count(k Kind) int {
	n := 0
	for _, b := range l.Blocks {
		if b.Kind == k {
			n++
		}
	}
	return n
}

// Item returns the structured block with the given key.
func (l *Lesson) Item(key string) (Block, bool) {
	for _, b := range l.Blocks {
		if b.Key == key && b.Kind != KindProse {
			return b, true
		}
	}
	return Block{}, false
}
