package lessons

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/practicum-dev/practicum/grading"
)

// A calibration example only checks what it exercises: an item whose
// examples never contain a concept, never try a ruled-out move, or only
// ever earn a criterion can publish with cues that have never been seen to
// work. Coverage finds those gaps from the scorer's own traces of the
// examples. They are advice: nothing here blocks a save or a publish.

// WarningKind says which gap a coverage warning is about.
type WarningKind string

const (
	// NoExamples: the item has no calibration examples at all.
	NoExamples WarningKind = "no-examples"
	// Unexercised: no example contains the concept.
	Unexercised WarningKind = "unexercised"
	// UntestedReject: no example denied the criterion contains the move
	// it rules out.
	UntestedReject WarningKind = "untested-reject"
	// OneSided: every example earns the criterion, or none does.
	OneSided WarningKind = "one-sided"
	// SingleConcept: examples earn the criterion through one concept
	// alone, so none of them shows the criterion's other parts at work.
	SingleConcept WarningKind = "single-concept"
	// ModelShort: the model solution or strong answer does not earn a
	// criterion from the cues, so the cues miss the item's own best answer.
	ModelShort WarningKind = "model-short"
	// RestatedMove: the question's own words offer a move a criterion
	// rules out, so a learner who restates the question offers it too.
	RestatedMove WarningKind = "restated-move"
	// RestatedConcept: the question's own words earn a criterion from
	// the cues, so a learner who restates the question earns it.
	RestatedConcept WarningKind = "restated-concept"
)

// Warning is one gap in an item's calibration examples, in plain words.
type Warning struct {
	Kind      WarningKind
	Criterion grading.Criterion // empty for NoExamples and Unexercised
	Concept   string            // empty for NoExamples and OneSided
	// Examples are the examples concerned, numbered from 1 (SingleConcept
	// only).
	Examples []int
	// Message says what is missing and what to add.
	Message string
}

// Coverage reads the item's calibration examples against its cues and
// returns what they leave untested, criteria in rubric order. It traces
// the examples on the cues alone, as Calibrate scores them.
func (s *Scoring) Coverage() ([]Warning, error) {
	if s == nil || s.Rubric == nil {
		return nil, nil
	}
	short, err := s.modelShort()
	if err != nil {
		return nil, err
	}
	restated, err := s.restatedInQuestion()
	if err != nil {
		return nil, err
	}
	short = append(short, restated...)
	short = append(short, unitLetters(s.Rubric)...)
	short = append(short, loneParticles(s.Rubric)...)
	if len(s.Examples) == 0 {
		return append([]Warning{{Kind: NoExamples, Message: "There are no calibration examples, so nothing checks the cues: add real answers with the scores a careful reviewer gives them, at least one that earns each criterion and one that does not."}}, short...), nil
	}
	// Each example is explained once, with both opinions: the checks on
	// the cues read its concept traces and CuesAwarded, which the labelled
	// answers do not change, and resembled reads the final verdict.
	traces := make([]grading.Explanation, len(s.Examples))
	for i, ex := range s.Examples {
		e, err := s.Rubric.Explain(ex.Answer, s.labelledSet())
		if err != nil {
			return nil, err
		}
		traces[i] = e
	}
	out := short
	out = append(out, unexercised(s.Rubric, traces)...)
	for i, rule := range s.Rubric.Rules {
		out = append(out, untestedRejects(rule, i, s.Examples, traces)...)
		if w, ok := oneSided(rule.Criterion, s.Examples); ok {
			out = append(out, w)
		}
		out = append(out, singleConcept(rule, i, s.Examples, traces)...)
	}
	return append(out, resembled(s.Examples, traces)...), nil
}

// modelShort: the criteria the model solution or strong answer does not
// earn from the cues alone. It earns all four as a labelled answer, so the
// second opinion hides the gap from every other check.
func (s *Scoring) modelShort() ([]Warning, error) {
	if strings.TrimSpace(s.Model) == "" {
		return nil, nil
	}
	e, err := s.Rubric.Explain(s.Model)
	if err != nil {
		return nil, err
	}
	var out []Warning
	for i, rule := range s.Rubric.Rules {
		if len(rule.Requires)+len(rule.Any) == 0 || e.Criteria[i].CuesAwarded {
			continue
		}
		var why []string
		for _, t := range e.Criteria[i].Concepts {
			switch {
			case t.Role == grading.RuledOut && t.Status == "found":
				why = append(why, "it offers "+t.Concept+", which the criterion rules out")
			case t.Role == grading.Required && t.Status != "found":
				why = append(why, t.Concept+" is "+t.Status)
			}
		}
		if len(why) == 0 {
			why = append(why, "none of its one-of concepts is found")
		}
		msg := fmt.Sprintf("The model answer does not earn %s from the cues (%s): widen the cues until the item's own best answer earns it, or reword the model answer.",
			strings.ToLower(rule.Criterion.Label()), strings.Join(why, "; "))
		if word, ok := wrappedBeforeCapital(s.Model); ok {
			msg += fmt.Sprintf(" Its line break before %q ends a sentence there, which may split what the cues look for: write it with `>-`, or keep each sentence on one line.", word)
		}
		out = append(out, Warning{Kind: ModelShort, Criterion: rule.Criterion, Message: msg})
	}
	return out, nil
}

// wrappedBeforeCapital finds a line break inside a sentence — the line
// before it ends without . ! ? or : — followed by a capitalised word,
// which the scorer reads as a sentence's end (a `|` block hard-wrapped
// at "the same\nUTC moment"), and returns that word.
func wrappedBeforeCapital(text string) (string, bool) {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i := 1; i < len(lines); i++ {
		before := strings.TrimRight(lines[i-1], " \t")
		next := strings.TrimSpace(lines[i])
		if before == "" || next == "" || strings.ContainsAny(before[len(before)-1:], ".!?:") {
			continue
		}
		word, _, _ := strings.Cut(next, " ")
		if r, _ := utf8.DecodeRuneInString(word); unicode.IsUpper(r) {
			return strings.Trim(word, ".,;:!?()`\"'"), true
		}
	}
	return "", false
}

// restatedInQuestion: criteria the question's own words earn, and ruled-out
// moves they offer ("the on-call channel wants 30 pods and
// maxThreads=800"); the same of the scene the lesson sets in the item's
// section before it. Learners restate both, often to turn a suggestion
// down in words the cues do not read as a refusal: every such restatement
// would earn them the one point and cost them the other.
func (s *Scoring) restatedInQuestion() ([]Warning, error) {
	var out []Warning
	seen := map[string]bool{}
	// The rubric as written, without what the learner was shown: read
	// with it, the question and the scene are copied runs and earn
	// nothing, which is what a learner pasting them gets — but this asks
	// what restating them in other sentences would earn.
	asWritten := &grading.Rubric{Concepts: s.Rubric.Concepts, Phrases: s.Rubric.Phrases, Rules: s.Rubric.Rules}
	for _, src := range []struct {
		text, what string
		scene      bool
	}{
		{s.Question, "The question itself", false},
		{s.Scenario, "The scene the lesson sets before the question", true},
	} {
		if strings.TrimSpace(src.text) == "" {
			continue
		}
		e, err := asWritten.Explain(src.text)
		if err != nil {
			return nil, err
		}
		for i, rule := range s.Rubric.Rules {
			// A scene may teach what earns a point — learners who repeat
			// the lesson have learnt it — but the traps it names ("people
			// in the channel suggest 24 pods") are for the learner to turn
			// down, not to repeat.
			if key := "concept " + string(rule.Criterion); e.Criteria[i].CuesAwarded && !seen[key] && (!src.scene || rule.Criterion == grading.FailureCase) {
				seen[key] = true
				var words []string
				for _, t := range e.Criteria[i].Concepts {
					if t.Words != "" && t.Role != grading.RuledOut {
						words = append(words, fmt.Sprintf("%s %q", t.Concept, t.Words))
					}
				}
				out = append(out, Warning{Kind: RestatedConcept, Criterion: rule.Criterion,
					Message: fmt.Sprintf("%s earns %s from the cues (%s), so a learner who only repeats it earns it too: write the concepts around what the learner must add (the reason, the verdict, the number worked out), not the scenario's own words.",
						src.what, strings.ToLower(rule.Criterion.Label()), strings.Join(words, "; "))})
			}
			for _, t := range e.Criteria[i].Concepts {
				if t.Role != grading.RuledOut || t.Status != "found" || seen["move "+t.Concept] {
					continue
				}
				seen["move "+t.Concept] = true
				out = append(out, Warning{Kind: RestatedMove, Criterion: rule.Criterion, Concept: t.Concept,
					Message: fmt.Sprintf("%s offers %s (%q), so a learner who repeats it offers it too, and loses %s: write its patterns with the words a learner uses to propose the move (\"i'd > scale* out\", \"scale* out > now|first\"), so that describing it is not offering it.",
						src.what, t.Concept, t.Words, strings.ToLower(rule.Criterion.Label()))})
			}
		}
	}
	return out, nil
}

// present is a trace whose patterns matched, whatever the answer made of
// the match (claimed, framed as a trap, inside an "if").
func present(t grading.Trace) bool { return t.Status != "missing" && t.Status != "negated" }

// unexercised: concepts a criterion names that no example contains, in
// the order the criteria first name them.
func unexercised(r *grading.Rubric, traces []grading.Explanation) []Warning {
	seen := map[string]bool{}
	var order []string
	for i := range r.Rules {
		for _, t := range traces[0].Criteria[i].Concepts {
			if !seen[t.Concept] {
				seen[t.Concept] = true
				order = append(order, t.Concept)
			}
		}
	}
	found := map[string]bool{}
	for _, e := range traces {
		for _, c := range e.Criteria {
			for _, t := range c.Concepts {
				found[t.Concept] = found[t.Concept] || present(t)
			}
		}
	}
	var out []Warning
	for _, name := range order {
		if !found[name] {
			out = append(out, Warning{Kind: Unexercised, Concept: name,
				Message: fmt.Sprintf("No example contains %s, so nothing shows its patterns match a real answer: add an example that says it in a learner's words.", name)})
		}
	}
	return out
}

// untestedRejects: a ruled-out move that no example denied the criterion
// offers, so nothing shows the move costs the point.
func untestedRejects(rule grading.Rule, i int, examples []grading.Example, traces []grading.Explanation) []Warning {
	var out []Warning
	for _, name := range rule.Rejects {
		tested := false
		for n, e := range traces {
			if examples[n].Scores[rule.Criterion] != 0 {
				continue
			}
			for _, t := range e.Criteria[i].Concepts {
				tested = tested || (t.Concept == name && t.Role == grading.RuledOut && t.Status == "found")
			}
		}
		if !tested {
			out = append(out, Warning{Kind: UntestedReject, Criterion: rule.Criterion, Concept: name,
				Message: fmt.Sprintf("%s rules out %s, but no example scored 0 on %s offers it: add an answer that makes that move, scored 0, to show the move costs the point.",
					rule.Criterion.Label(), name, strings.ToLower(rule.Criterion.Label()))})
		}
	}
	return out
}

// oneSided: every example earns the criterion, or none does, so the
// examples cannot show the cues telling the two apart.
func oneSided(c grading.Criterion, examples []grading.Example) (Warning, bool) {
	earned := 0
	for _, ex := range examples {
		earned += ex.Scores[c]
	}
	label := strings.ToLower(c.Label())
	switch earned {
	case len(examples):
		return Warning{Kind: OneSided, Criterion: c,
			Message: fmt.Sprintf("Every example earns %s, so nothing shows the cues deny it: add an answer that misses it (a near miss is best), scored 0.", label)}, true
	case 0:
		return Warning{Kind: OneSided, Criterion: c,
			Message: fmt.Sprintf("No example earns %s, so nothing shows the cues award it: add an answer that earns it, scored 1.", label)}, true
	}
	return Warning{}, false
}

// singleConcept: a criterion with several "one of" concepts that every
// example earning it earns through the same one alone. The other ways of
// earning it are never shown working, and had that one concept's
// patterns missed, every such example would lose the point. (A criterion
// with one required concept always rests on it: that is its design, not a
// gap; and examples using different "one of" concepts show each route.)
func singleConcept(rule grading.Rule, i int, examples []grading.Example, traces []grading.Explanation) []Warning {
	if len(rule.Any) < 2 {
		return nil
	}
	sole, earning := "", []int{}
	for n, e := range traces {
		why := e.Criteria[i]
		if examples[n].Scores[rule.Criterion] != 1 || !why.CuesAwarded {
			continue
		}
		var anyFound []string
		for _, t := range why.Concepts {
			if t.Role == grading.OneOf && present(t) {
				anyFound = append(anyFound, t.Concept)
			}
		}
		if len(anyFound) != 1 || sole != "" && anyFound[0] != sole {
			return nil // this example shows another route, or two at once
		}
		sole, earning = anyFound[0], append(earning, n+1)
	}
	if sole == "" {
		return nil
	}
	var others []string
	for _, name := range rule.Any {
		if name != sole {
			others = append(others, name)
		}
	}
	return []Warning{{Kind: SingleConcept, Criterion: rule.Criterion, Concept: sole, Examples: earning,
		Message: fmt.Sprintf("%s %s through %s alone, and no example earns it through %s: had %s's patterns missed, the point would be lost. Add an example that earns it another way.",
			examplesText(earning), strings.ToLower(rule.Criterion.Label()), sole, strings.Join(others, " or "), sole)}}
}

// examplesText is the subject and verb of a sentence about examples ns.
func examplesText(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprint(n)
	}
	const listed = 8 // more numbers than this are noise
	switch {
	case len(ns) == 1:
		return "Example " + parts[0] + " earns"
	case len(ns) > listed:
		return fmt.Sprintf("%d examples (%s, …) each earn", len(ns), strings.Join(parts[:listed], ", "))
	}
	return "Examples " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1] + " each earn"
}

// ItemCoverage is what one exercise's or probe's examples leave untested.
type ItemCoverage struct {
	Block    Block
	Warnings []Warning
}

// Coverage is each scored item's coverage advice, in lesson order, for
// the items that have some: what the lesson editor lists and `import
// --check` prints.
func (l *Lesson) Coverage() ([]ItemCoverage, error) {
	var out []ItemCoverage
	for _, b := range l.Blocks {
		ws, err := b.ItemScoring().Coverage()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.Key, err)
		}
		if len(ws) > 0 {
			out = append(out, ItemCoverage{Block: b, Warnings: ws})
		}
	}
	return out, nil
}
