package mock

import (
	"testing"
	"time"
)

// TestClock: a question's time runs from when it is asked, without the
// pauses ended or the one going on, stops when it is answered, and goes
// past the limit rather than stopping there.
func TestClock(t *testing.T) {
	t.Parallel()
	asked := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return asked.Add(d) }
	tests := []struct {
		name      string
		q         Question
		now       time.Duration
		onClock   time.Duration
		over, off bool // over time; paused
	}{
		{"not asked yet", Question{}, time.Hour, 0, false, false},
		{"running", Question{AskedAt: asked}, 90 * time.Second, 90 * time.Second, false, false},
		{"after a pause of a minute", Question{AskedAt: asked, Paused: time.Minute}, 3 * time.Minute, 2 * time.Minute, false, false},
		{"paused an hour ago", Question{AskedAt: asked, PausedAt: at(time.Minute)}, time.Hour, time.Minute, false, true},
		{"paused again after one pause", Question{AskedAt: asked, Paused: time.Minute, PausedAt: at(4 * time.Minute)}, time.Hour, 3 * time.Minute, false, true},
		{"past the limit", Question{AskedAt: asked}, 7 * time.Minute, 7 * time.Minute, true, false},
		{"answered in time, read later", Question{AskedAt: asked, AnsweredAt: at(time.Minute), Taken: time.Minute}, time.Hour, time.Minute, false, false},
		{"answered late", Question{AskedAt: asked, AnsweredAt: at(6 * time.Minute), Taken: 6 * time.Minute}, time.Hour, 6 * time.Minute, true, false},
		{"a clock behind the question's", Question{AskedAt: asked}, -time.Minute, 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			q := tt.q
			q.Limit = 5 * time.Minute
			now := at(tt.now)
			if got := q.OnClock(now); got != tt.onClock {
				t.Errorf("OnClock = %v, want %v", got, tt.onClock)
			}
			if got := q.Left(now); got != q.Limit-tt.onClock {
				t.Errorf("Left = %v, want %v", got, q.Limit-tt.onClock)
			}
			if q.OverTime(now) != tt.over || q.IsPaused() != tt.off {
				t.Errorf("over time %v, paused %v; want %v, %v", q.OverTime(now), q.IsPaused(), tt.over, tt.off)
			}
		})
	}
}
