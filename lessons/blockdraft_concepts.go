package lessons

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// readConcepts reads an exercise's or probe's `concepts` mapping: each
// concept's name to its patterns, a list, or to the long form, a mapping
// with an optional learner-facing `phrase` and the `patterns`. It is the
// one reader of concepts: lesson files use it, and so does the block
// form's concept field (ParseConceptsText), so the two accept the same
// text. what names the block in problems ("probe \"key\""); base is the
// file line before the YAML's first.
func readConcepts(r reporter, base int, what string, n *yaml.Node) []ConceptDraft {
	at := func(node *yaml.Node, format string, args ...any) {
		r.at(base+node.Line, "%s", joinWhat(what, fmt.Sprintf(format, args...)))
	}
	if n.Kind != yaml.MappingNode {
		at(n, "concepts must be a mapping: each concept's name, a colon, and its patterns below it")
		return nil
	}
	var out []ConceptDraft
	first := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		name, val := n.Content[i], n.Content[i+1]
		if !slugPattern.MatchString(name.Value) {
			at(name, "concept name %q must be lowercase letters, digits and hyphens", name.Value)
		}
		if line, dup := first[name.Value]; dup {
			at(name, "the concept %q is defined twice (first on line %d)", name.Value, line)
		} else {
			first[name.Value] = base + name.Line
		}
		c := ConceptDraft{Name: name.Value}
		switch val.Kind {
		case yaml.MappingNode:
			pf := newFields(r, base, joinWhat(what, "concept "+quote(name.Value)), val)
			c.Phrase, _ = pf.str("phrase", false)
			if pn := pf.lookup("patterns"); pn != nil {
				c.Patterns = patternList(r, base, pf.what, pn)
			} else {
				pf.str("patterns", true) // reports it missing
			}
			pf.done()
		case yaml.SequenceNode:
			c.Patterns = patternList(r, base, joinWhat(what, "concept "+quote(name.Value)), val)
		case yaml.ScalarNode:
			if val.Tag == "!!null" {
				break // no patterns: the rubric's check reports it
			}
			fallthrough
		default:
			at(val, "concept %q must be a list of patterns, one per line starting with \"- \", or a mapping with its phrase and patterns", name.Value)
		}
		out = append(out, c)
	}
	return out
}

func patternList(r reporter, base int, what string, n *yaml.Node) []string {
	if n.Kind != yaml.SequenceNode {
		r.at(base+n.Line, "%s: its patterns must be a list, one per line starting with \"- \"", what)
		return nil
	}
	var out []string
	for _, item := range n.Content {
		if item.Kind != yaml.ScalarNode || strings.TrimSpace(item.Value) == "" {
			r.at(base+item.Line, "%s: each pattern must be a line of text", what)
			continue
		}
		out = append(out, item.Value)
	}
	return out
}

// joinWhat puts what a problem is about before it, when there is one.
func joinWhat(what, msg string) string {
	if what == "" {
		return msg
	}
	return what + ": " + msg
}

// ConceptsText writes concepts for the block form's concept field, in the
// lesson file's own syntax, one pattern a line, without their phrases
// (the form edits those in fields of their own):
//
//	version-comparison:
//	  - long prompt|long input + version|release
//	  - old and new + long
func ConceptsText(cs []ConceptDraft) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(c.Name + ":\n")
		for _, p := range c.Patterns {
			b.WriteString("  - " + yamlScalar(strings.Join(strings.Fields(p), " ")) + "\n")
		}
	}
	return b.String()
}

// yamlScalar writes s as YAML writes it on one line: plain when that
// reads back as s, quoted when not.
func yamlScalar(s string) string {
	out, err := yaml.Marshal(s)
	if err != nil { // a string always marshals
		panic(err)
	}
	return strings.TrimSuffix(string(out), "\n")
}

// ParseConceptsText reads the block form's concept field. It holds a
// lesson file's `concepts` mapping as the file writes it (pasted with or
// without its "concepts:" line), and a pattern may also stand on a line
// of its own without the "- ". Each line is one pattern, name or field;
// lines starting with "#" are skipped. The text is turned into the
// mapping and read with readConcepts, the lesson files' reader, so the
// field accepts what a file accepts. Each problem is reported as "line N:
// …", N counting from 1 in text; the concepts read are returned either
// way.
func ParseConceptsText(text string) ([]ConceptDraft, []string) {
	src, lineOf, early := conceptsYAML(text)
	var ps Problems
	r := reporter{file: "concepts", problems: &ps}
	for _, p := range early {
		r.at(p.Line, "%s", p.Msg)
	}
	var cs []ConceptDraft
	lines := map[string]int{} // concept name → its line in text
	if strings.TrimSpace(src) != "" {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			r.at(lineOf(yamlErrorLine(err, 0)), "this line is not read as YAML reads it: %s", yamlErrorText(err))
		} else if len(doc.Content) > 0 {
			var read Problems
			cs = readConcepts(reporter{file: "concepts", problems: &read}, 0, "", doc.Content[0])
			for _, p := range read {
				r.at(lineOf(p.Line), "%s", p.Msg)
			}
			for i := 0; i+1 < len(doc.Content[0].Content); i += 2 {
				if name := doc.Content[0].Content[i]; lines[name.Value] == 0 {
					lines[name.Value] = lineOf(name.Line)
				}
			}
		}
	}
	for _, c := range cs {
		if len(c.Patterns) == 0 && !ps.mention(quote(c.Name)) {
			r.at(lines[c.Name], "the concept %q has no patterns: put one pattern on each line after its name", c.Name)
		}
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Line < ps[j].Line })
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = fmt.Sprintf("line %d: %s", p.Line, p.Msg)
	}
	if len(out) == 0 {
		out = nil
	}
	return cs, out
}

// mention reports whether a problem's message contains s.
func (ps Problems) mention(s string) bool {
	for _, p := range ps {
		if strings.Contains(p.Msg, s) {
			return true
		}
	}
	return false
}

// conceptKey is a line that names a concept or a field: a word, a colon,
// and a value or nothing after a space.
var conceptKey = regexp.MustCompile(`^([^\s:#"'\[\]{}|,&*!%@` + "`" + `-][^\s:]*):(?:\s+(.*))?$`)

type conceptSource struct {
	name, value string
	line        int
	indent      int
	fields      []conceptSourceLine // phrase, patterns and any other, in order
	items       []conceptSourceLine
	self        conceptSourceLine // the value on the name's line, if any
}

type conceptSourceLine struct {
	key, value string
	line       int
	indent     int
	// more are the lines a YAML value goes on to, more indented than
	// its first (a long pattern wrapped in a file), by how much more.
	more []conceptMoreLine
}

type conceptMoreLine struct {
	text       string
	line, more int
}

// conceptsYAML turns the concept field's text into the `concepts` mapping
// as a lesson file writes it: bare pattern lines become list items, and a
// concept with fields takes the long form. lineOf maps a line of the
// result to the line of text it came from. Problems no reader could place
// (a pattern before any concept) are returned by text line.
func conceptsYAML(text string) (string, func(int) int, Problems) {
	var (
		cs    []*conceptSource
		early Problems
		cur   *conceptSource
	)
	lines := strings.Split(string(NormalizeNewlines([]byte(text))), "\n")
	wrapped := false
	// last is the YAML value a more indented line goes on with.
	var last *conceptSourceLine
	for i, raw := range lines {
		n := i + 1
		line := strings.ReplaceAll(raw, "\t", "  ")
		t := strings.TrimSpace(line)
		indent := len(line) - len(strings.TrimLeft(line, " "))
		switch {
		case t == "" || strings.HasPrefix(t, "#"):
			continue
		case t == "concepts:" && !wrapped && cur == nil:
			// The field pasted from a lesson file with its key.
			wrapped = true
			continue
		case last != nil && indent > last.indent && !strings.HasPrefix(t, "- ") && t != "-":
			last.more = append(last.more, conceptMoreLine{text: t, line: n, more: indent - last.indent})
			continue
		}
		last = nil
		if m := conceptKey.FindStringSubmatch(t); m != nil {
			key, value := m[1], strings.TrimSpace(m[2])
			// A concept's fields are phrase and patterns; another word
			// with a value, indented under it, is a field too, which
			// the reader refuses by name. A name alone starts a concept.
			if cur != nil && (key == "phrase" || key == "patterns" || value != "" && indent > cur.indent) {
				cur.fields = append(cur.fields, conceptSourceLine{key: key, value: value, line: n, indent: indent})
				if value != "" {
					last = &cur.fields[len(cur.fields)-1]
				}
				continue
			}
			cur = &conceptSource{name: key, value: value, line: n, indent: indent}
			cs = append(cs, cur)
			if value != "" {
				cur.self = conceptSourceLine{value: value, line: n, indent: indent}
				last = &cur.self
			}
			continue
		}
		if strings.HasSuffix(t, ":") && !strings.HasPrefix(t, "-") {
			early = append(early, Problem{Line: n, Msg: fmt.Sprintf("%q looks like a concept name but has spaces: a name is lowercase letters, digits and hyphens", t)})
			continue
		}
		if cur == nil {
			early = append(early, Problem{Line: n, Msg: "a pattern must follow a concept's name: start with a line such as \"version-comparison:\""})
			continue
		}
		item := conceptSourceLine{line: n, indent: indent}
		yamlItem := false
		if rest, ok := strings.CutPrefix(t, "-"); ok && (rest == "" || rest[0] == ' ') {
			item.value, yamlItem = strings.TrimSpace(rest), true // YAML, as in a file
		} else {
			// A bare pattern: its text as written, less a comment.
			if i := strings.Index(t, " #"); i >= 0 {
				t = t[:i]
			}
			item.value = yamlScalar(strings.Join(strings.Fields(t), " "))
		}
		cur.items = append(cur.items, item)
		if yamlItem {
			last = &cur.items[len(cur.items)-1]
		}
	}

	var out []string
	var from []int
	emit := func(s string, line int) { out, from = append(out, s), append(from, line) }
	// emitValue writes a YAML value's first line at column col and the
	// lines it goes on to as much further in as they were.
	emitValue := func(first string, col int, v conceptSourceLine) {
		emit(first, v.line)
		for _, m := range v.more {
			emit(strings.Repeat(" ", col+m.more)+m.text, m.line)
		}
	}
	for _, c := range cs {
		long := len(c.fields) > 0
		switch {
		case c.value != "" && (long || len(c.items) > 0):
			early = append(early, Problem{Line: c.line, Msg: fmt.Sprintf("the concept %q has patterns both on its name's line and below it: write them one way", c.name)})
			emit(c.name+":", c.line)
		case c.value != "":
			emitValue(c.name+": "+c.value, 0, c.self)
			continue
		default:
			emit(c.name+":", c.line)
		}
		if !long {
			for _, it := range c.items {
				emitValue("  - "+it.value, 2, it)
			}
			continue
		}
		patterns := -1
		for k, f := range c.fields {
			if f.key == "patterns" {
				patterns = k
				continue
			}
			emitValue("  "+f.key+": "+f.value, 2, f)
		}
		switch {
		case patterns >= 0 && c.fields[patterns].value != "":
			f := c.fields[patterns]
			emitValue("  patterns: "+f.value, 2, f)
			if len(c.items) > 0 {
				early = append(early, Problem{Line: c.items[0].line, Msg: fmt.Sprintf("the concept %q has its patterns both on the \"patterns:\" line and below it: write them one way", c.name)})
			}
			continue
		case patterns >= 0:
			emit("  patterns:", c.fields[patterns].line)
		case len(c.items) > 0:
			emit("  patterns:", c.items[0].line)
		default:
			continue
		}
		for _, it := range c.items {
			emitValue("    - "+it.value, 4, it)
		}
	}
	lineOf := func(l int) int {
		switch {
		case l >= 1 && l <= len(from):
			return from[l-1]
		case len(from) > 0:
			return from[len(from)-1]
		}
		return 1
	}
	return strings.Join(out, "\n") + "\n", lineOf, early
}
