package lessons

import (
	"net/url"
	"slices"
	"strings"

	"github.com/practicum-dev/practicum/grading"
	"go.yaml.in/yaml/v3"
)

// parseStructured decodes the YAML of one fenced block. fenceLine is the file
// line of the opening fence, so YAML line 1 is fenceLine+1.
func parseStructured(r reporter, kind Kind, src []byte, fenceLine int) *Block {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		r.at(yamlErrorLine(err, fenceLine), "%s block is not valid YAML: %s", kind, yamlErrorText(err))
		return nil
	}
	var n *yaml.Node
	if len(doc.Content) > 0 {
		n = doc.Content[0]
		if !checkAliases(r, fenceLine, string(kind)+" block", n) {
			return nil
		}
	}
	f := newFields(r, fenceLine, string(kind)+" block", n)
	if !f.ok {
		return nil
	}
	b := &Block{Kind: kind, Key: f.slug("key")}
	if b.Key != "" {
		f.what = string(kind) + " " + quote(b.Key)
	}
	switch kind {
	case KindCheckpoint:
		b.Checkpoint = parseCheckpoint(f)
	case KindExercise:
		b.Exercise = &Exercise{
			Title:         optional(f, "title", "Exercise"),
			Prompt:        markdown(f, "prompt"),
			ModelSolution: markdown(f, "model_solution"),
		}
		b.Exercise.Rubric, b.Exercise.Scoring = parseRubric(f)
		b.Exercise.Scoring.Model, _ = f.str("model_solution", false)
	case KindProbe:
		b.Probe = parseProbe(f)
	case KindExplain:
		b.Explain = &Explain{Prompt: markdown(f, "prompt")}
	case KindExample:
		b.Example = &Example{Title: optional(f, "title", "Worked example"), Body: markdown(f, "body")}
	case KindTrace:
		caption, _ := f.str("caption", true)
		b.Trace = &Trace{Caption: caption, Text: verbatim(f, "text")}
	case KindMisconception:
		b.Misconception = &Misconception{Claim: markdown(f, "claim"), Correction: markdown(f, "correction")}
	case KindSources:
		b.Sources = parseSources(f)
	}
	f.done()
	return b
}

func quote(s string) string { return `"` + s + `"` }

func markdown(f *fields, key string) HTML {
	s, _ := f.str(key, true)
	return renderField(s)
}

func inline(f *fields, key string) HTML {
	s, line := f.str(key, true)
	h, ok := renderInline(s)
	if !ok && s != "" {
		f.r.at(line, "%s field %q must be a single paragraph: it is shown inside a label", f.what, key)
	}
	return h
}

func optional(f *fields, key, fallback string) string {
	s, _ := f.str(key, false)
	if s == "" {
		return fallback
	}
	return s
}

// verbatim keeps the text exactly (less trailing blank lines), for traces.
func verbatim(f *fields, key string) string {
	n := f.lookup(key)
	if n == nil || n.Kind != yaml.ScalarNode || strings.TrimSpace(n.Value) == "" {
		f.str(key, true) // reports the problem
		return ""
	}
	return strings.TrimRight(n.Value, "\n ")
}

func parseCheckpoint(f *fields) *Checkpoint {
	c := &Checkpoint{Question: inline(f, "question")}
	items := f.list("options", 2)
	if len(items) > 6 {
		f.r.at(f.line(items[6]), "%s has %d options; at most 6 are allowed", f.what, len(items))
	}
	var correct []int
	for i, item := range items {
		of := newFields(f.r, f.base, f.what+" option "+string(rune('A'+i)), item)
		if !of.ok {
			continue
		}
		o := Option{Text: inline(of, "text"), Correct: of.boolean("correct"), Explanation: markdown(of, "explanation")}
		if o.Correct {
			correct = append(correct, of.line(item))
		}
		of.done()
		c.Options = append(c.Options, o)
	}
	switch {
	case len(items) == 0:
	case len(correct) == 0:
		f.r.at(f.startLine(), "%s has no correct option: mark exactly one with \"correct: true\"", f.what)
	case len(correct) > 1:
		f.r.at(correct[1], "%s has %d correct options (lines %s): mark exactly one with \"correct: true\"", f.what, len(correct), joinInts(correct))
	}
	return c
}

func parseProbe(f *fields) *Probe {
	p := &Probe{Question: inline(f, "question")}
	class, line := f.str("evidence_class", true)
	if class != "" && !slices.Contains(EvidenceClasses, class) {
		f.r.at(line, "%s field \"evidence_class\" must be one of %s, not %q", f.what, strings.Join(EvidenceClasses, ", "), class)
	}
	p.EvidenceClass = class
	p.StrongAnswer = markdown(f, "strong_answer")
	p.FollowUp = markdown(f, "follow_up")
	for _, item := range f.list("weak_indicators", 1) {
		if item.Kind != yaml.ScalarNode || strings.TrimSpace(item.Value) == "" {
			f.r.at(f.line(item), "%s: each weak indicator must be a line of text", f.what)
			continue
		}
		if !fieldLength(f, "weak_indicators", item) {
			continue
		}
		p.WeakIndicators = append(p.WeakIndicators, renderField(item.Value))
	}
	p.Rubric, p.Scoring = parseRubric(f)
	p.Scoring.Model, _ = f.str("strong_answer", false)
	return p
}

// parseRubric requires exactly the four criteria, each with a description,
// and reads the scoring cues and calibration examples beside them.
func parseRubric(f *fields) (Rubric, *Scoring) {
	var rub Rubric
	criteria := map[grading.Criterion]*fields{}
	rf := f.mapping("rubric", f.what+" rubric")
	if rf == nil || !rf.ok {
		return rub, parseScoring(f, criteria)
	}
	for i, c := range grading.Criteria {
		rub[i].Criterion = c
		n := rf.lookup(string(c))
		if n == nil {
			f.r.at(rf.startLine(), "%s is missing the %q criterion: a rubric needs all four of result, reasoning, failure_case and verification", rf.what, c)
			continue
		}
		cf := newFields(f.r, f.base, rf.what+" "+string(c), n)
		desc, _ := cf.str("description", true)
		rub[i].Description = renderField(desc)
		criteria[c] = cf
	}
	scoring := parseScoring(f, criteria)
	for _, cf := range criteria {
		cf.done()
	}
	rf.done()
	return rub, scoring
}

func parseSources(f *fields) *Sources {
	s := &Sources{}
	if note, _ := f.str("note", false); note != "" {
		s.Note = renderField(note)
	}
	for i, item := range f.list("items", 1) {
		sf := newFields(f.r, f.base, f.what+" item "+itoa(i+1), item)
		if !sf.ok {
			continue
		}
		title, _ := sf.str("title", true)
		publisher, _ := sf.str("publisher", true)
		link, line := sf.str("url", true)
		if u, err := url.Parse(link); link != "" && (err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "") {
			sf.r.at(line, "%s field \"url\" must be an absolute http or https address, not %q", sf.what, link)
		}
		sf.done()
		s.Items = append(s.Items, Source{Title: title, Publisher: publisher, URL: link})
	}
	return s
}
