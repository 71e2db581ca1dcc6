package service

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/mock"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// PersonalData is everything a learner has given the site, for
// "Download all my data" and the progress CSV: their checkpoint answers,
// their written answers with every score, review and review request and
// whether each was written after seeing the item's answer, the answers
// they asked to see, and their mock interviews. The account's own fields
// are web/auth's, which the caller adds.
type PersonalData struct {
	Checkpoints []progress.CheckpointAnswer
	Written     []PersonalAnswer
	Reveals     []progress.RevealedAnswer
	Mocks       []mock.Interview
}

// PersonalAnswer is one version of a written answer with its scores.
type PersonalAnswer struct {
	scores.Submission
	// AfterReveal is true when the learner had seen the item's model
	// solution or strong answer before writing this version.
	AfterReveal bool
}

// PersonalData reads the learner's data in one read-only, repeatable-read
// transaction, so that an answer saved mid-download is either in every
// part of the document or in none.
func (s *Service) PersonalData(ctx context.Context, userID int64) (PersonalData, error) {
	var d PersonalData
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		if d.Checkpoints, err = progress.CheckpointAnswersOf(ctx, tx, userID); err != nil {
			return err
		}
		subs, err := scores.SubmissionsOf(ctx, tx, userID)
		if err != nil {
			return err
		}
		after, err := progress.AfterRevealOf(ctx, tx, userID)
		if err != nil {
			return err
		}
		for _, sub := range subs {
			d.Written = append(d.Written, PersonalAnswer{Submission: sub, AfterReveal: after[sub.ResponseID]})
		}
		if d.Reveals, err = progress.RevealsOf(ctx, tx, userID); err != nil {
			return err
		}
		d.Mocks, err = mock.AllOf(ctx, tx, userID)
		return err
	})
	return d, err
}
