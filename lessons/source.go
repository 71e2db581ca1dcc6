package lessons

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	"go.yaml.in/yaml/v3"
)

// FrontMatter is a lesson file's front matter as an editor sees it: raw
// values, before any checking.
type FrontMatter struct {
	Course   string `yaml:"course"`
	Position int    `yaml:"position"`
	Slug     string `yaml:"slug"`
	Title    string `yaml:"title"`
	Goal     string `yaml:"goal"`
	Minutes  int    `yaml:"minutes"`
}

// SourceParts is a lesson file split for editing: the front matter's values and
// its text as written, and the Markdown body after it.
type SourceParts struct {
	Front     FrontMatter
	FrontText string // between the "---" lines, comments and layout kept
	Body      string
}

// SplitSource splits a lesson file for editing. It is lenient: a value
// of the wrong type is left zero for the parser to report on save.
func SplitSource(src []byte) (SourceParts, error) {
	src = NormalizeNewlines(src)
	front, body, _, ok := splitFrontMatter(src)
	if !ok {
		return SourceParts{}, fmt.Errorf("the lesson has no front matter between \"---\" lines")
	}
	s := SourceParts{FrontText: string(front), Body: string(body)}
	_ = yaml.Unmarshal(front, &s.Front)
	return s, nil
}

// Bytes joins the parts back into a lesson file. When the front matter's
// values are the ones FrontText already says, FrontText is kept as written,
// so an edit to the body changes nothing else in the file.
func (s SourceParts) Bytes() []byte {
	front := s.frontText()
	var b bytes.Buffer
	b.WriteString("---\n")
	b.WriteString(front)
	if !strings.HasSuffix(front, "\n") {
		b.WriteByte('\n')
	}
	b.WriteString("---\n")
	b.WriteString(s.Body)
	return b.Bytes()
}

// frontText is the front matter as the file will hold it: as written
// when that still says s.Front, else rewritten.
func (s SourceParts) frontText() string {
	var written FrontMatter
	if s.FrontText == "" || yaml.Unmarshal([]byte(s.FrontText), &written) != nil || written != s.Front {
		return s.Front.yaml()
	}
	return s.FrontText
}

func (f FrontMatter) yaml() string {
	out, err := yaml.Marshal(f)
	if err != nil { // a struct of strings and ints always marshals
		panic(err)
	}
	return string(out)
}

// NormalizeNewlines turns CRLF and lone CR into LF: browsers send CRLF
// from every textarea, and files from some editors carry it too.
func NormalizeNewlines(b []byte) []byte {
	if !bytes.ContainsRune(b, '\r') {
		return b
	}
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(b, []byte("\r"), []byte("\n"))
}

// SourceBlock is one structured block as it sits in a lesson body.
type SourceBlock struct {
	Kind Kind
	Key  string
	// Start and End are byte offsets in the body of the whole fence, from
	// the opening "```" to the end of the closing fence's line.
	Start, End int
	YAML       string // the block's text between its fences
}

// SourceBlocks lists the body's structured blocks in order. Blocks whose
// key cannot be read have an empty Key.
func SourceBlocks(body string) []SourceBlock {
	src := []byte(body)
	doc := parseBody(src)
	var out []SourceBlock
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		fb, ok := n.(*ast.FencedCodeBlock)
		if !ok {
			continue
		}
		kind, structured := blockKind(fb, src)
		if !structured || kind == "" {
			continue
		}
		start := bytes.LastIndexByte(src[:fb.Info.Segment.Start], '\n') + 1
		end := lineEnd(src, fb.Info.Segment.Stop)
		if fb.Lines().Len() > 0 {
			end = fb.Lines().At(fb.Lines().Len() - 1).Stop
		}
		// The closing fence, when there is one, is the next line.
		if next := lineEnd(src, end); end < len(src) && isFence(src[end:next]) {
			end = next
		}
		text := codeText(fb, src)
		var head struct {
			Key string `yaml:"key"`
		}
		_ = yaml.Unmarshal(text, &head)
		out = append(out, SourceBlock{Kind: kind, Key: head.Key, Start: start, End: end, YAML: string(text)})
	}
	return out
}

// lineEnd returns the offset just past the newline ending the line at i.
func lineEnd(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(src)
}

func isFence(line []byte) bool {
	t := bytes.TrimSpace(line)
	return len(t) >= 3 && (len(bytes.Trim(t, "`")) == 0 || len(bytes.Trim(t, "~")) == 0)
}

// FindSourceBlock returns the block with the given key.
func FindSourceBlock(body, key string) (SourceBlock, bool) {
	for _, b := range SourceBlocks(body) {
		if b.Key == key {
			return b, true
		}
	}
	return SourceBlock{}, false
}

// ReplaceBlock returns body with the block keyed key replaced by a fence
// of the same kind holding yamlText, and the offset of that fence.
// Everything else stays byte for byte.
func ReplaceBlock(body, key, yamlText string) (string, int, error) {
	b, ok := FindSourceBlock(body, key)
	if !ok {
		return "", 0, fmt.Errorf("the lesson has no block with key %q", key)
	}
	return body[:b.Start] + fence(b.Kind, yamlText) + body[b.End:], b.Start, nil
}

// InsertBlock returns body with a new block of kind holding yamlText added
// at the end, or before the sources block, which closes a lesson, and the
// offset of the new block's opening fence.
func InsertBlock(body string, kind Kind, yamlText string) (string, int) {
	at := len(body)
	for _, b := range SourceBlocks(body) {
		if b.Kind == KindSources {
			at = b.Start
		}
	}
	before, after := body[:at], body[at:]
	var gap string
	switch {
	case before == "":
	case strings.HasSuffix(before, "\n\n"):
	case strings.HasSuffix(before, "\n"):
		gap = "\n"
	default:
		gap = "\n\n"
	}
	block := fence(kind, yamlText)
	if after != "" {
		block += "\n"
	}
	return before + gap + block + after, len(before) + len(gap)
}

func fence(kind Kind, yamlText string) string {
	if !strings.HasSuffix(yamlText, "\n") {
		yamlText += "\n"
	}
	// A fence closes at a line of as many backticks, indented up to three
	// spaces, so it must be longer than any such line in the text: a code
	// sample in a prompt would otherwise end the block early.
	n := 3
	for _, line := range strings.Split(yamlText, "\n") {
		run := len(line) - len(strings.TrimLeft(strings.TrimLeft(line, " "), "`")) - (len(line) - len(strings.TrimLeft(line, " ")))
		n = max(n, run+1)
	}
	f := strings.Repeat("`", n)
	return f + "yaml " + string(kind) + "\n" + yamlText + f + "\n"
}

// FrontMatterLine returns the file line of a front-matter field, or 1 (the
// opening "---") when the field is missing.
func FrontMatterLine(src []byte, key string) int {
	lines := strings.Split(string(src), "\n")
	for i := 1; i < len(lines) && lines[i] != "---"; i++ {
		if strings.HasPrefix(lines[i], key+":") {
			return i + 1
		}
	}
	return 1
}

// BodyLine returns the file line of the first line of the body.
func (s SourceParts) BodyLine() int {
	return 3 + strings.Count(strings.TrimSuffix(s.frontText(), "\n"), "\n") + 1
}
