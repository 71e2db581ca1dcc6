package web

import (
	"net/http"
	"time"

	"github.com/practicum-dev/practicum/web/views"
)

func (s *Server) dashboard(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	u := s.currentUser(r)
	courses, err := s.catalog.Courses(ctx)
	if err != nil {
		return err
	}
	v := views.DashboardView{Name: u.DisplayName}
	for _, c := range courses {
		d, err := s.catalog.Course(ctx, c.Slug)
		if err != nil {
			return err
		}
		answered, err := s.progress.Answered(ctx, u.ID, c.Slug)
		if err != nil {
			return err
		}
		v.Courses = append(v.Courses, views.NewCourseCompletion(d, answered))
	}
	if v.First, err = s.progress.FirstAttempts(ctx, u.ID); err != nil {
		return err
	}
	if v.Ratings, err = s.progress.Ratings(ctx, u.ID); err != nil {
		return err
	}
	if v.Scored, err = s.progress.Scored(ctx, u.ID); err != nil {
		return err
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
