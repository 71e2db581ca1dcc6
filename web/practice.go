package web

import (
	"math/rand/v2"
	"net/http"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/views"
)

// practice lists every interview probe across courses.
func (s *Server) practice(w http.ResponseWriter, r *http.Request) error {
	probes, err := s.catalog.Probes(r.Context())
	if err != nil {
		return err
	}
	return s.render(w, r, views.Practice(probes))
}

// randomProbe hands out one probe, interview style: no choosing the easy one.
func (s *Server) randomProbe(w http.ResponseWriter, r *http.Request) error {
	probes, err := s.catalog.Probes(r.Context())
	if err != nil {
		return err
	}
	if len(probes) == 0 {
		http.Redirect(w, r, views.PracticeURL, http.StatusSeeOther)
		return nil
	}
	p := probes[rand.IntN(len(probes))]
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, views.ItemURL(p.Course, p.Lesson, lessons.KindProbe, p.Key), http.StatusSeeOther)
	return nil
}
