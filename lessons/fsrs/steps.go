package fsrs

// step is the wait a (re)learning step sets before the next review, in
// minutes, and the step the card moves to. ts-fsrs's
// BasicLearningStepsStrategy; minutes 0 means no step: the card goes to
// Review and its interval comes from its stability.
func step(learning, relearning []int, state State, current int, g Rating) (minutes, next int) {
	steps := learning
	if state == Relearning || state == Review {
		steps = relearning
	}
	n := len(steps)
	if n == 0 || current >= n {
		return 0, 0
	}
	if state == Review {
		// A lapse starts relearning at the card's step (0 unless steps of a
		// day or more left it further on).
		if g == Again {
			return steps[current], 0
		}
		return 0, 0
	}
	switch g {
	case Again:
		return steps[0], 0
	case Hard:
		// Between the first two steps; half as long again as a lone step.
		if n == 1 {
			return int(jsRound(float64(steps[0]) * 1.5)), current
		}
		return int(jsRound(float64(steps[0]+steps[1]) / 2)), current
	case Good:
		if current+1 < n {
			return steps[current+1], current + 1
		}
	}
	return 0, 0
}
