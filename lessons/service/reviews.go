package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/review"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// CurrentItem is the structured block keyed key in a lesson's current
// revision.
func (s *Service) CurrentItem(ctx context.Context, course, lesson, key string) (lessons.Block, error) {
	page, err := s.catalog.Lesson(ctx, course, lesson)
	if err != nil {
		return lessons.Block{}, err
	}
	b, ok := page.Lesson.Item(key)
	if !ok {
		return b, fmt.Errorf("item %q of %s/%s: %w", key, course, lesson, postgres.ErrNotFound)
	}
	return b, nil
}

// RequestReview records a learner's request for a human review of their
// own scored answer (see scores.Store.RequestReview).
func (s *Service) RequestReview(ctx context.Context, userID, responseID int64, reason string) error {
	defer s.changed(userID)
	return s.scores.RequestReview(ctx, responseID, userID, reason)
}

// Review is a scored answer as a reviewer sees it: the submission with its
// history, and the block as its learner saw it.
type Review struct {
	Sub scores.Submission
	// Item is the block in the revision whose rubric gave the latest auto
	// score — the revision answered, unless the answer was re-scored
	// against a later one since — so that the reviewer judges by the
	// rubric the current score was given with; HasItem is false when that
	// revision is no longer readable.
	Item    lessons.Block
	HasItem bool
	// Calibration is the item in the lesson's newest revision, where the
	// answer may be added as a calibration example.
	Calibration ExampleState
}

// Review reads one scored answer for review, and its item's calibration
// examples in the lesson's newest revision; any other response is not
// found.
func (s *Service) Review(ctx context.Context, responseID int64) (Review, error) {
	sub, err := s.scores.Submission(ctx, responseID)
	if err != nil {
		return Review{}, err
	}
	if !lessons.Kind(sub.Kind).Scored() {
		return Review{}, fmt.Errorf("scored response %d: %w", responseID, postgres.ErrNotFound)
	}
	v := Review{Sub: sub}
	rubric := sub.RevisionID
	if auto, ok := sub.Auto(); ok {
		rubric = auto.RubricRevisionID
	}
	doc, err := s.catalog.Revision(ctx, sub.Course, sub.Lesson, rubric)
	switch {
	case errors.Is(err, postgres.ErrNotFound):
	case err != nil:
		return v, err
	default:
		v.Item, v.HasItem = doc.Item(sub.Key)
	}
	v.Calibration, err = s.CalibrationState(ctx, sub)
	return v, err
}

// Override records a reviewer's decision on a scored answer (see
// scores.Store.Override for its refusals) and, in the same transaction,
// re-decides the reviews of the learner's cards that the answer drove
// (review.Reverdict): the effective verdict is what schedules a card.
func (s *Service) Override(ctx context.Context, o scores.Override) (scores.Event, error) {
	var ev scores.Event
	var learners []int64
	defer func() { s.changed(learners...) }()
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		// Read first: whatever happens next, the learner may be told.
		if learners, err = progress.Owners(ctx, tx, []int64{o.ResponseID}); err != nil {
			return err
		}
		if ev, err = s.scores.OverrideIn(ctx, tx, o); err != nil {
			return err
		}
		_, err = review.Reverdict(ctx, tx, ev.ResponseID, ev.ID, ev.Scores)
		return err
	})
	if err != nil {
		return scores.Event{}, err
	}
	return ev, nil
}
