package grading

import (
	"slices"
	"testing"
)

// TestOrderedSlots: slots joined by " > " must come in that order in the
// sentence; " + " takes them in any order; a word after "=" is matched as
// written; a slot after "^" must open its clause.
func TestOrderedSlots(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern, answer string
		want            bool
	}{
		{"i'd > restart* > pod*", "I'd restart the pods right away.", true},
		{"i'd > restart* > pod*", "The pods restart on their own, so I'd check conntrack.", false},
		{"i'd + restart* + pod*", "The pods restart on their own, so I'd check conntrack.", true},
		{"increas* > timeout*", "The drop counter stops increasing, and the timeout rate falls.", true},
		{"timeout* > increas*", "The drop counter stops increasing, and the timeout rate falls.", false},
		{"rais* + pool > 50", "Raise the pool to 50 connections.", true},
		{"rais* + pool > 50", "With 50 connections I'd still raise the pool.", false},
		{"blocker > kill*", "pg_stat_activity -> blocker -> kill it, rerun tonight", true},
		// A sign inside a word is part of it, as answers read it: "n+1"
		// is the words "n 1", not two slots in any order.
		{"n+1 + flag*", "The flag switched on an N+1 query path for everyone.", true},
		{"n+1 + flag*", "Flag 1 is on for everyone, and n is large.", false},
		// " > " does not reach into a reason given for the first slot.
		{"i would > scal*|more > pod*", "I would not scale out the service, because more pods open more connections.", false},
		{"i would > add* > pod*", "I would add pods because traffic grew.", true},
		// "^" asks for the slot's words to open their clause: an order.
		{"^scale* out", "Scale out to 12 replicas.", true},
		{"^scale* out", "First, scale out to 12 replicas.", true},
		{"^scale* out", "We could scale out, but the new pods start cold.", false},
		{"^scale* out + replica*", "For 12 replicas, scale out now.", true},
		{"^scale* out", "More pods (scale out, as the channel wants) would start cold.", false},
		// After an article the words are a noun, not an order.
		{"^=failover", "The failover promotes a replica that gets the same load.", false},
		{"^=failover", "Failover to the replica now, before the queue fills.", true},
		{"^=failover", "Clients reconnect at once, and we've added a failover on top.", false},
		// A short slot takes synonyms; "=" takes the word as written.
		{"readiness|ready + probe", "Fix the probe so it answers.", true},
		{"=readiness|=ready + probe", "Fix the probe so it answers.", false},
		{"=readiness|=ready + probe", "The ready probe fails first.", true},
		// As written: no stemming and no typos either.
		{"=raise + timeout*", "I am raising the timeouts to 30 s.", false},
		{"=raise + timeout*", "Raise the timeouts to 30 s.", true},
		{"=limiter + rate", "Ask them to raise our rate limit.", false},
		{"limiter + rate", "Ask them to raise our rate limit.", true},
		{"=limiter + rate", "Put a rate limiter in front of the calls.", true},
		{"=reboot* + host", "Rebooting the host clears it.", true},
		// An order may open with an adverb of sequence or a plan.
		{"^add* > replica*", "Meanwhile add replicas to cover the load.", true},
		{"^add* > replica*", "The fix is to add CoreDNS replicas right away.", true},
		{"^add* > replica*", "My first action is add replicas to the pool.", true},
		{"^add* > replica*", "The tempting fix is to add replicas to the pool.", false},
		{"^add* > replica*", "The obvious answer everyone gives is add replicas.", false},
		// The words a phrase's gap skipped are free for another slot.
		{"pull* out + cache", "I would pull the cache out of the heap.", true},
		{"scal* up + pool", "We should scale the pool up a bit.", true},
		{"scal* up + up", "We should scale the pool up a bit.", false},
		// An acronym's plural is its singular; a unit in capitals stays.
		{"fqdn + name*", "Write the external API names as FQDNs everywhere.", true},
		{"gpu + spare", "There are spare GPUs in the pool already.", true},
		{"rp", "The gateway takes 400 RPS at peak right now.", false},
	}
	for _, tt := range tests {
		r := &Rubric{
			Concepts: map[string][]string{"move": {tt.pattern}},
			Rules:    [4]Rule{{Criterion: Result, Requires: []string{"move"}}},
		}
		got, err := r.Grade(tt.answer)
		if err != nil {
			t.Fatalf("%q: %v", tt.pattern, err)
		}
		if got.Criteria[0].Awarded != tt.want {
			t.Errorf("%q on %q: found %v, want %v", tt.pattern, tt.answer, got.Criteria[0].Awarded, tt.want)
		}
	}
}

// TestUnmatchedPatterns: a pattern that matches any answer in any reading
// (turned down included) is used; one no answer matches is listed, in the
// concept's order; a list of terms reads as nothing.
func TestUnmatchedPatterns(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{
			"cap":     {"cap + tenant", "quota* + tenant"},
			"restart": {"restart* + pod*", "bounce* + pod*"},
		},
		Rules: [4]Rule{{Criterion: Result, Requires: []string{"cap"}, Rejects: []string{"restart"}}},
	}
	tests := []struct {
		name    string
		answers []string
		want    []PatternRef
	}{
		{"one answer", []string{"Cap the bulk tenant now, and don't restart the pods."},
			[]PatternRef{{"cap", "quota* + tenant", false, false}, {"restart", "bounce* + pod*", false, true}}},
		{"two answers cover more", []string{"Cap the bulk tenant now.", "Give that tenant a quota; bouncing the pods helps nobody."},
			[]PatternRef{{"restart", "restart* + pod*", false, true}}},
		{"a list of terms matches nothing", []string{"cap tenant, quota tenant, restart pods, bounce pods, queue, prefill"},
			[]PatternRef{{"cap", "cap + tenant", true, false}, {"cap", "quota* + tenant", true, false}, {"restart", "restart* + pod*", true, true}, {"restart", "bounce* + pod*", true, true}}},
	}
	for _, tt := range tests {
		got, err := r.UnmatchedPatterns(tt.answers)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: unmatched %v, want %v", tt.name, got, tt.want)
		}
		// A ruled-out move's patterns are listed apart: answers that do
		// not offer it should not match them.
		concepts, patterns, ruledOut := SplitUnmatched(got)
		if want := tt.name == "a list of terms matches nothing"; (len(concepts) == 1) != want {
			t.Errorf("%s: concepts no answer showed %v", tt.name, concepts)
		}
		for _, p := range append(patterns, ruledOut...) {
			if p.RuledOut != (p.Concept == "restart") {
				t.Errorf("%s: %+v listed with the wrong kind", tt.name, p)
			}
		}
	}
}

// TestOrderFoundByALaterPattern: a move offered as an order is offered
// whichever of the concept's patterns the author wrote first.
func TestOrderFoundByALaterPattern(t *testing.T) {
	t.Parallel()
	for _, patterns := range [][]string{{"^roll* back", "first > roll* back"}, {"first > roll* back", "^roll* back"}} {
		r := &Rubric{
			Concepts: map[string][]string{"rollback": patterns},
			Rules:    [4]Rule{{Criterion: Result, Rejects: []string{"rollback"}}},
		}
		c, err := r.compile()
		if err != nil {
			t.Fatal(err)
		}
		toks, _ := readAnswer("My first move: roll back the release, then look at the plan.", nil)
		ans := newAnswer(toks, c.words)
		m := c.concepts["rollback"].find(ans)
		ans.release()
		if !m.found || !m.ordered {
			t.Errorf("patterns %q: found %v, ordered %v; want an order", patterns, m.found, m.ordered)
		}
	}
}
