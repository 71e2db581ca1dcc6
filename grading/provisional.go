package grading

import (
	"math"
	"strings"
)

// A score is provisional when the scorer's own signals give its total a
// fair chance of being wrong (provisionalAbove): a small logistic model reads the
// confidence (what the cues and the labelled answers left in doubt),
// whether the total is a partial one (one to three points, where one
// criterion more or less is the easiest mistake) and how long the answer
// is (long answers say more things the cues may misread). Its weights are
// fitted on the blind sets (provisional_weights.go, by lessons/content's
// TestFitProvisional -fit-provisional).

// totalSignal numbers the model's inputs (see totalSignalsOf).
const (
	tsBias = iota
	tsConfidence
	tsPartial
	tsLength
	numTotalSignals
)

// TotalSignals is what the provisional model read of one score, in the
// order of wrongTotalWeights; the fitter reads it back from a Score.
type TotalSignals [numTotalSignals]float64

func totalSignalsOf(confidence float64, total, words int) TotalSignals {
	c := math.Max(0.01, math.Min(0.99, confidence))
	return TotalSignals{
		tsBias:       1,
		tsConfidence: math.Log(c / (1 - c)),
		tsPartial:    boolFloat(total >= 1 && total <= 3),
		tsLength:     math.Log(float64(words)+1) - 5,
	}
}

// provisionalAbove is the model's chance of a wrong total from which a
// score is provisional. Below an even chance: the aim is most wrong totals
// flagged while at most 30% of answers are, and at 0.5 a quarter of the
// blind answers were flagged and 43% of the wrong totals; at 0.45, 26%
// and 46%. Once moveOnlyMentioned mended the totals the flag caught most
// easily, 0.45 flagged 26% of the held-out answers and 42% of their wrong
// totals; 0.44 flags 28% and 45% (0.43: 29% and 46%, too near the 30%).
const provisionalAbove = 0.44

// wrongTotalChance is the model's chance that a score's total is wrong.
func wrongTotalChance(s TotalSignals) float64 {
	var z float64
	for k, w := range wrongTotalWeights {
		z += w * s[k]
	}
	return 1 / (1 + math.Exp(-z))
}

// markProvisional decides whether the score is provisional once its total
// and confidence are known. A criterion is only marked provisional within
// a provisional score: the flags say where a reviewer should look.
func (r *Score) markProvisional(answer string) {
	s := totalSignalsOf(r.Confidence, r.Total, len(strings.Fields(answer)))
	r.TotalSignals = &s
	r.Provisional = wrongTotalChance(s) >= provisionalAbove
	if !r.Provisional {
		for i := range r.Criteria {
			r.Criteria[i].Provisional = false
		}
	}
}
