package lessons_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
)

// coverageScoring is a probe's cues: the result requires the cold cache
// and rejects a restart; the reasoning needs a causal link and one of the
// cache or the hit rate.
func coverageScoring(examples ...grading.Example) *lessons.Scoring {
	r := &grading.Rubric{Concepts: map[string][]string{
		"cold-cache":  {"cache + cold|empty|flushed"},
		"restart-all": {"restart + every|all + replica"},
		"causal":      {"because|so|which means"},
		"hit-rate":    {"hit rate + recover*|climb*"},
	}}
	r.Rules[0] = grading.Rule{Criterion: grading.Result, Requires: []string{"cold-cache"}, Rejects: []string{"restart-all"}}
	r.Rules[1] = grading.Rule{Criterion: grading.Reasoning, Requires: []string{"causal"}, Any: []string{"cold-cache", "hit-rate"}}
	r.Rules[2] = grading.Rule{Criterion: grading.FailureCase}
	r.Rules[3] = grading.Rule{Criterion: grading.Verification, Requires: []string{"hit-rate"}}
	return &lessons.Scoring{Rubric: r, Examples: examples}
}

func example(answer string, scores ...int) grading.Example {
	m := map[grading.Criterion]int{}
	for i, c := range grading.Criteria {
		m[c] = scores[i]
	}
	return grading.Example{Answer: answer, Scores: m}
}

const (
	coldAndHitRate = "The prefix cache is cold after the deploy, so every prompt pays the full prefill; I would watch the hit rate recover with latency."
	coldOnly       = "The prefix cache is cold after the deploy, so every prompt pays the full prefill again for a while."
	restartAll     = "The cache is cold, so I would restart every replica right away to clear things up for good."
	offTopic       = "I would look at the dashboards for a while and then decide what to do about the incident."
)

// warningsOf returns the item's coverage warnings of one kind.
func warningsOf(t *testing.T, s *lessons.Scoring, kind lessons.WarningKind) []lessons.Warning {
	t.Helper()
	got, err := s.Coverage()
	if err != nil {
		t.Fatal(err)
	}
	var out []lessons.Warning
	for _, w := range got {
		if w.Kind == kind {
			out = append(out, w)
		}
	}
	return out
}

// TestCoverageRestatedMove: a ruled-out move the question's own words
// offer is found, once, with the criterion that rules it out; a question
// that only asks about the cache is not.
func TestCoverageRestatedMove(t *testing.T) {
	t.Parallel()
	tests := []struct {
		question string
		want     []lessons.Warning
	}{
		{"The cache is cold after a deploy, and restarting every replica is on the table. What do you do first?",
			[]lessons.Warning{{Kind: lessons.RestatedMove, Criterion: grading.Result, Concept: "restart-all"}}},
		{"The cache is cold after a deploy. What do you do first?", nil},
	}
	for _, tt := range tests {
		s := coverageScoring(example(coldAndHitRate, 1, 1, 0, 1), example(restartAll, 0, 1, 0, 0))
		s.Question = tt.question
		restated := warningsOf(t, s, lessons.RestatedMove)
		if diff := cmp.Diff(tt.want, restated, cmpopts.IgnoreFields(lessons.Warning{}, "Message")); diff != "" {
			t.Errorf("%q: restated moves (-want +got):\n%s", tt.question, diff)
		}
	}
}

// TestCoverageRestatedConcept: a criterion the question's own words earn
// from the cues is named, since restating the question earns it; a
// question that only sets the scene is not.
func TestCoverageRestatedConcept(t *testing.T) {
	t.Parallel()
	tests := []struct {
		question string
		want     []lessons.Warning
	}{
		{"The cache is cold after a deploy, so latency is up. What do you do first?", []lessons.Warning{
			{Kind: lessons.RestatedConcept, Criterion: grading.Result},
			{Kind: lessons.RestatedConcept, Criterion: grading.Reasoning},
		}},
		{"Latency rose after a deploy. What do you do first?", nil},
	}
	for _, tt := range tests {
		s := coverageScoring(example(coldAndHitRate, 1, 1, 0, 1), example(restartAll, 0, 1, 0, 0))
		s.Question = tt.question
		restated := warningsOf(t, s, lessons.RestatedConcept)
		if diff := cmp.Diff(tt.want, restated, cmpopts.IgnoreFields(lessons.Warning{}, "Message")); diff != "" {
			t.Errorf("%q: restated concepts (-want +got):\n%s", tt.question, diff)
		}
	}
}

// TestCoverageRestatedScene: the scene a lesson sets before its item is
// restated as the question is. A ruled-out move it offers, and a failure
// case it earns (the traps it names are the learner's to turn down), are
// named; a result or reasoning it teaches is not — repeating the lesson is
// learning it.
func TestCoverageRestatedScene(t *testing.T) {
	t.Parallel()
	tests := []struct {
		scene string
		want  []lessons.Warning
	}{
		{"The cache is cold after the deploy, so latency is up.", nil},
		{"Someone in the channel wants to restart every replica.", []lessons.Warning{{Kind: lessons.RestatedConcept, Criterion: grading.FailureCase}}},
		{"Restart every replica, the runbook says.", []lessons.Warning{
			{Kind: lessons.RestatedMove, Criterion: grading.Result, Concept: "restart-all"},
			{Kind: lessons.RestatedConcept, Criterion: grading.FailureCase},
		}},
	}
	for _, tt := range tests {
		s := coverageScoring(example(coldAndHitRate, 1, 1, 1, 1), example(restartAll, 0, 1, 0, 0))
		s.Rubric.Rules[2] = grading.Rule{Criterion: grading.FailureCase, Any: []string{"restart-all"}}
		s.Scenario = tt.scene
		var got []lessons.Warning
		for _, kind := range []lessons.WarningKind{lessons.RestatedMove, lessons.RestatedConcept} {
			got = append(got, warningsOf(t, s, kind)...)
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(lessons.Warning{}, "Message"), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%q: restated scene (-want +got):\n%s", tt.scene, diff)
		}
	}
}

// TestScenarioIsTheItemsSection: an item's scene is the prose from its
// section's heading, over a trace, to the item; the next item's scene
// starts after it.
func TestScenarioIsTheItemsSection(t *testing.T) {
	t.Parallel()
	probe := func(key string) string {
		return "```yaml probe\nkey: " + key + "\nquestion: What first?\nevidence_class: recommended\n" +
			"strong_answer: The cache is cold.\nfollow_up: Then?\nweak_indicators:\n  - Restarts again.\n" +
			"concepts:\n  cold-cache:\n    - cache + cold|empty\n" +
			"rubric:\n  result:\n    description: Names the cold cache.\n    requires: [cold-cache]\n" +
			"  reasoning:\n    description: Why.\n  failure_case:\n    description: The trap.\n  verification:\n    description: A check.\n```\n\n"
	}
	src := "---\ncourse: c\nposition: 1\nslug: s\ntitle: T\ngoal: G.\nminutes: 5\n---\n\n## Background\n\nCaches warm slowly.\n\n" +
		"## The situation\n\nThe team wants to **restart** every replica.\n\n" +
		"```yaml trace\nkey: the-log\ncaption: The log\ntext: |\n  12:00 deploy\n```\n\nLatency doubled.\n\n" + probe("first") +
		"Then the hit rate fell.\n\n" + probe("second")
	l, err := lessons.Parse("l.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var scenes []string
	for _, b := range l.Blocks {
		if sc := b.ItemScoring(); sc != nil {
			scenes = append(scenes, sc.Scenario)
		}
	}
	want := []string{"The team wants to restart every replica.\nLatency doubled.", "Then the hit rate fell."}
	if diff := cmp.Diff(want, scenes); diff != "" {
		t.Errorf("scenes (-want +got):\n%s", diff)
	}
}

// TestCoveragePatternAdvice: patterns that match more than their author
// meant are named once per concept (a one-letter unit name, anywhere) or
// per pattern (a lone particle beside a phrasal verb, "scale* out|up", in
// a pattern of one slot). Words, numbers with their unit, other letters
// ("x" for times), a particle held by another slot ("roll* back|out +
// release"), connectives among words ("because|so|which means") and
// common words inside a longer alternative are not.
func TestCoveragePatternAdvice(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind     lessons.WarningKind
		patterns []string
		want     int // warnings on the concept
	}{
		{lessons.UnitLetter, []string{"hit rate + recover*|climb*", "conntrack + s|insert failed"}, 1},
		{lessons.UnitLetter, []string{"=s + drops", "^h > restart*"}, 1},
		{lessons.UnitLetter, []string{"hit rate + 5 s|recover*", "650 + x|times"}, 0},
		{lessons.LoneParticle, []string{"^scale* out|up|horizontally", "hit rate + recover*"}, 1},
		{lessons.LoneParticle, []string{"roll* back|out", "=up|scale* up|down"}, 2},
		{lessons.LoneParticle, []string{"roll* back|out + release", "no|without + cpu limit", "scale* up|scale* out", "because|so|which means", "hit rate"}, 0},
	}
	for _, tt := range tests {
		s := coverageScoring(example(coldAndHitRate, 1, 1, 0, 1), example(restartAll, 0, 1, 0, 0))
		s.Rubric.Concepts["hit-rate"] = tt.patterns
		var want []lessons.Warning
		for range tt.want {
			want = append(want, lessons.Warning{Kind: tt.kind, Concept: "hit-rate"})
		}
		got := warningsOf(t, s, tt.kind)
		if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(lessons.Warning{}, "Message")); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", tt.kind, tt.patterns, diff)
		}
	}
}

// TestCoverage: each gap in the examples is found, with the criterion and
// concept it concerns; a well-covered item has none of that kind.
func TestCoverage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		examples []grading.Example
		want     []lessons.Warning // Message ignored
	}{
		{name: "no examples", want: []lessons.Warning{{Kind: lessons.NoExamples}}},
		{name: "one full answer", examples: []grading.Example{example(coldAndHitRate, 1, 1, 0, 1)},
			want: []lessons.Warning{
				{Kind: lessons.Unexercised, Concept: "restart-all"},
				{Kind: lessons.UntestedReject, Criterion: grading.Result, Concept: "restart-all"},
				{Kind: lessons.OneSided, Criterion: grading.Result},
				{Kind: lessons.OneSided, Criterion: grading.Reasoning},
				{Kind: lessons.OneSided, Criterion: grading.FailureCase},
				{Kind: lessons.OneSided, Criterion: grading.Verification},
			}},
		{name: "the ruled-out move tested, reasoning by one of its any", examples: []grading.Example{
			example(coldAndHitRate, 1, 1, 0, 1), example(coldOnly, 1, 1, 0, 0), example(restartAll, 0, 1, 0, 0), example(offTopic, 0, 0, 0, 0)},
			want: []lessons.Warning{
				{Kind: lessons.OneSided, Criterion: grading.FailureCase},
				// The only example earning verification: scored without
				// it, the others (all 0) deny answers like it the point.
				{Kind: lessons.Resembled, Criterion: grading.Verification, Examples: []int{1}},
			}},
		{name: "the move offered only where the point is earned anyway", examples: []grading.Example{
			example(restartAll, 1, 1, 0, 0), example(offTopic, 0, 0, 1, 1)},
			want: []lessons.Warning{
				{Kind: lessons.Unexercised, Concept: "hit-rate"},
				{Kind: lessons.UntestedReject, Criterion: grading.Result, Concept: "restart-all"},
				{Kind: lessons.SingleConcept, Criterion: grading.Reasoning, Concept: "cold-cache", Examples: []int{1}},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := coverageScoring(tt.examples...).Coverage()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(lessons.Warning{}, "Message"), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Coverage (-want +got):\n%s", diff)
			}
			for _, w := range got {
				if w.Message == "" {
					t.Errorf("%s %s %s: no message", w.Kind, w.Criterion, w.Concept)
				}
			}
		})
	}
}

// TestCoverageMessages: the advice names the examples and says what to add.
func TestCoverageMessages(t *testing.T) {
	t.Parallel()
	got, err := coverageScoring(example(coldAndHitRate, 1, 1, 0, 1), example(coldOnly, 1, 1, 0, 0)).Coverage()
	if err != nil {
		t.Fatal(err)
	}
	want := map[lessons.WarningKind]string{
		lessons.UntestedReject: "Result rules out restart-all, but no example scored 0 on result offers it: add an answer that makes that move, scored 0, to show the move costs the point.",
	}
	for _, w := range got {
		if msg, ok := want[w.Kind]; ok && w.Criterion == grading.Result {
			if w.Message != msg {
				t.Errorf("%s: %q\nwant %q", w.Kind, w.Message, msg)
			}
			delete(want, w.Kind)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing warnings: %v", want)
	}
}

// TestCoverageListsFewExamples: a gap many examples share names the first
// few and counts the rest.
func TestCoverageListsFewExamples(t *testing.T) {
	t.Parallel()
	var examples []grading.Example
	for range 10 {
		examples = append(examples, example(coldOnly, 1, 1, 0, 0))
	}
	got, err := coverageScoring(examples...).Coverage()
	if err != nil {
		t.Fatal(err)
	}
	const want = "10 examples (1, 2, 3, 4, 5, 6, 7, 8, …) each earn reasoning through cold-cache alone, and no example earns it through hit-rate: "
	for _, w := range got {
		if w.Kind == lessons.SingleConcept && w.Criterion == grading.Reasoning {
			if w.Message[:len(want)] != want {
				t.Errorf("message %q, want it to start %q", w.Message, want)
			}
			return
		}
	}
	t.Errorf("no single-concept warning for the result in %v", got)
}

// TestCoverageModelAnswer: a model answer the cues do not award is
// advice on each criterion it misses, saying why; one they award is none.
func TestCoverageModelAnswer(t *testing.T) {
	t.Parallel()
	examples := []grading.Example{example(coldAndHitRate, 1, 1, 0, 1), example(coldOnly, 1, 1, 0, 0), example(restartAll, 0, 1, 0, 0), example(offTopic, 0, 0, 0, 0)}
	for _, tt := range []struct {
		name, model string
		want        []lessons.Warning
	}{
		{name: "earns every criterion with cues", model: coldAndHitRate},
		{name: "misses the check", model: coldOnly, want: []lessons.Warning{{Kind: lessons.ModelShort, Criterion: grading.Verification,
			Message: "The model answer does not earn verification from the cues (hit-rate is missing): widen the cues until the item's own best answer earns it, or reword the model answer."}}},
		{name: "offers the ruled-out move", model: restartAll, want: []lessons.Warning{
			{Kind: lessons.ModelShort, Criterion: grading.Result,
				Message: "The model answer does not earn result from the cues (it offers restart-all, which the criterion rules out): widen the cues until the item's own best answer earns it, or reword the model answer."},
			{Kind: lessons.ModelShort, Criterion: grading.Verification,
				Message: "The model answer does not earn verification from the cues (hit-rate is missing): widen the cues until the item's own best answer earns it, or reword the model answer."}}},
		{name: "hard-wrapped before a capital", model: "The prefix cache is cold after the deploy, so every prompt pays the full prefill; I would watch the hit\nRate recover with latency.",
			want: []lessons.Warning{{Kind: lessons.ModelShort, Criterion: grading.Verification,
				Message: "The model answer does not earn verification from the cues (hit-rate is missing): widen the cues until the item's own best answer earns it, or reword the model answer. " +
					"Its line break before \"Rate\" ends a sentence there, which may split what the cues look for: write it with `>-`, or keep each sentence on one line."}}},
		{name: "a line ending a sentence is no hint", model: "The prefix cache is cold after the deploy.\nSo every prompt pays the full prefill again for a while.",
			want: []lessons.Warning{{Kind: lessons.ModelShort, Criterion: grading.Verification,
				Message: "The model answer does not earn verification from the cues (hit-rate is missing): widen the cues until the item's own best answer earns it, or reword the model answer."}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := coverageScoring(examples...)
			s.Model = tt.model
			got, err := s.Coverage()
			if err != nil {
				t.Fatal(err)
			}
			var short []lessons.Warning
			for _, w := range got {
				if w.Kind == lessons.ModelShort {
					short = append(short, w)
				}
			}
			if diff := cmp.Diff(tt.want, short, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("model answer advice (-want +got):\n%s", diff)
			}
		})
	}
}

// sceneLesson sets a scene that names the traps, then asks a question
// that restates the cold cache: parsed, the item's scoring knows both
// as shown to the learner.
const sceneLesson = "---\ncourse: c\nposition: 1\nslug: s\ntitle: T\ngoal: G.\nminutes: 5\n---\n\n## The incident\n\n" +
	"Latency doubled after the deploy. In the channel, one colleague wants to restart every replica, and another blames the network.\n\n" +
	"```yaml probe\nkey: cold-cache\nquestion: The cache is cold after the deploy, so latency is up. What do you do first?\nevidence_class: recommended\n" +
	"strong_answer: The cache is cold, so I would wait for the hit rate to recover and not restart every replica.\nfollow_up: Then?\nweak_indicators:\n  - Restarts again.\n" +
	"concepts:\n  cold-cache:\n    - cache + cold|empty\n  restart-all:\n    - restart + every|all + replica\n" +
	"rubric:\n  result:\n    description: Names the cold cache.\n    requires: [cold-cache]\n" +
	"  reasoning:\n    description: Why.\n  failure_case:\n    description: The trap.\n    any: [restart-all]\n  verification:\n    description: A check.\n" +
	"```\n"

// TestCoverageRestatedThroughTheParser: the parser gives the rubric the
// question and the scene as shown to the learner, so that pasting them
// earns nothing; the warnings about restating them must still read them.
func TestCoverageRestatedThroughTheParser(t *testing.T) {
	t.Parallel()
	l, err := lessons.Parse("l.md", []byte(sceneLesson))
	if err != nil {
		t.Fatal(err)
	}
	s := l.Blocks[len(l.Blocks)-1].ItemScoring()
	var got []lessons.Warning
	for _, kind := range []lessons.WarningKind{lessons.RestatedMove, lessons.RestatedConcept} {
		got = append(got, warningsOf(t, s, kind)...)
	}
	want := []lessons.Warning{
		{Kind: lessons.RestatedConcept, Criterion: grading.Result},      // the question's cold cache
		{Kind: lessons.RestatedConcept, Criterion: grading.FailureCase}, // the scene's trap
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(lessons.Warning{}, "Message")); diff != "" {
		t.Errorf("restated (-want +got):\n%s", diff)
	}
	// A learner pasting the scene still earns nothing from it.
	score, err := s.Grade("In the channel, one colleague wants to restart every replica, and another blames the network.", nil)
	if err != nil {
		t.Fatal(err)
	}
	if score.Total != 0 {
		t.Errorf("the pasted scene scored %d, want 0", score.Total)
	}
}
