package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

func (s *Server) home(w http.ResponseWriter, r *http.Request) error {
	public := s.publicVisitor(r)
	if public && s.servePublic(w, r, homeRoute) {
		return nil
	}
	gen := s.pages.Generation()
	courses, err := s.catalog.Courses(r.Context())
	if err != nil {
		return err
	}
	if public {
		return s.renderPublic(w, r, homeRoute, gen, "", views.Home(courses, nil))
	}
	resume, ok, err := s.svc.Resume(r.Context(), s.learner(r))
	if err != nil {
		return err
	}
	if !ok {
		return s.render(w, r, views.Home(courses, nil))
	}
	return s.render(w, r, views.Home(courses, &resume))
}

func (s *Server) course(w http.ResponseWriter, r *http.Request) error {
	route := courseRoute(chi.URLParam(r, "course"))
	public := s.publicVisitor(r)
	if public && s.servePublic(w, r, route) {
		return nil
	}
	gen := s.pages.Generation()
	d, err := s.catalog.Course(r.Context(), chi.URLParam(r, "course"))
	if err != nil {
		return err
	}
	if public {
		return s.renderPublic(w, r, route, gen, "", views.Course(d, nil, nil))
	}
	answered, err := s.svc.Answered(r.Context(), s.learner(r), d.Course.Slug)
	if err != nil {
		return err
	}
	if len(answered) == 0 {
		return s.render(w, r, views.Course(d, answered, nil))
	}
	next, ok, err := s.svc.NextStep(r.Context(), d, answered)
	if err != nil {
		return err
	}
	return s.render(w, r, views.Course(d, answered, nextStepView(next, ok)))
}

// nextStepView is a next step as pages offer it; nil when there is none.
func nextStepView(n service.NextStep, ok bool) *views.NextStep {
	if !ok {
		return nil
	}
	return &views.NextStep{Course: n.Course, CourseTitle: n.CourseTitle, Lesson: n.Lesson, LessonTitle: n.LessonTitle,
		Kind: n.Item.Kind, Key: n.Item.Key, Section: n.Section, Started: n.Started}
}

// lesson reads the signed-in account in the lesson's own query, so it is
// mounted with handleOwnAccount: with the session, two queries in all.
// A visitor with no answers in this lesson gets its public page (public.go);
// anyone else their page filled into the lesson's frame (lesson_frame.go).
func (s *Server) lesson(w http.ResponseWriter, r *http.Request) error {
	course, lesson := chi.URLParam(r, "course"), chi.URLParam(r, "lesson")
	route := lessonRoute(course, lesson)
	// A visitor who has answered something reads their answers first: the
	// page is public for them only if none is in this lesson.
	if s.signedInID(r) == 0 && s.visitor(r) == "" && s.servePublic(w, r, route) {
		return nil
	}
	gen := s.pages.Generation()
	f := s.currentLessonFrame(route)
	var known *catalog.LessonPage
	if f != nil && !s.wholeLessons {
		if s.currentUser(r) != nil {
			// The account was read with the session: the learner's part
			// may be kept, and the page sent from it (learner_page.go).
			return s.keptLesson(w, r, f, course, lesson)
		}
		known = &f.view.Page
	}
	v, err := s.lessonViewOf(r, known)
	if err != nil {
		_ = s.readAccount(r) // for the error page's header; the error shown is err
		return err
	}
	// The key is made only when needed: a view filled into a kept frame
	// has no use for it, and hashing the course's lesson list with fmt
	// is more than such a view should allocate.
	if s.currentUser(r) == nil && v.State.Empty() {
		return s.renderPublic(w, r, route, gen, blankLessonKey(v), views.Lesson(v))
	}
	if s.wholeLessons {
		return s.render(w, r, views.Lesson(v))
	}
	if f == nil {
		if f, err = s.lessonFrameFor(r, route, gen, blankLessonKey(v), v.LessonPage); err != nil {
			return err
		}
	}
	return s.renderFramed(w, r, http.StatusOK, f, v)
}

// lessonView is the lesson as the visitor sees it. For a signed-in learner
// one query reads the lesson, their account, their answers and their
// scores (catalog.LessonFor), and each part's owner decodes its part.
func (s *Server) lessonView(r *http.Request) (views.LessonView, error) { return s.lessonViewOf(r, nil) }

// lessonViewOf is lessonView, reading only the visitor's part when the
// page the lesson shows is known (a kept frame's, while changes are
// heard: currentLessonFrame). A signed-in learner whose account the
// session read gets keptLesson instead.
func (s *Server) lessonViewOf(r *http.Request, known *catalog.LessonPage) (views.LessonView, error) {
	ctx := r.Context()
	course, lesson := chi.URLParam(r, "course"), chi.URLParam(r, "lesson")
	id := s.signedInID(r)
	var p catalog.LessonPage
	var mine catalog.LearnerJSON
	var err error
	switch {
	case id == 0 && known != nil:
		return s.anonymousLessonView(r, *known)
	case id == 0:
		if p, err = s.catalog.Lesson(ctx, course, lesson); err != nil {
			return views.LessonView{}, err
		}
		return s.anonymousLessonView(r, p)
	case known != nil:
		p = *known
		mine, err = s.catalog.LearnerOn(ctx, p.LessonID, id)
	default:
		p, mine, err = s.catalog.LessonFor(ctx, course, lesson, id)
	}
	if err != nil {
		return views.LessonView{}, err
	}
	if mine.Account != nil || s.currentUser(r) == nil {
		u, err := auth.DecodeAccount(id, mine.Account)
		switch {
		case errors.Is(err, postgres.ErrNotFound):
			s.setAccount(r, nil) // deleted: the visitor is signed out
			return s.anonymousLessonView(r, p)
		case err != nil:
			return views.LessonView{}, err
		}
		s.setAccount(r, &u)
	}
	part, err := decodeLearnerPart(mine, course, lesson)
	if err != nil {
		return views.LessonView{}, err
	}
	return s.learnerView(r, p, part), nil
}

func newLessonView(p catalog.LessonPage) views.LessonView {
	return views.LessonView{LessonPage: p, Errors: map[string]string{}, Drafts: map[string]progress.Response{},
		Scores: map[string]views.ScoreView{}}
}

// anonymousLessonView shows an anonymous visitor's answers.
func (s *Server) anonymousLessonView(r *http.Request, p catalog.LessonPage) (views.LessonView, error) {
	v := newLessonView(p)
	var err error
	if v.State, err = s.anonymousLesson(r, p.Course.Slug, p.Lesson.Slug); err != nil {
		return v, err
	}
	scored, err := s.svc.AnonymousScores(r.Context(), p.Course.Slug, p.Lesson.Slug, v.State)
	for key, a := range scored {
		v.Scores[key] = views.NewAutoScoreView(a.Answer, a.Score)
	}
	return v, err
}

// answeredItem reads which block a form posted to, in the revision the
// learner was shown.
func answeredItem(r *http.Request) (service.Item, error) {
	if err := parseForm(r); err != nil {
		return service.Item{}, err
	}
	revision, err := strconv.ParseInt(r.PostFormValue("revision"), 10, 64)
	if err != nil {
		return service.Item{}, errBadForm
	}
	return service.Item{Course: chi.URLParam(r, "course"), Lesson: chi.URLParam(r, "lesson"), Key: chi.URLParam(r, "key"),
		RevisionID: revision}, nil
}

// learner is who is reading: an account, or an anonymous visitor.
func (s *Server) learner(r *http.Request) service.Learner {
	if u := s.currentUser(r); u != nil {
		return service.Learner{UserID: u.ID}
	}
	return s.anonymousLearner(r, false)
}

// answerer is who is answering: as learner, but an anonymous visitor's
// first answer gets them a visitor id, which keepVisitor keeps.
func (s *Server) answerer(r *http.Request) service.Learner {
	if u := s.currentUser(r); u != nil {
		return service.Learner{UserID: u.ID}
	}
	return s.anonymousLearner(r, true)
}

func (s *Server) answerCheckpoint(w http.ResponseWriter, r *http.Request) error {
	it, err := answeredItem(r)
	if err != nil {
		return err
	}
	option, err := strconv.Atoi(r.PostFormValue("option"))
	if err != nil {
		option = -1 // none chosen: refused as no option of the checkpoint's
	}
	who := s.answerer(r)
	b, err := s.svc.AnswerCheckpoint(r.Context(), who, it, option)
	if err != nil {
		return s.refuseAnswer(w, r, b, progress.Response{}, err)
	}
	s.keepVisitor(r, who)
	return s.showCheckpoint(w, r, b)
}

// showCheckpoint answers a checkpoint's form: the checkpoint re-rendered
// in place for htmx, else a redirect to it on the lesson page.
func (s *Server) showCheckpoint(w http.ResponseWriter, r *http.Request, b lessons.Block) error {
	if isHTMX(r) {
		v, err := s.lessonView(r)
		if err != nil {
			return err
		}
		return s.render(w, r, views.CheckpointFragment(v, b.Key))
	}
	http.Redirect(w, r, itemLocation(r, b), http.StatusSeeOther)
	return nil
}

// postedResponse is the answer and confidence an answer form sent.
func postedResponse(r *http.Request) progress.Response {
	return progress.Response{Answer: r.PostFormValue("answer"), Confidence: progress.Confidence(r.PostFormValue("confidence"))}
}

func (s *Server) saveResponse(w http.ResponseWriter, r *http.Request) error {
	it, err := answeredItem(r)
	if err != nil {
		return err
	}
	draft := postedResponse(r)
	who := s.answerer(r)
	b, err := s.svc.SubmitResponse(r.Context(), who, it, draft.Answer, draft.Confidence)
	if err != nil {
		return s.refuseAnswer(w, r, b, draft, err)
	}
	s.keepVisitor(r, who)
	http.Redirect(w, r, itemLocation(r, b), http.StatusSeeOther)
	return nil
}

// refuseAnswer shows the lesson again with the problem beside the item and
// the learner's text kept; nothing was saved.
func (s *Server) refuseAnswer(w http.ResponseWriter, r *http.Request, b lessons.Block, draft progress.Response, err error) error {
	msg, refused := refusal(err)
	if !refused {
		return err
	}
	// Signing in from the page shown returns to the lesson, not to the
	// address the form posted to.
	r = returnAfter(r, views.LessonURL(chi.URLParam(r, "course"), chi.URLParam(r, "lesson")))
	v, verr := s.lessonView(r)
	if verr != nil {
		return verr
	}
	v.Errors[b.Key] = msg
	v.Drafts[b.Key] = draft
	if isHTMX(r) && b.Kind == lessons.KindCheckpoint {
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.CheckpointFragment(v, b.Key))
	}
	return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.Lesson(v))
}

// refusal is what to tell a learner whose answer err refused, if it is a
// refusal they can act on (an input error, a visitor's answers full).
func refusal(err error) (msg string, ok bool) {
	var input *progress.InputError
	switch {
	case errors.As(err, &input):
		return input.Msg, true
	case errors.Is(err, progress.ErrAnonymousFull):
		return fmt.Sprintf("Nothing was saved: answers kept without an account are limited to %d KB in all (%d items), and this one would go past that. "+
			"Create a free account to keep saving them; everything so far comes with you.", progress.MaxAnonymousBytes>>10, progress.MaxAnonymousItems), true
	}
	return "", false
}

func isHTMX(r *http.Request) bool { return r.Header.Get("HX-Request") == "true" }

// itemLocation sends the learner back to the item they answered.
func itemLocation(r *http.Request, b lessons.Block) string {
	return views.ItemURL(chi.URLParam(r, "course"), chi.URLParam(r, "lesson"), b.Kind, b.Key)
}
