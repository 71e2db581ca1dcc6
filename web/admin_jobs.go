package web

import (
	"net/http"

	"github.com/practicum-dev/practicum/web/views"
)

// adminJobs counts the background jobs by kind and state.
func (s *Server) adminJobs(w http.ResponseWriter, r *http.Request) error {
	counts, err := s.jobs.Counts(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.render(w, r, views.AdminJobs(views.AdminJobsView{Counts: counts}))
}
