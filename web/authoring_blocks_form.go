package web

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/views"
)

// maxExamples bounds how many calibration examples one form may send.
const maxExamples = 200

// fieldsFromDraft fills a block's form, with one blank new example for an
// exercise or probe.
func fieldsFromDraft(d lessons.BlockDraft) views.BlockFields {
	f := views.BlockFields{
		Key: d.Key, Title: d.Title, Question: d.Question, Prompt: d.Prompt, ModelSolution: d.ModelSolution,
		EvidenceClass: d.EvidenceClass, StrongAnswer: d.StrongAnswer, FollowUp: d.FollowUp,
		WeakIndicators: strings.Join(oneLineEach(d.WeakIndicators), "\n"),
		Concepts:       lessons.ConceptsText(d.Concepts),
		TimeLimit:      d.TimeLimit, FollowUps: d.FollowUps,
	}
	for _, c := range d.Concepts {
		f.Phrases = append(f.Phrases, views.PhraseFields{Concept: c.Name, Phrase: c.Phrase})
	}
	for i, o := range d.Options {
		if i < views.MaxOptions {
			f.Options[i] = views.OptionFields{Text: o.Text, Explanation: o.Explanation}
			if o.Correct {
				f.Correct = i + 1
			}
		}
	}
	for i, c := range d.Rubric {
		f.Rubric[i] = views.CriterionFields{Description: c.Description,
			Requires: strings.Join(c.Requires, ", "), Any: strings.Join(c.Any, ", "), Rejects: strings.Join(c.Rejects, ", ")}
	}
	if d.Kind.Scored() {
		for _, e := range d.Examples {
			ex := views.ExampleFields{Answer: e.Answer, Note: e.Note}
			for i, s := range e.Scores {
				ex.Earns[i] = s == 1
			}
			f.Examples = append(f.Examples, ex)
		}
		f.Examples, f.NewExamples = append(f.Examples, views.ExampleFields{}), 1
	}
	return f
}

// oneLineEach keeps a list the form edits one per line from splitting: a
// weak indicator written over several lines in the file is one line here.
func oneLineEach(items []string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = strings.Join(strings.Fields(it), " ")
	}
	return out
}

// readBlockFields reads a block's form as sent, newlines normalised.
func readBlockFields(r *http.Request, kind lessons.Kind) views.BlockFields {
	get := func(name string) string {
		return string(lessons.NormalizeNewlines([]byte(r.PostFormValue(name))))
	}
	f := views.BlockFields{
		Key: strings.TrimSpace(get("key")), Title: get("title"), Question: get("question"), Prompt: get("prompt"),
		ModelSolution: get("model_solution"), EvidenceClass: get("evidence_class"), StrongAnswer: get("strong_answer"),
		FollowUp: get("follow_up"), WeakIndicators: get("weak_indicators"), Concepts: get("concepts"),
		TimeLimit: strings.TrimSpace(get("time_limit")),
	}
	if kind == lessons.KindProbe {
		for i, c := range grading.Criteria {
			f.FollowUps[i] = get(views.FieldFollowUp(c))
		}
	}
	switch {
	case kind == lessons.KindCheckpoint:
		for n := 1; n <= views.MaxOptions; n++ {
			f.Options[n-1] = views.OptionFields{Text: get(views.FieldOption(n, "text")), Explanation: get(views.FieldOption(n, "explanation"))}
		}
		f.Correct, _ = strconv.Atoi(get("correct"))
	case kind.Scored():
		f.Phrases = readPhrases(r, f.Concepts)
		for i, c := range grading.Criteria {
			f.Rubric[i] = views.CriterionFields{Description: get(views.FieldCriterion(c, "description")),
				Requires: get(views.FieldCriterion(c, "requires")), Any: get(views.FieldCriterion(c, "any")), Rejects: get(views.FieldCriterion(c, "rejects"))}
		}
		n, _ := strconv.Atoi(get("examples"))
		for i := 1; i <= min(n, maxExamples); i++ {
			ex := views.ExampleFields{Answer: get(views.FieldExample(i, "answer")), Note: get(views.FieldExample(i, "note"))}
			for j, c := range grading.Criteria {
				ex.Earns[j] = get(views.FieldExample(i, string(c))) == "1"
			}
			f.Examples = append(f.Examples, ex)
		}
		// An example sent with no answer is blank or being removed; the
		// form keeps one blank at the end either way.
		if len(f.Examples) == 0 || strings.TrimSpace(f.Examples[len(f.Examples)-1].Answer) != "" {
			f.Examples = append(f.Examples, views.ExampleFields{})
		}
		f.NewExamples = 1
	}
	return f
}

// readPhrases is a phrase field for each concept the concept field names,
// filled as sent; a concept new to the field has none yet, and shows the
// phrase its text gives, if any.
func readPhrases(r *http.Request, concepts string) []views.PhraseFields {
	cs, _ := lessons.ParseConceptsText(concepts)
	var out []views.PhraseFields
	seen := map[string]bool{}
	for _, c := range cs {
		if seen[c.Name] || !lessons.ValidName(c.Name) {
			continue
		}
		seen[c.Name] = true
		p := views.PhraseFields{Concept: c.Name, Phrase: c.Phrase}
		if sent, ok := r.PostForm[views.FieldPhrase(c.Name)]; ok && strings.TrimSpace(sent[0]) != "" {
			p.Phrase = strings.Join(strings.Fields(sent[0]), " ")
		}
		out = append(out, p)
	}
	return out
}

// formSlots maps a draft's options and examples, blanks dropped, back to
// the form's numbered fieldsets.
type formSlots struct{ options, examples []int }

// blockDraft builds the block the form describes. Problems the parser
// cannot see, because the form's own text formats lose them, are returned
// by field.
func blockDraft(f views.BlockFields, kind lessons.Kind) (lessons.BlockDraft, formSlots, map[string]string) {
	d := lessons.BlockDraft{Kind: kind, Key: f.Key, Title: f.Title, Question: f.Question, Prompt: f.Prompt,
		ModelSolution: f.ModelSolution, EvidenceClass: f.EvidenceClass, StrongAnswer: f.StrongAnswer, FollowUp: f.FollowUp,
		TimeLimit: f.TimeLimit, FollowUps: f.FollowUps}
	var slots formSlots
	problems := map[string]string{}
	switch {
	case kind == lessons.KindCheckpoint:
		for i, o := range f.Options {
			if strings.TrimSpace(o.Text) == "" && strings.TrimSpace(o.Explanation) == "" {
				if f.Correct == i+1 {
					problems["correct"] = "The correct option is blank: write it, or choose another."
				}
				continue
			}
			d.Options = append(d.Options, lessons.OptionDraft{Text: o.Text, Explanation: o.Explanation, Correct: f.Correct == i+1})
			slots.options = append(slots.options, i+1)
		}
	case kind.Scored():
		if kind == lessons.KindProbe {
			for _, line := range strings.Split(f.WeakIndicators, "\n") {
				if line = strings.TrimSpace(line); line != "" {
					d.WeakIndicators = append(d.WeakIndicators, line)
				}
			}
		}
		var conceptProblems []string
		d.Concepts, conceptProblems = lessons.ParseConceptsText(f.Concepts)
		if len(conceptProblems) > 0 {
			problems["concepts"] = strings.Join(conceptProblems, "\n")
		}
		if msg := applyPhrases(d.Concepts, f.Phrases); msg != "" {
			problems["phrases"] = msg
		}
		for i := range grading.Criteria {
			r := f.Rubric[i]
			d.Rubric[i] = lessons.CriterionDraft{Description: r.Description,
				Requires: commaList(r.Requires), Any: commaList(r.Any), Rejects: commaList(r.Rejects)}
		}
		for i, e := range f.Examples {
			if strings.TrimSpace(e.Answer) == "" {
				continue
			}
			ex := lessons.ExampleDraft{Answer: e.Answer, Note: e.Note}
			for j, earned := range e.Earns {
				if earned {
					ex.Scores[j] = 1
				}
			}
			d.Examples = append(d.Examples, ex)
			slots.examples = append(slots.examples, i+1)
		}
	}
	return d, slots, problems
}

// applyPhrases gives each concept the phrase of its field. A concept whose
// text in the concept field has a phrase of its own (the long form, pasted
// from a file) keeps it when its field is empty; when both differ, the
// author must choose.
func applyPhrases(cs []lessons.ConceptDraft, phrases []views.PhraseFields) string {
	byName := map[string]string{}
	for _, p := range phrases {
		byName[p.Concept] = strings.TrimSpace(p.Phrase)
	}
	var twice []string
	for i, c := range cs {
		field := byName[c.Name]
		switch {
		case field == "":
		case c.Phrase != "" && c.Phrase != field:
			twice = append(twice, c.Name)
		default:
			cs[i].Phrase = field
		}
	}
	if len(twice) == 0 {
		return ""
	}
	return fmt.Sprintf("Two different phrases for %s: one in Concepts and one in its phrase field. Keep one of them.", strings.Join(twice, ", "))
}

func commaList(s string) []string {
	var out []string
	for _, name := range strings.Split(s, ",") {
		if name = strings.TrimSpace(name); name != "" {
			out = append(out, name)
		}
	}
	return out
}

var (
	namedField     = regexp.MustCompile(`^[a-z]+ (?:block|"[^"]*") (?:is missing the required )?field "([a-z_]+)"`)
	unknownConcept = regexp.MustCompile(`: ([a-z_]+) names the concept `)
)

// placeProblems puts a refused save's problems beside the fields that
// caused them. Lines are file lines: fenceLine is the edited block's
// opening fence, so line fenceLine+1 is the block's first YAML line.
// Problems outside the block are returned apart, with their lines.
func placeProblems(ps lessons.Problems, fenceLine, lines int, fieldAt func(int) string, slots formSlots, key string) (map[string]string, []string) {
	errs := map[string]string{}
	var elsewhere []string
	for _, p := range ps {
		// y is the line within the block: 0 its opening fence, 1 to lines
		// its YAML, then its closing fence.
		y := p.Line - fenceLine
		inBlock, field := y >= 0 && y <= lines+1, ""
		if y >= 1 && y <= lines {
			field = formField(fieldAt(y), slots)
		}
		// Messages that name their field say more than the line, which
		// for a missing field is the block's first.
		switch m := p.Msg; {
		case strings.Contains(m, "duplicate key "+strconv.Quote(key)):
			field, inBlock = "key", true
		case !inBlock:
		case strings.Contains(m, "no correct option"):
			field = "correct"
		case namedField.MatchString(m):
			field = namedField.FindStringSubmatch(m)[1]
		case unknownConcept.MatchString(m):
			field = views.GroupCriterion(grading.Criterion(unknownConcept.FindStringSubmatch(m)[1]))
		}
		if !inBlock {
			elsewhere = append(elsewhere, fmt.Sprintf("line %d: %s.", p.Line, strings.TrimSuffix(p.Msg, ".")))
			continue
		}
		if prev := errs[field]; prev != "" {
			errs[field] = prev + "\n" + p.Msg
		} else {
			errs[field] = p.Msg
		}
	}
	return errs, elsewhere
}

// formField turns a field of the block's YAML (see lessons.BlockDraft.YAML)
// into the form's name for it.
func formField(yamlField string, slots formSlots) string {
	group, n, numbered := strings.Cut(yamlField, ".")
	i, _ := strconv.Atoi(n)
	switch {
	case !numbered:
		return yamlField
	case group == "options" && i >= 1 && i <= len(slots.options):
		return views.GroupOption(slots.options[i-1])
	case group == "examples" && i >= 1 && i <= len(slots.examples):
		return views.GroupExample(slots.examples[i-1])
	case group == "rubric":
		return views.GroupCriterion(grading.Criterion(n))
	case group == "follow_ups":
		return views.FieldFollowUp(grading.Criterion(n))
	}
	return group
}

// blockCalibration groups one block's disagreements by example number.
func blockCalibration(c lessons.Calibration, key string) map[int]lessons.Calibration {
	out := map[int]lessons.Calibration{}
	for _, d := range c.Item(key) {
		out[d.Example] = append(out[d.Example], d)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
