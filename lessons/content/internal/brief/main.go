// Command brief writes a lesson file as a blind rater may see it: the prose
// and every block, without what the scorer matches on — concepts,
// calibration examples, and each criterion's requires, any and rejects.
// Raters who score blind answers from such briefs have never seen the
// cues, so their scores measure the scorer on answers it was not tuned to
// (lessons/content/testdata/RATERS.md says how the blind sets are made).
//
//	go run ./lessons/content/internal/brief FILE.md > BRIEF.md
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"

	"go.yaml.in/yaml/v3"
)

// cueKeys are the block fields a rater must not see.
var cueKeys = map[string]bool{"concepts": true, "examples": true, "calibration": true}

// ruleKeys are the criterion fields a rater must not see.
var ruleKeys = map[string]bool{"requires": true, "any": true, "rejects": true, "requires_any": true}

var fence = regexp.MustCompile("(?ms)^```yaml ?(\\w*)\\n(.*?)^```[ \\t]*$")

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: brief LESSON.md > BRIEF.md")
		os.Exit(2)
	}
	src, err := os.ReadFile(os.Args[1])
	if err == nil {
		err = write(os.Stdout, src)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "brief:", err)
		os.Exit(1)
	}
}

// write copies the lesson to w with every yaml block's cues removed.
func write(w io.Writer, src []byte) error {
	var out bytes.Buffer
	last := 0
	for _, m := range fence.FindAllSubmatchIndex(src, -1) {
		out.Write(src[last:m[0]])
		var block yaml.Node
		if err := yaml.Unmarshal(src[m[4]:m[5]], &block); err != nil {
			return fmt.Errorf("a yaml block at byte %d: %w", m[0], err)
		}
		if len(block.Content) == 1 {
			strip(block.Content[0])
		}
		var body bytes.Buffer
		enc := yaml.NewEncoder(&body)
		enc.SetIndent(2)
		if err := enc.Encode(&block); err != nil {
			return err
		}
		fmt.Fprintf(&out, "```yaml %s\n%s```", src[m[2]:m[3]], body.Bytes())
		last = m[1]
	}
	out.Write(src[last:])
	_, err := w.Write(out.Bytes())
	return err
}

// strip removes the cue keys from a block and the rule keys from each
// criterion under its rubric.
func strip(block *yaml.Node) {
	drop(block, cueKeys)
	if rubric := value(block, "rubric"); rubric != nil && rubric.Kind == yaml.MappingNode {
		for i := 1; i < len(rubric.Content); i += 2 {
			drop(rubric.Content[i], ruleKeys)
		}
	}
}

func drop(m *yaml.Node, keys map[string]bool) {
	if m.Kind != yaml.MappingNode {
		return
	}
	kept := m.Content[:0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if !keys[m.Content[i].Value] {
			kept = append(kept, m.Content[i], m.Content[i+1])
		}
	}
	m.Content = kept
}

func value(m *yaml.Node, key string) *yaml.Node {
	if m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}
