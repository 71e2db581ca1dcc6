package grading

import "math"

// CohenKappa is Cohen's kappa for two raters who each put the same items
// into categories: pairs[i] is (first rater's category, second rater's) for
// item i. It is agreement corrected for chance, (po − pe) / (1 − pe): 1 is
// perfect agreement, 0 is what chance alone would give, below 0 is worse
// than chance.
//
// It is undefined, and NaN is returned, when there are no pairs or when
// chance agreement is certain (pe = 1: both raters put every item in one
// and the same category), since then agreement says nothing.
func CohenKappa(pairs [][2]int) float64 {
	n := len(pairs)
	if n == 0 {
		return math.NaN()
	}
	agree := 0
	first, second := map[int]int{}, map[int]int{}
	for _, p := range pairs {
		if p[0] == p[1] {
			agree++
		}
		first[p[0]]++
		second[p[1]]++
	}
	// Chance agreement, kept as an integer numerator over n² so that pe = 1
	// is detected exactly.
	chance := 0
	for k, a := range first {
		chance += a * second[k]
	}
	nn := n * n
	if chance == nn {
		return math.NaN()
	}
	po := float64(agree) / float64(n)
	pe := float64(chance) / float64(nn)
	return (po - pe) / (1 - pe)
}
