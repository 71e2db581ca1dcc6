package lessons

// A lesson's blocks: Block, the parser of a structured block's YAML, and the
// display-only kinds (their content and how each is parsed). A new
// display-only kind is its struct, its field in Block and its case in
// parseStructured, here, beside its row in kind.go and its view in
// web/views/blocks.templ. The kinds learners answer are in answered.go.

import (
	"net/url"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Block is one piece of a lesson. Exactly one of the kind-specific fields is
// set, matching Kind. Level is the heading level a structured block's own
// heading takes so that headings on the page never skip a level.
type Block struct {
	Kind  Kind   `json:"kind"`
	Key   string `json:"key,omitempty"`
	Level int    `json:"level,omitempty"`
	// Ordinal counts blocks of the same kind from 1 ("Checkpoint 2 of 5").
	Ordinal int `json:"ordinal,omitempty"`

	Prose         HTML           `json:"prose,omitempty"`
	Checkpoint    *Checkpoint    `json:"checkpoint,omitempty"`
	Exercise      *Exercise      `json:"exercise,omitempty"`
	Probe         *Probe         `json:"probe,omitempty"`
	Explain       *Explain       `json:"explain,omitempty"`
	Example       *Example       `json:"example,omitempty"`
	Trace         *Trace         `json:"trace,omitempty"`
	Misconception *Misconception `json:"misconception,omitempty"`
	Sources       *Sources       `json:"sources,omitempty"`
}

// parseStructured decodes the YAML of one fenced block. fenceLine is the file
// line of the opening fence, so YAML line 1 is fenceLine+1.
func parseStructured(r reporter, kind Kind, src []byte, fenceLine int) *Block {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		r.at(yamlErrorLine(err, fenceLine), "%s block is not valid YAML: %s%s", kind, yamlErrorText(err), yamlHint(err, src, fenceLine))
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
		b.Exercise.Scoring.Question, _ = f.str("prompt", false)
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

// Example is a worked example.
type Example struct {
	Title string `json:"title"`
	Body  HTML   `json:"body"`
}

// Trace is a request timeline or log excerpt, shown verbatim.
type Trace struct {
	Caption string `json:"caption"`
	Text    string `json:"text"`
}

// Misconception is a wrong belief and its correction.
type Misconception struct {
	Claim      HTML `json:"claim"`
	Correction HTML `json:"correction"`
}

// Sources lists the references behind a lesson.
type Sources struct {
	Note  HTML     `json:"note,omitempty"`
	Items []Source `json:"items"`
}

// Source is one reference.
type Source struct {
	Title     string `json:"title"`
	Publisher string `json:"publisher"`
	URL       string `json:"url"`
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
