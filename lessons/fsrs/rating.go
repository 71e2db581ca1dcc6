package fsrs

import "fmt"

// Rating is how well a review went, on FSRS's four grades. The values are
// ts-fsrs's (its Manual, 0, is not a review and is not offered).
type Rating int

const (
	Again Rating = 1 // forgotten: wrong
	Hard  Rating = 2 // recalled with difficulty
	Good  Rating = 3 // recalled
	Easy  Rating = 4 // recalled without effort
)

// Ratings lists the grades from worst to best.
var Ratings = []Rating{Again, Hard, Good, Easy}

func (r Rating) String() string {
	switch r {
	case Again:
		return "Again"
	case Hard:
		return "Hard"
	case Good:
		return "Good"
	case Easy:
		return "Easy"
	}
	return fmt.Sprintf("Rating(%d)", int(r))
}

func (r Rating) valid() bool { return r >= Again && r <= Easy }
