package web

import (
	"bytes"
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
	if v.Preview != nil {
		v.HeadCoverage = lessonCoverage(d.Course.Slug, d.Slug, v.Preview)
	}
	return v, s.rescoreState(r.Context(), &v, v.Preview)
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
	base    int
	form    views.Form
	parts   lessons.SourceParts
	src     []byte // nil when a field could not be read
	baseSrc []byte // the base revision's file
	// then is the block form the author asked to open next, which saving
	// their text first leads to.
	then blockNext
}

// blockNext is a block form the lesson editor opens after saving the
// author's text: a new block of kind, or the block keyed key. The zero
// value is none.
type blockNext struct {
	kind lessons.Kind
	key  string
}

// readBlockNext reads the editor's "then" button: "add:KIND" or "edit:KEY".
func readBlockNext(r *http.Request) blockNext {
	what, arg, _ := strings.Cut(r.PostFormValue("then"), ":")
	switch {
	case what == "add" && lessons.Kind(arg).HasForm():
		return blockNext{kind: lessons.Kind(arg)}
	case what == "edit" && lessons.ValidName(arg):
		return blockNext{key: arg}
	}
	return blockNext{}
}

func (n blockNext) set() bool { return n.kind != "" || n.key != "" }

// url is the block form, noting the revision its text was saved as first
// (0 when nothing needed saving).
func (n blockNext) url(course, lesson string, saved int) string {
	var u string
	if n.key != "" {
		u = views.BlockFormURL(course, lesson, n.key) + "?"
	} else {
		u = views.NewBlockURL(course, lesson, n.kind) + "&"
	}
	if saved == 0 {
		return strings.TrimSuffix(strings.TrimSuffix(u, "?"), "&")
	}
	return u + "textsaved=" + strconv.Itoa(saved)
}

// what names the block form in a sentence.
func (n blockNext) what() string {
	if n.key != "" {
		return "the form of " + n.key
	}
	return "the new " + n.kind.Noun() + "'s form"
}

func (s *Server) readEdit(r *http.Request) (edit, error) {
	if err := parseForm(r); err != nil {
		return edit{}, err
	}
	base, err := strconv.Atoi(r.PostFormValue("base"))
	if err != nil {
		return edit{}, errBadForm
	}
	e := edit{base: base, form: formValues(r, "title", "goal", "minutes", "body"), then: readBlockNext(r)}
	_, src, err := s.catalog.RevisionSource(r.Context(), chi.URLParam(r, "course"), chi.URLParam(r, "lesson"), base)
	if err != nil {
		return e, err
	}
	e.baseSrc = lessons.NormalizeNewlines(src)
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
	v.Blocks, v.HeadCalibration, v.HeadCoverage = head.Blocks, slices.Clone(head.HeadCalibration), head.HeadCoverage
	v.RescoreOffer, v.Rescores = head.RescoreOffer, head.Rescores
	v.Unsaved = true
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
	course, lesson := chi.URLParam(r, "course"), chi.URLParam(r, "lesson")
	if e.then.set() && bytes.Equal(lessons.NormalizeNewlines(e.src), e.baseSrc) {
		// Opening a block's form with nothing to save first.
		http.Redirect(w, r, e.then.url(course, lesson, 0), http.StatusSeeOther)
		return nil
	}
	// "Save my version" over a newer revision names that revision.
	base := e.base
	if over, err := strconv.Atoi(r.PostFormValue("save_over")); err == nil {
		base = over
	}
	n, err := s.svc.SaveLesson(r.Context(), s.currentUser(r).ID, course, lesson, base, e.src)
	var ps lessons.Problems
	var conflict *service.LessonConflict
	switch {
	case err == nil && e.then.set():
		// The author's text is saved; the block form starts from it.
		http.Redirect(w, r, e.then.url(course, lesson, n), http.StatusSeeOther)
		return nil
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
	if e.then.set() {
		v.BlockNotOpened = &views.BlockNotOpened{What: e.then.what(), URL: e.then.url(chi.URLParam(r, "course"), chi.URLParam(r, "lesson"), 0)}
	}
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
	rescore := r.PostFormValue("rescore") == "1"
	err = s.svc.Publish(r.Context(), s.currentUser(r).ID, course, lesson, number, rescore)
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

// lessonCoverage is what each exercise's and probe's calibration examples
// leave untested, for the items that leave something.
func lessonCoverage(course, lesson string, l *lessons.Lesson) []views.BlockCoverage {
	items, _ := l.Coverage() // advice: a lesson that parsed always has it
	var out []views.BlockCoverage
	for _, it := range items {
		b := it.Block
		out = append(out, views.BlockCoverage{Kind: b.Kind, Key: b.Key, FormURL: views.BlockFormURL(course, lesson, b.Key) + "#coverage-title", Warnings: it.Warnings})
	}
	return out
}
