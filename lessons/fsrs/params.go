package fsrs

import (
	"fmt"
	"math"
	"time"
)

// Params are the scheduler's settings. DefaultParams gives ts-fsrs 5.4.2's
// defaults; the reference test checks them against ts-fsrs's own.
type Params struct {
	// W are the 21 FSRS-6 weights (w0–w3 the first stabilities, w4–w7
	// difficulty, w8–w16 stability after recall and lapse, w17–w19
	// same-day reviews, w20 the forgetting curve's decay), used clamped to
	// the ranges ts-fsrs allows.
	W [21]float64
	// RequestRetention is the chance of recall a review is scheduled at,
	// in (0, 1].
	RequestRetention float64
	// MaximumInterval caps an interval, in days.
	MaximumInterval int
	// LearningSteps are the waits after a new card's reviews before it is
	// scheduled in days; RelearningSteps the same after a lapse. Whole
	// minutes; either may be empty.
	LearningSteps   []time.Duration
	RelearningSteps []time.Duration
}

// DefaultParams are ts-fsrs 5.4.2's defaults (its default_w, and the
// retention, maximum interval and steps of generatorParameters()).
func DefaultParams() Params {
	return Params{
		W: [21]float64{
			0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001,
			1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014,
			1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
		},
		RequestRetention: 0.9,
		MaximumInterval:  36500,
		LearningSteps:    []time.Duration{time.Minute, 10 * time.Minute},
		RelearningSteps:  []time.Duration{10 * time.Minute},
	}
}

const (
	minStability  = 0.001   // ts-fsrs S_MIN
	maxStability  = 36500.0 // ts-fsrs S_MAX
	maxInterval   = 36500   // the longest MaximumInterval allowed: 100 years
	minutesPerDay = 1440
)

// weightBounds are the ranges ts-fsrs clamps each weight to (its
// CLAMP_PARAMETERS with short-term scheduling on).
var weightBounds = [21][2]float64{
	{minStability, 100}, {minStability, 100}, {minStability, 100}, {minStability, 100},
	{1, 10}, {0.001, 4}, {0.001, 4}, {0.001, 0.75},
	{0, 4.5}, {0, 0.8}, {0.001, 3.5},
	{0.001, 5}, {0.001, 0.25}, {0.001, 0.9}, {0, 4},
	{0, 1}, {1, 6},
	{0, 2}, {0, 2}, {0.01, 0.8},
	{0.1, 0.8},
}

// check reports the first setting that is out of range.
func (p Params) check() error {
	if !(p.RequestRetention > 0 && p.RequestRetention <= 1) {
		return fmt.Errorf("fsrs: request retention %v is not in (0, 1]", p.RequestRetention)
	}
	if p.MaximumInterval < 1 || p.MaximumInterval > maxInterval {
		return fmt.Errorf("fsrs: maximum interval %d days is not between 1 and %d", p.MaximumInterval, maxInterval)
	}
	for _, steps := range [][]time.Duration{p.LearningSteps, p.RelearningSteps} {
		for _, d := range steps {
			if d <= 0 || d%time.Minute != 0 {
				return fmt.Errorf("fsrs: step %v is not a positive whole number of minutes", d)
			}
		}
	}
	for i, w := range p.W {
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("fsrs: weight w%d is %v", i, w)
		}
	}
	return nil
}

// clippedWeights are p's weights clamped to their ranges, as ts-fsrs
// clamps them (clipParameters), so that weights from an optimiser or an
// older release schedule as they would there. Defaults are already in
// range, except w17 and w18 with three or more relearning steps.
func (p Params) clippedWeights() [21]float64 {
	ceiling := shortTermCeiling(p.W, len(p.RelearningSteps))
	var w [21]float64
	for i := range p.W {
		lo, hi := weightBounds[i][0], weightBounds[i][1]
		if i == 17 || i == 18 {
			hi = ceiling
		}
		w[i] = clamp(p.W[i], lo, hi)
	}
	return w
}

// shortTermCeiling is ts-fsrs's bound on w17 and w18 with more than one
// relearning step (its clipParameters): the same-day reviews of the steps
// must not lift a lapsed card's stability back above what it was.
func shortTermCeiling(w [21]float64, relearningSteps int) float64 {
	if relearningSteps <= 1 {
		return 2
	}
	w11 := clamp(w[11], weightBounds[11][0], weightBounds[11][1])
	w13 := clamp(w[13], weightBounds[13][0], weightBounds[13][1])
	w14 := clamp(w[14], weightBounds[14][0], weightBounds[14][1])
	v := -(math.Log(w11) + math.Log(math.Pow(2, w13)-1) + float64(w14*0.3)) / float64(relearningSteps)
	return clamp(round8(math.Sqrt(math.Max(v, 0))), 0.01, 2)
}

// minutes turns steps into whole minutes, as ts-fsrs counts them.
func minutes(steps []time.Duration) []int {
	m := make([]int, len(steps))
	for i, d := range steps {
		m[i] = int(d / time.Minute)
	}
	return m
}
