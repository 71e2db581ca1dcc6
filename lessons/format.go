package lessons

import (
	_ "embed"
	"sync"

	"github.com/yuin/goldmark/ast"
)

//go:embed FORMAT.md
var formatSource []byte

// FormatGuide is FORMAT.md, this package's description of the lesson
// format, as a help page shows it: rendered and sanitized like a lesson
// body, without its level-1 title (the page has its own), and its
// sections for a table of contents.
type FormatGuide struct {
	Body     HTML
	Sections []Heading
}

// Format returns the lesson format's guide, rendered once.
var Format = sync.OnceValue(func() FormatGuide {
	doc := parseBody(formatSource)
	var g FormatGuide
	var nodes []ast.Node
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			if h.Level == 1 {
				continue
			}
			if id, ok := h.AttributeString("id"); ok && h.Level == 2 {
				g.Sections = append(g.Sections, Heading{ID: string(id.([]byte)), Text: plainText(h, formatSource)})
			}
		}
		nodes = append(nodes, n)
	}
	g.Body = renderNodes(formatSource, nodes)
	return g
})
