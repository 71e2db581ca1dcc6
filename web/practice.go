package web

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/web/views"
)

// sessionLastProbe is the probe the random pick last gave this browser
// (service.ProbeID), so that the next pick is another.
const sessionLastProbe = "practice_last_probe"

// practice lists every interview probe across courses, grouped for the
// learner: due for review, not answered yet, answered.
func (s *Server) practice(w http.ResponseWriter, r *http.Request) error {
	p, err := s.svc.Practice(r.Context(), s.learner(r))
	if err != nil {
		return err
	}
	v := views.PracticeView{SignedIn: s.currentUser(r) != nil, Due: practiceItems(p.Due),
		Unanswered: practiceItems(p.Unanswered), Answered: practiceItems(p.Answered)}
	return s.render(w, r, views.Practice(v))
}

func practiceItems(ps []service.PracticeProbe) []views.PracticeItem {
	out := make([]views.PracticeItem, len(ps))
	for i, p := range ps {
		out[i] = views.PracticeItem{ProbeRef: p.ProbeRef, Due: p.Due, Answered: p.Answered}
	}
	return out
}

// randomProbe hands out one probe, interview style: no choosing the easy
// one. It prefers one due for review, then one not answered yet, and
// never gives the one it gave last.
func (s *Server) randomProbe(w http.ResponseWriter, r *http.Request) error {
	last := s.sessions.GetString(r.Context(), sessionLastProbe)
	p, ok, err := s.svc.PickProbe(r.Context(), s.learner(r), last)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	if !ok {
		http.Redirect(w, r, views.PracticeURL, http.StatusSeeOther)
		return nil
	}
	s.sessions.Put(r.Context(), sessionLastProbe, service.ProbeID(p))
	http.Redirect(w, r, views.PracticeProbeURL(p.Course, p.Lesson, p.Key), http.StatusSeeOther)
	return nil
}

// practiceProbe is one probe alone, to answer: the question, never the
// strong answer or the learner's earlier answers.
func (s *Server) practiceProbe(w http.ResponseWriter, r *http.Request) error {
	lp, b, err := s.svc.ProbeAlone(r.Context(), chi.URLParam(r, "course"), chi.URLParam(r, "lesson"), chi.URLParam(r, "key"))
	if err != nil {
		return err
	}
	return s.render(w, r, views.PracticeProbe(views.PracticeProbeView{Page: lp, Block: b}))
}

// submitPractice scores a practised probe's answer as the lesson page
// does, and leads to its result; a refused answer comes back with the
// problem beside it and the text kept.
func (s *Server) submitPractice(w http.ResponseWriter, r *http.Request) error {
	it, err := answeredItem(r)
	if err != nil {
		return err
	}
	draft := postedResponse(r)
	who := s.answerer(r)
	_, err = s.svc.SubmitPractice(r.Context(), who, it, draft.Answer, draft.Confidence)
	if msg, refused := refusal(err); refused {
		lp, b, err := s.svc.ProbeAlone(r.Context(), it.Course, it.Lesson, it.Key)
		if err != nil {
			return err
		}
		r = returnAfter(r, views.PracticeProbeURL(it.Course, it.Lesson, it.Key))
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.PracticeProbe(views.PracticeProbeView{Page: lp, Block: b,
			Error: msg, Draft: draft}))
	}
	if err != nil {
		return err
	}
	s.keepVisitor(r, who)
	http.Redirect(w, r, views.PracticeResultURL(it.Course, it.Lesson, it.Key), http.StatusSeeOther)
	return nil
}

// practiceResult is the score of the learner's latest answer to a probe,
// with its strong answer; before any answer, the probe to answer.
func (s *Server) practiceResult(w http.ResponseWriter, r *http.Request) error {
	v, err := s.lessonView(r)
	if err != nil {
		return err
	}
	key := chi.URLParam(r, "key")
	b, ok := v.Lesson.Item(key)
	sv, scored := v.Scores[key]
	if !ok || b.Probe == nil || !scored {
		http.Redirect(w, r, views.PracticeProbeURL(v.Course.Slug, v.Lesson.Slug, key), http.StatusSeeOther)
		return nil
	}
	return s.render(w, r, views.PracticeResult(views.PracticeResultView{LessonView: v, Block: b, Score: sv}))
}
