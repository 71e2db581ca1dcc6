package grading

import (
	"reflect"
	"testing"
)

// TestSecondOpinionIsDeterministic builds the labelled set afresh each
// time (Go randomises map order, so anything that leaned on it would show
// here) and wants the very same score every time.
func TestSecondOpinionIsDeterministic(t *testing.T) {
	all := map[Criterion]int{Result: 1, Reasoning: 1, FailureCase: 1, Verification: 1}
	none := map[Criterion]int{Result: 0, Reasoning: 0, FailureCase: 0, Verification: 0}
	labelled := []Labelled{
		{Text: "Compare long prompt latency on each version at the same rate, compare queue wait with prefill, limit long-prompt admission because the release and traffic rose together.", Scores: all},
		{Text: "Compare long prompts on the old and new versions and queue against prefill, then cap bulk admission, since both versions slow the same way.", Scores: all},
		{Text: "Restart all replicas and roll back the release immediately; that is the fix.", Scores: none},
	}
	answer := "Compare long prompts on each version at the same load and waiting against prefill; cap bulk admission for a while."
	var first Score
	for i := range 20 {
		got, err := testRubric().GradeWith(answer, NewLabelledSet(labelled))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = got
			continue
		}
		if !reflect.DeepEqual(got, first) {
			t.Fatalf("run %d scored differently:\n%+v\nwant\n%+v", i+1, got, first)
		}
	}
}

// TestResultBackedByOtherPoints: the labelled answers may give the result
// the cues missed by a part or two only to an answer whose other points
// stand (a failure case only where the answer turns a move down) and that
// nearly all its closest scored answers say earns it — never over a
// supposition, a ruled-out move or missing alternatives, and over a
// negation only beside every other point.
func TestResultBackedByOtherPoints(t *testing.T) {
	t.Parallel()
	testResultRule(t, "resultBacked", resultBacked, []resultRuleCase{
		{"two parts short, three other points, close answers agree", withOtherPoints(true, true, true), cueVerdict{missing: 2}, 1, true, true},
		{"one part short, two other points", withOtherPoints(true, false, true), cueVerdict{missing: 1}, 0.8, true, true},
		{"only one other point", withOtherPoints(true, false, false), cueVerdict{missing: 1}, 1, true, false},
		{"close answers split", withOtherPoints(true, true, true), cueVerdict{missing: 1}, 0.6, true, false},
		{"three parts short", withOtherPoints(true, true, true), cueVerdict{missing: 3}, 1, true, false},
		// A negation: a required part denied or a ruled-out move turned down.
		{"a negation, every other point", withOtherPoints(true, true, true), cueVerdict{missing: 1, negated: true}, 1, true, true},
		{"a negation, close answers split", withOtherPoints(true, true, true), cueVerdict{missing: 1, negated: true}, 0.7, true, false},
		{"a negation, two other points", withOtherPoints(true, false, true), cueVerdict{missing: 1, negated: true}, 1, true, false},
		{"only supposed", withOtherPoints(true, true, true), cueVerdict{missing: 1, hedged: true}, 1, true, false},
		{"a ruled-out move offered", withOtherPoints(true, true, true), cueVerdict{missing: 1, rejected: true}, 1, true, false},
		{"none of the accepted alternatives", withOtherPoints(true, true, true), cueVerdict{missing: 1, anyMissing: true}, 1, true, false},
		// A failure-case point where nothing is turned down is a cue
		// matching the trap's words, not a learner who named the trap.
		{"failure case with no trap turned down, one other point", withOtherPoints(true, true, false), cueVerdict{missing: 1}, 1, false, false},
		{"no trap turned down, but reasoning and verification", withOtherPoints(true, true, true), cueVerdict{missing: 1}, 1, false, true},
	})
}

// TestMoveOnlyMentioned: every required part found and a ruled-out move
// matched that the learner does not propose in their own voice, in an
// answer with two other points that most close answers say earns the
// result, is a move mentioned, not offered; a proposed move, a part
// missing, a supposition or split close answers are not.
func TestMoveOnlyMentioned(t *testing.T) {
	t.Parallel()
	testResultRule(t, "moveOnlyMentioned", moveOnlyMentioned, []resultRuleCase{
		{"every part, the move only mentioned", withOtherPoints(true, false, true), cueVerdict{rejected: true}, 0.6, true, true},
		{"the move proposed in the first person", withOtherPoints(true, true, true), cueVerdict{rejected: true, proposed: true}, 1, true, false},
		{"a part missing", withOtherPoints(true, true, true), cueVerdict{rejected: true, missing: 1}, 1, true, false},
		{"only supposed", withOtherPoints(true, true, true), cueVerdict{rejected: true, hedged: true}, 1, true, false},
		{"close answers split", withOtherPoints(true, true, true), cueVerdict{rejected: true}, 0.5, true, false},
		{"one other point", withOtherPoints(true, false, false), cueVerdict{rejected: true}, 1, true, false},
		{"a failure case with nothing turned down", withOtherPoints(true, true, false), cueVerdict{rejected: true}, 1, false, false},
		{"no ruled-out move: not this rule's", withOtherPoints(true, true, true), cueVerdict{}, 1, true, false},
	})
}

// resultRuleCase is one case of a rule by which the labelled answers may
// award the result the cues denied.
type resultRuleCase struct {
	name  string
	res   *Score
	v     cueVerdict
	share float64 // of the closest scored answers that earned it
	trap  bool    // the answer turns some move down
	want  bool
}

func testResultRule(t *testing.T, name string, rule func(*Score, cueVerdict, float64, bool) bool, tests []resultRuleCase) {
	t.Helper()
	for _, tt := range tests {
		if got := rule(tt.res, tt.v, tt.share, tt.trap); got != tt.want {
			t.Errorf("%s: %s = %v, want %v", tt.name, name, got, tt.want)
		}
	}
}

// withOtherPoints is a score with the given points awarded after the
// result: reasoning, failure case, verification.
func withOtherPoints(others ...bool) *Score {
	s := &Score{}
	for i, a := range others {
		s.Criteria[i+1].Awarded = a
	}
	return s
}

// TestOrderedMoveIsProposed: a ruled-out move found by a pattern with a ^
// slot is offered as an order ("The fix is to add replicas"), so the
// labelled answers never award the result over it as a move only
// mentioned; the same words described by someone else may still be.
func TestOrderedMoveIsProposed(t *testing.T) {
	t.Parallel()
	r := &Rubric{Concepts: map[string][]string{
		"storm": {"retr* + storm"},
		"offer": {"^add* > replica*", "i'd > add* > replica*"},
		"why":   {"because"},
		"trap":  {"restart* + pod*"},
		"check": {"if + still"},
	}}
	r.Rules = [4]Rule{
		{Criterion: Result, Requires: []string{"storm"}, Rejects: []string{"offer"}},
		{Criterion: Reasoning, Requires: []string{"why"}},
		{Criterion: FailureCase, Any: []string{"trap"}},
		{Criterion: Verification, Requires: []string{"check"}},
	}
	all := map[Criterion]int{Result: 1, Reasoning: 1, FailureCase: 1, Verification: 1}
	var labelled []Labelled
	for _, text := range []string{
		"It is a retry storm because clients resend at once. People want to add replicas, but I wouldn't restart pods either. If errors still climb after the cap, I'm wrong.",
		"A retry storm: clients resend because of the timeout. Others would add replicas; I wouldn't restart pods. If the queue still grows with retries capped, I'm wrong.",
		"This is a retry storm because the SDK resends. The team suggests we add replicas. I wouldn't restart pods. If attempts still rise after the cap, my story is wrong.",
	} {
		labelled = append(labelled, Labelled{Text: text, Scores: all})
	}
	set := NewLabelledSet(labelled)
	tests := []struct {
		answer string
		want   bool
	}{
		{"It is a retry storm because clients resend at once. The fix is to add replicas so the queue drains. I wouldn't restart pods. If errors still climb after that, I'm wrong.", false},
		{"It is a retry storm because clients resend at once. The channel wants to add replicas so the queue drains. I wouldn't restart pods. If errors still climb after that, I'm wrong.", true},
	}
	for _, tt := range tests {
		got, err := r.GradeWith(tt.answer, set)
		if err != nil {
			t.Fatal(err)
		}
		if got.Criteria[0].Awarded != tt.want {
			t.Errorf("%q: result awarded %v, want %v (%s; %s)", tt.answer, got.Criteria[0].Awarded, tt.want, got.Criteria[0].Cues, got.Criteria[0].Doubt)
		}
	}
}

// TestCheckedOrTurnedDown: a result one part short is awarded on
// resemblance only beside a verification or a turned-down trap the cues
// found themselves — not one the labelled answers awarded, nor reasoning.
func TestCheckedOrTurnedDown(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		res       *Score
		overruled [4]bool // by criterion: awarded on resemblance
		trap      bool
		want      bool
	}{
		{"verification by the cues", withOtherPoints(false, false, true), [4]bool{}, false, true},
		{"verification only on resemblance", withOtherPoints(false, false, true), [4]bool{3: true}, false, false},
		{"a trap turned down, by the cues", withOtherPoints(false, true, false), [4]bool{}, true, true},
		{"a failure case with nothing turned down", withOtherPoints(false, true, false), [4]bool{}, false, false},
		{"a turned-down trap only on resemblance", withOtherPoints(false, true, false), [4]bool{2: true}, true, false},
		{"reasoning alone", withOtherPoints(true, false, false), [4]bool{}, true, false},
	}
	for _, tt := range tests {
		if got := checkedOrTurnedDown(tt.res, tt.overruled, tt.trap); got != tt.want {
			t.Errorf("%s: checkedOrTurnedDown = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestVerificationOverruledOnlyWhenLikely: the labelled answers award a
// verification the cues found one part short of only from a 60% chance;
// the other points from an even one.
func TestVerificationOverruledOnlyWhenLikely(t *testing.T) {
	t.Parallel()
	// shareAt finds the share of close answers that earned criterion i at
	// which the combiner's chance first reaches p, for a near miss in an
	// answer with a sentence like one that earned it.
	op := func(i int, share float64) *opinion {
		o := &opinion{voters: 3, nearest: 0.5, topical: 30}
		o.earned[i], o.like[i] = share, 0.4
		return o
	}
	shareAt := func(i int, p float64) float64 {
		v := cueVerdict{missing: 1}
		for share := 0.0; share <= 1; share += 0.001 {
			if earnChance(signalsOf(i, v, op(i, share), answerLength(30), true, true)) >= p {
				return share
			}
		}
		t.Fatalf("criterion %d: no share gives a %.2f chance", i, p)
		return 0
	}
	tests := []struct {
		name      string
		criterion int
		chance    float64
		want      bool
	}{
		{"verification at 55%", 3, 0.55, false},
		{"verification at 62%", 3, 0.62, true},
		{"reasoning at 55%", 1, 0.55, true},
	}
	for _, tt := range tests {
		var verdicts [4]cueVerdict
		for i := range verdicts {
			verdicts[i] = cueVerdict{CriterionScore: CriterionScore{Criterion: Criteria[i]}, missing: 2, anyMissing: true}
		}
		verdicts[tt.criterion] = cueVerdict{CriterionScore: CriterionScore{Criterion: Criteria[tt.criterion]}, missing: 1}
		res := &Score{}
		confidence := 1.0
		weigh(res, verdicts, op(tt.criterion, shareAt(tt.criterion, tt.chance)), true, true, &confidence)
		if got := res.Criteria[tt.criterion].Awarded; got != tt.want {
			t.Errorf("%s: awarded = %v, want %v", tt.name, got, tt.want)
		}
	}
}
