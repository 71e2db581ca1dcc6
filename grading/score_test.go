package grading

import (
	"reflect"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// testRubric is a small rubric in the shape of release-and-traffic.
func testRubric() *Rubric {
	return &Rubric{
		Concepts: map[string][]string{
			"version-comparison": {"long prompt|long input + version|release|build", "old and new + long"},
			"queue-vs-prefill":   {"queue|waiting + prefill|prompt processing"},
			"bounded-mitigation": {"limit|cap|throttle + admission|long prompt|bulk", "separate|isolate + pool"},
			"restart-everything": {"restart|reboot + all|every"},
			"rollback-as-fix":    {"roll back|rollback|revert + fix|immediately|first"},
			"causal-link":        {"because|since|so|therefore|suggest*|point* to|rule* out"},
			"confound":           {"release|deploy* + traffic + same time|together|coincide|confound*", "rollback|roll back + not supported|unsupported|not justified|overload"},
		},
		Rules: [4]Rule{
			{Criterion: Result, Requires: []string{"version-comparison", "queue-vs-prefill", "bounded-mitigation"}, Rejects: []string{"restart-everything", "rollback-as-fix"}},
			{Criterion: Reasoning, Requires: []string{"causal-link"}, Any: []string{"queue-vs-prefill", "version-comparison"}},
			{Criterion: FailureCase, Requires: []string{"confound"}},
			{Criterion: Verification},
		},
	}
}

func TestGrade(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		answer string
		want   [4]bool // result, reasoning, failure case, verification
	}{
		{"complete", "Compare long prompt latency on each version at the same rate, and compare queue wait with prefill time. Limit long-prompt admission for now. Both versions slow down, which suggests queueing rather than the release, because the release and the traffic rose at the same time.",
			[4]bool{true, true, true, false}},
		{"inflections and case", "Comparing Long Prompts across Versions, and Queueing against Prefilling, I'd cap admissions. This points to waiting.",
			[4]bool{true, true, false, false}},
		{"misspelt", "Compare long promts on each verison, and the queue against prefil duration, then limit admision of long prompts for a while.",
			[4]bool{true, false, false, false}},
		{"negated mitigation", "Compare long prompts on each version and the queue against prefill. I would not limit admission or cap bulk work at all.",
			[4]bool{false, false, false, false}},
		{"wrong fix rejects the result", "Compare long prompts on each version and queue time with prefill, limit admission, then restart all replicas to be safe.",
			[4]bool{false, false, false, false}},
		{"negated wrong fix is fine", "Compare long prompts on each version and queue time with prefill, and limit admission. Don't restart all replicas.",
			[4]bool{true, false, false, false}},
		{"rollback is not supported counts as the failure case", "The evidence says a blanket rollback is not supported here, since both versions slow on long prompts in the queue.",
			[4]bool{false, true, true, false}},
		{"keyword list", "long prompt version queue prefill limit admission rollback confound traffic release because",
			[4]bool{false, false, false, false}},
		{"too short", "limit admission", [4]bool{}},
		{"no sentence joins slots", "Long prompts are slow. Each version is new.", [4]bool{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := testRubric().Grade(tt.answer)
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range got.Criteria {
				if c.Awarded != tt.want[i] {
					t.Errorf("%s: awarded %v, want %v (%s)", c.Criterion, c.Awarded, tt.want[i], c.Rationale)
				}
			}
		})
	}
}

func TestEvidenceQuotesTheAnswer(t *testing.T) {
	t.Parallel()
	answer := "Both slow on long prompts, so it points to waiting. Compare the queue with prefill on each version."
	got, err := testRubric().Grade(answer)
	if err != nil {
		t.Fatal(err)
	}
	reasoning := got.Criteria[1]
	if !reasoning.Awarded || len(reasoning.Evidence) == 0 {
		t.Fatalf("reasoning = %+v, want awarded with evidence", reasoning)
	}
	for _, e := range reasoning.Evidence {
		if answer[e.Start:e.End] != e.Quote || e.Quote == "" {
			t.Errorf("evidence %+v does not quote the answer", e)
		}
	}
	if got.Criteria[3].Awarded || !strings.Contains(got.Criteria[3].Rationale, "reviewer") {
		t.Errorf("a criterion without cues = %+v, want it left to a reviewer", got.Criteria[3])
	}
}

func TestCheckReportsUnknownConceptsAndBadPatterns(t *testing.T) {
	t.Parallel()
	r := &Rubric{
		Concepts: map[string][]string{"a": {"x + "}, "c": {"comes from|=|equals"}, "d": {"cpu + 40|%"}, "e": {"compa*re"}},
		Rules:    [4]Rule{{Criterion: Result, Requires: []string{"b"}}},
	}
	err := r.Check()
	if err == nil {
		t.Fatal("Check passed a rubric with a bad pattern and an unknown concept")
	}
	for _, want := range []string{`concept "a": pattern "x + " has an empty alternative`, `result names the concept "b", which is not defined`,
		`concept "c": pattern "comes from|=|equals" has "=" alone as an alternative`,
		`concept "d": pattern "cpu + 40|%" has "%", which has no letters or digits`,
		`concept "e": pattern "compa*re" has "compa*re", with a "*" inside it`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

func TestConfidenceDropsForBorderlineAnswers(t *testing.T) {
	t.Parallel()
	clear, _ := testRubric().Grade("Compare long prompt latency on each version at the same rate, and compare queue wait with prefill time, and limit long-prompt admission because the release and traffic rose together, which suggests waiting.")
	murky, _ := testRubric().Grade("Compare long promts per verison and limit admision.")
	if murky.Confidence >= clear.Confidence {
		t.Errorf("confidence: misspelt partial answer %.2f, clear answer %.2f; want the first lower", murky.Confidence, clear.Confidence)
	}
}

func TestOSADistance(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, b string
		want int
	}{{"prefil", "prefill", 1}, {"comapre", "compare", 1}, {"latency", "lantency", 1}, {"abc", "xyz", 3}} // past the limit of 2: limit+1
	for _, tt := range tests {
		if got := osaDistance(tt.a, tt.b, 2); got != tt.want {
			t.Errorf("osaDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func FuzzWithinOneEdit(f *testing.F) {
	f.Add("prefil", "prefill")
	f.Add("comapre", "compare")
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > maxTypoWord || len(b) > maxTypoWord {
			return
		}
		if got, want := withinOneEdit(a, b), osaDistance(a, b, 1) <= 1; got != want {
			t.Fatalf("withinOneEdit(%q, %q) = %v, osaDistance says %v", a, b, got, want)
		}
	})
}

// FuzzGrade holds the scorer to its promises on any answer: no error or
// panic, the same score twice, a total that counts the awarded criteria,
// and evidence that quotes the answer exactly, on character boundaries, so
// the page can highlight it. Seeds include hostile input: markup, SQL,
// control characters, invalid UTF-8 and tricky Unicode.
func FuzzGrade(f *testing.F) {
	for _, seed := range []string{
		"Compare long prompts on each version; don't restart all replicas.",
		"",
		"’’’ ... ,,, 0.8 16,000 don't",
		"Compare long prompt latency on each version at the same rate, and compare queue wait with prefill time. Limit long-prompt admission for now. Both versions slow down, which suggests queueing rather than the release, because the release and the traffic rose at the same time.",
		"<script>alert(1)</script> compare <b>long prompt</b> on each <i>version</i>",
		"<img src=x onerror=alert(1)> queue<mark>prefill</mark>",
		"[x](javascript:alert(1)) limit admission of long prompts",
		"'; DROP TABLE responses; -- %_\\ because the queue and prefill",
		"{{ .Answer }} ${alert(1)} because",
		"queue\x00prefill because\x00version",
		"long prompt \xff\xfe version \xc3\x28 queue",
		"\u202ecompare long prompt on each version\u202c \u200bqueue\u200d prefill",
		"🙂 compare 🙂 long 🙂 prompt 🙂 version 🙂 queue 🙂 prefill 🙂",
		"e\u0301 compare\u0301 long prompt versio\u0301n",
		strings.Repeat("restart all ", 40),
		strings.Repeat("queue prefill ", 40),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, answer string) {
		r := testRubric()
		got, err := r.Grade(answer)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := r.Grade(answer)
		if !reflect.DeepEqual(got, again) {
			t.Fatalf("two grades of %q differ:\n%+v\n%+v", answer, got, again)
		}
		total := 0
		for i, c := range got.Criteria {
			if c.Criterion != Criteria[i] {
				t.Fatalf("criterion %d is %q, want %q", i, c.Criterion, Criteria[i])
			}
			if c.Awarded {
				total++
			}
			for _, e := range c.Evidence {
				if e.Start < 0 || e.End > len(answer) || e.Start > e.End || answer[e.Start:e.End] != e.Quote {
					t.Fatalf("bad evidence %+v for %q", e, answer)
				}
				if utf8.ValidString(answer) && !utf8.ValidString(e.Quote) {
					t.Fatalf("evidence %+v splits a character of %q", e, answer)
				}
			}
		}
		if got.Total != total {
			t.Fatalf("total %d, but %d criteria are awarded", got.Total, total)
		}
		if got.Confidence < 0 || got.Confidence > 1 {
			t.Fatalf("confidence %v out of range", got.Confidence)
		}
	})
}

// TestGradeConcurrently shares one rubric across goroutines, as a server
// does; run with -race it checks the pooled answer state stays private.
func TestGradeConcurrently(t *testing.T) {
	t.Parallel()
	r := testRubric()
	answers := []string{
		"Compare long prompt latency on each version, and compare queue wait with prefill time; limit admission because it suggests waiting.",
		"I would not limit admission; restart all replicas.",
		"queue prefill version",
	}
	want := make([]Score, len(answers))
	for i, a := range answers {
		want[i], _ = r.Grade(a)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				k := (g + i) % len(answers)
				got, err := r.Grade(answers[k])
				if err != nil || got.Total != want[k].Total || got.Confidence != want[k].Confidence {
					t.Errorf("answer %d: total %d confidence %v, want %d %v", k, got.Total, got.Confidence, want[k].Total, want[k].Confidence)
					return
				}
			}
		}()
	}
	wg.Wait()
}
