package web

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/web/views"
)

// lessonEditor opens the newest revision. ?saved=N and ?published=N,
// set by the redirects after saving and publishing, confirm them.
func (s *Server) lessonEditor(w http.ResponseWriter, r *http.Request) error {
	v, err := s.editorAtHead(r)
	if err != nil {
		return err
	}
	v.Saved, _ = strconv.Atoi(r.URL.Query().Get("saved"))
	v.Published, _ = strconv.Atoi(r.URL.Query().Get("published"))
	return s.render(w, r, views.LessonEditor(v))
}

// editorAtHead is the editor showing the newest revision's text.
func (s *Server) editorAtHead(r *http.Request) (views.LessonEditorView, error) {
	d, err := s.catalog.Draft(r.Context(), chi.URLParam(r, "course"), chi.URLParam(r, "lesson"))
	if err != nil {
		return views.LessonEditorView{}, err
	}
	parts, err := lessons.SplitSource(d.Source)
	if err != nil {
		return views.LessonEditorView{}, err
	}
	v := newEditorView(d, parts, d.Head.Number)
	v.Form.Values["minutes"] = strconv.Itoa(parts.Front.Minutes)
	v.Form.Values["title"], v.Form.Values["goal"], v.Form.Values["body"] = parts.Front.Title, parts.Front.Goal, parts.Body
	if err := checkEdit(&v, parts, d.Source); err != nil {
		return v, err
	}
	// The newest revision is the text shown, and it is saved: each
	// disagreement has its line and its block's form.
	v.HeadCalibration = slices.Clone(v.PreviewCalibration)
	for i, dis := range v.HeadCalibration {
		v.HeadCalibration[i].FormURL = views.BlockFormURL(d.Course.Slug, d.Slug, dis.Key) + "#" + views.GroupExample(dis.Example)
	}
	return v, nil
}

func newEditorView(d catalog.Draft, parts lessons.SourceParts, base int) views.LessonEditorView {
	return views.LessonEditorView{Draft: d, Front: parts.Front, Base: base,
		Form:   views.Form{Values: map[string]string{}, Errors: map[string]string{}},
		Blocks: lessons.SourceBlocks(parts.Body)}
}

// checkEdit parses a lesson file as saving would, for the preview, and
// puts any problems beside the editor's fields.
func checkEdit(v *views.LessonEditorView, parts lessons.SourceParts, src []byte) error {
	l, calibration, err := catalog.CheckLesson(v.Draft.Course.Slug, v.Draft.Slug, src)
	var ps lessons.Problems
	switch {
	case errors.As(err, &ps):
		other, body := lessonProblems(ps, src, parts, v.Form.Errors, "title", "goal", "minutes")
		v.Other, v.BodyProblems = append(v.Other, other...), body
		return nil
	case err != nil:
		return err
	}
	v.Preview = l
	v.PreviewCalibration = make([]views.EditorDisagreement, len(calibration))
	for i, d := range calibration {
		v.PreviewCalibration[i] = views.EditorDisagreement{Disagreement: d, BodyLine: d.Line - parts.BodyLine() + 1}
	}
	return nil
}

// edit is the lesson text an author sent: the fields as typed, and the
// lesson file they make with the front matter of the revision they
// started from.
type edit struct {
	base  int
	form  views.Form
	parts lessons.SourceParts
	src   []byte // nil when a field could not be read
}

func (s *Server) readEdit(r *http.Request) (edit, error) {
	if err := parseForm(r); err != nil {
		return edit{}, err
	}
	base, err := strconv.Atoi(r.PostFormValue("base"))
	if err != nil {
		return edit{}, errBadForm
	}
	e := edit{base: base, form: formValues(r, "title", "goal", "minutes", "body")}
	_, src, err := s.catalog.RevisionSource(r.Context(), chi.URLParam(r, "course"), chi.URLParam(r, "lesson"), base)
	if err != nil {
		return e, err
	}
	if e.parts, err = lessons.SplitSource(src); err != nil {
		return e, err
	}
	e.parts.Front.Title = strings.TrimSpace(e.form.Values["title"])
	e.parts.Front.Goal = strings.TrimSpace(e.form.Values["goal"])
	e.parts.Body = e.form.Values["body"]
	var ok bool
	if e.parts.Front.Minutes, ok = readMinutes(e.form); ok {
		e.src = e.parts.Bytes()
	}
	return e, nil
}

// editorWithEdit is the editor showing the author's text over the current
// state of the lesson, checked and previewed.
func (s *Server) editorWithEdit(r *http.Request, e edit) (views.LessonEditorView, error) {
	head, err := s.editorAtHead(r)
	if err != nil {
		return head, err
	}
	v := newEditorView(head.Draft, e.parts, e.base)
	v.Blocks, v.HeadCalibration = head.Blocks, slices.Clone(head.HeadCalibration)
	if e.parts.Body != head.Form.Values["body"] {
		// The editor shows the author's text: the newest revision's
		// lines are not its lines.
		for i := range v.HeadCalibration {
			v.HeadCalibration[i].BodyLine = 0
		}
	}
	v.Form = e.form
	if e.src != nil {
		err = checkEdit(&v, e.parts, e.src)
	}
	return v, err
}

func (s *Server) previewLesson(w http.ResponseWriter, r *http.Request) error {
	e, err := s.readEdit(r)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if isHTMX(r) {
		// Only the preview is swapped: the lesson's state is not needed.
		v := views.LessonEditorView{Draft: catalog.Draft{Slug: chi.URLParam(r, "lesson")}, Form: e.form}
		v.Draft.Course.Slug = chi.URLParam(r, "course")
		if e.src != nil {
			if err := checkEdit(&v, e.parts, e.src); err != nil {
				return err
			}
		}
		return s.render(w, r, views.EditorPreview(v))
	}
	v, err := s.editorWithEdit(r, e)
	if err != nil {
		return err
	}
	if v.Preview == nil {
		status = http.StatusUnprocessableEntity
	}
	return s.renderStatus(w, r, status, views.LessonEditor(v))
}

func (s *Server) saveLesson(w http.ResponseWriter, r *http.Request) error {
	e, err := s.readEdit(r)
	if err != nil {
		return err
	}
	if e.src == nil {
		return s.refuseEdit(w, r, e, http.StatusUnprocessableEntity, nil)
	}
	// "Save my version" over a newer revision names that revision.
	base := e.base
	if over, err := strconv.Atoi(r.PostFormValue("save_over")); err == nil {
		base = over
	}
	course, lesson := chi.URLParam(r, "course"), chi.URLParam(r, "lesson")
	n, err := s.svc.SaveLesson(r.Context(), s.currentUser(r).ID, course, lesson, base, e.src)
	var ps lessons.Problems
	var conflict *service.LessonConflict
	switch {
	case err == nil:
		http.Redirect(w, r, views.AuthorLessonSavedURL(course, lesson, n), http.StatusSeeOther)
		return nil
	case errors.As(err, &ps):
		return s.refuseEdit(w, r, e, http.StatusUnprocessableEntity, nil)
	case errors.As(err, &conflict):
		return s.refuseEdit(w, r, e, http.StatusConflict, &views.StaleView{
			Base: conflict.Stale.Base, Head: conflict.Stale.Head, Diff: conflict.Diff,
		})
	}
	return err
}

// refuseEdit shows the editor again with the author's text and what was
// wrong with it; nothing was saved.
func (s *Server) refuseEdit(w http.ResponseWriter, r *http.Request, e edit, status int, stale *views.StaleView) error {
	v, err := s.editorWithEdit(r, e)
	if err != nil {
		return err
	}
	v.Stale = stale
	return s.renderStatus(w, r, status, views.LessonEditor(v))
}

func (s *Server) publishLesson(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	number, err := strconv.Atoi(r.PostFormValue("number"))
	if err != nil {
		return errBadForm
	}
	course, lesson := chi.URLParam(r, "course"), chi.URLParam(r, "lesson")
	err = s.svc.Publish(r.Context(), s.currentUser(r).ID, course, lesson, number)
	if err == nil {
		http.Redirect(w, r, views.AuthorLessonPublishedURL(course, lesson, number), http.StatusSeeOther)
		return nil
	}
	var conflict *service.LessonConflict
	var refused *catalog.CalibrationError
	var ps lessons.Problems
	if !errors.As(err, &conflict) && !errors.As(err, &refused) && !errors.As(err, &ps) {
		return err
	}
	v, verr := s.editorAtHead(r)
	if verr != nil {
		return verr
	}
	if conflict == nil {
		// The revision's calibration (or text) is what refused it; the
		// editor lists it beside the publish button.
		v.PublishRefused = true
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.LessonEditor(v))
	}
	v.Stale = &views.StaleView{Base: conflict.Stale.Base, Head: conflict.Stale.Head, Publish: true, Diff: conflict.Diff}
	return s.renderStatus(w, r, http.StatusConflict, views.LessonEditor(v))
}
