package grading

import (
	"fmt"
	"math"
)

// How the two opinions combine (weigh). The cues decide and explain; a
// small logistic model reads what the cues found (awarded, one part short,
// several short, a ruled-out move, negation, a typo), what the labelled
// answers say (the share of the closest that earned the point, how like a
// sentence that earned it the answer's best sentence is), how much the
// answer says on the item's subject, and, for verification and failure
// case, whether anything could disprove the answer (falsifier.go) and
// whether it turns a move down (traps.go), and gives the chance the
// criterion is earned. (How close the closest answer is was a signal too,
// until padding an answer with unrelated sentences was found to raise its
// points.) The
// model may award a point the cues denied only where the cues were at most
// one part short or the closest labelled answers nearly all earned it, and
// a sentence of the answer is like one that earned the point; the result
// only when every close answer earned it, one part short at most, with no
// negation, and with no ruled-out move unless every required part was
// found (then the move is more often mentioned than offered: on the read
// blind sets raters gave such answers the result 6 times in 7). The
// model's weights are fitted on the blind sets (combiner_weights.go).
const (
	// unusualBelow is the similarity to the closest labelled answer below
	// which an answer is unlike anything people have scored.
	unusualBelow = 0.12
	// farButLiked is how one-sided the closest labelled answers must be
	// for the model to award a point the cues found two or more parts
	// short of.
	farButLiked = 0.8
	// maxMissingOverruled is the most parts the cues may miss for the
	// labelled answers to award a point anyway.
	maxMissingOverruled = 2
	// evidenceLike is the similarity from which a sentence of the answer
	// reads like a sentence that earned the criterion.
	evidenceLike = 0.15
	// doubtfulBelow is the certainty below which a criterion's decision is
	// itself marked provisional.
	doubtfulBelow = 0.75
	// overruleCertainty caps how sure an award against the cues can be:
	// such awards were right 74–83% of the time on the blind sets.
	overruleCertainty = 0.7
	// verificationOverruleAbove is the chance from which the labelled
	// answers may award verification against the cues. A check that could
	// disprove the answer is a property of one sentence, which resembling
	// the words of answers that earned it shows less often than for the
	// other points: on the read sets the combiner was not fitted on, such
	// awards at a 50–60% chance were right 2 times in 9.
	verificationOverruleAbove = 0.6
)

// overruleAbove is the combiner's chance from which the labelled answers
// may award criterion i against the cues.
func overruleAbove(i int) float64 {
	if Criteria[i] == Verification {
		return verificationOverruleAbove
	}
	return 0.5
}

// signal numbers the combiner's inputs (see signalsOf).
const (
	sigBias = iota
	sigCueAwarded
	sigNearMiss
	sigFar
	sigRejected
	sigNegated
	sigWeak
	sigShare
	sigLike
	sigShareNearMiss
	sigLikeNearMiss
	sigResult
	sigResultShare
	sigLength
	sigLengthShort
	sigNear
	sigFalsifier
	sigNoFalsifier
	sigTrap
	sigNoTrap
	numSignals
)

// Signals is what the combiner read of one criterion's decision, in the
// order of combinerWeights; the fitter (lessons/content, TestFitCombiner)
// reads it back from a Score.
type Signals [numSignals]float64

// answerLength is how much the answer says on the scale the combiner
// reads: the log of its distinct content words that labelled answers to
// this item also use, centred near thirty and capped. Distinct and on the
// item's vocabulary, so that neither repeating itself nor padding with
// unrelated sentences makes an answer look thorough; capped, so that past
// about 80 such words more gains nothing.
func answerLength(topical int) float64 {
	return math.Max(-1.5, math.Min(1, math.Log(float64(topical)+1)-3.4))
}

func signalsOf(i int, v cueVerdict, op *opinion, length float64, falsifier, trap bool) Signals {
	var s Signals
	nearMiss := boolFloat(v.missing == 1)
	short := boolFloat(v.missing >= 1)
	s[sigBias] = 1
	s[sigCueAwarded] = boolFloat(v.Awarded)
	s[sigNearMiss] = nearMiss
	s[sigFar] = boolFloat(v.missing >= 2)
	s[sigRejected] = boolFloat(v.rejected)
	s[sigNegated] = boolFloat(v.negated)
	s[sigWeak] = boolFloat(v.weak)
	s[sigShare] = op.earned[i]
	s[sigLike] = op.sentenceLike(i)
	s[sigShareNearMiss] = op.earned[i] * nearMiss
	s[sigLikeNearMiss] = s[sigLike] * nearMiss
	s[sigResult] = boolFloat(i == 0)
	s[sigResultShare] = op.earned[i] * s[sigResult]
	s[sigLength] = length
	s[sigLengthShort] = length * short
	s[sigNear] = boolFloat(v.missing >= 1 && v.near == v.missing)
	// Verification asks for a check that could disprove the answer: the
	// item's cues find its checks, statesFalsifier whether any could go
	// against it.
	verification := Criteria[i] == Verification
	s[sigFalsifier] = boolFloat(verification && falsifier)
	s[sigNoFalsifier] = boolFloat(verification && !falsifier)
	failureCase := Criteria[i] == FailureCase
	s[sigTrap] = boolFloat(failureCase && trap)
	s[sigNoTrap] = boolFloat(failureCase && !trap)
	return s
}

// earnChance is the combiner's chance that a criterion is earned.
func earnChance(s Signals) float64 {
	var z float64
	for k, w := range combinerWeights {
		z += w * s[k]
	}
	return 1 / (1 + math.Exp(-z))
}

func weigh(res *Score, verdicts [4]cueVerdict, op *opinion, falsifier, trap bool, confidence *float64) {
	labelled := op.voters > 0
	length := answerLength(op.topical)
	right := 1.0          // chance every criterion is right
	var overruled [4]bool // awarded by the labelled answers against the cues
	// The result is decided last: whether the answer's other points stand
	// bears on it (resultBacked).
	for _, i := range [...]int{1, 2, 3, 0} {
		v := verdicts[i]
		cr := v.CriterionScore
		var certainty float64
		var doubt string
		switch {
		case v.noCue:
			certainty, doubt = 0.5, "no automatic cues for this criterion"
		case !labelled:
			// No second opinion: the cues' own record.
			certainty = 0.95
			if v.missing == 1 || v.rejected {
				certainty = 0.75
			}
		default:
			s := signalsOf(i, v, op, length, falsifier, trap)
			cr.Signals = &s
			p := earnChance(s)
			share := op.earned[i]
			// Resemblance must show in a sentence like one that earned the
			// point, not only in the answer as a whole: words about other
			// things shift which answers are closest, never a sentence.
			mayOverrule := (v.missing <= 1 || share >= farButLiked && v.missing <= maxMissingOverruled) && s[sigLike] >= evidenceLike
			if s[sigNoFalsifier] == 1 {
				// Nothing in it could disprove the answer: resembling
				// answers that earned the point does not make it one.
				mayOverrule = false
			}
			if i == 0 {
				// An answer that reads like good ones but reaches another
				// conclusion must not earn the result on resemblance, nor
				// one whose parts are only supposed ("if v43 …").
				// Nor one with none of the alternatives the author accepts
				// (the moves, most often): it may offer one of its own
				// ("scale the downstream out and add retries"); on the read
				// blind sets such overrules were right 4 times in 7.
				// Nor one that proposes, in its own voice, a move the item
				// rules out: of such overrules on the read sets both were
				// wrong, against 13 of 15 right for the rest.
				strict := mayOverrule && share == 1 && !v.negated && !v.hedged && !v.anyMissing && v.missing <= 1 && (!v.rejected || v.missing == 0 && !v.proposed) &&
					(v.missing == 0 || checkedOrTurnedDown(res, overruled, trap))
				mayOverrule = strict || mayOverrule && (resultBacked(res, v, share, trap) || moveOnlyMentioned(res, v, share, trap))
			}
			switch {
			case v.Awarded && s[sigNoFalsifier] == 1 && p < 0.5:
				// The item's checks are named, but nothing could come out
				// against the answer, and the answers like it did not earn it.
				cr.Awarded = false
				cr.Rationale = "Not awarded: you name checks, but none that could come out the other way and show your explanation wrong. " + v.needs
				certainty = 1 - p
			case v.Awarded:
				certainty = p
				if p < 0.5 {
					doubt = fmt.Sprintf("the cues found it, but most of the closest scored answers (%.0f%%) did not earn it", (1-share)*100)
				}
			case mayOverrule && p >= overruleAbove(i):
				cr.Awarded, overruled[i] = true, true
				cr.Rationale = "Awarded: your answer reads like answers that earned this point. " + v.needs
				// The opinions disagree: the model's chance is fitted on all
				// decisions, and overrules are right less often than it says.
				certainty = min(p, overruleCertainty)
				// Say the chance that decided it: the share alone ("51%")
				// reads as a coin flip to an author.
				doubt = fmt.Sprintf("awarded because answers like it earned it (%.0f%% of the closest scored answers did; both opinions together give %.0f%%); the cues found %s", share*100, p*100, cueGap(v))
			default:
				certainty = 1 - p
				if p >= 0.5 {
					doubt = fmt.Sprintf("the cues found %s, but %.0f%% of the closest scored answers earned it", cueGap(v), share*100)
				}
			}
			if doubt == "" && certainty < doubtfulBelow && v.negated {
				doubt = "decided by a negation or a named trap"
			} else if doubt == "" && certainty < doubtfulBelow {
				doubt = "the cues and the closest scored answers leave this one open"
			}
		}
		right *= certainty
		cr.Doubt = doubt
		cr.Provisional = certainty < doubtfulBelow
		res.Criteria[i] = cr
	}
	if labelled && op.nearest < unusualBelow {
		right *= 0.8
	}
	*confidence *= right
}

// resultBacked reports a result the cues found one or two named parts
// short of, in an answer that earned at least two of the other three
// points and that nearly all the closest scored answers say earns it: a
// learner who reasons, names the trap and gives a check has most often
// reached the conclusion in words the cues do not know. On the read blind
// sets, 70 of 86 such denials were wrong (raters gave the result). The
// failure case counts only where the answer turns some move down (trap,
// namesTrap): an item's cue for the trap's words also matches an answer
// that proposes a move of the kind ("I'd scale the database"), and one
// such answer, arguing the opposite conclusion, earned the result this way.
// A negation blocks it unless every other point stands, whether it only
// turns a ruled-out move down (raters gave such answers the result 19
// times in 20 on the read sets; with two other points, one argued another
// conclusion) or denies a required part (such denials sit most often in
// a falsifier or a qualified move — "if they spike, the release wasn't
// the cause", "'roll back now' isn't right either, not literally" — and
// raters gave all 18 such answers on the read sets the result).
func resultBacked(res *Score, v cueVerdict, share float64, trap bool) bool {
	others := otherPoints(res, trap)
	return others >= 2 && share >= farButLiked && v.missing <= 2 &&
		!(v.negated && others < 3) && !v.hedged && !v.anyMissing && !v.rejected
}

// moveOnlyMentioned reports a result whose every required concept the
// cues found, denied only for a ruled-out move the learner does not
// propose in their own voice, in an answer that earned at least two of
// the other points and that most of the closest scored answers say earns
// it: the move is most often mentioned, not offered.
func moveOnlyMentioned(res *Score, v cueVerdict, share float64, trap bool) bool {
	return otherPoints(res, trap) >= 2 && share >= 0.6 && v.missing == 0 && v.rejected && !v.proposed && !v.hedged && !v.anyMissing
}

// checkedOrTurnedDown reports an answer whose cues found verification, or
// the failure case while it turns some move down: a result one part short
// is awarded on resemblance alone only beside one of those. Reasoning alone
// backed a wrong conclusion (an answer that read the numbers right, then
// capped output tokens fleet-wide and counted shed requests as recovery),
// and so did a verification itself awarded on resemblance (an answer
// proposing the restart the item warns against).
func checkedOrTurnedDown(res *Score, overruled [4]bool, trap bool) bool {
	cuesStand := func(i int) bool { return pointStands(res, i, trap) && !overruled[i] }
	return cuesStand(3) || cuesStand(2)
}

// otherPoints counts the points besides the result that speak for the
// learner (pointStands).
func otherPoints(res *Score, trap bool) int {
	n := 0
	for i := 1; i < len(res.Criteria); i++ {
		n += boolInt(pointStands(res, i, trap))
	}
	return n
}

// pointStands reports criterion i earned in a way that speaks for the
// result: the failure case only where the answer turns some move down
// (trap), since a cue for the trap's words also matches an answer that
// proposes the move.
func pointStands(res *Score, i int, trap bool) bool {
	return res.Criteria[i].Awarded && (Criteria[i] != FailureCase || trap)
}

// cueGap says what the cues missed.
func cueGap(v cueVerdict) string {
	switch {
	case v.rejected:
		return "a move this item rules out"
	case v.missing == 1:
		return "one part missing"
	}
	return fmt.Sprintf("%d parts missing", v.missing)
}

func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
