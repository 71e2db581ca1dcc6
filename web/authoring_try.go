package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/web/views"
)

// An author tries answers and measures files of scored answers against
// the block form's cues as typed, saved or not: both addresses take the
// whole form, build the item from its fields as saving would (blockDraft,
// then lessons.BlockDraft.Scoring), and save nothing.

// tryAnswer scores the form's "Try an answer" against its cues. The
// script sends fragment=1 and gets the result alone; the "Try this
// answer" button gets the form page again, everything typed intact.
func (s *Server) tryAnswer(w http.ResponseWriter, r *http.Request) error {
	br, err := readBlockRequest(r)
	if err != nil {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	answer := formText(r, views.FieldTryAnswer)
	if r.PostFormValue("fragment") == "1" {
		// The result alone: no page around it, so no read of the lesson.
		kind := br.kind
		if br.key != "" {
			kind = readKind(r)
		}
		if !kind.Scored() {
			return errNotFound
		}
		sc, problem := formScoring(readBlockFields(r, kind), kind)
		return s.render(w, r, views.TryResult(tryResult(sc, problem, answer)))
	}
	v, sc, problem, err := s.sentBlockForm(r, br)
	if err != nil {
		return err
	}
	v.Try = tryResult(sc, problem, answer)
	if v.Try.Problem != "" {
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.AuthorBlock(v))
	}
	return s.render(w, r, views.AuthorBlock(v))
}

// tryResult explains answer on sc, or says why it cannot.
func tryResult(sc *lessons.Scoring, problem, answer string) views.TryView {
	t := views.TryView{Answer: answer}
	switch n := utf8.RuneCountInString(answer); {
	case problem != "":
		t.Problem = problem
	case strings.TrimSpace(answer) == "":
		t.Problem = "Type an answer in the box to see how the scorer reads it."
	case n > progress.MaxAnswer:
		t.Problem = fmt.Sprintf("The answer is %d characters long; a learner's answer may be at most %d.", n, progress.MaxAnswer)
	default:
		ex, err := sc.Explain(answer, nil)
		if err != nil {
			t.Problem = "The answer could not be scored: " + err.Error()
			break
		}
		t.Explanation = &ex
	}
	return t
}

// formScoring is the item the form's fields describe, or, when its cues
// cannot be read, why nothing can be scored.
func formScoring(f views.BlockFields, kind lessons.Kind) (*lessons.Scoring, string) {
	draft, _, problems := blockDraft(f, kind)
	if msg := problems["concepts"]; msg != "" {
		return nil, "The concepts can't be read, so nothing was scored: " + strings.ReplaceAll(msg, "\n", " ")
	}
	sc, err := draft.Scoring()
	if err != nil {
		return nil, "The cues can't be used, so nothing was scored: " + err.Error() + "."
	}
	return sc, ""
}

// sentBlockForm is the form page for what was sent to try or measure, as
// saveBlock shows a form it did not save, with the coverage of the sent
// examples; and the item its fields describe, or why there is none.
func (s *Server) sentBlockForm(r *http.Request, br blockRequest) (views.BlockFormView, *lessons.Scoring, string, error) {
	var v views.BlockFormView
	base, err := strconv.Atoi(r.PostFormValue("base"))
	if err != nil {
		return v, nil, "", errBadForm
	}
	d, err := s.catalog.Draft(r.Context(), br.course, br.lesson)
	if err != nil {
		return v, nil, "", err
	}
	parts, err := lessons.SplitSource(d.Source)
	if err != nil {
		return v, nil, "", err
	}
	var old lessons.SourceBlock
	if br.key != "" {
		found, ok := lessons.FindSourceBlock(parts.Body, br.key)
		switch {
		case ok && found.Kind.HasForm():
			old, br.kind = found, found.Kind
		case ok:
			return v, nil, "", errNotFound
		default:
			// Gone since the form was opened: keep the author's text.
			br.kind = readKind(r)
		}
	}
	if !br.kind.Scored() {
		return v, nil, "", errNotFound
	}
	v = blockView(d, br)
	v.Base = base
	v.Fields = readBlockFields(r, br.kind)
	v.Try.Answer = formText(r, views.FieldTryAnswer)
	v.Calibrate.Text = formText(r, views.FieldCalibrationText)
	// Leaving asks first unless the form holds the block as saved.
	draft, _, problems := blockDraft(v.Fields, br.kind)
	text, _ := draft.YAML()
	v.Unsaved = old.Key == "" || len(problems) > 0 || !unchanged(old, text)
	sc, problem := formScoring(v.Fields, br.kind)
	if sc != nil {
		v.Coverage, _ = sc.Coverage()
	}
	return v, sc, problem, nil
}

// formText is a text field as sent, newlines normalised.
func formText(r *http.Request, name string) string {
	return string(lessons.NormalizeNewlines([]byte(r.PostFormValue(name))))
}
