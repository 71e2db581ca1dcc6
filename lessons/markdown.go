package lessons

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Raw HTML is off in goldmark (the default), and bluemonday sanitizes the
// output as well, so author text can never carry script into a page.
var (
	bodyMarkdown = goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Linkify),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
	fieldMarkdown = goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Linkify),
	)
	sanitizer = bluemonday.UGCPolicy()
)

// tableWrap makes wide tables and code scrollable by keyboard as well as
// by touch: CSS alone cannot make them focusable.
var tableWrap = strings.NewReplacer(
	"<table>", `<div class="table-wrap" tabindex="0" role="region" aria-label="Scrollable table"><table>`,
	"</table>", "</table></div>",
	"<pre>", `<pre tabindex="0">`,
)

func sanitize(b []byte) HTML {
	return HTML(tableWrap.Replace(strings.TrimSpace(string(sanitizer.SanitizeBytes(b)))))
}

// renderField renders a Markdown field of a structured block.
func renderField(src string) HTML {
	var buf bytes.Buffer
	// goldmark only fails when the writer does; a bytes.Buffer does not.
	_ = fieldMarkdown.Convert([]byte(src), &buf)
	return sanitize(buf.Bytes())
}

// renderInline renders a field that must sit inside a label or legend: one
// paragraph, returned without its <p>. ok is false when the text has more
// than one paragraph or any other block.
func renderInline(src string) (h HTML, ok bool) {
	s := string(renderField(src))
	inner, found := strings.CutPrefix(s, "<p>")
	if !found {
		return HTML(s), false
	}
	inner, found = strings.CutSuffix(inner, "</p>")
	if !found || strings.Contains(inner, "<p>") {
		return HTML(s), false
	}
	return HTML(inner), true
}

// renderNodes renders top-level body nodes parsed from src.
func renderNodes(src []byte, nodes []ast.Node) HTML {
	var buf bytes.Buffer
	r := bodyMarkdown.Renderer()
	for _, n := range nodes {
		_ = r.Render(&buf, src, n)
	}
	return sanitize(buf.Bytes())
}

func parseBody(src []byte) ast.Node {
	ctx := parser.NewContext(parser.WithIDs(newHeadingIDs()))
	return bodyMarkdown.Parser().Parse(text.NewReader(src), parser.WithContext(ctx))
}

// headingIDs gives headings unique ids that never take one the page layout
// uses itself. next remembers the suffix to try for each base, so a file
// of many same-named headings costs linear time, not quadratic.
type headingIDs struct {
	used map[string]bool
	next map[string]int
}

func newHeadingIDs() *headingIDs {
	return &headingIDs{used: map[string]bool{"main": true, "top": true}, next: map[string]int{}}
}

func (ids *headingIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(string(value)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	base := b.String()
	if base == "" {
		base = "section"
	}
	id := base
	i := max(ids.next[base], 1)
	for ; ids.used[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
	ids.next[base] = i
	ids.used[id] = true
	return []byte(id)
}

func (ids *headingIDs) Put(value []byte) { ids.used[string(value)] = true }

// plainText is the text of an inline subtree, for outline entries.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		case *ast.CodeSpan:
			for ch := t.FirstChild(); ch != nil; ch = ch.NextSibling() {
				if tx, ok := ch.(*ast.Text); ok {
					b.Write(tx.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}
