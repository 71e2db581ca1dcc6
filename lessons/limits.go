package lessons

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"go.yaml.in/yaml/v3"
)

// Lesson files come from authors, through git or the browser editor, and
// the parser must answer quickly and never crash whatever the bytes are.
// Markdown parsing grows faster than linearly with a few shapes — deep
// quote or list nesting, huge paragraphs — so a file with them is refused,
// with a problem at its line, before the full parse. Real lessons are far
// inside these limits (their longest paragraph is 1,398 characters, their
// longest field 2,450).
const (
	MaxNesting   = 10    // quote and list markers opening one line
	MaxIndent    = 100   // columns of leading whitespace
	MaxParagraph = 5000  // characters in one paragraph, table or heading
	MaxField     = 20000 // characters in one YAML text field

	// maxSameProblem bounds how often one kind of problem is reported per
	// file, so a binary file gives a short answer rather than one per line.
	maxSameProblem = 10
)

var bom = []byte("\xef\xbb\xbf")

// checkEncoding reports the first byte that is not UTF-8, at its line.
func checkEncoding(r reporter, src []byte) bool {
	if utf8.Valid(src) {
		return true
	}
	line, col := 1, 1
	for i := 0; i < len(src); {
		c, size := utf8.DecodeRune(src[i:])
		if c == utf8.RuneError && size <= 1 {
			r.at(line, "this line is not valid UTF-8 text (byte 0x%02X at column %d): save the file as UTF-8", src[i], col)
			return false
		}
		if c == '\n' {
			line, col = line+1, 0
		}
		i += size
		col++
	}
	return false
}

// limited counts reports of one kind and stops at maxSameProblem.
type limited struct {
	r     reporter
	n     int
	last  int
	label string
}

func (l *limited) at(line int, format string, args ...any) {
	l.n++
	if l.n <= maxSameProblem {
		l.r.at(line, format, args...)
	}
	l.last = line
}

func (l *limited) flush() {
	if more := l.n - maxSameProblem; more > 0 {
		l.r.at(l.last, "and %d more lines %s", more, l.label)
	}
}

// checkLines reports control characters and lines too deeply nested or
// too far indented. src is UTF-8 with LF line endings.
func checkLines(r reporter, src []byte) bool {
	control := &limited{r: r, label: "with control characters"}
	deep := &limited{r: r, label: "nested or indented too deeply"}
	for n, line := range bytes.Split(src, []byte("\n")) {
		no := n + 1
		if i := bytes.IndexFunc(line, isControl); i >= 0 {
			c, _ := utf8.DecodeRune(line[i:])
			control.at(no, "this line has a control character (U+%04X) at column %d: a lesson file must be plain text", c, utf8.RuneCount(line[:i])+1)
		}
		if depth, indent := nesting(line); depth > MaxNesting {
			deep.at(no, "this line opens %d quotes or list items; at most %d may be nested", depth, MaxNesting)
		} else if indent > MaxIndent {
			deep.at(no, "this line is indented %d columns; at most %d are allowed", indent, MaxIndent)
		}
	}
	control.flush()
	deep.flush()
	return control.n+deep.n == 0
}

// isControl is a control character other than tab and line feed.
func isControl(c rune) bool { return c != '\t' && c != '\n' && unicode.IsControl(c) }

// nesting counts the block quote and list markers that open a line, and
// the columns of whitespace before its text.
func nesting(line []byte) (depth, indent int) {
	for i := 0; i < len(line); {
		switch c := line[i]; {
		case c == ' ':
			indent++
			i++
		case c == '\t':
			indent += 4 - indent%4
			i++
		case c == '>':
			depth++
			i++
		case (c == '-' || c == '*' || c == '+') && i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t'):
			depth++
			i += 2
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j+1 < len(line) && (line[j] == '.' || line[j] == ')') && (line[j+1] == ' ' || line[j+1] == '\t') {
				depth++
				i = j + 2
				continue
			}
			return depth, indent
		default:
			return depth, indent
		}
	}
	return depth, indent
}

// blockParser finds the body's block structure without parsing inlines,
// which is linear in the text, so paragraphs too large for the full parse
// are found before it runs.
var blockParser = parser.NewParser(parser.WithBlockParsers(parser.DefaultBlockParsers()...))

// checkParagraphs reports paragraphs (tables included) and headings larger
// than MaxParagraph.
func checkParagraphs(r reporter, body []byte, lineOf func(int) int) bool {
	big := &limited{r: r, label: "in paragraphs over the limit"}
	doc := blockParser.Parse(text.NewReader(body))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.(type) {
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading:
		default:
			return ast.WalkContinue, nil
		}
		if !entering || n.Lines().Len() == 0 {
			return ast.WalkSkipChildren, nil
		}
		count := 0
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			count += utf8.RuneCount(seg.Value(body))
		}
		if count > MaxParagraph {
			big.at(lineOf(n.Lines().At(0).Start), "this paragraph or table is %d characters long; the limit is %d: split it with blank lines", count, MaxParagraph)
		}
		return ast.WalkSkipChildren, nil
	})
	big.flush()
	return big.n == 0
}

// checkAliases reports the first YAML alias (*name) and how many more
// there are. Lesson files have no use for anchors and aliases, and an alias
// read as a field would give a misleading problem; refusing them also rules
// out alias bombs ("billion laughs").
func checkAliases(r reporter, base int, what string, n *yaml.Node) bool {
	var first *yaml.Node
	count := 0
	var walk func(*yaml.Node)
	walk = func(n *yaml.Node) {
		if n.Kind == yaml.AliasNode {
			if count == 0 {
				first = n
			}
			count++
			return
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(n)
	if count == 0 {
		return true
	}
	more := ""
	if count > 1 {
		more = fmt.Sprintf(" (and %d more aliases)", count-1)
	}
	r.at(base+first.Line, "%s uses the YAML alias *%s%s: write each value out in full (lesson files do not use anchors and aliases)", what, first.Value, more)
	return false
}

// swallowedBlock finds a structured block's opening line inside a plain
// code block: the code fence before it was left open and took the block
// in as code.
func swallowedBlock(n *ast.FencedCodeBlock, src []byte) (kind string, at int, ok bool) {
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		f := strings.Fields(string(seg.Value(src)))
		if len(f) == 2 && strings.HasPrefix(f[0], "```yaml") && f[0] == "```yaml" {
			return f[1], seg.Start, true
		}
	}
	return "", 0, false
}

// fenceClosed reports whether a top-level fenced code block has its
// closing fence: without one, goldmark runs it to the end of the file and
// swallows everything after it.
func fenceClosed(n *ast.FencedCodeBlock, src []byte) (closed bool, openAt int) {
	var next int
	switch {
	case n.Lines().Len() > 0:
		next = n.Lines().At(n.Lines().Len() - 1).Stop
		openAt = lineStart(src, n.Lines().At(0).Start) - 1
	case n.Info != nil:
		next = n.Info.Segment.Stop
		openAt = n.Info.Segment.Start
	default:
		return true, 0 // an empty bare fence: nothing to place a problem at
	}
	openAt = max(lineStart(src, openAt), 0)
	if next > 0 && next <= len(src) && src[next-1] != '\n' {
		if i := bytes.IndexByte(src[next:], '\n'); i >= 0 {
			next += i + 1
		} else {
			next = len(src)
		}
	}
	closing := src[min(next, len(src)):]
	if i := bytes.IndexByte(closing, '\n'); i >= 0 {
		closing = closing[:i]
	}
	return isClosingFence(src[openAt:], closing), openAt
}

func lineStart(src []byte, off int) int {
	if off <= 0 {
		return 0
	}
	return bytes.LastIndexByte(src[:min(off, len(src))], '\n') + 1
}

// isClosingFence reports whether line closes the fence that opens open:
// up to three spaces, the same character at least as many times, then
// only whitespace.
func isClosingFence(open, line []byte) bool {
	open = bytes.TrimLeft(open, " ")
	if len(open) == 0 || (open[0] != '`' && open[0] != '~') {
		return false
	}
	c := open[0]
	want := len(open) - len(bytes.TrimLeft(open, string(c)))
	trimmed := bytes.TrimLeft(line, " ")
	if len(line)-len(trimmed) > 3 {
		return false
	}
	got := len(trimmed) - len(bytes.TrimLeft(trimmed, string(c)))
	return got >= want && len(bytes.TrimSpace(trimmed[got:])) == 0
}

// fieldLength reports a text field longer than MaxField.
func fieldLength(f *fields, key string, n *yaml.Node) bool {
	if count := utf8.RuneCountInString(n.Value); count > MaxField {
		f.r.at(f.line(n), "%s field %q is %d characters long; the limit is %d", f.what, key, count, MaxField)
		return false
	}
	return true
}
