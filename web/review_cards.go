package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/review"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/web/views"
)

// reviewCards is the learner's Review page; a visitor who is not signed in
// is asked to. ?reviewed=ID reports the review of card ID just made.
func (s *Server) reviewCards(w http.ResponseWriter, r *http.Request) error {
	u := s.currentUser(r)
	if u == nil {
		return s.render(w, r, views.ReviewCards(views.ReviewCardsView{}))
	}
	v, err := s.reviewCardsView(r, u.ID)
	if err != nil {
		return err
	}
	if id, err := strconv.ParseInt(r.URL.Query().Get("reviewed"), 10, 64); err == nil && id > 0 {
		d, err := s.svc.LatestReview(r.Context(), u.ID, id)
		switch {
		case errors.Is(err, postgres.ErrNotFound): // not theirs, or never reviewed: nothing to report
		case err != nil:
			return err
		default:
			v.Done = &views.ReviewDone{Done: d.Done, Block: d.Block, HasBlock: d.HasBlock, CardID: id}
		}
	}
	return s.render(w, r, views.ReviewCards(v))
}

// reviewCardsView reads the learner's queue; its count of due cards is the
// navigation's too.
func (s *Server) reviewCardsView(r *http.Request, userID int64) (views.ReviewCardsView, error) {
	q, err := s.svc.ReviewQueue(r.Context(), userID)
	if err != nil {
		return views.ReviewCardsView{}, err
	}
	s.setDueReviews(r, q.Due)
	v := views.ReviewCardsView{SignedIn: true, Now: q.Now, Due: q.Due, Later: q.Later,
		Problems: map[int64]string{}, Drafts: map[int64]progress.Response{}}
	for _, it := range q.DueItems {
		v.Items = append(v.Items, views.ReviewItem{Cards: it.Cards, Block: it.Block, Order: it.Order})
	}
	for _, c := range q.Upcoming {
		v.Upcoming = append(v.Upcoming, views.UpcomingCard{Listed: c.Listed, Block: c.Block})
	}
	return v, nil
}

// answerReviewCard takes an answer to a due card from the Review page and
// reports its review; a refused answer shows the page again, with the
// problem beside the card (422) or why nothing was recorded (409).
func (s *Server) answerReviewCard(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	id, err := strconv.ParseInt(chi.URLParam(r, "card"), 10, 64)
	if err != nil {
		return errNotFound
	}
	revision, err := strconv.ParseInt(r.PostFormValue("revision"), 10, 64)
	if err != nil {
		return errBadForm
	}
	a := service.ReviewAnswer{CardID: id, RevisionID: revision, Reps: formInt(r, "reps"), Place: formInt(r, "place"),
		Answer: r.PostFormValue("answer"), Confidence: progress.Confidence(r.PostFormValue("confidence"))}
	u := s.currentUser(r)
	_, err = s.svc.ReviewCard(r.Context(), u.ID, a)
	var input *progress.InputError
	var notDue *review.NotDueError
	var stale *review.StaleError
	status, notice := http.StatusConflict, ""
	switch {
	case err == nil:
		http.Redirect(w, r, views.ReviewedURL(id), http.StatusSeeOther)
		return nil
	case errors.As(err, &input):
		status = http.StatusUnprocessableEntity
	case errors.As(err, &notDue):
		notice = "Nothing was recorded: that card is not due until " + notDue.Due.UTC().Format("2 Jan 2006, 15:04 UTC") + "."
	case errors.As(err, &stale):
		notice = "Nothing was recorded: that card was reviewed again, or its lesson was updated, since this page was shown. If it is still due, it is asked again below."
	default:
		return err
	}
	v, err := s.reviewCardsView(r, u.ID)
	if err != nil {
		return err
	}
	v.Notice = notice
	if input != nil {
		v.Problems[id] = input.Msg
		v.Drafts[id] = progress.Response{Answer: a.Answer, Confidence: a.Confidence}
	}
	return s.renderStatus(w, r, status, views.ReviewCards(v))
}

// formInt is a posted whole number, -1 when absent or not a number.
func formInt(r *http.Request, name string) int {
	n, err := strconv.Atoi(r.PostFormValue(name))
	if err != nil {
		return -1
	}
	return n
}
