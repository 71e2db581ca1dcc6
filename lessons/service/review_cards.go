package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/review"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// How much of a learner's cards the Review page shows: the first due ones
// to answer there and then, and the next ones to come with their dates.
// The page's cost follows these, not the learner's cards or history.
const (
	DueShown   = 20
	LaterShown = 30
)

// ReviewQueue is a learner's Review page: what is due now, to answer on
// the page, and what comes next.
type ReviewQueue struct {
	Now        time.Time
	Due, Later int // all the learner's cards due now, and not yet
	// DueItems are the first DueShown due cards, a scored item's due
	// criteria together: one answer reviews them all.
	DueItems []DueItem
	Upcoming []Upcoming // the first LaterShown cards not due yet
}

// DueItem is one item to review: a checkpoint's card, or the due cards of
// one scored item's criteria, with the item as its lesson's current
// revision has it.
type DueItem struct {
	Cards []review.Listed
	Block lessons.Block
	// Order is the order a checkpoint's options are shown in
	// (review.Order); nil for a scored item.
	Order []int
}

// Card is the item's first card, which its form posts for.
func (d DueItem) Card() review.Listed { return d.Cards[0] }

// Upcoming is a card not due yet, with its item.
type Upcoming struct {
	review.Listed
	Block lessons.Block
}

// ReviewQueue reads learner userID's Review page at the service's clock.
func (s *Service) ReviewQueue(ctx context.Context, userID int64) (ReviewQueue, error) {
	now := s.now()
	q, err := s.review.Queue(ctx, userID, now, DueShown, LaterShown)
	if err != nil {
		return ReviewQueue{}, err
	}
	out := ReviewQueue{Now: now, Due: q.Due, Later: q.Later}
	grouped := map[string]int{} // a scored item's place in DueItems
	for _, c := range q.DueCards {
		b, ok, err := s.cardItem(ctx, c)
		if err != nil {
			return out, err
		}
		if !ok {
			continue
		}
		if c.Checkpoint() {
			out.DueItems = append(out.DueItems, DueItem{Cards: []review.Listed{c}, Block: b, Order: review.Order(c.ID, c.Reps, len(b.Checkpoint.Options))})
			continue
		}
		key := fmt.Sprint(c.LessonID, "\x00", c.Key)
		if i, seen := grouped[key]; seen {
			out.DueItems[i].Cards = append(out.DueItems[i].Cards, c)
			continue
		}
		grouped[key] = len(out.DueItems)
		out.DueItems = append(out.DueItems, DueItem{Cards: []review.Listed{c}, Block: b})
	}
	for _, c := range q.Upcoming {
		b, ok, err := s.cardItem(ctx, c)
		if err != nil {
			return out, err
		}
		if ok {
			out.Upcoming = append(out.Upcoming, Upcoming{Listed: c, Block: b})
		}
	}
	return out, nil
}

// cardItem is a listed card's item in its lesson's current revision (the
// catalog keeps decoded revisions, so a page of cards from a few lessons
// reads each at most once). ok is false when the revision has no such
// item of the card's kind, which the queue's query already rules out.
func (s *Service) cardItem(ctx context.Context, c review.Listed) (lessons.Block, bool, error) {
	doc, err := s.catalog.Revision(ctx, c.Course, c.Lesson, c.RevisionID)
	if err != nil {
		return lessons.Block{}, false, err
	}
	b, ok := doc.Item(c.Key)
	return b, ok && b.Kind == c.Kind, nil
}

// DueCount is how many of learner userID's cards are due now: the
// navigation's count.
func (s *Service) DueCount(ctx context.Context, userID int64) (int, error) {
	return s.review.DueCount(ctx, userID, s.now())
}

// ReviewAnswer is a learner's answer on the Review page to a due card.
type ReviewAnswer struct {
	CardID int64
	// RevisionID is the revision the question was shown from; Reps, for a
	// checkpoint, the card's review count then, which its options' order
	// was drawn from.
	RevisionID int64
	Reps       int
	// Place is the place of the checkpoint option chosen, as shown (-1:
	// none); Answer and Confidence a scored item's written answer.
	Place      int
	Answer     string
	Confidence progress.Confidence
}

// ReviewCard records a learner's answer on the Review page to their card
// a.CardID, the same way as on the lesson page: a checkpoint's attempt, or
// a scored item's answer, stored as a new revision of their answer with
// its score; each reviews the cards it is a review of (review.Record). A
// checkpoint's option is read from the place chosen through the order the
// page showed (review.Order), never from the form. It returns the card
// whenever it was found; nothing is recorded when it fails with
// *review.NotDueError, *review.StaleError (the card was reviewed since or
// its lesson updated: the page asks again), or *progress.InputError.
func (s *Service) ReviewCard(ctx context.Context, userID int64, a ReviewAnswer) (review.Listed, error) {
	c, err := s.review.Card(ctx, userID, a.CardID)
	if err != nil {
		return c, err
	}
	now := s.now()
	switch {
	case now.Before(c.Due):
		return c, &review.NotDueError{Due: c.Due}
	case a.RevisionID != c.RevisionID, c.Checkpoint() && a.Reps != c.Reps:
		return c, &review.StaleError{}
	}
	it := Item{Course: c.Course, Lesson: c.Lesson, Key: c.Key, RevisionID: c.RevisionID}
	if !c.Checkpoint() {
		if !c.Kind.Scored() {
			return c, fmt.Errorf("review card %d: a %s has no criteria: %w", c.ID, c.Kind, postgres.ErrNotFound)
		}
		_, _, err := s.submit(ctx, Learner{UserID: userID}, it, a.Answer, a.Confidence, review.FromReview)
		return c, err
	}
	b, err := s.item(ctx, it, isCheckpoint)
	if err != nil {
		return c, err
	}
	order := review.Order(c.ID, c.Reps, len(b.Checkpoint.Options))
	if a.Place < 0 || a.Place >= len(order) {
		return c, &progress.InputError{Msg: "Choose one of the options, then check your answer."}
	}
	option := order[a.Place]
	correct, err := progress.CheckOption(b.Checkpoint, option)
	if err != nil {
		return c, err
	}
	return c, s.recordAttempt(ctx, userID, progress.Attempt{Course: c.Course, Lesson: c.Lesson, RevisionID: c.RevisionID,
		Key: c.Key, Option: option, Correct: correct, At: now}, review.FromReview)
}

// ReviewDone is a learner's latest review of a card, with the item as it
// was answered (a checkpoint's options and their explanations).
type ReviewDone struct {
	review.Done
	Block lessons.Block
	// HasBlock is false when the revision answered is no longer readable.
	HasBlock bool
}

// LatestReview reads learner userID's latest review of their card id, for
// the Review page to report after an answer; ErrNotFound when there is
// none.
func (s *Service) LatestReview(ctx context.Context, userID, id int64) (ReviewDone, error) {
	d, err := s.review.LatestReview(ctx, userID, id)
	if err != nil {
		return ReviewDone{}, err
	}
	done := ReviewDone{Done: d}
	doc, err := s.catalog.Revision(ctx, d.Course, d.Lesson, d.RevisionID)
	switch {
	case err == nil:
		done.Block, done.HasBlock = doc.Item(d.Key)
	case !errors.Is(err, postgres.ErrNotFound):
		return done, err
	}
	return done, nil
}
