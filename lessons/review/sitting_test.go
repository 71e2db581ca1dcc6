package review

import (
	"testing"
	"time"

	"github.com/practicum-dev/practicum/lessons/fsrs"
)

// TestDecide: which answers are reviews, and what FSRS is told about them.
func TestDecide(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	fresh := Card{Card: fsrs.NewCard(t0)}
	// Reviewed at t0, due ten minutes later, its sitting had a miss.
	learning := Card{Card: fsrs.Card{State: fsrs.Learning, Due: t0.Add(10 * time.Minute), Stability: 2.3, Difficulty: 5,
		Reps: 2, LastReview: t0}, SittingWrong: true}
	// Reviewed at t0, due in four days.
	scheduled := Card{Card: fsrs.Card{State: fsrs.Review, Due: t0.Add(96 * time.Hour), Stability: 4, Difficulty: 5,
		ScheduledDays: 4, Reps: 3, LastReview: t0}}
	for _, tc := range []struct {
		name   string
		c      Card
		r      Result
		at     time.Time
		review bool
		rating fsrs.Rating
	}{
		{"a new card's first answer, wrong", fresh, Result{}, t0, true, fsrs.Again},
		{"a new card's first answer, right", fresh, Result{Correct: true}, t0, true, fsrs.Good},
		{"a new card's first answer, right but Not yet", fresh, Result{Correct: true, NotYet: true}, t0, true, fsrs.Hard},
		{"right once due, after a miss in the same sitting", learning, Result{Correct: true}, t0.Add(10 * time.Minute), true, fsrs.Hard},
		{"right once due, in a later sitting", learning, Result{Correct: true}, t0.Add(2 * time.Hour), true, fsrs.Good},
		{"wrong once due", learning, Result{}, t0.Add(10 * time.Minute), true, fsrs.Again},
		{"right before it is due", learning, Result{Correct: true}, t0.Add(time.Minute), false, 0},
		{"wrong before it is due, in the same sitting", learning, Result{}, t0.Add(time.Minute), false, 0},
		{"trying another option just after a right answer", scheduled, Result{}, t0.Add(10 * time.Second), false, 0},
		{"wrong before it is due, in a later sitting", scheduled, Result{}, t0.Add(25 * time.Hour), true, fsrs.Again},
		{"right before it is due, in a later sitting", scheduled, Result{Correct: true}, t0.Add(25 * time.Hour), false, 0},
		{"dated before the card's last review", scheduled, Result{}, t0.Add(-time.Minute), false, 0},
	} {
		o, review := decide(tc.c, tc.r, tc.at)
		if review != tc.review {
			t.Errorf("%s: review %v, want %v", tc.name, review, tc.review)
			continue
		}
		if review {
			if got := fsrs.RatingFor(o); got != tc.rating {
				t.Errorf("%s: rated %v, want %v", tc.name, got, tc.rating)
			}
		}
	}
}

// TestSittingWrongCarriesThroughTheSitting: a miss, then two right answers
// at the learning steps of the same sitting, rate Again, Hard, Hard; the
// next sitting starts clean.
func TestSittingWrongCarriesThroughTheSitting(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	c := Card{Card: fsrs.NewCard(t0)}
	var got []fsrs.Rating
	for _, step := range []struct {
		correct bool
		at      time.Time
	}{{false, t0}, {true, t0.Add(time.Minute)}, {true, t0.Add(20 * time.Minute)}, {true, t0.Add(72 * time.Hour)}} {
		o, review := decide(c, Result{Correct: step.correct}, step.at)
		if !review {
			t.Fatalf("the answer at %v was not a review (card due %v)", step.at, c.Due)
		}
		var rating fsrs.Rating
		var err error
		if c, rating, err = reviewed(c, o, step.at); err != nil {
			t.Fatal(err)
		}
		got = append(got, rating)
	}
	want := []fsrs.Rating{fsrs.Again, fsrs.Hard, fsrs.Hard, fsrs.Good}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ratings %v, want %v", got, want)
		}
	}
}
