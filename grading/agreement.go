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

// QuadraticWeightedKappa compares two raters' ordinal scores from 0 to max
// (totals out of 4, say): disagreements cost the square of their distance,
// so 4 against 0 weighs sixteen times 1 against 0. 1 is perfect agreement,
// 0 chance. NaN when undefined (no pairs, or no spread to compare).
func QuadraticWeightedKappa(pairs [][2]int, max int) float64 {
	n := float64(len(pairs))
	if n == 0 {
		return math.NaN()
	}
	k := max + 1
	observed := make([]float64, k*k)
	rowTotals, colTotals := make([]float64, k), make([]float64, k)
	for _, p := range pairs {
		if p[0] < 0 || p[0] > max || p[1] < 0 || p[1] > max {
			return math.NaN()
		}
		observed[p[0]*k+p[1]]++
		rowTotals[p[0]]++
		colTotals[p[1]]++
	}
	var num, den float64
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			w := float64((i-j)*(i-j)) / float64(max*max)
			num += w * observed[i*k+j]
			den += w * rowTotals[i] * colTotals[j] / n
		}
	}
	if den == 0 {
		return math.NaN()
	}
	return 1 - num/den
}
