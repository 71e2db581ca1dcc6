package fsrs

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// floatTolerance is how far, relative, a stability or difficulty may stray
// from ts-fsrs's. Both sides round them to 8 decimals after every step, so
// the only difference expected is a last-bit one from Go's and V8's exp,
// log and pow; due dates, states and counts must be equal.
const floatTolerance = 1e-9

// generate makes n rating sequences of 1 to 30 reviews from a fixed seed.
// The gaps between reviews are drawn without looking at the schedule, so
// the same reviews go to both schedulers and cover every case: the same
// minute, learning steps, across midnight UTC, days, and years overdue;
// reviews before a card is due as well as long after.
func generate(seed uint64, n int) []sequence {
	rng := rand.New(rand.NewPCG(seed, 2024))
	base := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	const day = 24 * 60 * 60 * 1000
	seqs := make([]sequence, n)
	for i := range seqs {
		at := base + rng.Int64N(10*365*day)
		seqs[i].Start = at
		// Each sequence is a learner of its own: how often they forget,
		// struggle, recall and find it easy.
		var odds [4]float64
		for g := range odds {
			odds[g] = rng.Float64()
		}
		length := 1 + rng.IntN(30)
		for range length {
			switch k := rng.IntN(20); {
			case k < 3: // the same minute
				at += rng.Int64N(60 * 1000)
			case k < 8: // a learning step's wait
				at += (1 + rng.Int64N(720)) * 60 * 1000
			case k < 11: // around a day, often across midnight
				at += 12*60*60*1000 + rng.Int64N(day)
			case k < 17: // days
				at += (1+rng.Int64N(30))*day + rng.Int64N(day)
			default: // long overdue
				at += (30+rng.Int64N(1500))*day + rng.Int64N(day)
			}
			seqs[i].Reviews = append(seqs[i].Reviews, reviewAtRated{At: at, Rating: pick(rng, odds)})
		}
	}
	return seqs
}

func pick(rng *rand.Rand, odds [4]float64) Rating {
	x := rng.Float64() * (odds[0] + odds[1] + odds[2] + odds[3])
	for g, o := range odds {
		if x < o {
			return Rating(g + 1)
		}
		x -= o
	}
	return Easy
}

// TestAgreesWithTSFSRS runs generated rating sequences through this
// scheduler and through ts-fsrs under node, and compares every card and log
// after every review: due dates and review times to the millisecond,
// states and counts exactly, stability and difficulty to floatTolerance.
func TestAgreesWithTSFSRS(t *testing.T) {
	t.Parallel()
	short := DefaultParams()
	short.RequestRetention = 0.85
	short.MaximumInterval = 180
	short.LearningSteps = []time.Duration{10 * time.Minute, 24 * time.Hour} // a step of a day
	// Three relearning steps lower the ceiling on w17 below its default.
	short.RelearningSteps = []time.Duration{5 * time.Minute, 30 * time.Minute, 2 * time.Hour}
	none := DefaultParams()
	none.RequestRetention = 0.95
	none.LearningSteps, none.RelearningSteps = nil, nil
	for _, tc := range []struct {
		name string
		p    Params
		seed uint64
		n    int
		// states the sequences must reach (none are in a step without steps)
		states []State
	}{
		{"defaults", DefaultParams(), 1, 240, []State{New, Learning, Review, Relearning}},
		{"day-long learning step, three relearning steps, 180-day cap", short, 2, 40, []State{New, Learning, Review, Relearning}},
		{"no steps, retention 0.95", none, 3, 40, []State{New, Review}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := NewScheduler(tc.p)
			if err != nil {
				t.Fatal(err)
			}
			seqs := generate(tc.seed, tc.n)
			ref := runReference(t, tc.p, seqs)
			var c coverage
			worst := 0.0
			for i, seq := range seqs {
				card := NewCard(time.UnixMilli(seq.Start))
				for j, rv := range seq.Reviews {
					now := time.UnixMilli(rv.At)
					c.note(card, now, rv.Rating)
					next, log, err := s.Next(card, now, rv.Rating)
					if err != nil {
						t.Fatalf("sequence %d review %d: %v", i, j, err)
					}
					want := ref.Results[i][j]
					diffs, rel := compare(next, log, want.Card, want.Log)
					worst = math.Max(worst, rel)
					if len(diffs) > 0 {
						t.Errorf("sequence %d review %d (%v at %s, card %v): %v", i, j, rv.Rating, now.UTC().Format(time.RFC3339), card.State, diffs)
						break
					}
					card = next
				}
			}
			t.Logf("%d sequences, %d reviews; largest relative difference in stability or difficulty %.3g; %s", len(seqs), c.reviews, worst, &c)
			c.check(t, tc.states)
		})
	}
}

// compare lists the fields where the Go card or log differs from ts-fsrs's,
// and the largest relative difference of their floats.
func compare(c Card, l ReviewLog, wc jsCard, wl jsLog) (diffs []string, worst float64) {
	ms := func(t time.Time) int64 { return t.UnixMilli() }
	eq := func(name string, got, want any) {
		if got != want {
			diffs = append(diffs, fmt.Sprintf("%s = %v, ts-fsrs %v", name, got, want))
		}
	}
	near := func(name string, got, want float64) {
		rel := math.Abs(got - want)
		if want != 0 {
			rel /= math.Abs(want)
		}
		worst = math.Max(worst, rel)
		if !(rel <= floatTolerance) {
			diffs = append(diffs, fmt.Sprintf("%s = %v, ts-fsrs %v", name, got, want))
		}
	}
	eq("due", ms(c.Due), wc.Due)
	near("stability", c.Stability, wc.Stability)
	near("difficulty", c.Difficulty, wc.Difficulty)
	eq("state", c.State, wc.State)
	eq("elapsed days", c.ElapsedDays, wc.ElapsedDays)
	eq("scheduled days", c.ScheduledDays, wc.ScheduledDays)
	eq("learning step", c.LearningSteps, wc.LearningSteps)
	eq("reps", c.Reps, wc.Reps)
	eq("lapses", c.Lapses, wc.Lapses)
	if wc.LastReview == nil {
		diffs = append(diffs, "ts-fsrs has no last review")
	} else {
		eq("last review", ms(c.LastReview), *wc.LastReview)
	}
	eq("log rating", l.Rating, wl.Rating)
	eq("log state", l.State, wl.State)
	eq("log due", ms(l.Due), wl.Due)
	near("log stability", l.Stability, wl.Stability)
	near("log difficulty", l.Difficulty, wl.Difficulty)
	eq("log elapsed days", l.ElapsedDays, wl.ElapsedDays)
	eq("log last elapsed days", l.LastElapsedDays, wl.LastElapsedDays)
	eq("log scheduled days", l.ScheduledDays, wl.ScheduledDays)
	eq("log learning step", l.LearningSteps, wl.LearningSteps)
	eq("log review", ms(l.Review), wl.Review)
	return diffs, worst
}

// coverage counts the kinds of review a run compared, so that a change to
// generate cannot quietly stop testing one.
type coverage struct {
	reviews, sameDay, early, overdue, lapses int
	byState                                  [4]int
	byRating                                 [5]int
}

func (c *coverage) note(card Card, now time.Time, r Rating) {
	c.reviews++
	c.byState[card.State]++
	c.byRating[r]++
	if card.State != New && daysBetween(card.LastReview, now) == 0 {
		c.sameDay++
	}
	if card.State == Review {
		switch {
		case now.Before(card.Due):
			c.early++
		case now.Sub(card.Due) > days(card.ScheduledDays):
			c.overdue++ // late by more than the interval itself
		}
		if r == Again {
			c.lapses++
		}
	}
}

func (c *coverage) String() string {
	return fmt.Sprintf("by state (New, Learning, Review, Relearning) %v, by rating %v, same day %d, early %d, overdue by over an interval %d, lapses %d",
		c.byState, c.byRating[1:], c.sameDay, c.early, c.overdue, c.lapses)
}

func (c *coverage) check(t *testing.T, states []State) {
	t.Helper()
	counts := append([]int{c.sameDay, c.early, c.overdue, c.lapses}, c.byRating[1:]...)
	for _, s := range states {
		counts = append(counts, c.byState[s])
	}
	if slices.Min(counts) < 5 {
		t.Errorf("the generated reviews cover too little of some kind: %s", c)
	}
}
