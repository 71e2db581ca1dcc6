package review

import (
	"time"

	"github.com/practicum-dev/practicum/lessons/fsrs"
)

// Sitting is how long after a card's last review an answer to it still
// belongs to the same sitting: long enough for FSRS's learning steps
// (1 and 10 minutes) to be met within it, short of the next day's return.
const Sitting = time.Hour

// decide says whether a result answered at `at` is a review of card c, and
// the outcome fsrs.RatingFor rates. Learners answer on the lesson page as
// often as they like, so not every answer is a review:
//
//   - a new card's first answer is;
//   - an answer once the card is due is;
//   - a wrong answer before the card is due is, when it comes in a later
//     sitting than the card's last review: the learner forgot early, and
//     the card comes back sooner;
//   - any other answer is not: a right answer before the due date would
//     stretch the interval for a recall that was never spaced, and trying
//     the other options of a checkpoint just answered is reading their
//     explanations, not forgetting;
//   - an answer dated before the card's last review (an anonymous answer
//     merged after the account answered again) is not.
//
// WrongEarlier is a wrong answer earlier in the same sitting that was a
// review: the Again it drew already counted the miss, so a right answer
// after it rates Hard, not Good.
func decide(c Card, r Result, at time.Time) (fsrs.Outcome, bool) {
	if !c.LastReview.IsZero() && at.Before(c.LastReview) {
		return fsrs.Outcome{}, false
	}
	same := c.sameSitting(at)
	o := fsrs.Outcome{Correct: r.Correct, NotYet: r.NotYet, WrongEarlier: same && c.SittingWrong}
	switch {
	case c.State == fsrs.New, !at.Before(c.Due):
		return o, true
	case !same && !r.Correct:
		return o, true
	}
	return o, false
}

// sameSitting reports whether an answer at `at` is in the sitting of the
// card's last review.
func (c Card) sameSitting(at time.Time) bool {
	return !c.LastReview.IsZero() && at.Sub(c.LastReview) < Sitting
}

// reviewed is c after a review at `at` with outcome o: the schedule fsrs
// gives it, and whether its sitting has had a wrong answer.
func reviewed(c Card, o fsrs.Outcome, at time.Time) (Card, fsrs.Rating, error) {
	rating := fsrs.RatingFor(o)
	next, _, err := fsrs.Next(c.Card, at, rating)
	if err != nil {
		return c, rating, err
	}
	c.Card = next
	c.SittingWrong = o.WrongEarlier || !o.Correct
	return c, rating, nil
}
