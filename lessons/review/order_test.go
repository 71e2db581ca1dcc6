package review

import (
	"slices"
	"testing"
)

// TestOrder: each review shows the options in an order of their own,
// always the same for the same card and review count, and every option
// exactly once.
func TestOrder(t *testing.T) {
	t.Parallel()
	differs := 0
	for id := int64(1); id <= 50; id++ {
		for reps := 0; reps < 4; reps++ {
			o := Order(id, reps, 4)
			if !slices.Equal(slices.Sorted(slices.Values(o)), []int{0, 1, 2, 3}) {
				t.Fatalf("Order(%d, %d, 4) = %v, not an order of the four options", id, reps, o)
			}
			if !slices.Equal(o, Order(id, reps, 4)) {
				t.Fatalf("Order(%d, %d, 4) differs between calls", id, reps)
			}
			if !slices.Equal(o, Order(id, reps+1, 4)) {
				differs++
			}
		}
	}
	// Two orders of four agree by chance 1 time in 24.
	if differs < 150 {
		t.Errorf("the next review reorders %d of 200 cards, want most", differs)
	}
	if got := Order(7, 0, 0); len(got) != 0 {
		t.Errorf("Order of no options = %v", got)
	}
}

// TestOrderIsStable pins a few orders: a page shown before a deploy is
// read after it, so the shuffle must never change.
func TestOrderIsStable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		id      int64
		reps, n int
		want    []int
	}{
		{1, 0, 4, []int{1, 3, 2, 0}},
		{1, 1, 4, []int{1, 3, 0, 2}},
		{42, 3, 6, []int{3, 2, 1, 4, 5, 0}},
	} {
		if got := Order(tc.id, tc.reps, tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("Order(%d, %d, %d) = %v, want %v", tc.id, tc.reps, tc.n, got, tc.want)
		}
	}
}
