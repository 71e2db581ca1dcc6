package lessons

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// AppendExample returns an exercise's or probe's YAML with ex added after
// its last calibration example, and ex's number. Everything else stays as
// written, comments and layout included: only the new example's lines are
// added, indented like the examples before it.
func AppendExample(blockYAML string, ex ExampleDraft) (string, int, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(blockYAML), &doc); err != nil {
		return "", 0, fmt.Errorf("the block is not valid YAML: %s", yamlErrorText(err))
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return "", 0, fmt.Errorf("the block is not a set of fields")
	}
	m := doc.Content[0]
	lines := strings.Split(strings.TrimRight(blockYAML, "\n"), "\n")
	item := func(indent int) []string {
		var b strings.Builder
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(2)
		if err := enc.Encode(&yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{ex.node()}}); err != nil {
			panic(err) // strings and ints only: cannot fail
		}
		_ = enc.Close()
		out := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
		for i, l := range out {
			if l != "" {
				out[i] = strings.Repeat(" ", indent) + l
			}
		}
		return out
	}
	insert := func(at int, add []string) string {
		out := append(append(append([]string{}, lines[:at]...), add...), lines[at:]...)
		return strings.Join(out, "\n") + "\n"
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		key, v := m.Content[i], m.Content[i+1]
		if key.Value != "examples" {
			continue
		}
		// The example goes before the next field, and before the blank
		// lines and the comments about it that lead up to it (indented no
		// more than the fields: a "#" further in is an answer's text).
		at := len(lines)
		if i+2 < len(m.Content) {
			at = m.Content[i+2].Line - 1
		}
		for at > key.Line && leadsUp(lines[at-1], key.Column-1) {
			at--
		}
		switch {
		case v.Kind == yaml.SequenceNode && v.Style&yaml.FlowStyle == 0 && len(v.Content) > 0:
			first := lines[v.Content[0].Line-1]
			return insert(at, item(len(first)-len(strings.TrimLeft(first, " ")))), len(v.Content) + 1, nil
		case v.Kind == yaml.ScalarNode && v.Tag == "!!null" && v.Line == key.Line:
			// "examples:" with none yet.
			return insert(at, item(key.Column+1)), 1, nil
		}
		return "", 0, fmt.Errorf("the block's examples are not written as a list of \"- \" items")
	}
	return insert(len(lines), append([]string{"examples:"}, item(2)...)), 1, nil
}

// leadsUp reports whether a line is blank, or a comment indented at most
// indent spaces.
func leadsUp(line string, indent int) bool {
	t := strings.TrimLeft(line, " ")
	return strings.TrimSpace(t) == "" || strings.HasPrefix(t, "#") && len(line)-len(t) <= indent
}
