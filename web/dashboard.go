package web

import (
	"net/http"
	"time"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/web/views"
)

func (s *Server) dashboard(w http.ResponseWriter, r *http.Request) error {
	u := s.currentUser(r)
	d, err := s.svc.Dashboard(r.Context(), u.ID)
	if err != nil {
		return err
	}
	// Showing finished reviews takes them from the navigation's count.
	s.markWrote(w)
	// The navigation counts what the page just showed: the finished
	// reviews are seen now, the requests still in progress.
	s.setNews(r, d.News.Count)
	v := views.DashboardView{Name: u.DisplayName, Next: nextStepView(d.Next, d.HasNext), First: d.First, Ratings: d.Ratings, Scored: d.Scored}
	for _, c := range d.Courses {
		v.Courses = append(v.Courses, views.NewCourseCompletion(c.Course, c.Answered))
	}
	for _, a := range d.Written {
		v.Written = append(v.Written, views.WrittenAnswer{Title: a.Title, LessonTitle: a.LessonTitle,
			URL: views.ItemURL(a.Course, a.Lesson, lessons.Kind(a.Kind), a.Key), Scored: a.Scored(), Total: a.Current.Total,
			Status: a.Status(), At: a.At, Saves: a.Saves})
	}
	note := func(n service.ReviewNote) views.ReviewNote {
		return views.ReviewNote{Title: n.Title, LessonTitle: n.LessonTitle, URL: views.ItemURL(n.Course, n.Lesson, lessons.Kind(n.Kind), n.Key),
			At: n.At, Total: n.Total, Reviewer: n.Reviewer}
	}
	for _, n := range d.News.Requested {
		v.Requested = append(v.Requested, note(n))
	}
	for _, n := range d.News.Finished {
		v.Finished = append(v.Finished, note(n))
	}
	for _, l := range d.Mocks {
		v.Mocks = append(v.Mocks, views.MockListed{Listed: l.Listed, CourseTitle: l.CourseTitle})
	}
	return s.render(w, r, views.Dashboard(v))
}

// exportProgress is "Download your progress (CSV)" (progress_csv.go).
func (s *Server) exportProgress(w http.ResponseWriter, r *http.Request) error {
	u := s.currentUser(r)
	d, err := s.svc.PersonalData(r.Context(), u.ID)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="practicum-progress-`+time.Now().UTC().Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	return writeProgressCSV(w, d)
}
