package service

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons/mock"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/review"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// MergeAnonymous moves what visitor answered before signing in into
// their account, with the original times, scores the answers to scored
// blocks against the revisions they were given on, and gives both to the
// account's review cards, oldest first; their mock interviews move too,
// as they stand (a running one goes on in the account): all in one
// transaction, so the
// account gets all of it or none. The answers are taken (read and
// deleted) in that transaction, so however many sign-ins of one browser
// run at once, they are merged exactly once.
func (s *Service) MergeAnonymous(ctx context.Context, userID int64, visitor string) error {
	if visitor == "" {
		return nil
	}
	defer s.changed(userID)
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		// First: taking the answers deletes the visitor's row, and their
		// mock interviews would go with it.
		if _, err := mock.Adopt(ctx, tx, visitor, userID); err != nil {
			return err
		}
		anon, err := progress.TakeAnonymous(ctx, tx, visitor)
		if err != nil || anon.Empty() {
			return err
		}
		attempts, saved, err := progress.InsertAnswers(ctx, tx, userID, anon)
		if err != nil {
			return err
		}
		var cards []review.Answer
		for _, a := range attempts {
			cards = append(cards, attemptAnswer(userID, a.ID, a.Attempt, review.FromMerge))
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
			cards = append(cards, responseAnswer(userID, r.ID, r.Response, sc, review.FromMerge))
		}
		// A card is reviewed in the order its answers were given.
		slices.SortStableFunc(cards, func(a, b review.Answer) int { return a.At.Compare(b.At) })
		for _, a := range cards {
			if _, err := review.Record(ctx, tx, a); err != nil {
				return err
			}
		}
		return nil
	})
}
