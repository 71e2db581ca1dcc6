package grading

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Rubric is what the scorer needs to grade answers to one exercise or
// probe: the concepts authors defined and, per criterion, which concepts
// earn or deny the point. It is plain data, stored with the lesson revision;
// Compile turns it into matchers.
type Rubric struct {
	Concepts map[string][]string `json:"concepts,omitempty"`
	// Phrases are authors' learner-facing words for concepts ("compare
	// long-prompt latency on each version"), used in feedback instead of
	// concept names. Optional.
	Phrases map[string]string `json:"phrases,omitempty"`
	Rules   [4]Rule           `json:"rules"`
	// Shown is what the learner was shown before answering — the item's
	// question and the scene before it — set from the lesson, never
	// authored: a long run of it copied into an answer is not the
	// learner's words (shown.go).
	Shown []string `json:"shown,omitempty"`
	// Taught is the prose of the lesson the item is in, which the learner
	// read before answering: its teaching sections explain the mechanism
	// and name the traps, so a long run of it pasted is not the
	// learner's answer either (shown.go). Set from the lesson, like Shown.
	Taught []string `json:"taught,omitempty"`
	// Revealed is what the learner is shown once an answer is scored —
	// the model answer — set for learners' answers only (lessons'
	// Scoring.Grade): with the rules' descriptions, which the feedback
	// quotes, long runs of it copied into an answer are not read either.
	// Authors' own texts (examples, the model itself) are graded without
	// it.
	Revealed []string `json:"-"`

	once     sync.Once
	compiled *compiledRubric
	err      error
	// Shown is indexed apart from the cues: the lesson parser checks the
	// cues before it knows the scene.
	shownOnce    sync.Once
	shownIndexed *shownText
}

// Rule says how one criterion is earned. A rule with no cues is never
// awarded automatically.
type Rule struct {
	Criterion Criterion `json:"criterion"`
	// Requires: every one of these concepts must be present.
	Requires []string `json:"requires,omitempty"`
	// Any: at least one of these must be present.
	Any []string `json:"any,omitempty"`
	// Rejects: any one of these present denies the point.
	Rejects []string `json:"rejects,omitempty"`
	// Description is what earns the point, in the author's words: the
	// learner-facing explanation of a verdict.
	Description string `json:"description,omitempty"`
}

func (r Rule) empty() bool { return len(r.Requires) == 0 && len(r.Any) == 0 }

// Example is a calibration answer with the score a careful human reviewer
// gives it.
type Example struct {
	Answer string            `json:"answer"`
	Scores map[Criterion]int `json:"scores"`
	Note   string            `json:"note,omitempty"`
	Line   int               `json:"line,omitempty"` // where it is in its lesson file
}

// CompileError lists problems with a rubric's cues: names no concept
// has, by where they are named (so that a lesson file can point at that
// line), and the rest as text.
type CompileError struct {
	Undefined []UndefinedConcept
	Problems  []string
}

func (e *CompileError) Error() string {
	all := make([]string, 0, len(e.Undefined)+len(e.Problems))
	for _, u := range e.Undefined {
		all = append(all, u.String())
	}
	return strings.Join(append(all, e.Problems...), "; ")
}

// UndefinedConcept is a name a criterion's list (requires, any or
// rejects) gives that no concept has.
type UndefinedConcept struct {
	Criterion Criterion
	List      string
	Name      string
}

func (u UndefinedConcept) String() string {
	return fmt.Sprintf("%s names the concept %q, which is not defined under concepts", u.Criterion, u.Name)
}

type compiledRubric struct {
	concepts map[string]*concept
	rules    [4]Rule
	needs    [4]string // each rule's needsText
	words    int       // distinct pattern words, numbered 0..words-1
}

// Check reports problems in the cues: unknown concepts, bad patterns.
func (r *Rubric) Check() error {
	_, err := r.compile()
	return err
}

// shown returns Shown, and Revealed with the rules' descriptions where
// Revealed is set (even empty: an item with no model answer still quotes
// its descriptions), indexed for finding copied runs, or nil.
func (r *Rubric) shown() *shownText {
	r.shownOnce.Do(func() {
		var descriptions []string
		if r.Revealed != nil {
			for _, rule := range r.Rules {
				descriptions = append(descriptions, rule.Description)
			}
		}
		r.shownIndexed = compileShown(r.Shown, r.Taught, r.Revealed, descriptions)
	})
	return r.shownIndexed
}

func (r *Rubric) compile() (*compiledRubric, error) {
	r.once.Do(func() { r.compiled, r.err = compileRubric(r) })
	return r.compiled, r.err
}

func compileRubric(r *Rubric) (*compiledRubric, error) {
	var problems []string
	c := &compiledRubric{concepts: map[string]*concept{}, rules: r.Rules}
	for i, rule := range r.Rules {
		c.needs[i] = needsText(rule)
	}
	names := make([]string, 0, len(r.Concepts))
	for name := range r.Concepts {
		names = append(names, name)
	}
	sort.Strings(names)
	// A wrong move is denied only on the learner's own words: synonyms
	// widen what earns a point, never what takes one away.
	positive := map[string]bool{}
	for _, rule := range r.Rules {
		for _, name := range append(append([]string{}, rule.Requires...), rule.Any...) {
			positive[name] = true
		}
	}
	ids := wordIDs{}
	for _, name := range names {
		con, err := compileConcept(name, r.Concepts[name], ids, positive[name])
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		c.concepts[name] = con
	}
	c.words = len(ids)
	var undefined []UndefinedConcept
	for _, rule := range r.Rules {
		for _, list := range []struct {
			field string
			names []string
		}{{"requires", rule.Requires}, {"any", rule.Any}, {"rejects", rule.Rejects}} {
			for _, name := range list.names {
				if _, ok := r.Concepts[name]; !ok {
					undefined = append(undefined, UndefinedConcept{Criterion: rule.Criterion, List: list.field, Name: name})
				}
			}
		}
	}
	if len(problems)+len(undefined) > 0 {
		return nil, &CompileError{Undefined: undefined, Problems: problems}
	}
	return c, nil
}
