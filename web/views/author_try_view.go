package views

import (
	"fmt"
	"strings"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
)

// TryView is an answer an author tried against the block form's cues as
// sent, saved or not.
type TryView struct {
	Answer string
	// Problem says why the answer could not be scored (the cues cannot be
	// read, or there is no answer); empty otherwise.
	Problem string
	// Explanation is the scorer's, when the answer was scored.
	Explanation *grading.Explanation
}

// CalibrationUpload is a file of scored answers measured against the
// block form's cues, and what the author sent of it.
type CalibrationUpload struct {
	// Text is what was pasted, kept in its box whatever happened.
	Text string
	// Problem is why nothing was measured: a line of the file, its size,
	// or the cues.
	Problem string
	Report  *lessons.CalibrationReport
}

// MaxDisagreementsShown bounds the disagreements a report lists.
const MaxDisagreementsShown = 200

// Field names of the try and calibration controls, which the save path
// ignores.
const (
	FieldTryAnswer       = "try_answer"
	FieldCalibrationText = "calibration_text"
	FieldCalibrationFile = "calibration_file"
)

// TryURL is where the block form sends an answer to try; CalibrateURL a
// file of scored answers. Neither saves anything.
func TryURL(course, lesson, key string, kind lessons.Kind) string {
	return blockActionURL(course, lesson, key, kind, "try")
}

func CalibrateURL(course, lesson, key string, kind lessons.Kind) string {
	return blockActionURL(course, lesson, key, kind, "calibration")
}

func blockActionURL(course, lesson, key string, kind lessons.Kind, action string) string {
	if key == "" {
		return BlockFormURL(course, lesson, "new") + "/" + action + "?kind=" + string(kind)
	}
	return BlockFormURL(course, lesson, key) + "/" + action
}

func (v BlockFormView) tryURL() string { return TryURL(v.Course.Slug, v.Lesson, v.Key, v.Kind) }
func (v BlockFormView) calibrateURL() string {
	return CalibrateURL(v.Course.Slug, v.Lesson, v.Key, v.Kind)
}

func verdictText(c grading.CriterionWhy) string {
	if c.Awarded {
		return c.Criterion.Label() + ": awarded"
	}
	return c.Criterion.Label() + ": not awarded"
}

func roleText(r grading.Role) string {
	switch r {
	case grading.Required:
		return "Required"
	case grading.OneOf:
		return "One of"
	case grading.RuledOut:
		return "Ruled out"
	}
	return string(r)
}

// traceText says what the scorer made of one concept, in a sentence.
func traceText(t grading.Trace) string {
	var s string
	switch t.Status {
	case "found":
		s = "found"
	case "framed":
		s = "found, but only named as a trap or hypothesis"
	case "conditional":
		s = "found inside an \"if\""
	case "refused":
		s = "found, turned down by the answer"
	case "negated":
		s = "found only negated"
	default:
		s = "not found"
	}
	if t.Words != "" {
		s += ": “" + t.Words + "”"
	}
	if t.Approximate {
		s += " (through a synonym or a typo)"
	}
	return s
}

func scoreSummary(s grading.Score) string {
	state := "not provisional"
	if s.Provisional {
		state = "provisional: a reviewer would confirm it"
	}
	return fmt.Sprintf("Total %d of 4 (confidence %.2f, %s).", s.Total, s.Confidence, state)
}

func ratio(x float64) string { return fmt.Sprintf("%.2f", x) }

func optionalRatio(x *float64) string {
	if x == nil {
		return "undefined"
	}
	return ratio(*x)
}

func scoredAnswers(n int) string {
	if n == 1 {
		return "1 answer"
	}
	return fmt.Sprintf("%d answers", n)
}

// shownDisagreements are the report's disagreements a page lists, with
// their concept traces.
type shownDisagreement struct {
	grading.Disagreement
	Concepts []grading.Trace
}

func shownDisagreements(r *lessons.CalibrationReport) []shownDisagreement {
	n := min(len(r.Disagreements), MaxDisagreementsShown)
	out := make([]shownDisagreement, n)
	for i := range n {
		out[i] = shownDisagreement{Disagreement: r.Disagreements[i]}
		if i < len(r.Concepts) {
			out[i].Concepts = r.Concepts[i]
		}
	}
	return out
}

func reportDisagreementText(d grading.Disagreement) string {
	s := fmt.Sprintf("%s: the file expects %s, the scorer gives %s.", d.Criterion.Label(), pointsText(d.Expected), pointsText(d.Got))
	if d.Cues != "" {
		s += " " + d.Cues
	}
	return s
}

func quotesText(quotes []string) string {
	if len(quotes) == 0 {
		return ""
	}
	return "The scorer read: “" + strings.Join(quotes, "”, “") + "”."
}

// nearMisses are the concepts of a disagreement worth showing: those not
// found, with how close they came, and those found, with their words.
func nearMisses(ts []grading.Trace) []grading.Trace {
	var out []grading.Trace
	for _, t := range ts {
		if t.NearMiss != "" || t.Words != "" {
			out = append(out, t)
		}
	}
	return out
}

func warningPrefix(w lessons.Warning) string {
	if w.Criterion == "" {
		return ""
	}
	return w.Criterion.Label() + ": "
}

func criteria() []grading.Criterion { return grading.Criteria[:] }

func joinWords(ws []string) string { return strings.Join(ws, " ") }

// evidenceQuotes quotes the words that earned a criterion, or nothing.
func evidenceQuotes(es []grading.Evidence) string {
	quotes := make([]string, len(es))
	for i, e := range es {
		quotes[i] = e.Quote
	}
	if len(quotes) == 0 {
		return ""
	}
	return "“" + strings.Join(quotes, "”, “") + "”"
}

// BlockCoverage is one item's coverage warnings, as the lesson editor
// lists them.
type BlockCoverage struct {
	Kind     lessons.Kind
	Key      string
	FormURL  string
	Warnings []lessons.Warning
}

func gapsCount(ws []lessons.Warning) string {
	if len(ws) == 1 {
		return "1 gap"
	}
	return fmt.Sprintf("%d gaps", len(ws))
}

// nearMissLabel introduces a trace's note: a near miss where the concept
// was not counted, how it was read where it was found but qualified (named
// as a trap, inside an "if").
func nearMissLabel(t grading.Trace) string {
	if t.Status == "missing" || t.Status == "negated" {
		return "Near miss: "
	}
	return "Read as: "
}

// closestText is one labelled answer the second opinion weighed: how
// close, whose, the criteria it earned and its first words.
func closestText(c grading.Closest) string {
	var earned []string
	for _, cr := range grading.Criteria {
		if c.Scores[cr] == 1 {
			earned = append(earned, strings.ToLower(cr.Label()))
		}
	}
	got := "earned none"
	if len(earned) > 0 {
		got = "earned " + strings.Join(earned, ", ")
	}
	from := map[string]string{"example": "a calibration example", "model": "the model answer", "reviewer": "a reviewer's decision"}[c.Source]
	if from == "" {
		from = "a labelled answer"
	}
	return fmt.Sprintf("Similarity %.2f, %s, %s: “%s”", c.Similarity, from, got, c.Opening)
}
