package lessons

import (
	"fmt"
	"strings"
)

// ConceptsText writes concepts in the line format a form's single textarea
// edits: a line "name:" starts a concept, and each line after it, indented,
// is one pattern. Concepts are separated by a blank line.
//
//	version-comparison:
//	  phrase: compare long-prompt latency on each version
//	  long prompt|long input + version|release
//	  old and new + long
//
// An indented line starting "phrase:" is the concept's learner-facing
// words (optional).
func ConceptsText(cs []ConceptDraft) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(c.Name + ":\n")
		if c.Phrase != "" {
			b.WriteString("  phrase: " + strings.Join(strings.Fields(c.Phrase), " ") + "\n")
		}
		for _, p := range c.Patterns {
			b.WriteString("  " + strings.Join(strings.Fields(p), " ") + "\n")
		}
	}
	return b.String()
}

// ParseConceptsText reads the format ConceptsText writes. Blank lines and
// lines starting with "#" are skipped. Each malformed line is reported as
// "line N: …", N counting from 1 in text, so the form can show it beside
// the field; the concepts read so far are returned either way.
func ParseConceptsText(text string) ([]ConceptDraft, []string) {
	var (
		cs       []ConceptDraft
		problems []string
		lines    = map[string]int{} // concept name → line it starts on
	)
	for i, line := range strings.Split(string(NormalizeNewlines([]byte(text))), "\n") {
		n, t := i+1, strings.TrimSpace(line)
		switch {
		case t == "" || strings.HasPrefix(t, "#"):
		case strings.HasSuffix(t, ":") && !strings.ContainsAny(t[:len(t)-1], " \t:"):
			name := t[:len(t)-1]
			if name == "" {
				problems = append(problems, fmt.Sprintf("line %d: a concept needs a name before the colon", n))
				continue
			}
			if prev, dup := lines[name]; dup {
				problems = append(problems, fmt.Sprintf("line %d: the concept %q is already defined on line %d", n, name, prev))
			}
			lines[name] = n
			cs = append(cs, ConceptDraft{Name: name})
		case len(cs) == 0:
			problems = append(problems, fmt.Sprintf("line %d: a pattern must follow a concept's name: start with a line such as \"version-comparison:\"", n))
		case strings.HasSuffix(t, ":"):
			problems = append(problems, fmt.Sprintf("line %d: %q looks like a concept name but has spaces: a name is lowercase letters, digits and hyphens", n, t))
		case strings.HasPrefix(t, "phrase:"):
			c := &cs[len(cs)-1]
			if c.Phrase != "" {
				problems = append(problems, fmt.Sprintf("line %d: the concept %q already has a phrase", n, c.Name))
			}
			c.Phrase = strings.Join(strings.Fields(strings.TrimPrefix(t, "phrase:")), " ")
		default:
			c := &cs[len(cs)-1]
			c.Patterns = append(c.Patterns, strings.Join(strings.Fields(t), " "))
		}
	}
	for _, c := range cs {
		if len(c.Patterns) == 0 {
			problems = append(problems, fmt.Sprintf("line %d: the concept %q has no patterns: put one pattern on each line after its name", lines[c.Name], c.Name))
		}
	}
	return cs, problems
}
