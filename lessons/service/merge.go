package service

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// MergeAnonymous moves what a visitor answered before signing in into
// their account, with the original times, and scores the answers to
// scored blocks against the revisions they were given on: all in one
// transaction, so the account gets all of it or none.
func (s *Service) MergeAnonymous(ctx context.Context, userID int64, anon progress.Anonymous) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		saved, err := progress.InsertAnswers(ctx, tx, userID, anon)
		if err != nil {
			return err
		}
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
	})
}
