package service

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// LessonConflict is a lesson save or publish refused because someone saved
// a newer revision since the author opened theirs. Diff shows what saving
// would change in that newer revision; for a publish, what the newer
// revision changed in the one the author meant to publish (none when that
// number never was a revision).
type LessonConflict struct {
	Stale *catalog.StaleError
	Diff  []lessons.DiffLine
}

func (e *LessonConflict) Error() string { return e.Stale.Error() }

// SaveLesson saves src, a whole lesson file written over revision base, as
// a new draft and returns its number. It is refused with lessons.Problems
// or *LessonConflict; nothing is saved then.
func (s *Service) SaveLesson(ctx context.Context, authorID int64, course, lesson string, base int, src []byte) (int, error) {
	res, err := s.catalog.SaveDraft(ctx, authorID, course, lesson, base, src)
	var stale *catalog.StaleError
	if errors.As(err, &stale) {
		return 0, &LessonConflict{Stale: stale, Diff: lessons.Diff(string(stale.Source), string(src), lessons.DiffContext)}
	}
	if err != nil {
		return 0, err
	}
	return res.Revision.Number, nil
}

// Publish makes revision number the one learners see. With rescore, the
// learners' current answers to each exercise and probe whose scoring the
// revision changes (RescoreOffer) are queued to be scored again against
// it, in the same transaction: the revision is published with its
// re-scoring jobs or not at all. It is refused with
// *catalog.CalibrationError or lessons.Problems when that revision may not
// be published, or *LessonConflict when a newer revision exists.
func (s *Service) Publish(ctx context.Context, authorID int64, course, lesson string, number int, rescore bool) error {
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		p, err := catalog.PublishTx(ctx, tx, authorID, course, lesson, number)
		if err != nil || !rescore || p.Lesson == nil {
			return err
		}
		return s.enqueueRescores(ctx, tx, authorID, course, lesson, p)
	})
	var stale *catalog.StaleError
	if !errors.As(err, &stale) {
		return err
	}
	c := &LessonConflict{Stale: stale}
	_, old, err := s.catalog.RevisionSource(ctx, course, lesson, number)
	switch {
	case err == nil:
		c.Diff = lessons.Diff(string(old), string(stale.Source), lessons.DiffContext)
	case !errors.Is(err, postgres.ErrNotFound):
		return err
	}
	return c
}
