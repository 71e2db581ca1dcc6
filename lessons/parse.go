package lessons

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	"go.yaml.in/yaml/v3"
)

// MaxFileSize bounds a lesson file; anything larger is surely a mistake.
const MaxFileSize = 512 << 10

// Parse reads one lesson file. name is used in problems ("name:line: …").
// The returned error, when not nil, is Problems listing everything wrong.
func Parse(name string, src []byte) (*Lesson, error) {
	var ps Problems
	r := reporter{file: name, problems: &ps}
	l := parseLesson(r, src)
	if err := ps.Err(); err != nil {
		return nil, err
	}
	return l, nil
}

func parseLesson(r reporter, src []byte) *Lesson {
	if len(src) > MaxFileSize {
		r.at(0, "file is %d bytes; a lesson file may be at most %d", len(src), MaxFileSize)
		return nil
	}
	src = bytes.TrimPrefix(src, bom) // some editors start UTF-8 files with one
	if !checkEncoding(r, src) {
		return nil
	}
	src = NormalizeNewlines(src)
	if !checkLines(r, src) {
		return nil
	}
	front, body, bodyLine, ok := splitFrontMatter(src)
	if !ok {
		r.at(1, "a lesson file must start with front matter: a line \"---\", the fields, and a closing \"---\" line")
		return nil
	}
	l := &Lesson{}
	parseFrontMatter(r, front, l)
	parseBlocks(r, body, bodyLine, l)
	return l
}

// splitFrontMatter returns the YAML between the opening and closing "---"
// lines, the body after them, and the file line the body starts on minus one.
func splitFrontMatter(src []byte) (front, body []byte, bodyBase int, ok bool) {
	rest, found := bytes.CutPrefix(src, []byte("---\n"))
	if !found {
		return nil, nil, 0, false
	}
	var end int
	switch {
	case bytes.HasPrefix(rest, []byte("---\n")) || bytes.Equal(rest, []byte("---")):
		end = 0
	default:
		i := bytes.Index(rest, []byte("\n---\n"))
		if i < 0 {
			if !bytes.HasSuffix(rest, []byte("\n---")) {
				return nil, nil, 0, false
			}
			i = len(rest) - len("\n---")
		}
		end = i + 1
	}
	front = rest[:end]
	body = rest[min(len(rest), end+len("---\n")):]
	return front, body, 2 + bytes.Count(front, []byte("\n")), true
}

func parseFrontMatter(r reporter, front []byte, l *Lesson) {
	var doc yaml.Node
	if err := yaml.Unmarshal(front, &doc); err != nil {
		r.at(yamlErrorLine(err, 1), "front matter is not valid YAML: %s", yamlErrorText(err))
		return
	}
	var n *yaml.Node
	if len(doc.Content) > 0 {
		n = doc.Content[0]
		if !checkAliases(r, 1, "front matter", n) {
			return
		}
	}
	f := newFields(r, 1, "front matter", n)
	l.Course = f.slug("course")
	l.Position = f.integer("position", 1, 999)
	l.Slug = f.slug("slug")
	l.Title, _ = f.str("title", true)
	l.Goal, _ = f.str("goal", true)
	l.Minutes = f.integer("minutes", 1, 240)
	f.done()
}

// parseBlocks walks the Markdown body: prose between structured blocks is
// rendered as it stands; each ```yaml <type> fence becomes a structured block.
func parseBlocks(r reporter, body []byte, base int, l *Lesson) {
	lineOf := lineIndex(body, base)
	if !checkParagraphs(r, body, lineOf) {
		return
	}
	doc := parseBody(body)
	keys := map[string]int{}
	ordinals := map[Kind]int{}
	level := 1 // the lesson title is the page's h1
	var prose []ast.Node
	// section is the prose since the last heading or scored item: the
	// scene the next scored item is set in. lesson is all of the prose.
	var section, lesson []ast.Node

	flush := func() {
		if len(prose) > 0 {
			l.Blocks = append(l.Blocks, Block{Kind: KindProse, Prose: renderNodes(body, prose)})
			prose = nil
		}
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		switch node := n.(type) {
		case *ast.Heading:
			line := lineOf(nodeStart(node))
			if node.Level == 1 {
				r.at(line, "a level-1 heading (#) is not allowed in the body: the lesson title is the page's only h1, so start sections with ##")
			} else if node.Level > level+1 {
				r.at(line, "heading level jumps from h%d to h%d: use h%d here", level, node.Level, level+1)
			}
			level = node.Level
			section = nil
			if id, ok := node.AttributeString("id"); ok {
				if node.Level == 2 {
					l.Outline = append(l.Outline, Heading{ID: string(id.([]byte)), Text: plainText(node, body)})
				}
			}
			prose = append(prose, n)
			lesson = append(lesson, n)
		case *ast.FencedCodeBlock:
			if closed, at := fenceClosed(node, body); !closed {
				r.at(lineOf(at), "this code fence is never closed, so everything after it became part of it: add a closing ``` line")
			}
			kind, structured := blockKind(node, body)
			if !structured {
				if k, at, swallowed := swallowedBlock(node, body); swallowed {
					r.at(lineOf(at), "a \"```yaml %s\" line inside the code block that opens on line %d: close that code block with a ``` line before it", k, lineOf(nodeStart(node))-1)
				}
				prose = append(prose, n)
				lesson = append(lesson, n)
				continue
			}
			flush()
			fenceLine := lineOf(node.Info.Segment.Start)
			if kind == "" {
				r.at(fenceLine, "unknown block type %q: use one of %s", blockType(node, body), strings.Join(structuredKindNames(), ", "))
				continue
			}
			b := parseStructured(r, kind, codeText(node, body), fenceLine)
			if b == nil {
				continue
			}
			b.Level = min(level+1, 6)
			if b.Key != "" {
				if prev, dup := keys[b.Key]; dup {
					r.at(fenceLine, "duplicate key %q: line %d already uses it, and keys must be unique within a lesson", b.Key, prev)
				}
				keys[b.Key] = fenceLine
			}
			ordinals[kind]++
			b.Ordinal = ordinals[kind]
			if sc := b.ItemScoring(); sc != nil {
				// The scene runs from the section's heading, over any trace
				// or checkpoint, to the item; the next item's starts after it.
				sc.Scenario = sectionText(section, body)
				section = nil
			}
			l.Blocks = append(l.Blocks, *b)
		default:
			prose = append(prose, n)
			section = append(section, n)
			lesson = append(lesson, n)
		}
	}
	flush()
	// Every item's learner has read the whole lesson by the time they
	// answer it (showLearner).
	text := sectionText(lesson, body)
	for i := range l.Blocks {
		if sc := l.Blocks[i].ItemScoring(); sc != nil {
			sc.Lesson = text
			sc.showLearner()
		}
	}
	reportNestedBlocks(r, doc, body, lineOf)
	if len(l.Blocks) == 0 {
		r.at(base+1, "the lesson has no content after the front matter")
	}
}

// reportNestedBlocks finds structured fences inside lists or quotes, which
// would be shown as code instead of the item the author meant.
func reportNestedBlocks(r reporter, doc ast.Node, body []byte, lineOf func(int) int) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fb, ok := n.(*ast.FencedCodeBlock); ok && entering && n.Parent() != doc {
			if _, structured := blockKind(fb, body); structured {
				r.at(lineOf(fb.Info.Segment.Start), "a %q block must start at the left margin, not inside a list or quote", blockType(fb, body))
			}
		}
		return ast.WalkContinue, nil
	})
}

// blockKind reports whether a fence is a structured block ("yaml <type>")
// and, if its type is known, which.
func blockKind(n *ast.FencedCodeBlock, src []byte) (Kind, bool) {
	if n.Info == nil {
		return "", false
	}
	fieldsOf := strings.Fields(string(n.Info.Segment.Value(src)))
	if len(fieldsOf) < 2 || fieldsOf[0] != "yaml" {
		return "", false
	}
	for _, k := range structuredKinds {
		if string(k) == fieldsOf[1] {
			return k, true
		}
	}
	return "", true
}

func blockType(n *ast.FencedCodeBlock, src []byte) string {
	f := strings.Fields(string(n.Info.Segment.Value(src)))
	if len(f) < 2 {
		return ""
	}
	return f[1]
}

func structuredKindNames() []string {
	names := make([]string, len(structuredKinds))
	for i, k := range structuredKinds {
		names[i] = string(k)
	}
	return names
}

func codeText(n *ast.FencedCodeBlock, src []byte) []byte {
	var b bytes.Buffer
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		b.Write(seg.Value(src))
	}
	return b.Bytes()
}

func nodeStart(n ast.Node) int {
	if n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	return 0
}

// lineIndex returns a function from a byte offset in body to a file line.
func lineIndex(body []byte, base int) func(int) int {
	var starts []int
	starts = append(starts, 0)
	for i, c := range body {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return func(off int) int {
		lo, hi := 0, len(starts)
		for lo+1 < hi {
			mid := (lo + hi) / 2
			if starts[mid] <= off {
				lo = mid
			} else {
				hi = mid
			}
		}
		return base + lo + 1
	}
}

// yamlErrorLine pulls the line out of a yaml.v3 error ("yaml: line 3: …").
func yamlErrorLine(err error, base int) int {
	line := 1 // an error without a line is about the text as a whole
	msg := err.Error()
	if i := strings.Index(msg, "line "); i >= 0 {
		_, _ = fmt.Sscanf(msg[i:], "line %d", &line)
	}
	// yaml.v3 numbers lines from 0 in the errors it places at the start of
	// an unclosed construct, and from 1 everywhere else.
	if strings.Contains(msg, "did not find expected") {
		line++
	}
	return base + line
}

func yamlErrorText(err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if i := strings.Index(msg, ": "); i >= 0 && strings.HasPrefix(msg, "line ") {
		msg = msg[i+2:]
	}
	return msg
}

// yamlHint explains a YAML error in the words an author needs: a value
// with ": " in it on the line YAML stopped at (YAML reads the colon as a
// new key), or a block scalar whose first line is indented too deep.
func yamlHint(err error, src []byte, fenceLine int) string {
	lines := strings.Split(string(src), "\n")
	if at := yamlErrorLine(err, 0) - 1; strings.Contains(err.Error(), "mapping values are not allowed") && at >= 0 && at < len(lines) {
		key, value, ok := strings.Cut(strings.TrimLeft(strings.TrimSpace(lines[at]), "- "), ": ")
		if v := strings.TrimSpace(value); ok && strings.Contains(v, ": ") && !strings.HasPrefix(v, "\"") && !strings.HasPrefix(v, "'") {
			return fmt.Sprintf(" (the value of %q has \": \" in it, which YAML reads as another key: put the value in quotes, or write it as a block scalar — %q and the text on the lines after it)", key, key+": >-")
		}
	}
	return blockScalarHint(src, fenceLine)
}

// blockScalarHint explains the YAML error authors of trace tables meet: a
// "|" block takes its indentation from its first line, so a first line
// indented deeper than the next (a table header with an empty first
// column) ends the block early, and YAML reports a missing key further
// on. It returns "" when no block scalar in src opens that way.
func blockScalarHint(src []byte, fenceLine int) string {
	lines := strings.Split(string(src), "\n")
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if !(strings.HasSuffix(t, ": |") || strings.HasSuffix(t, ": >") || strings.HasSuffix(t, ": |-") || strings.HasSuffix(t, ": >-")) {
			continue
		}
		first := -1
		for j := i + 1; j < len(lines); j++ {
			if strings.TrimSpace(lines[j]) == "" {
				continue
			}
			if first < 0 {
				first = j
				continue
			}
			if in := indent(lines[j]); in > indent(l) && in < indent(lines[first]) {
				return fmt.Sprintf(" (the %q block's first line, line %d, is indented more than line %d after it, and a block's first line sets its indentation: indent every line alike, or give the indentation after the bar, as in \"text: |2\")",
					strings.TrimSuffix(strings.TrimSpace(strings.SplitN(t, ":", 2)[0]), ":"), fenceLine+1+first, fenceLine+1+j)
			}
			break
		}
	}
	return ""
}

// sectionText is the plain text of prose nodes, a paragraph a line.
func sectionText(nodes []ast.Node, src []byte) string {
	var b strings.Builder
	for _, n := range nodes {
		b.WriteString(plainText(n, src))
		b.WriteByte('\n')
	}
	return strings.TrimSpace(b.String())
}
