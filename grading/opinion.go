package grading

import "fmt"

// How the two opinions combine (weigh). The cues decide and explain; the
// labelled answers overrule them only where the cues were one part short
// of a point (a near miss) or found a wrong move beside every right part,
// and the closest labelled answers earned that point. Measured on 310
// blind answers (BENCHMARKS.md), near misses that the closest labelled
// answers earned were earned three times in four, while the cues' own
// awards were right 97 times in 100.
const (
	// overruleShare is how one-sided the closest labelled answers must be
	// (similarity-weighted) to overrule a near miss.
	overruleShare = 0.8
	// evidenceLike is the similarity from which a sentence of the answer
	// reads like a sentence that earned the criterion.
	evidenceLike = 0.3
	// unusualBelow is the similarity to the closest labelled answer below
	// which an answer is unlike anything people have scored.
	unusualBelow = 0.12
	// ProvisionalBelow is the confidence below which a score is
	// provisional. Confidence is the chance every criterion is right (the
	// error rates below) times the cues' own doubts (typos, short or
	// list-like answers); on the blind sets this flags 30% of answers,
	// among them 56% of the wrong totals.
	ProvisionalBelow = 0.34
)

// How often each kind of decision was wrong against blind raters (the
// same 310 answers, measured after the rules above were set): the
// scorer's estimate of its own error, by criterion.
const (
	errCuesAgree       = 0.03 // cues award, most similar answers earned it too
	errCuesAlone       = 0.25 // cues award, most similar answers did not
	errOverruled       = 0.15 // a near miss awarded on the labelled answers, with a sentence like one that earned it
	errOverruledFar    = 0.45 // the same, with no sentence like one that earned it
	errOverruledResult = 0.21 // the same for the result, on unanimous answers
	errNearMissDoubt   = 0.26 // a near miss the labelled answers half support
	errNearMissResult  = 0.55 // the same for the result, which they may not award
	errNearMissClear   = 0.05 // a near miss the labelled answers do not support
	errFarButLiked     = 0.35 // two or more parts missing, labelled answers earned it
	errClearDenial     = 0.03
	errRejected        = 0.20
)

func weigh(res *Score, verdicts [4]cueVerdict, op *opinion, confidence *float64) {
	labelled := op.voters > 0
	right := 1.0 // chance every criterion is right
	for i, v := range verdicts {
		cr := v.CriterionScore
		share := op.earned[i]
		if !labelled {
			share = boolFloat(v.Awarded) // no second opinion: nothing to weigh
		}
		var p float64
		var doubt string
		switch {
		case v.noCue:
			p, doubt = 0.5, "no automatic cues for this criterion"
		case v.Awarded && share >= 0.5:
			p = errCuesAgree
		case v.Awarded:
			p = errCuesAlone
			doubt = fmt.Sprintf("the cues found it, but most of the closest scored answers (%.0f%%) did not earn it", (1-share)*100)
		case labelled && share >= overruleShare && (v.missing == 1 && !v.rejected || v.missing == 0 && v.rejected) &&
			(i != 0 || share == 1 && !v.negated):
			// The result only when every close answer earned it and nothing
			// was negated: an answer that reads like good ones but reaches
			// another conclusion must not earn it on resemblance.
			cr.Awarded = true
			cr.Rationale = "Awarded: your answer reads like answers that earned this point. " + v.needs
			p = errOverruled
			if op.sentenceLike(i) < evidenceLike {
				p = errOverruledFar
			}
			if i == 0 {
				p = errOverruledResult
			}
			doubt = fmt.Sprintf("awarded because %.0f%% of the closest scored answers earned it; the cues found %s", share*100, cueGap(v))
		case v.rejected:
			p = errRejected
		case v.missing == 1 && share >= 0.5:
			p = errNearMissDoubt
			if i == 0 {
				p = errNearMissResult
			}
			doubt = "one part short, and many similar answers earned it"
		case v.missing == 1:
			p = errNearMissClear
		case share >= overruleShare:
			p = errFarButLiked
			doubt = fmt.Sprintf("the cues found several parts missing, but %.0f%% of the closest scored answers earned it", share*100)
		default:
			p = errClearDenial
		}
		if v.negated && doubt == "" && p < 0.1 {
			p += 0.05
			doubt = "decided by a negation or a named trap"
		}
		right *= 1 - p
		cr.Doubt = doubt
		cr.Provisional = p >= 0.2
		res.Criteria[i] = cr
	}
	if labelled && op.nearest < unusualBelow {
		right *= 0.8
	}
	*confidence *= right
	res.Provisional = *confidence < ProvisionalBelow
	if !res.Provisional {
		for i := range res.Criteria {
			res.Criteria[i].Provisional = false
		}
	}
}

// cueGap says what the cues missed, for a point the labelled answers
// awarded.
func cueGap(v cueVerdict) string {
	if v.rejected {
		return "a move this item rules out"
	}
	return "one part missing"
}

func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
