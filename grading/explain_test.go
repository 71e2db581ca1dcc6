package grading

import (
	"strings"
	"testing"
)

func TestExplainSaysWhyAConceptWasMissed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		answer   string
		concept  string
		status   string
		nearMiss string // a fragment the author must see
		words    string
		approx   bool
	}{
		{"found, with the answer's words", "Compare long prompt latency on each version, then cap admission of long prompts for now.",
			"version-comparison", "found", "", "long prompt latency on each version", false},
		{"a slot with no words", "Compare long prompt latency now, and cap admission of long prompts for now.",
			"version-comparison", "missing", `matched "long prompt", but nothing for "version|release|build"`, "", false},
		{"parts in different sentences", "Look at the long prompts first. Then split the numbers by version.",
			"version-comparison", "missing", "never all in one sentence", "", false},
		{"turned down", "Compare long prompts on each version and the queue against prefill. I would not limit admission or cap bulk work at all.",
			"bounded-mitigation", "refused", "turned down", "limit admission", false},
		{"negated as a fact", "Compare long prompts on each version and the queue against prefill. Admission was not limited at all yesterday.",
			"bounded-mitigation", "negated", "negation", "", false},
		{"named as a trap", "The tempting answer is to restart all replicas, but the queue would refill.",
			"restart-everything", "framed", "trap", "restart all", false},
		{"a synonym is approximate", "Compare long prompt latency on each edition, then cap admission of long prompts for now.",
			"version-comparison", "found", "", "long prompt latency on each edition", true},
		{"nothing at all", "I would wait and see what happens over the next hour or so.",
			"confound", "missing", "no words for", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ex, err := testRubric().Explain(tt.answer)
			if err != nil {
				t.Fatal(err)
			}
			var got *Trace
			for _, c := range ex.Criteria {
				for i := range c.Concepts {
					if c.Concepts[i].Concept == tt.concept {
						got = &c.Concepts[i]
					}
				}
			}
			if got == nil {
				t.Fatalf("no trace for %s in %+v", tt.concept, ex.Criteria)
			}
			if got.Status != tt.status || !strings.Contains(got.NearMiss, tt.nearMiss) || got.Words != tt.words || got.Approximate != tt.approx {
				t.Errorf("%s: got %s %q (words %q, approximate %v), want %s containing %q (words %q, approximate %v)", tt.concept, got.Status, got.NearMiss, got.Words, got.Approximate, tt.status, tt.nearMiss, tt.words, tt.approx)
			}
		})
	}
}

func TestExplainAgreesWithTheScore(t *testing.T) {
	t.Parallel()
	answers := []string{
		"Compare long prompt latency on each version at the same rate, and compare queue wait with prefill time. Limit long-prompt admission for now. Both versions slow down, which suggests queueing rather than the release, because the release and the traffic rose at the same time.",
		"Compare long prompts on each version and queue time with prefill, limit admission, then restart all replicas to be safe.",
		"long prompt version queue prefill limit admission rollback confound traffic release because",
		"limit admission",
	}
	for _, a := range answers {
		ex, err := testRubric().Explain(a)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range ex.Criteria {
			// With no labelled answers the cues decide alone.
			if c.Awarded != ex.Score.Criteria[i].Awarded || c.CuesAwarded != c.Awarded {
				t.Errorf("%q: %s explained as awarded=%v (cues %v), scored %v", a, c.Criterion, c.Awarded, c.CuesAwarded, ex.Score.Criteria[i].Awarded)
			}
		}
	}
}

// TestExplainNamesTheClosestScoredAnswers: an author sees which labelled
// answers the second opinion weighed, closest first, with what each
// earned; with none, none are listed.
func TestExplainNamesTheClosestScoredAnswers(t *testing.T) {
	t.Parallel()
	all := map[Criterion]int{Result: 1, Reasoning: 1, FailureCase: 1, Verification: 1}
	none := map[Criterion]int{Result: 0, Reasoning: 0, FailureCase: 0, Verification: 0}
	set := NewLabelledSet([]Labelled{
		{Text: "Compare long prompt latency on each version, then cap admission of long prompts for an hour and watch the dashboard.", Scores: all, Source: "model"},
		{Text: "Restart every replica and watch the dashboard until it looks better.", Scores: none, Source: "example"},
	})
	answer := "I would restart every replica and watch the dashboard."
	ex, err := testRubric().Explain(answer, set)
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Closest) != 2 {
		t.Fatalf("closest = %+v, want both labelled answers", ex.Closest)
	}
	first := ex.Closest[0]
	if first.Source != "example" || first.Scores[Result] != 0 || !strings.HasPrefix(first.Opening, "Restart every replica") ||
		first.Similarity < ex.Closest[1].Similarity {
		t.Errorf("closest first = %+v, want the restart example, closer than %+v", first, ex.Closest[1])
	}
	alone, err := testRubric().Explain(answer)
	if err != nil {
		t.Fatal(err)
	}
	if len(alone.Closest) != 0 {
		t.Errorf("with no labelled answers, closest = %+v", alone.Closest)
	}
}

// TestExplainSaysAnOrderMustOpenItsClause: a "^" slot whose words are in
// the answer, but not opening their clause, is named as such.
func TestExplainSaysAnOrderMustOpenItsClause(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"scale-offered": {"^scale* out"}},
		Rules:    [4]Rule{{Criterion: Result, Requires: []string{"scale-offered"}}},
	}
	ex, err := r.Explain("We could scale out, but the new pods start cold.")
	if err != nil {
		t.Fatal(err)
	}
	got := ex.Criteria[0].Concepts[0]
	if got.Status != "missing" || !strings.Contains(got.NearMiss, `found "scale out", but not opening its clause`) {
		t.Errorf("trace %+v, want missing, found but not opening its clause", got)
	}
}

// TestExplainNamesThePatternThatMatched: an author sees which of a
// concept's patterns found it, turned-down readings included.
func TestExplainNamesThePatternThatMatched(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"scale": {"^scale* out", "add* + replica*|pod*"}},
		Rules:    [4]Rule{{Criterion: FailureCase, Any: []string{"scale"}}},
	}
	tests := []struct{ answer, status, pattern string }{
		{"The channel wants to add four replicas to cope with the traffic.", "framed", "add* + replica*|pod*"},
		{"Scale out to twelve pods before the campaign starts tomorrow.", "found", "^scale* out"},
		{"I would not add replicas, because new pods start cold and die.", "refused", "add* + replica*|pod*"},
		{"Nothing here speaks of capacity at all, only of the probe timing.", "missing", ""},
	}
	for _, tt := range tests {
		ex, err := r.Explain(tt.answer)
		if err != nil {
			t.Fatal(err)
		}
		got := ex.Criteria[0].Concepts[0]
		if got.Status != tt.status || got.Pattern != tt.pattern {
			t.Errorf("%q: %s by %q, want %s by %q", tt.answer, got.Status, got.Pattern, tt.status, tt.pattern)
		}
	}
}

// TestPatternOrderDoesNotDecideARefusal: where one of a concept's patterns
// reads a negation as turning the move down and another as a plain
// denial, the move is turned down, whichever pattern the author wrote
// first.
func TestPatternOrderDoesNotDecideARefusal(t *testing.T) {
	t.Parallel()
	denies, refuses := "scale* out|24 pods", "go*|mov* + 24 pods"
	for _, patterns := range [][]string{{denies, refuses}, {refuses, denies}} {
		r := &Rubric{
			Concepts: map[string][]string{"scale": patterns},
			Rules:    [4]Rule{{Criterion: FailureCase, Any: []string{"scale"}}},
		}
		ex, err := r.Explain("Going to 24 pods won't help: each pod gets the same quota.")
		if err != nil {
			t.Fatal(err)
		}
		if got := ex.Criteria[0].Concepts[0]; got.Status != "refused" || !ex.Criteria[0].Awarded {
			t.Errorf("patterns %q: %s (failure case awarded %v), want refused and awarded", patterns, got.Status, ex.Criteria[0].Awarded)
		}
	}
}
