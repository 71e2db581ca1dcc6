package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/web/views"
)

// maxReviewForm bounds a review: four notes of up to 2,000 characters,
// percent-encoded.
const maxReviewForm = 128 << 10

// queueLimit is how many answers the review queue shows.
const queueLimit = 200

// noStore keeps learners' answers out of shared and browser caches.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}

func (s *Server) reviewQueue(w http.ResponseWriter, r *http.Request) error {
	items, err := s.scores.Queue(r.Context(), queueLimit+1)
	if err != nil {
		return err
	}
	v := views.ReviewQueueView{Items: items}
	if len(items) > queueLimit {
		v.Items, v.More = items[:queueLimit], true
	}
	return s.render(w, r, views.ReviewQueue(v))
}

// reviewSubmission shows one answer for review. ?saved=ID, set by
// saveReview's redirect, confirms that decision.
func (s *Server) reviewSubmission(w http.ResponseWriter, r *http.Request) error {
	v, err := s.reviewView(r)
	if err != nil {
		return err
	}
	if n, err := strconv.Atoi(r.URL.Query().Get("example")); err == nil && n == v.Calibration.Head && v.Calibration.Example > 0 {
		v.Calibration.Added = n
	}
	if id, err := strconv.ParseInt(r.URL.Query().Get("saved"), 10, 64); err == nil {
		for i, e := range v.Sub.History {
			if e.ID == id && e.Kind == scores.KindReview {
				v.Saved = &v.Sub.History[i]
			}
		}
	}
	return s.render(w, r, views.Review(v))
}

// reviewView loads an exercise or probe answer with the item as its
// learner saw it; any other response is not found.
func (s *Server) reviewView(r *http.Request) (views.ReviewView, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "response"), 10, 64)
	if err != nil {
		return views.ReviewView{}, errNotFound
	}
	rv, err := s.svc.Review(r.Context(), id)
	if err != nil {
		return views.ReviewView{}, err
	}
	c := rv.Calibration
	return views.ReviewView{Sub: rv.Sub, Form: views.NewReviewForm(rv.Sub), Errors: map[string]string{},
		Item: rv.Item, HasItem: rv.HasItem, AfterReveal: rv.Sub.AfterReveal,
		Calibration: views.ReviewCalibration{Head: c.Head, HasItem: c.HasItem, Example: c.Example, Disagreements: c.Calibration}}, nil
}

// addCalibrationExample adds the answer, with its current review's
// scores, as a calibration example in a new draft of the lesson, or shows
// the screen again saying why not: refused (422), or someone saved a
// newer revision of the lesson meanwhile (409).
func (s *Server) addCalibrationExample(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(chi.URLParam(r, "response"), 10, 64)
	if err != nil {
		return errNotFound
	}
	if err := parseForm(r); err != nil {
		return err
	}
	decision, err1 := strconv.ParseInt(r.PostFormValue("decision"), 10, 64)
	base, err2 := strconv.Atoi(r.PostFormValue("base"))
	if err1 != nil || err2 != nil {
		return errBadForm
	}
	added, err := s.svc.AddCalibrationExample(r.Context(), service.AddExample{ResponseID: id, AuthorID: s.currentUser(r).ID, Decision: decision, Base: base})
	if err == nil {
		http.Redirect(w, r, views.ReviewExampleURL(id, added.Revision), http.StatusSeeOther)
		return nil
	}
	var refused *service.ExampleRefused
	var conflict *service.BlockConflict
	if !errors.As(err, &refused) && !errors.As(err, &conflict) {
		return err
	}
	v, verr := s.reviewView(r)
	if verr != nil {
		return verr
	}
	if conflict != nil {
		h := conflict.Stale.Head
		v.Calibration.Conflict = &views.BlockConflict{Base: base, Number: h.Number, Author: h.Author, At: h.CreatedAt}
		return s.renderStatus(w, r, http.StatusConflict, views.Review(v))
	}
	v.Calibration.Refused = refused.Msg
	return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.Review(v))
}

func (s *Server) saveReview(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(chi.URLParam(r, "response"), 10, 64)
	if err != nil {
		return errNotFound
	}
	if err := parseForm(r); err != nil {
		return err
	}
	form, err := readReviewForm(r)
	if err != nil {
		return err
	}
	ev, err := s.svc.Override(r.Context(), scores.Override{
		ResponseID: id, ReviewerID: s.currentUser(r).ID, BasedOn: form.BasedOn, Scores: form.Scores, Notes: form.Notes,
	})
	if err == nil {
		http.Redirect(w, r, views.ReviewSavedURL(id, ev.ID), http.StatusSeeOther)
		return nil
	}
	var conflict *scores.ConflictError
	problems := scores.InputErrors(err)
	if !errors.As(err, &conflict) && len(problems) == 0 {
		return err
	}
	// Show the screen again as it now stands, with this reviewer's choices.
	v, verr := s.reviewView(r)
	if verr != nil {
		return verr
	}
	v.Form = form
	if conflict != nil {
		v.Conflict = &conflict.Latest
		v.Form.BasedOn = conflict.Latest.ID
		return s.renderStatus(w, r, http.StatusConflict, views.Review(v))
	}
	for _, p := range problems {
		if f := reviewFormField(p); v.Errors[f] == "" {
			v.Errors[f] = p.Msg
		}
	}
	return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.Review(v))
}

// readReviewForm reads a review as sent. A missing or malformed score is
// left out for the store to report beside its field.
func readReviewForm(r *http.Request) (views.ReviewForm, error) {
	f := views.ReviewForm{Scores: map[grading.Criterion]int{}, Notes: map[grading.Criterion]string{}}
	var err error
	if f.BasedOn, err = strconv.ParseInt(r.PostFormValue("based_on"), 10, 64); err != nil {
		return f, errBadForm
	}
	for _, c := range grading.Criteria {
		switch r.PostFormValue(views.ScoreField(c)) {
		case "0":
			f.Scores[c] = 0
		case "1":
			f.Scores[c] = 1
		}
		f.Notes[c] = r.PostFormValue(views.NoteField(c))
	}
	return f, nil
}

// reviewFormField is the review form's field a store problem belongs
// beside.
func reviewFormField(p *scores.InputError) string {
	for _, c := range grading.Criteria {
		switch p.Field {
		case scores.ScoreProblem(c):
			return views.ScoreField(c)
		case scores.NoteProblem(c):
			return views.NoteField(c)
		}
	}
	return views.DecisionField
}
