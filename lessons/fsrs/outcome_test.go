package fsrs

import "testing"

func TestRatingFor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		o    Outcome
		want Rating
	}{
		{"a wrong checkpoint or a missed criterion", Outcome{}, Again},
		{"wrong again after a wrong attempt", Outcome{WrongEarlier: true}, Again},
		{"wrong, and unsure", Outcome{NotYet: true}, Again},
		{"right at the first attempt", Outcome{Correct: true}, Good},
		{"right after a wrong attempt in the same session", Outcome{Correct: true, WrongEarlier: true}, Hard},
		{"right at the first attempt, confidence Not yet", Outcome{Correct: true, NotYet: true}, Hard},
		{"right after a wrong attempt, confidence Not yet", Outcome{Correct: true, WrongEarlier: true, NotYet: true}, Hard},
	} {
		if got := RatingFor(tc.o); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
