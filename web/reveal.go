package web

import (
	"net/http"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// revealAnswer is "Show the answer" on a checkpoint and "Show the model
// answer" on an exercise or probe: after a first attempt, the item's
// answer is shown from then on. Before one it is refused (422) beside the
// item, as a refused answer is. Without JavaScript the form's POST
// redirects back to the item; with htmx a checkpoint is swapped in place,
// as its answer form is.
func (s *Server) revealAnswer(w http.ResponseWriter, r *http.Request) error {
	it, err := answeredItem(r)
	if err != nil {
		return err
	}
	// A visitor who has answered nothing has no answers to reveal:
	// learner, not answerer, so that no visitor id is made for them.
	who := s.learner(r)
	b, err := s.svc.RevealAnswer(r.Context(), who, it)
	if err != nil {
		// Nothing was answered, so there is no draft to keep.
		return s.refuseAnswer(w, r, b, progress.Response{}, err)
	}
	s.keepVisitor(r, who)
	if b.Kind == lessons.KindCheckpoint {
		return s.showCheckpoint(w, r, b)
	}
	http.Redirect(w, r, itemLocation(r, b), http.StatusSeeOther)
	return nil
}
