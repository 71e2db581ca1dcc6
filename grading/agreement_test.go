package grading

import (
	"math"
	"testing"
)

// repeat returns n copies of pair p.
func repeat(n int, p [2]int) [][2]int {
	out := make([][2]int, n)
	for i := range out {
		out[i] = p
	}
	return out
}

func concat(parts ...[][2]int) [][2]int {
	var out [][2]int
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestCohenKappa(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		pairs [][2]int
		want  float64 // NaN: undefined
	}{
		{"perfect agreement", [][2]int{{1, 1}, {0, 0}, {1, 1}, {0, 0}, {1, 1}}, 1},
		{"chance level: independent raters", [][2]int{{1, 1}, {1, 0}, {0, 1}, {0, 0}}, 0},
		{"chance level: larger table", concat(repeat(6, [2]int{1, 1}), repeat(2, [2]int{1, 0}), repeat(3, [2]int{0, 1}), repeat(1, [2]int{0, 0})), 0},
		{"complete disagreement", [][2]int{{1, 0}, {0, 1}, {1, 0}, {0, 1}}, -1},
		// Wikipedia, "Cohen's kappa", first worked example: 50 proposals,
		// 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no; po = 0.7, pe = 0.5.
		{"textbook: 50 grant proposals", concat(repeat(20, [2]int{1, 1}), repeat(5, [2]int{1, 0}), repeat(10, [2]int{0, 1}), repeat(15, [2]int{0, 0})), 0.4},
		// Same po = 0.6 with different marginals gives different kappas:
		// 45/15/25/15 → pe = 0.54, κ = 0.06/0.46; 25/35/5/35 → pe = 0.46, κ = 0.14/0.54.
		{"textbook: balanced marginals", concat(repeat(45, [2]int{1, 1}), repeat(15, [2]int{1, 0}), repeat(25, [2]int{0, 1}), repeat(15, [2]int{0, 0})), 0.06 / 0.46},
		{"textbook: skewed marginals", concat(repeat(25, [2]int{1, 1}), repeat(35, [2]int{1, 0}), repeat(5, [2]int{0, 1}), repeat(35, [2]int{0, 0})), 0.14 / 0.54},
		// Three categories: 10 items, 7 agreements; marginals (4,3,3) and
		// (3,4,3): pe = (12+12+9)/100 = 0.33, κ = (0.7−0.33)/0.67.
		{"three categories", [][2]int{{0, 0}, {0, 0}, {0, 1}, {0, 1}, {1, 1}, {1, 1}, {1, 0}, {2, 2}, {2, 2}, {2, 2}}, 0.37 / 0.67},
		{"no pairs", nil, math.NaN()},
		{"one shared category: undefined", [][2]int{{1, 1}, {1, 1}, {1, 1}}, math.NaN()},
		{"one pair", [][2]int{{0, 0}}, math.NaN()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := CohenKappa(tt.pairs)
			if math.IsNaN(tt.want) {
				if !math.IsNaN(got) {
					t.Errorf("CohenKappa = %v, want NaN (undefined)", got)
				}
				return
			}
			if math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("CohenKappa = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestQuadraticWeightedKappa(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		pairs [][2]int
		want  float64
	}{
		{"perfect", [][2]int{{0, 0}, {2, 2}, {4, 4}, {1, 1}}, 1},
		// Off by one everywhere on a spread of scores still agrees strongly.
		// By hand: weighted disagreement 5/16 over expected 85/80 → 1 − 0.3125/1.0625.
		{"near", [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 3}}, 1 - 0.3125/1.0625},
		{"reversed", [][2]int{{0, 4}, {4, 0}}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := QuadraticWeightedKappa(tt.pairs, 4); math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("QWK = %v, want %v", got, tt.want)
			}
		})
	}
	if got := QuadraticWeightedKappa(nil, 4); !math.IsNaN(got) {
		t.Errorf("QWK of nothing = %v, want NaN", got)
	}
}
