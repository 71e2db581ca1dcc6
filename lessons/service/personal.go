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
	Written     []scores.Submission
	Reveals     []progress.RevealedAnswer
	Mocks       []mock.Interview
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
		if d.Written, err = scores.SubmissionsOf(ctx, tx, userID); err != nil {
			return err
		}
		if d.Reveals, err = progress.RevealsOf(ctx, tx, userID); err != nil {
			return err
		}
		d.Mocks, err = mock.AllOf(ctx, tx, userID)
		return err
	})
	return d, err
}
