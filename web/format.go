package web

import (
	"net/http"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/views"
)

// formatGuide is the lesson format's help page, which the editors link.
func (s *Server) formatGuide(w http.ResponseWriter, r *http.Request) error {
	return s.render(w, r, views.FormatGuide(lessons.Format()))
}
