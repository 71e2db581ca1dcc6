package web

import (
	"net/http"

	"github.com/practicum-dev/practicum/web/views"
)

// agreement shows how often the auto-scorer agrees with reviewers; it is
// mounted with the review pages (routes.go).
func (s *Server) agreement(w http.ResponseWriter, r *http.Request) error {
	items, err := s.scores.Agreement(r.Context())
	if err != nil {
		return err
	}
	return s.render(w, r, views.Agreement(views.AgreementView{Items: items}))
}
