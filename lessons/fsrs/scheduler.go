package fsrs

import (
	"errors"
	"fmt"
	"time"
)

// Scheduler schedules cards with one set of Params.
type Scheduler struct {
	memory
	learning, relearning []int // steps, in minutes
}

// NewScheduler checks p and makes its scheduler.
func NewScheduler(p Params) (*Scheduler, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	return &Scheduler{memory: newMemory(p), learning: minutes(p.LearningSteps), relearning: minutes(p.RelearningSteps)}, nil
}

var defaultScheduler = func() *Scheduler {
	s, err := NewScheduler(DefaultParams())
	if err != nil {
		panic(err)
	}
	return s
}()

// Next reviews c at now with rating r under DefaultParams; see
// Scheduler.Next.
func Next(c Card, now time.Time, r Rating) (Card, ReviewLog, error) {
	return defaultScheduler.Next(c, now, r)
}

// ErrReviewBeforeLast is Next's answer to a review dated on a calendar day
// (UTC) before the card's last review. A review earlier the same day is
// taken as a same-day review, as ts-fsrs takes it.
var ErrReviewBeforeLast = errors.New("fsrs: the review is dated before the card's last review")

// Next is the card after a review at now rated r, and the review's log. It
// is ts-fsrs's FSRS.next with interval fuzz off. Days between reviews are
// counted between calendar dates in UTC; due dates are now plus whole
// minutes (learning steps) or whole days (intervals), so they keep now's
// time of day.
func (s *Scheduler) Next(c Card, now time.Time, r Rating) (Card, ReviewLog, error) {
	if !r.valid() {
		return Card{}, ReviewLog{}, fmt.Errorf("fsrs: rating %d is not Again (1), Hard (2), Good (3) or Easy (4)", int(r))
	}
	if err := checkCard(c); err != nil {
		return Card{}, ReviewLog{}, err
	}
	elapsed := 0
	if c.State != New && !c.LastReview.IsZero() {
		elapsed = daysBetween(c.LastReview, now)
		if elapsed < 0 {
			return Card{}, ReviewLog{}, ErrReviewBeforeLast
		}
	}
	log := ReviewLog{
		Rating:          r,
		State:           c.State,
		Due:             c.LastReview,
		Stability:       c.Stability,
		Difficulty:      c.Difficulty,
		ElapsedDays:     elapsed,
		LastElapsedDays: c.ElapsedDays,
		ScheduledDays:   c.ScheduledDays,
		LearningSteps:   c.LearningSteps,
		Review:          now,
	}
	if log.Due.IsZero() {
		log.Due = c.Due
	}

	next := c
	next.LastReview = now
	next.ElapsedDays = elapsed
	next.Reps++
	next.Difficulty, next.Stability = s.memory.next(c.Difficulty, c.Stability, elapsed, r)
	switch {
	case c.State == Review && r != Again:
		// A recall from Review: Hard's interval is no longer than Good's,
		// Good's longer than Hard's, Easy's longer than Good's.
		next.State, next.LearningSteps = Review, 0
		next.ScheduledDays = s.reviewInterval(c, elapsed, r)
		next.Due = now.Add(days(next.ScheduledDays))
	default:
		to := Learning
		if c.State == Learning || c.State == Relearning {
			to = c.State
		} else if c.State == Review {
			to = Relearning
			next.Lapses++
		}
		s.applyStep(&next, c, now, r, to)
	}
	return next, log, nil
}

// reviewInterval is the interval a recall from Review sets: each grade's
// own, then ordered so a better grade never waits less (ts-fsrs works out
// Hard, Good and Easy together, in its next_interval).
func (s *Scheduler) reviewInterval(c Card, elapsed int, r Rating) int {
	ivl := func(g Rating) int {
		_, stability := s.memory.next(c.Difficulty, c.Stability, elapsed, g)
		return s.interval(stability)
	}
	hard, good := ivl(Hard), ivl(Good)
	hard = min(hard, good)
	good = max(good, hard+1)
	switch r {
	case Hard:
		return hard
	case Good:
		return good
	}
	return max(ivl(Easy), good+1)
}

// applyStep puts next in the (re)learning step the rating leads to, or in
// Review at the interval its stability earns (ts-fsrs's applyLearningSteps).
func (s *Scheduler) applyStep(next *Card, c Card, now time.Time, r Rating, to State) {
	minutes, step := step(s.learning, s.relearning, c.State, c.LearningSteps, r)
	switch {
	case minutes > 0 && minutes < minutesPerDay:
		next.State, next.LearningSteps, next.ScheduledDays = to, step, 0
		next.Due = now.Add(time.Duration(minutes) * time.Minute)
	case minutes >= minutesPerDay:
		next.State, next.LearningSteps, next.ScheduledDays = Review, step, minutes/minutesPerDay
		next.Due = now.Add(time.Duration(minutes) * time.Minute)
	default:
		next.State, next.LearningSteps = Review, 0
		next.ScheduledDays = s.interval(next.Stability)
		next.Due = now.Add(days(next.ScheduledDays))
	}
}

// checkCard refuses a card no review could have left.
func checkCard(c Card) error {
	switch {
	case c.State < New || c.State > Relearning:
		return fmt.Errorf("fsrs: card state %d is not New, Learning, Review or Relearning", int(c.State))
	case c.LearningSteps < 0 || c.Reps < 0 || c.Lapses < 0 || c.ElapsedDays < 0 || c.ScheduledDays < 0:
		return fmt.Errorf("fsrs: card has a negative count (steps %d, reps %d, lapses %d, elapsed %d, scheduled %d)",
			c.LearningSteps, c.Reps, c.Lapses, c.ElapsedDays, c.ScheduledDays)
	case c.Difficulty == 0 && c.Stability == 0:
		return nil // no memory state yet: the review sets the first
	case !(c.Difficulty >= 1 && c.Difficulty <= 10) || !(c.Stability >= minStability && c.Stability <= maxStability):
		return fmt.Errorf("fsrs: card's difficulty %v or stability %v is out of range", c.Difficulty, c.Stability)
	}
	return nil
}

// daysBetween counts calendar days (UTC) from a to b, as ts-fsrs's
// dateDiffInDays does: 23:59 to 00:01 is a day, 00:01 to 23:59 none.
func daysBetween(a, b time.Time) int {
	ay, am, ad := a.UTC().Date()
	by, bm, bd := b.UTC().Date()
	da := time.Date(ay, am, ad, 0, 0, 0, 0, time.UTC).Unix()
	db := time.Date(by, bm, bd, 0, 0, 0, 0, time.UTC).Unix()
	return int((db - da) / (24 * 60 * 60))
}

// days is n days of 24 hours (ts-fsrs adds milliseconds, not calendar days).
func days(n int) time.Duration { return time.Duration(n) * 24 * time.Hour }
