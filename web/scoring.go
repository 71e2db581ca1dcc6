package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/web/views"
)

// submitScored saves a signed-in learner's answer to an exercise or probe
// with its auto score, in one transaction.
func (s *Server) submitScored(ctx context.Context, userID int64, b lessons.Block, resp progress.Response) error {
	// Reviewers' decisions on this revision join the item's own labelled
	// answers as the scorer's second opinion.
	reviewed, err := s.scores.Reviewed(ctx, resp.RevisionID, b.Key)
	if err != nil {
		return err
	}
	sc, err := b.ItemScoring().Grade(resp.Answer, grading.NewLabelledSet(reviewed))
	if err != nil {
		return err
	}
	_, err = s.scores.SubmitScored(ctx, userID, resp, sc)
	return err
}

// scoreMerged scores the exercise and probe answers merged from an
// anonymous session, inside the merge's transaction.
func (s *Server) scoreMerged(ctx context.Context, tx pgx.Tx, saved []progress.SavedResponse) error {
	for _, r := range saved {
		if !r.Kind.Scored() {
			continue
		}
		doc, err := s.catalog.Revision(ctx, r.Course, r.Lesson, r.RevisionID)
		if err != nil {
			return err
		}
		b, ok := doc.Item(r.Key)
		if !ok || b.ItemScoring() == nil {
			continue
		}
		sc, err := b.ItemScoring().Grade(r.Answer, nil)
		if err != nil {
			return err
		}
		if err := s.scores.RecordAuto(ctx, tx, r.ID, r.RevisionID, sc); err != nil {
			return err
		}
	}
	return nil
}

// anonymousScores scores an anonymous visitor's latest answer to each
// exercise and probe on the lesson, as shown: their answers are not stored
// yet.
func (s *Server) anonymousScores(r *http.Request, v views.LessonView) (map[string]views.ScoreView, error) {
	out := map[string]views.ScoreView{}
	for key, rs := range v.State.Responses {
		last := rs[len(rs)-1]
		if !last.Kind.Scored() {
			continue
		}
		doc, err := s.catalog.Revision(r.Context(), v.Course.Slug, v.Lesson.Slug, last.RevisionID)
		if err != nil {
			return nil, err
		}
		b, ok := doc.Item(key)
		if !ok || b.ItemScoring() == nil {
			continue
		}
		sc, err := b.ItemScoring().Grade(last.Answer, nil)
		if err != nil {
			return nil, err
		}
		out[key] = views.NewAutoScoreView(last.Answer, sc)
	}
	return out, nil
}

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
		} else {
			kind = "Review by " + e.ReviewerName
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
			cv.Rationale = reviewerVerdict(cur.ReviewerName, cv.Awarded)
		}
		v.Criteria[i] = cv
	}
	if reviewed {
		v.Reviewed, v.ReviewerName, v.ReviewedAt = true, cur.ReviewerName, cur.At
	} else if auto != nil {
		v.Provisional = auto.Provisional
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
	page, err := s.catalog.Lesson(r.Context(), chi.URLParam(r, "course"), chi.URLParam(r, "lesson"))
	if err != nil {
		return err
	}
	b, ok := page.Lesson.Item(chi.URLParam(r, "key"))
	if !ok {
		return errNotFound
	}
	id, err := strconv.ParseInt(r.PostFormValue("response"), 10, 64)
	if err != nil {
		return errBadForm
	}
	err = s.scores.RequestReview(r.Context(), id, u.ID, r.PostFormValue("reason"))
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
