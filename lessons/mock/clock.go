package mock

import "time"

// A question's clock runs from when it is asked, stands still while the
// learner has paused it, and stops when they answer. Time past the limit
// is kept, not cut off: an answer sent late is marked over time, never
// lost.

// OnClock is how long the question has been on the clock at now.
func (q Question) OnClock(now time.Time) time.Duration {
	switch {
	case q.AskedAt.IsZero():
		return 0
	case q.Answered():
		return q.Taken
	case q.IsPaused():
		now = q.PausedAt
	}
	return max(0, now.Sub(q.AskedAt)-q.Paused)
}

// Left is the time left at now; negative past the limit.
func (q Question) Left(now time.Time) time.Duration { return q.Limit - q.OnClock(now) }

// IsPaused reports whether the learner has paused the clock.
func (q Question) IsPaused() bool { return !q.PausedAt.IsZero() }

// OverTime reports whether the answer was sent after the limit, or, not
// answered yet, whether the limit has passed at now.
func (q Question) OverTime(now time.Time) bool { return q.OnClock(now) > q.Limit }
