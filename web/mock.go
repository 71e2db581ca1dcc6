package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/lessons/mock"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/web/views"
)

// The Mock interview pages: /mock starts one and lists the learner's;
// /mock/{id} is the question being asked, or the summary once every one
// is answered. Visitors without an account run them too, under their
// visitor id, like their answers (anonymous.go).

// mockListed is how many interviews the Mock interview page lists.
const mockListed = 20

// mockClockPerMinute bounds the posts of a mock interview's clock (the
// text kept as it is typed, pauses) per account, or per address without
// one: mock.js sends the text at most every 1.5 s while typing goes on,
// 40 a minute.
const mockClockPerMinute = 60

// limitMockClock limits the clock's posts, counted in Postgres like the
// answers' (limitEach).
func (s *Server) limitMockClock() func(http.Handler) http.Handler {
	tooMany := s.handle(func(http.ResponseWriter, *http.Request) error {
		return &httpError{http.StatusTooManyRequests, "Too many saves", fmt.Sprintf(
			"Your text was not saved just now: more than %d saves came in the last minute. It is still on your page; it is saved again when you pause or submit.", mockClockPerMinute)}
	})
	return s.limitEach(s.users.RateCounter("mock-clock"), mockClockPerMinute, time.Minute, func(r *http.Request) (string, error) {
		if id := s.signedInID(r); id != 0 {
			return "account:" + strconv.FormatInt(id, 10), nil
		}
		return clientIP(r)
	}, tooMany)
}

// mockLearner is who is looking: a visitor who has answered nothing yet
// has no interviews, and gets a visitor id only when they start one.
func (s *Server) mockLearner(r *http.Request, forWrite bool) service.Learner {
	if u := s.currentUser(r); u != nil {
		return service.Learner{UserID: u.ID}
	}
	return s.anonymousLearner(r, forWrite)
}

func (s *Server) mockHome(w http.ResponseWriter, r *http.Request) error {
	v, err := s.mockHomeView(r)
	if err != nil {
		return err
	}
	return s.render(w, r, views.MockHome(v))
}

func (s *Server) mockHomeView(r *http.Request) (views.MockHomeView, error) {
	h, err := s.svc.MockHome(r.Context(), s.mockLearner(r, false), mockListed)
	if err != nil {
		return views.MockHomeView{}, err
	}
	v := views.MockHomeView{SignedIn: s.currentUser(r) != nil, Probes: views.MockDefaultProbes, Problems: map[string]string{}}
	for _, c := range h.Courses {
		v.Courses = append(v.Courses, views.MockCourse{Slug: c.Slug, Title: c.Title})
	}
	for _, l := range h.Interviews {
		v.Interviews = append(v.Interviews, views.MockListed{Listed: l.Listed, CourseTitle: l.CourseTitle})
	}
	return v, nil
}

// startMock starts an interview and shows its first probe; a choice the
// learner can fix shows the form again with the problem beside it.
func (s *Server) startMock(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	start := service.MockStart{Course: r.PostFormValue("course"), Probes: formInt(r, "probes")}
	who := s.mockLearner(r, true)
	id, err := s.svc.StartMock(r.Context(), who, start)
	var input *mock.InputError
	switch {
	case errors.As(err, &input):
		v, verr := s.mockHomeView(r)
		if verr != nil {
			return verr
		}
		v.Course, v.Probes = start.Course, start.Probes
		v.Problems[input.Field] = input.Msg
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.MockHome(v))
	case err != nil:
		return err
	}
	s.keepVisitor(r, who)
	http.Redirect(w, r, views.MockInterviewURL(id), http.StatusSeeOther)
	return nil
}

// mockID is the interview the address names; not found when it names
// none.
func mockID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, errNotFound
	}
	return id, nil
}

// mockInterview shows an interview where it is: the question being
// asked, or the summary. Someone else's is not found.
func (s *Server) mockInterview(w http.ResponseWriter, r *http.Request) error {
	v, err := s.mockInterviewView(r)
	if err != nil {
		return err
	}
	return s.renderMock(w, r, http.StatusOK, v)
}

func (s *Server) renderMock(w http.ResponseWriter, r *http.Request, status int, v views.MockInterviewView) error {
	if v.Finished() {
		return s.renderStatus(w, r, status, views.MockSummary(v))
	}
	return s.renderStatus(w, r, status, views.MockQuestion(v))
}

func (s *Server) mockInterviewView(r *http.Request) (views.MockInterviewView, error) {
	id, err := mockID(r)
	if err != nil {
		return views.MockInterviewView{}, err
	}
	m, err := s.svc.MockInterview(r.Context(), s.mockLearner(r, false), id)
	if err != nil {
		return views.MockInterviewView{}, err
	}
	v := views.MockInterviewView{Interview: m.Interview, Now: m.Now, SignedIn: s.currentUser(r) != nil}
	for i, it := range m.Items {
		v.Items = append(v.Items, views.MockItem{Block: it.Block, Course: m.Questions[i].Course, LessonTitle: it.LessonTitle})
	}
	return v, nil
}

// answerMock takes the answer to the question being asked and shows the
// next. An answer that cannot be kept as sent shows the question again
// with the problem and the text (422); one for a question answered
// already shows where the interview is, with the text sent to copy (409).
func (s *Server) answerMock(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	id, err := mockID(r)
	if err != nil {
		return err
	}
	answer := r.PostFormValue("answer")
	who := s.mockLearner(r, false)
	err = s.svc.AnswerMock(r.Context(), who, id, formInt(r, "position"), answer)
	var input *mock.InputError
	var stale *mock.StaleError
	switch {
	case err == nil:
		s.keepVisitor(r, who)
		http.Redirect(w, r, views.MockInterviewURL(id), http.StatusSeeOther)
		return nil
	case errors.As(err, &input), errors.As(err, &stale):
	default:
		return err
	}
	v, verr := s.mockInterviewView(r)
	if verr != nil {
		return verr
	}
	if input != nil {
		v.Problem, v.Sent = input.Msg, &answer
		return s.renderMock(w, r, http.StatusUnprocessableEntity, v)
	}
	v.Notice = "That question was answered already, in another tab or by a second click, so this answer was not recorded. The interview is where it was; your text is below to copy."
	v.Unrecorded = answer
	return s.renderMock(w, r, http.StatusConflict, v)
}

// saveMockDraft keeps what the learner has typed (static/js/mock.js sends
// it as they type): 204, or 409 when the question is no longer being
// asked, 422 when the text is too long to keep.
func (s *Server) saveMockDraft(w http.ResponseWriter, r *http.Request) error {
	return s.mockClockPost(w, r, func(who service.Learner, id int64, position int, draft string) (*service.MockClock, error) {
		return nil, s.svc.SaveMockDraft(r.Context(), who, id, position, draft)
	})
}

// pauseMock and resumeMock stop and restart the question's clock, keeping
// the text sent with them: the form's button without JavaScript (back to
// the interview's page), or mock.js (the clock as it now stands, as
// JSON).
func (s *Server) pauseMock(w http.ResponseWriter, r *http.Request) error {
	return s.mockClockPost(w, r, func(who service.Learner, id int64, position int, draft string) (*service.MockClock, error) {
		c, err := s.svc.PauseMock(r.Context(), who, id, position, draft, true)
		return &c, err
	})
}

func (s *Server) resumeMock(w http.ResponseWriter, r *http.Request) error {
	return s.mockClockPost(w, r, func(who service.Learner, id int64, position int, draft string) (*service.MockClock, error) {
		c, err := s.svc.PauseMock(r.Context(), who, id, position, draft, false)
		return &c, err
	})
}

// mockClockPost parses a post from the question's page (position and the
// text typed) and runs do. The script (Accept: application/json) gets the
// clock do returns as JSON, or 204 when it returns none, and a refusal as
// its status alone (422, 409); a browser without it goes back to the
// interview's page, which shows where things stand.
func (s *Server) mockClockPost(w http.ResponseWriter, r *http.Request, do func(service.Learner, int64, int, string) (*service.MockClock, error)) error {
	if err := parseForm(r); err != nil {
		return err
	}
	id, err := mockID(r)
	if err != nil {
		return err
	}
	who := s.mockLearner(r, false)
	clock, err := do(who, id, formInt(r, "position"), r.PostFormValue("answer"))
	script := r.Header.Get("Accept") == "application/json"
	var input *mock.InputError
	var stale *mock.StaleError
	switch {
	case err == nil:
		s.keepVisitor(r, who)
	case errors.Is(err, postgres.ErrNotFound):
		return err
	case script && errors.As(err, &input):
		w.WriteHeader(http.StatusUnprocessableEntity)
		return nil
	case script && errors.As(err, &stale):
		w.WriteHeader(http.StatusConflict)
		return nil
	case errors.As(err, &input), errors.As(err, &stale):
		// Without the script: the page as it stands says why.
	default:
		return err
	}
	switch {
	case !script:
		http.Redirect(w, r, views.MockInterviewURL(id), http.StatusSeeOther)
	case clock == nil:
		w.WriteHeader(http.StatusNoContent)
	default:
		w.Header().Set("Content-Type", "application/json")
		return json.NewEncoder(w).Encode(struct {
			LeftMS int64 `json:"left_ms"`
			Paused bool  `json:"paused"`
		}{clock.Left.Milliseconds(), clock.Paused})
	}
	return nil
}
