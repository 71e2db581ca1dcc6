package fsrs

import "math"

// memory is the FSRS-6 memory model: how stability and difficulty change at
// a review, and the interval a stability earns. Each formula is ts-fsrs's
// (algorithm.ts), operation for operation and rounded where it rounds, so
// that results agree to the bit. float64(…) around a product keeps the
// compiler from fusing it with an addition (Go may, JavaScript never does).
type memory struct {
	w                [21]float64
	maximumInterval  int
	decay, factor    float64 // the forgetting curve's
	intervalModifier float64 // days of interval per day of stability at the requested retention
}

func newMemory(p Params) memory {
	m := memory{w: p.clippedWeights(), maximumInterval: p.MaximumInterval}
	m.decay = -m.w[20]
	m.factor = round8(math.Exp(math.Pow(m.decay, -1)*math.Log(0.9)) - 1)
	m.intervalModifier = round8((math.Pow(p.RequestRetention, 1/m.decay) - 1) / m.factor)
	return m
}

// retrievability is the chance of recall t days after a review that left
// stability s: R(t,S) = (1 + factor·t/S)^decay.
func (m *memory) retrievability(t int, s float64) float64 {
	return round8(math.Pow(1+(m.factor*float64(t))/s, m.decay))
}

// interval is the whole days until recall falls to the requested
// retention, at least 1 and at most the maximum interval.
func (m *memory) interval(s float64) int {
	return int(math.Min(math.Max(1, jsRound(s*m.intervalModifier)), float64(m.maximumInterval)))
}

// initStability is S0(G) = w[G-1], at least 0.1.
func (m *memory) initStability(g Rating) float64 {
	return math.Max(m.w[g-1], 0.1)
}

// initDifficulty is D0(G) = w4 − e^((G−1)·w5) + 1, not yet clamped.
func (m *memory) initDifficulty(g Rating) float64 {
	return round8(m.w[4] - math.Exp(float64(g-1)*m.w[5]) + 1)
}

// nextDifficulty moves d by −w6·(G−3), damped as d nears 10, then reverts
// it towards D0(Easy) by w7.
func (m *memory) nextDifficulty(d float64, g Rating) float64 {
	delta := -m.w[6] * float64(g-3)
	next := d + round8((delta*(10-d))/9)
	return clamp(m.meanReversion(m.initDifficulty(Easy), next), 1, 10)
}

func (m *memory) meanReversion(init, current float64) float64 {
	return round8(float64(m.w[7]*init) + float64((1-m.w[7])*current))
}

// recallStability is S'r after a review that recalled the card.
func (m *memory) recallStability(d, s, r float64, g Rating) float64 {
	hardPenalty, easyBonus := 1.0, 1.0
	if g == Hard {
		hardPenalty = m.w[15]
	}
	if g == Easy {
		easyBonus = m.w[16]
	}
	gain := math.Exp(m.w[8]) * (11 - d) * math.Pow(s, -m.w[9]) * (math.Exp((1-r)*m.w[10]) - 1) * hardPenalty * easyBonus
	return round8(clamp(s*(1+float64(gain)), minStability, maxStability))
}

// forgetStability is S'f after a lapse.
func (m *memory) forgetStability(d, s, r float64) float64 {
	v := m.w[11] * math.Pow(d, -m.w[12]) * (math.Pow(s+1, m.w[13]) - 1) * math.Exp((1-r)*m.w[14])
	return round8(clamp(v, minStability, maxStability))
}

// shortTermStability is S' after a review on the same day as the last.
func (m *memory) shortTermStability(s float64, g Rating) float64 {
	sinc := math.Pow(s, -m.w[19]) * math.Exp(m.w[17]*(float64(g)-3+m.w[18]))
	if g >= Hard {
		sinc = math.Max(sinc, 1)
	}
	return round8(clamp(s*sinc, minStability, maxStability))
}

// next is the memory state after a review t calendar days after the last
// one (ts-fsrs's next_state, short-term scheduling on). A card with neither
// stability nor difficulty takes its first state from the rating alone.
func (m *memory) next(d, s float64, t int, g Rating) (nd, ns float64) {
	if d == 0 && s == 0 {
		return clamp(m.initDifficulty(g), 1, 10), m.initStability(g)
	}
	r := m.retrievability(t, s)
	switch {
	case t == 0:
		ns = m.shortTermStability(s, g)
	case g == Again:
		// After a lapse stability falls to S'f, but no lower than the
		// same-day reviews of the relearning step would take it.
		floor := s / math.Exp(m.w[17]*m.w[18])
		ns = clamp(round8(floor), minStability, m.forgetStability(d, s, r))
	default:
		ns = m.recallStability(d, s, r, g)
	}
	return m.nextDifficulty(d, g), ns
}

// jsRound is JavaScript's Math.round: halves go up, towards +∞ (Go's
// math.Round takes them away from zero).
func jsRound(x float64) float64 {
	f := math.Floor(x)
	if x-f >= 0.5 {
		return f + 1
	}
	return f
}

// round8 is ts-fsrs's roundTo(x, 8): x rounded to 8 decimals, as it rounds
// most intermediate results.
func round8(x float64) float64 {
	return jsRound(x*1e8) / 1e8
}

func clamp(x, lo, hi float64) float64 {
	return math.Min(math.Max(x, lo), hi)
}
