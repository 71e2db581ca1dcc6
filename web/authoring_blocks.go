package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/web/views"
)

// maxBlockForm bounds a block form: the longest shipped exercise, with its
// calibration examples, is about 70 KB of text before percent-encoding.
const maxBlockForm = 512 << 10

var errBlockUnreadable = &httpError{http.StatusUnprocessableEntity, "This block can't be opened in its form",
	"Its text in the lesson is not valid YAML. Fix it in the lesson editor, where problems are shown with their lines."}

// blockRequest is what a block form's address names.
type blockRequest struct {
	course, lesson, key string // key is empty for a new block
	kind                lessons.Kind
}

func readBlockRequest(r *http.Request) (blockRequest, error) {
	br := blockRequest{course: chi.URLParam(r, "course"), lesson: chi.URLParam(r, "lesson"), key: chi.URLParam(r, "key")}
	if br.key == "" {
		br.kind = lessons.Kind(r.URL.Query().Get("kind"))
		if !br.kind.HasForm() {
			return br, errNotFound
		}
	}
	return br, nil
}

// blockView is the form's page for the lesson's newest revision.
func blockView(d catalog.Draft, br blockRequest) views.BlockFormView {
	return views.BlockFormView{Course: d.Course, Lesson: d.Slug, LessonTitle: d.Head.Title, Kind: br.kind, Key: br.key,
		Base: d.Head.Number, Errors: map[string]string{}}
}

func (s *Server) newBlockForm(w http.ResponseWriter, r *http.Request) error {
	br, err := readBlockRequest(r)
	if err != nil {
		return err
	}
	d, err := s.catalog.Draft(r.Context(), br.course, br.lesson)
	if err != nil {
		return err
	}
	v := blockView(d, br)
	v.Fields = fieldsFromDraft(lessons.BlockDraft{Kind: br.kind})
	v.TextSaved = textSaved(r, d)
	return s.render(w, r, views.AuthorBlock(v))
}

// editBlockForm fills the form from the newest revision, with the
// scorer's disagreements beside their calibration examples.
func (s *Server) editBlockForm(w http.ResponseWriter, r *http.Request) error {
	br, err := readBlockRequest(r)
	if err != nil {
		return err
	}
	d, err := s.catalog.Draft(r.Context(), br.course, br.lesson)
	if err != nil {
		return err
	}
	parts, err := lessons.SplitSource(d.Source)
	if err != nil {
		return errBlockUnreadable
	}
	sb, ok := lessons.FindSourceBlock(parts.Body, br.key)
	if !ok || !sb.Kind.HasForm() {
		return errNotFound
	}
	bd, err := lessons.DecodeBlockDraft(sb.Kind, sb.YAML)
	if err != nil {
		return errBlockUnreadable
	}
	br.kind = sb.Kind
	v := blockView(d, br)
	v.Fields = fieldsFromDraft(bd)
	if n, err := strconv.Atoi(r.URL.Query().Get("saved")); err == nil && n == d.Head.Number {
		v.Saved = n
	}
	v.TextSaved = textSaved(r, d)
	if br.kind.Scored() {
		// The newest revision is valid (it was saved), so only its
		// calibration can disagree.
		if l, calibration, err := catalog.CheckLesson(br.course, br.lesson, d.Source); err == nil {
			v.Calibration = blockCalibration(calibration, bd.Key)
			v.Coverage = blockCoverage(l, bd.Key)
		}
		if v.Rescore, err = s.blockRescore(r.Context(), br.course, br.lesson, br.key, br.kind); err != nil {
			return err
		}
	}
	return s.render(w, r, views.AuthorBlock(v))
}

// textSaved is the revision the lesson editor saved the author's text as
// before opening the form (?textsaved=N), while it is still the newest.
func textSaved(r *http.Request, d catalog.Draft) int {
	if n, err := strconv.Atoi(r.URL.Query().Get("textsaved")); err == nil && n == d.Head.Number {
		return n
	}
	return 0
}

// saveBlock saves a new or edited block as a new draft of the lesson, or
// shows the form again: with the problems beside their fields (422), or
// with what someone else saved meanwhile (409).
func (s *Server) saveBlock(w http.ResponseWriter, r *http.Request) error {
	br, err := readBlockRequest(r)
	if err != nil {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	base, err := strconv.Atoi(r.PostFormValue("base"))
	if err != nil {
		return errBadForm
	}
	d, err := s.catalog.Draft(r.Context(), br.course, br.lesson)
	if err != nil {
		return err
	}
	parts, err := lessons.SplitSource(d.Source)
	if err != nil {
		return err
	}
	var old lessons.SourceBlock
	if br.key != "" {
		found, ok := lessons.FindSourceBlock(parts.Body, br.key)
		switch {
		case ok && found.Kind.HasForm():
			old, br.kind = found, found.Kind
		case ok:
			return errNotFound
		default:
			// Gone since the form was opened: keep the author's text.
			if br.kind = readKind(r); br.kind == "" {
				return errNotFound
			}
		}
	}
	v := blockView(d, br)
	v.Base = base
	v.Fields = readBlockFields(r, br.kind)
	v.Try.Answer = formText(r, views.FieldTryAnswer)
	v.Calibrate.Text = formText(r, views.FieldCalibrationText)
	// Until it is saved, the form shows the author's text only.
	v.Unsaved = true
	switch r.PostFormValue("action") {
	case "add-example":
		v.Fields.Examples = append(v.Fields.Examples, views.ExampleFields{})
		v.Fields.NewExamples++
		return s.render(w, r, views.AuthorBlock(v))
	case "update-phrases":
		// readBlockFields listed a field for each concept now named.
		return s.render(w, r, views.AuthorBlock(v))
	}
	if br.key != "" && old.Key == "" {
		// The block was removed or renamed since the form was opened.
		v.Conflict = &views.BlockConflict{Base: base, Number: d.Head.Number, Author: d.Head.Author, At: d.Head.CreatedAt, Gone: true}
		return s.renderStatus(w, r, http.StatusConflict, views.AuthorBlock(v))
	}
	draft, slots, problems := blockDraft(v.Fields, br.kind)
	if len(problems) > 0 {
		v.Errors = problems
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.AuthorBlock(v))
	}
	text, fieldAt := draft.YAML()
	if br.key != "" && unchanged(old, text) {
		v.NoChanges, v.Unsaved = true, false
		return s.render(w, r, views.AuthorBlock(v))
	}
	saved, err := s.svc.SaveBlock(r.Context(), s.currentUser(r).ID, parts,
		service.BlockEdit{Course: br.course, Lesson: br.lesson, Key: br.key, Kind: br.kind, Text: text, Base: base})
	var refused *service.BlockProblems
	var conflict *service.BlockConflict
	switch {
	case err == nil:
		n := saved.Revision.Number
		if len(saved.Calibration.Item(draft.Key)) > 0 {
			// The scorer still disagrees with this block's examples: the
			// form shows each disagreement beside its example.
			http.Redirect(w, r, views.BlockFormSavedURL(br.course, br.lesson, draft.Key, n), http.StatusSeeOther)
			return nil
		}
		// The editor shows the new draft, ready to publish unless
		// another block's examples disagree.
		http.Redirect(w, r, views.AuthorLessonSavedURL(br.course, br.lesson, n), http.StatusSeeOther)
		return nil
	case errors.As(err, &refused):
		v.Errors, v.Elsewhere = placeProblems(refused.Problems, refused.FenceLine, strings.Count(text, "\n"), fieldAt, slots, draft.Key)
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.AuthorBlock(v))
	case errors.As(err, &conflict):
		stale := conflict.Stale
		v.Conflict = &views.BlockConflict{Base: stale.Base, Number: stale.Head.Number, Author: stale.Head.Author, At: stale.Head.CreatedAt,
			Diff: conflict.Diff, Gone: conflict.Gone}
		v.Base = stale.Head.Number
		return s.renderStatus(w, r, http.StatusConflict, views.AuthorBlock(v))
	}
	return err
}

// readKind is the kind the form was opened for, which it sends along: the
// block it edits may be gone from the lesson by the time it is saved.
func readKind(r *http.Request) lessons.Kind {
	if k := lessons.Kind(r.PostFormValue("kind")); k.HasForm() {
		return k
	}
	return ""
}

// unchanged reports whether text is what the form would write for the
// block as the lesson has it, so that saving it changes nothing.
func unchanged(old lessons.SourceBlock, text string) bool {
	d, err := lessons.DecodeBlockDraft(old.Kind, old.YAML)
	if err != nil {
		return false
	}
	same, _, problems := blockDraft(fieldsFromDraft(d), old.Kind)
	if len(problems) > 0 {
		return false
	}
	t, _ := same.YAML()
	return t == text
}

// blockCoverage is what the calibration examples of the lesson's block
// keyed key leave untested.
func blockCoverage(l *lessons.Lesson, key string) []lessons.Warning {
	for _, b := range l.Blocks {
		if b.Key == key {
			ws, _ := b.ItemScoring().Coverage()
			return ws
		}
	}
	return nil
}
