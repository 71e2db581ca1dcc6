package lessons

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// fields reads a YAML mapping by hand so that every problem can name the
// file line it is on, and so that unknown and missing fields are reported
// instead of silently ignored.
type fields struct {
	r     reporter
	base  int // file line just before the YAML text's first line
	what  string
	node  *yaml.Node
	known map[string]bool
	ok    bool
}

func newFields(r reporter, base int, what string, n *yaml.Node) *fields {
	f := &fields{r: r, base: base, what: what, node: n, known: map[string]bool{}, ok: true}
	if n == nil || n.Kind != yaml.MappingNode {
		line := base + 1
		if n != nil {
			line = base + n.Line
		}
		r.at(line, "%s must be a mapping of fields (key: value)", what)
		f.ok = false
	}
	return f
}

func (f *fields) line(n *yaml.Node) int { return f.base + n.Line }

// startLine is the line of the mapping itself, for problems about fields
// that are missing.
func (f *fields) startLine() int {
	if f.node == nil {
		return f.base + 1
	}
	return f.line(f.node)
}

func (f *fields) lookup(key string) *yaml.Node {
	f.known[key] = true
	if !f.ok {
		return nil
	}
	for i := 0; i+1 < len(f.node.Content); i += 2 {
		if f.node.Content[i].Value == key {
			return f.node.Content[i+1]
		}
	}
	return nil
}

// str returns a scalar string field, reporting it when required and absent
// or empty.
func (f *fields) str(key string, required bool) (string, int) {
	n := f.lookup(key)
	if n == nil || (n.Kind == yaml.ScalarNode && n.Tag == "!!null") {
		if required && f.ok {
			f.r.at(f.startLine(), "%s is missing the required field %q", f.what, key)
		}
		return "", f.startLine()
	}
	if n.Kind != yaml.ScalarNode {
		f.r.at(f.line(n), "%s field %q must be text, not a list or mapping", f.what, key)
		return "", f.line(n)
	}
	if !fieldLength(f, key, n) {
		return "", f.line(n)
	}
	v := strings.TrimSpace(n.Value)
	if v == "" && required {
		f.r.at(f.line(n), "%s field %q is empty", f.what, key)
	}
	return v, f.line(n)
}

func (f *fields) integer(key string, min, max int) int {
	s, line := f.str(key, true)
	if s == "" {
		return 0
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < min || v > max {
		f.r.at(line, "%s field %q must be a whole number from %d to %d, not %q", f.what, key, min, max, s)
		return 0
	}
	return v
}

func (f *fields) boolean(key string) bool {
	n := f.lookup(key)
	if n == nil {
		return false
	}
	var v bool
	if n.Kind != yaml.ScalarNode || n.Decode(&v) != nil {
		f.r.at(f.line(n), "%s field %q must be true or false, not %q", f.what, key, n.Value)
		return false
	}
	return v
}

// list returns the items of a sequence field, reporting a missing field or
// fewer than min items.
func (f *fields) list(key string, min int) []*yaml.Node {
	n := f.lookup(key)
	if n == nil {
		if f.ok {
			f.r.at(f.startLine(), "%s is missing the required field %q", f.what, key)
		}
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		f.r.at(f.line(n), "%s field %q must be a list (lines starting with \"- \")", f.what, key)
		return nil
	}
	if len(n.Content) < min {
		f.r.at(f.line(n), "%s field %q needs at least %d item(s), has %d", f.what, key, min, len(n.Content))
	}
	return n.Content
}

func (f *fields) mapping(key, what string) *fields {
	n := f.lookup(key)
	if n == nil {
		if f.ok {
			f.r.at(f.startLine(), "%s is missing the required field %q", f.what, key)
		}
		return nil
	}
	return newFields(f.r, f.base, what, n)
}

// done reports every field that was never asked for.
func (f *fields) done() {
	if !f.ok {
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(f.node.Content); i += 2 {
		k := f.node.Content[i]
		if seen[k.Value] {
			f.r.at(f.line(k), "%s has the field %q twice", f.what, k.Value)
		}
		seen[k.Value] = true
		if !f.known[k.Value] {
			f.r.at(f.line(k), "%s has an unknown field %q (allowed: %s)", f.what, k.Value, f.allowed())
		}
	}
}

func (f *fields) allowed() string {
	names := make([]string, 0, len(f.known))
	for k := range f.known {
		names = append(names, k)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ValidName reports whether s is a valid key or concept name: lowercase
// letters, digits and single hyphens.
func ValidName(s string) bool { return slugPattern.MatchString(s) }

// slug reads a required identifier field: lowercase letters, digits and
// single hyphens, at most 80 characters.
func (f *fields) slug(key string) string {
	v, line := f.str(key, true)
	if v != "" && (!slugPattern.MatchString(v) || len(v) > 80) {
		f.r.at(line, "%s field %q must be lowercase letters, digits and single hyphens (at most 80), not %q", f.what, key, v)
		return ""
	}
	return v
}
