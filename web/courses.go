package web

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/web/views"
)

func (s *Server) home(w http.ResponseWriter, r *http.Request) error {
	courses, err := s.catalog.Courses(r.Context())
	if err != nil {
		return err
	}
	return s.render(w, r, views.Home(courses))
}

func (s *Server) course(w http.ResponseWriter, r *http.Request) error {
	d, err := s.catalog.Course(r.Context(), chi.URLParam(r, "course"))
	if err != nil {
		return err
	}
	return s.render(w, r, views.Course(d))
}

func (s *Server) lesson(w http.ResponseWriter, r *http.Request) error {
	p, err := s.catalog.Lesson(r.Context(), chi.URLParam(r, "course"), chi.URLParam(r, "lesson"))
	if err != nil {
		return err
	}
	return s.render(w, r, views.Lesson(p))
}
