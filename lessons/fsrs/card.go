package fsrs

import (
	"fmt"
	"time"
)

// State is where a card is in its life. The values are ts-fsrs's, so that
// stored states and the reference agree.
type State int

const (
	New        State = 0 // never reviewed
	Learning   State = 1 // in the learning steps after its first review
	Review     State = 2 // scheduled in days by its memory state
	Relearning State = 3 // in the relearning steps after a lapse
)

func (s State) String() string {
	switch s {
	case New:
		return "New"
	case Learning:
		return "Learning"
	case Review:
		return "Review"
	case Relearning:
		return "Relearning"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// Card is one thing a learner reviews: its memory state and its schedule.
// The zero Card is not valid; start from NewCard.
type Card struct {
	Due        time.Time // when the next review is due
	Stability  float64   // days until recall falls to 90%; 0 before the first review
	Difficulty float64   // 1 (easy) to 10 (hard); 0 before the first review
	// ElapsedDays is the number of calendar days (UTC) between the card's
	// previous review and its latest one.
	ElapsedDays int
	// ScheduledDays is the interval the latest review set, in whole days;
	// 0 while the card is in a (re)learning step of minutes.
	ScheduledDays int
	// LearningSteps is the index of the (re)learning step the card is in.
	LearningSteps int
	Reps          int   // reviews so far
	Lapses        int   // times forgotten once in Review
	State         State // New, Learning, Review or Relearning
	LastReview    time.Time
}

// NewCard is a card never reviewed, due at now.
func NewCard(now time.Time) Card {
	return Card{Due: now, State: New}
}

// ReviewLog records one review: the rating and the card as it was before
// the review (the card after it is Next's other result).
type ReviewLog struct {
	Rating     Rating
	State      State     // the card's state before the review
	Due        time.Time // its previous review, or its due date if it had none
	Stability  float64   // before the review
	Difficulty float64   // before the review
	// ElapsedDays is the calendar days (UTC) since the previous review;
	// LastElapsedDays the card's ElapsedDays before this review.
	ElapsedDays     int
	LastElapsedDays int
	ScheduledDays   int // the interval the previous review had set
	LearningSteps   int // the step the card was in
	Review          time.Time
}
