package web

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/web/views"
)

// scoreView turns a submission's history into what its learner sees.
func scoreView(sub scores.Submission) views.ScoreView {
	cur := sub.Current()
	v := views.ScoreView{ResponseID: sub.ResponseID, Answer: sub.Answer, Total: cur.Total, CanRequestReview: true,
		ReviewRequested: len(sub.OpenRequests()) > 0}
	var auto *grading.Score
	notes := map[grading.Criterion]string{}
	for _, e := range sub.History {
		kind := "Auto score"
		if e.Kind == scores.KindAuto {
			auto = e.Detail
			if e.RubricRevisionID != sub.RevisionID {
				kind = fmt.Sprintf("Re-scored with revision %d's rubric", e.RubricRevisionNumber)
			}
		} else {
			kind = "Review by " + cmp.Or(e.ReviewerName, "a reviewer")
			for c, n := range e.Notes {
				notes[c] = n
			}
		}
		v.History = append(v.History, views.ScoreEventView{Kind: kind, Total: e.Total, At: e.At, Notes: e.Notes, Version: e.ScorerVersion})
	}
	reviewed := cur.Kind == scores.KindReview
	for i, c := range grading.Criteria {
		cv := views.CriterionView{Criterion: c, Awarded: cur.Scores[c] == 1, Note: notes[c]}
		if auto != nil {
			cv.AutoAwarded = auto.Criteria[i].Awarded
			cv.Rationale = auto.Criteria[i].Rationale
			cv.Evidence = auto.Criteria[i].Evidence
			cv.Provisional = !reviewed && auto.Provisional && auto.Criteria[i].Provisional
		}
		// A reviewer's decision replaces the scorer's explanation; the
		// automatic one stays in the history.
		if reviewed && (auto == nil || cv.AutoAwarded != cv.Awarded || cv.Note != "") {
			cv.Rationale = reviewerVerdict(cmp.Or(cur.ReviewerName, "A reviewer"), cv.Awarded)
		}
		v.Criteria[i] = cv
	}
	if reviewed {
		// A reviewer whose account was deleted is no longer named.
		v.Reviewed, v.ReviewerName, v.ReviewedAt = true, cmp.Or(cur.ReviewerName, "a reviewer"), cur.At
	} else if auto != nil {
		v.Provisional = auto.Provisional
		if cur.RubricRevisionID != sub.RevisionID {
			v.RescoredWith = cur.RubricRevisionNumber
		}
	}
	return v
}

func reviewerVerdict(reviewer string, awarded bool) string {
	if awarded {
		return reviewer + " reviewed this and awarded the point."
	}
	return reviewer + " reviewed this and did not award the point."
}

// requestReview records a learner's request for a human review of a score.
func (s *Server) requestReview(w http.ResponseWriter, r *http.Request) error {
	u := s.currentUser(r)
	if err := parseForm(r); err != nil {
		return err
	}
	b, err := s.svc.CurrentItem(r.Context(), chi.URLParam(r, "course"), chi.URLParam(r, "lesson"), chi.URLParam(r, "key"))
	if err != nil {
		return err
	}
	id, err := strconv.ParseInt(r.PostFormValue("response"), 10, 64)
	if err != nil {
		return errBadForm
	}
	err = s.svc.RequestReview(r.Context(), u.ID, id, r.PostFormValue("reason"))
	var input *scores.InputError
	if errors.As(err, &input) {
		v, verr := s.lessonView(r)
		if verr != nil {
			return verr
		}
		v.Errors[b.Key] = input.Msg
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.Lesson(v))
	}
	if err != nil {
		return err
	}
	http.Redirect(w, r, itemLocation(r, b), http.StatusSeeOther)
	return nil
}
