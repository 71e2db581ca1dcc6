package web

import (
	"net/http"
	"time"

	"github.com/practicum-dev/practicum/web/views"
)

func (s *Server) dashboard(w http.ResponseWriter, r *http.Request) error {
	u := s.currentUser(r)
	d, err := s.svc.Dashboard(r.Context(), u.ID)
	if err != nil {
		return err
	}
	v := views.DashboardView{Name: u.DisplayName, First: d.First, Ratings: d.Ratings, Scored: d.Scored}
	for _, c := range d.Courses {
		v.Courses = append(v.Courses, views.NewCourseCompletion(c.Course, c.Answered))
	}
	return s.render(w, r, views.Dashboard(v))
}

func (s *Server) exportProgress(w http.ResponseWriter, r *http.Request) error {
	u := s.currentUser(r)
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="practicum-progress-`+time.Now().UTC().Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	return s.progress.ExportCSV(r.Context(), u.ID, w)
}
