package fsrs

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2025, 3, 1, 9, 30, 0, 0, time.UTC)

// at is t0's day at a time of day, days later.
func at(days int, clock string) time.Time {
	c, err := time.Parse("15:04", clock)
	if err != nil {
		panic(err)
	}
	return t0.AddDate(0, 0, days).Truncate(24 * time.Hour).Add(time.Duration(c.Hour())*time.Hour + time.Duration(c.Minute())*time.Minute)
}

// review runs a card made at t0 through reviews under the default
// parameters, failing the test on an error.
func review(t *testing.T, steps ...struct {
	at time.Time
	r  Rating
}) (Card, ReviewLog) {
	t.Helper()
	c, log := NewCard(t0), ReviewLog{}
	for _, s := range steps {
		var err error
		if c, log, err = Next(c, s.at, s.r); err != nil {
			t.Fatal(err)
		}
	}
	return c, log
}

type rated = struct {
	at time.Time
	r  Rating
}

// The figures are ts-fsrs 5.4.2's for the same reviews (fsrs().next with
// fuzz off), printed by node.
func TestKnownReviews(t *testing.T) {
	t.Parallel()
	// A new card rated Good at 09:30 and again at 09:40 has graduated to
	// Review, due in 2 days.
	graduate := []rated{{at(0, "09:30"), Good}, {at(0, "09:40"), Good}}
	tests := []struct {
		name    string
		reviews []rated
		want    Card
	}{
		{"new card, Again: the first learning step, 1 minute", []rated{{t0, Again}},
			Card{Due: at(0, "09:31"), Stability: 0.212, Difficulty: 6.4133, State: Learning, Reps: 1}},
		{"new card, Hard: between the steps, 6 minutes", []rated{{t0, Hard}},
			Card{Due: at(0, "09:36"), Stability: 1.2931, Difficulty: 5.11217071, State: Learning, Reps: 1}},
		{"new card, Good: the second step, 10 minutes", []rated{{t0, Good}},
			Card{Due: at(0, "09:40"), Stability: 2.3065, Difficulty: 2.11810397, State: Learning, LearningSteps: 1, Reps: 1}},
		{"new card, Easy: straight to Review, 8 days", []rated{{t0, Easy}},
			Card{Due: at(8, "09:30"), Stability: 8.2956, Difficulty: 1, State: Review, ScheduledDays: 8, Reps: 1}},
		{"Good at the last step: Review, 2 days", graduate,
			Card{Due: at(2, "09:40"), Stability: 2.3065, Difficulty: 2.11121424, State: Review, ScheduledDays: 2, Reps: 2}},
		{"Good when due: 11 days", append(graduate, rated{at(2, "09:40"), Good}),
			Card{Due: at(13, "09:40"), Stability: 10.97104786, Difficulty: 2.1043314, State: Review, ElapsedDays: 2, ScheduledDays: 11, Reps: 3}},
		{"a lapse: Again when due relearns in 10 minutes", append(graduate, rated{at(2, "09:40"), Again}),
			Card{Due: at(2, "09:50"), Stability: 0.60770166, Difficulty: 7.39223814, State: Relearning, ElapsedDays: 2, Reps: 3, Lapses: 1}},
		{"Good after the relearning step: Review, 1 day", append(graduate, rated{at(2, "09:40"), Again}, rated{at(2, "09:50"), Good}),
			Card{Due: at(3, "09:50"), Stability: 0.65979762, Difficulty: 7.38007427, State: Review, ScheduledDays: 1, Reps: 4, Lapses: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, _ := review(t, tc.reviews...)
			tc.want.LastReview = tc.reviews[len(tc.reviews)-1].at
			if got != tc.want {
				t.Errorf("card is\n%+v\nts-fsrs gives\n%+v", got, tc.want)
			}
		})
	}
}

func TestLapseLog(t *testing.T) {
	t.Parallel()
	_, log := review(t, rated{at(0, "09:30"), Good}, rated{at(0, "09:40"), Good}, rated{at(2, "09:40"), Again})
	want := ReviewLog{Rating: Again, State: Review, Due: at(0, "09:40"), Stability: 2.3065, Difficulty: 2.11121424,
		ElapsedDays: 2, ScheduledDays: 2, Review: at(2, "09:40")}
	if log != want {
		t.Errorf("log is\n%+v\nts-fsrs gives\n%+v", log, want)
	}
}

// Days between reviews are calendar days in UTC, however few hours apart.
func TestElapsedDaysAreCalendarDays(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		from, to time.Time
		want     int
	}{
		{at(0, "23:59"), at(1, "00:01"), 1},
		{at(0, "00:01"), at(0, "23:59"), 0},
		{at(0, "12:00"), at(31, "11:00"), 31},
		{at(0, "12:00").In(time.FixedZone("UTC+14", 14*3600)), at(1, "01:00"), 1},
	} {
		if got := daysBetween(tc.from, tc.to); got != tc.want {
			t.Errorf("days from %s to %s = %d, want %d", tc.from, tc.to, got, tc.want)
		}
	}
}

func TestNextRefuses(t *testing.T) {
	t.Parallel()
	learning, _ := review(t, rated{at(3, "10:00"), Good})
	for _, tc := range []struct {
		name string
		card Card
		now  time.Time
		r    Rating
		want string
	}{
		{"rating 0", NewCard(t0), t0, 0, "rating 0 is not"},
		{"rating 5", NewCard(t0), t0, 5, "rating 5 is not"},
		{"a state that is none", Card{State: 7}, t0, Good, "state 7"},
		{"a difficulty out of range", Card{State: Review, Difficulty: 11, Stability: 3, LastReview: t0}, t0, Good, "out of range"},
		{"a stability without a difficulty", Card{State: Review, Stability: 3, LastReview: t0}, t0, Good, "out of range"},
		{"a negative step", Card{State: Learning, LearningSteps: -1}, t0, Good, "negative"},
		{"a review the day before the last", learning, at(2, "23:00"), Good, ErrReviewBeforeLast.Error()},
	} {
		_, _, err := Next(tc.card, tc.now, tc.r)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
	// Earlier the same day is a same-day review, as in ts-fsrs.
	if _, _, err := Next(learning, at(3, "09:00"), Good); err != nil {
		t.Errorf("a review earlier on the last review's day: %v", err)
	}
	_, _, err := Next(learning, at(2, "23:00"), Good)
	if !errors.Is(err, ErrReviewBeforeLast) {
		t.Errorf("error %v is not ErrReviewBeforeLast", err)
	}
}

func TestNewSchedulerRefuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		change func(*Params)
		want   string
	}{
		{"retention 0", func(p *Params) { p.RequestRetention = 0 }, "request retention 0 is not in (0, 1]"},
		{"retention above 1", func(p *Params) { p.RequestRetention = 1.1 }, "request retention 1.1"},
		{"no maximum interval", func(p *Params) { p.MaximumInterval = 0 }, "maximum interval 0 days"},
		{"a step of seconds", func(p *Params) { p.LearningSteps = []time.Duration{90 * time.Second} }, "step 1m30s is not a positive whole number of minutes"},
		{"a weight that is no number", func(p *Params) { p.W[7] = math.NaN() }, "weight w7 is NaN"},
	} {
		p := DefaultParams()
		tc.change(&p)
		_, err := NewScheduler(p)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

// Weights out of range are clamped as ts-fsrs clamps them (the figures are
// its clipParameters'): to their own range, and w17 and w18 to a ceiling
// that falls as relearning steps are added.
func TestWeightsAreClamped(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name          string
		w7, w17       float64
		relearning    int
		want7, want17 float64
	}{
		{"in range", 0.5, 0.5425, 1, 0.5, 0.5425},
		{"w7 above 0.75", 0.9, 0.5425, 1, 0.75, 0.5425},
		{"w17 at 1.5, one relearning step", 0.001, 1.5, 1, 0.001, 1.5},
		{"w17 at 1.5, two relearning steps", 0.001, 1.5, 2, 0.001, 0.60045935},
		{"default w17, three relearning steps", 0.001, 0.5425, 3, 0.001, 0.49027301},
	} {
		p := DefaultParams()
		p.W[7], p.W[17] = tc.w7, tc.w17
		p.RelearningSteps = make([]time.Duration, tc.relearning)
		for i := range p.RelearningSteps {
			p.RelearningSteps[i] = time.Duration(i+1) * time.Minute
		}
		s, err := NewScheduler(p)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if s.w[7] != tc.want7 || s.w[17] != tc.want17 || s.w[18] != math.Min(p.W[18], tc.want17) {
			t.Errorf("%s: w7, w17, w18 are %v, %v, %v; ts-fsrs has %v, %v, %v", tc.name, s.w[7], s.w[17], s.w[18], tc.want7, tc.want17, math.Min(p.W[18], tc.want17))
		}
	}
}

// JavaScript rounds halves up; Go's math.Round away from zero.
func TestJSRound(t *testing.T) {
	t.Parallel()
	for x, want := range map[float64]float64{2.5: 3, -2.5: -2, -0.5: 0, 0.49999999999999994: 0, 1.4999999: 1, -1.5000001: -2} {
		if got := jsRound(x); got != want {
			t.Errorf("jsRound(%v) = %v, want %v", x, got, want)
		}
	}
}

func BenchmarkNext(b *testing.B) {
	c := Card{Due: at(20, "09:00"), Stability: 18.3, Difficulty: 5.2, State: Review, ScheduledDays: 18, Reps: 6, LastReview: at(2, "09:00")}
	now := at(21, "10:00")
	for b.Loop() {
		if _, _, err := Next(c, now, Good); err != nil {
			b.Fatal(err)
		}
	}
}
