package views

import (
	"fmt"
	"strings"

	"github.com/practicum-dev/practicum/lessons"
)

// EditorDisagreement is a calibration disagreement as the lesson editor
// lists it.
type EditorDisagreement struct {
	lessons.Disagreement
	// BodyLine is the example's line in the editor's text, counted as the
	// editor counts it; 0 when the editor shows other text than the one
	// the disagreement was found in.
	BodyLine int
	// FormURL opens the example in its block's form; empty when the text
	// it was found in is not saved.
	FormURL string
}

// BodyProblem is a problem the parser found in the lesson text, at a line
// of the editor's text.
type BodyProblem struct {
	Line int
	Msg  string
}

// disagreementText says what the scorer and the example's author disagree
// on, for an author deciding which of them is wrong.
func disagreementText(d lessons.Disagreement) string {
	if d.Criterion == "" {
		return "The scorer could not score this example: " + d.Why
	}
	s := fmt.Sprintf("%s: the example expects %s, the scorer gives %s.", d.Criterion.Label(), pointsText(d.Expected), pointsText(d.Got))
	if d.Why != "" {
		s += " " + d.Why
	}
	return s
}

// disagreementQuotes is the answer's words the scorer's decision rests
// on, quoted, or nothing.
func disagreementQuotes(d lessons.Disagreement) string {
	if len(d.Quotes) == 0 {
		return ""
	}
	return "The scorer read: “" + strings.Join(d.Quotes, "”, “") + "”."
}

// itemExample names an example of an item in a sentence of its own.
func itemExample(d lessons.Disagreement) string {
	return fmt.Sprintf("%s %s, example %d", d.Kind.Label(), d.Key, d.Example)
}

// disagreementID is the id of one criterion's disagreement beside an
// example of the block form, which that criterion's checkbox names.
func disagreementID(n int, d lessons.Disagreement) string {
	if d.Criterion == "" {
		return GroupExample(n) + "-calibration-all"
	}
	return GroupExample(n) + "-calibration-" + string(d.Criterion)
}

// lineLink is the label of a link that moves the editor's caret to a line.
func lineLink(n int) string { return fmt.Sprintf("Line %d", n) }

// disagreements are the editor's disagreements as the lessons package
// gave them.
func disagreements(ds []EditorDisagreement) lessons.Calibration {
	out := make(lessons.Calibration, len(ds))
	for i, d := range ds {
		out[i] = d.Disagreement
	}
	return out
}

// headExamples counts the newest revision's examples the scorer disagrees
// with.
func (v LessonEditorView) headExamples() int { return disagreements(v.HeadCalibration).Examples() }
