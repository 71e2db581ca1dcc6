package views

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
)

// MaxOptions is how many option fieldsets a checkpoint form shows.
const MaxOptions = 6

// BlockFields is a checkpoint, exercise or probe form's text as the author
// last sent it, or as it was filled from the lesson.
type BlockFields struct {
	Key, Title, Question, Prompt, ModelSolution string
	EvidenceClass, StrongAnswer, FollowUp       string
	WeakIndicators                              string // one per line
	Concepts                                    string // lessons.ConceptsText's format
	Options                                     [MaxOptions]OptionFields
	Correct                                     int // 1-based; 0 when none is chosen
	Rubric                                      [4]CriterionFields
	// TimeLimit and FollowUps are a probe's for mock interviews; the
	// follow-ups in grading.Criteria order.
	TimeLimit string
	FollowUps [4]string
	// Phrases are the learner-facing phrases of the concepts the
	// concept field names, in its order.
	Phrases []PhraseFields
	// Examples are the calibration examples; the last one is the blank
	// "New example" (or more, when the author asked for another).
	Examples []ExampleFields
	// NewExamples is how many of Examples, at the end, are new.
	NewExamples int
}

// PhraseFields is one concept's learner-facing phrase.
type PhraseFields struct{ Concept, Phrase string }

// FieldPhrase is the name of a concept's phrase field.
func FieldPhrase(concept string) string { return "phrase-" + concept }

// OptionFields is one checkpoint option.
type OptionFields struct{ Text, Explanation string }

// CriterionFields is one rubric criterion; the cues are comma-separated
// concept names.
type CriterionFields struct{ Description, Requires, Any, Rejects string }

// ExampleFields is one calibration example.
type ExampleFields struct {
	Answer, Note string
	Earns        [4]bool // in grading.Criteria order
}

// BlockFormView is the page of one structured block's form.
type BlockFormView struct {
	Course      lessons.Course
	Lesson      string // slug
	LessonTitle string
	Kind        lessons.Kind
	// Key is the block's key in the lesson, which its address uses; empty
	// for a new block.
	Key    string
	Base   int // the revision number the form was filled from
	Fields BlockFields
	// Errors holds messages by field name (see the Field* helpers); the
	// empty name is about the block as a whole.
	Errors map[string]string
	// Elsewhere lists problems the save found outside this block.
	Elsewhere []string
	// NoChanges: the author saved the block as the lesson already has it.
	NoChanges bool
	// Saved is the revision just saved from this form, which the scorer
	// still disagrees with.
	Saved int
	// TextSaved is the revision the lesson editor saved the author's text
	// as before opening this form.
	TextSaved int
	// Unsaved: the form shows text the author sent that was not saved
	// (refused, or only shown again), so leaving the page loses it.
	Unsaved bool
	// Calibration holds, by example number (1-based), where the scorer
	// disagrees with the example's expected scores in the newest revision.
	Calibration map[int]lessons.Calibration
	Conflict    *BlockConflict
	// Try is the answer being tried against the cues, and its result.
	Try TryView
	// Calibrate is the file of scored answers measured against the cues.
	Calibrate CalibrationUpload
	// Coverage lists what the calibration examples leave untested, for
	// the cues the page shows: advice that never blocks a save.
	Coverage []lessons.Warning
	// Rescore is the item's latest re-scoring of existing answers, if it
	// has had one.
	Rescore *RescoreView
}

// BlockConflict is a save refused because someone saved a newer revision
// after the form was opened.
type BlockConflict struct {
	Base, Number int
	Author       string // empty for an import from files
	At           time.Time
	// Diff compares the newer revision with what saving this form over it
	// would write.
	Diff []lessons.DiffLine
	// Gone: the newer revision no longer has this block.
	Gone bool
}

// Form field names, shared by the handlers that read them.
func FieldOption(n int, part string) string { return "option-" + strconv.Itoa(n) + "-" + part }
func FieldCriterion(c grading.Criterion, part string) string {
	return "rubric-" + string(c) + "-" + part
}

// FieldFollowUp is the name of a probe's follow-up field for criterion c.
func FieldFollowUp(c grading.Criterion) string { return "follow_up-" + string(c) }

func FieldExample(n int, part string) string { return "example-" + strconv.Itoa(n) + "-" + part }

// Error slots of the groups: one per option, criterion and example.
func GroupOption(n int) string                  { return "option-" + strconv.Itoa(n) }
func GroupCriterion(c grading.Criterion) string { return "rubric-" + string(c) }
func GroupExample(n int) string                 { return "example-" + strconv.Itoa(n) }

func (v BlockFormView) heading() string {
	if v.Key == "" {
		return "New " + v.Kind.Noun()
	}
	return "Edit " + v.Kind.Noun() + " " + v.Key
}

func (v BlockFormView) title() string {
	if len(v.Errors) > 0 || len(v.Elsewhere) > 0 || v.Conflict != nil {
		return "Error: " + v.heading()
	}
	return v.heading()
}

func (v BlockFormView) action() string {
	if v.Key == "" {
		return NewBlockURL(v.Course.Slug, v.Lesson, v.Kind)
	}
	return BlockFormURL(v.Course.Slug, v.Lesson, v.Key)
}

// errorFields lists the fields with errors in form order, for the summary.
func (v BlockFormView) errorFields() []string {
	order := []string{"", "key", "title", "question", "prompt", "model_solution", "evidence_class", "strong_answer",
		"follow_up", "time_limit"}
	for _, c := range grading.Criteria {
		order = append(order, FieldFollowUp(c))
	}
	order = append(order, "weak_indicators", "options", "correct")
	for n := 1; n <= MaxOptions; n++ {
		order = append(order, GroupOption(n))
	}
	order = append(order, "concepts", "phrases", "rubric")
	for _, c := range grading.Criteria {
		order = append(order, GroupCriterion(c))
	}
	order = append(order, "examples")
	for n := 1; n <= len(v.Fields.Examples); n++ {
		order = append(order, GroupExample(n))
	}
	var out []string
	for _, f := range order {
		if v.Errors[f] != "" {
			out = append(out, f)
		}
	}
	return out
}

// errorTarget is where a summary entry links: the field, or its group.
func errorTarget(field string) string {
	switch field {
	case "":
		return "#block-form"
	case "options", "correct", "rubric", "examples", "phrases":
		return "#" + field + "-group"
	}
	return "#" + field
}

// describedBy joins the ids of a control's hint and error, in page order.
func blockDescribedBy(id string, hint bool, msg string) string {
	var ids []string
	if hint {
		ids = append(ids, hintID(id))
	}
	if msg != "" {
		ids = append(ids, errorID(id))
	}
	return strings.Join(ids, " ")
}

func (v BlockFormView) calibrationCount() int { return len(v.calibrationExamples()) }

// calibrationExamples are the numbers of the examples the scorer
// disagrees with, in order.
func (v BlockFormView) calibrationExamples() []int {
	var out []int
	for n, ds := range v.Calibration {
		if len(ds) > 0 {
			out = append(out, n)
		}
	}
	sort.Ints(out)
	return out
}

// disagreement is the scorer's disagreement with example n on c.
func (v BlockFormView) disagreement(n int, c grading.Criterion) (lessons.Disagreement, bool) {
	for _, d := range v.Calibration[n] {
		if d.Criterion == c {
			return d, true
		}
	}
	return lessons.Disagreement{}, false
}

// exampleSummary names the criteria an example disagrees on.
func exampleSummary(ds lessons.Calibration) string {
	var names []string
	for _, d := range ds {
		if d.Criterion == "" {
			return "the scorer could not score it"
		}
		names = append(names, strings.ToLower(d.Criterion.Label()))
	}
	return "disagrees on " + strings.Join(names, ", ")
}

func conflictText(c BlockConflict) string {
	who := c.Author
	if who == "" {
		who = "an import from files"
	}
	return fmt.Sprintf("Revision %d was saved by %s on %s, after you opened revision %d. Nothing of yours was saved.", c.Number, who, when(c.At), c.Base)
}

func exampleLegend(f BlockFields, n int) string {
	if n > len(f.Examples)-f.NewExamples {
		if f.NewExamples == 1 {
			return "New example"
		}
		return "New example " + strconv.Itoa(n-(len(f.Examples)-f.NewExamples))
	}
	return "Example " + strconv.Itoa(n)
}

func earnsLabel(c grading.Criterion) string { return "Earns " + strings.ToLower(c.Label()) }

func optionLegend(n int) string { return "Option " + optionLetter(n-1) }

// phrases are the phrase fields the form shows: for each concept a
// criterion requires (all of or one of), the only ones feedback names,
// and any other that has a phrase, so that none is dropped.
func (v BlockFormView) phrases() []PhraseFields {
	required := map[string]bool{}
	for _, r := range v.Fields.Rubric {
		for _, list := range []string{r.Requires, r.Any} {
			for _, name := range strings.Split(list, ",") {
				required[strings.TrimSpace(name)] = true
			}
		}
	}
	var out []PhraseFields
	for _, p := range v.Fields.Phrases {
		if required[p.Concept] || strings.TrimSpace(p.Phrase) != "" {
			out = append(out, p)
		}
	}
	return out
}

func phrasesWritten(ps []PhraseFields) int {
	n := 0
	for _, p := range ps {
		if strings.TrimSpace(p.Phrase) != "" {
			n++
		}
	}
	return n
}
