package lessons

import (
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/PuerkitoBio/goquery"
)

// Hostile input to the parser: lesson text carrying markup meant to run in
// a reader's browser, and files broken in every way a file can be.

func hostileLesson(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/hostile.md")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// htmlFields collects every rendered Markdown field of v, however deep.
func htmlFields(v reflect.Value, out *[]HTML) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			htmlFields(v.Elem(), out)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				htmlFields(v.Field(i), out)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			htmlFields(v.Index(i), out)
		}
	case reflect.String:
		if v.Type() == reflect.TypeFor[HTML]() {
			*out = append(*out, HTML(v.String()))
		}
	}
}

// liveElements are elements that run, load or embed something.
const liveElements = "script, iframe, object, embed, frame, frameset, base, meta, link, style, svg, math, form, input, button, textarea"

var liveURL = regexp.MustCompile(`^(?i)\s*(javascript|vbscript|data):`)

// unsafeMarkup lists what in an HTML fragment could run script or load a
// page: live elements, on* event handlers, htmx attributes, style, and
// javascript:, vbscript: or data: URLs.
func unsafeMarkup(t testing.TB, h string) []string {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(h))
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	doc.Find("body " + strings.ReplaceAll(liveElements, ", ", ", body ")).Each(func(_ int, s *goquery.Selection) {
		bad = append(bad, "<"+goquery.NodeName(s)+">")
	})
	doc.Find("body *").Each(func(_ int, s *goquery.Selection) {
		for _, a := range s.Nodes[0].Attr {
			key := strings.ToLower(a.Key)
			switch {
			case strings.HasPrefix(key, "on"), strings.HasPrefix(key, "hx-"), strings.HasPrefix(key, "data-hx"), key == "style":
				bad = append(bad, fmt.Sprintf("<%s %s=%q>", goquery.NodeName(s), a.Key, a.Val))
			case liveURL.MatchString(a.Val):
				bad = append(bad, fmt.Sprintf("<%s %s=%q>", goquery.NodeName(s), a.Key, a.Val))
			}
		}
	})
	return bad
}

func TestHostileLessonRendersInert(t *testing.T) {
	t.Parallel()
	l, err := Parse("hostile.md", hostileLesson(t))
	if err != nil {
		t.Fatalf("the hostile lesson is a valid lesson file; Parse: %v", err)
	}
	var fields []HTML
	htmlFields(reflect.ValueOf(l), &fields)
	if len(fields) < 25 {
		t.Fatalf("found %d rendered fields, want every Markdown field of the lesson", len(fields))
	}
	for _, h := range fields {
		if bad := unsafeMarkup(t, string(h)); len(bad) > 0 {
			t.Errorf("rendered field holds %q:\n%s", bad, h)
		}
	}
	// Plain-text fields are kept exactly; the page escapes them.
	for _, tt := range []struct{ field, got, want string }{
		{"title", l.Title, `<script>alert(1)</script> Hostile 'lesson'; DROP TABLE lessons; --`},
		{"goal", l.Goal, `<img src=x onerror=alert(1)> {{ .Goal }} ${alert(1)} %_\`},
		{"trace text", l.Blocks[1].Trace.Text, "</pre><script>alert(1)</script>\n'; DROP TABLE traces; --   {{ . }}"},
		{"source publisher", l.Blocks[len(l.Blocks)-1].Sources.Items[0].Publisher, "'; DROP TABLE sources; --"},
	} {
		if tt.got != tt.want {
			t.Errorf("%s = %q, want %q", tt.field, tt.got, tt.want)
		}
	}
	// Inline code shows markup as text.
	if prose := string(l.Blocks[0].Prose); !strings.Contains(prose, "<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>") {
		t.Errorf("inline code lost its text:\n%s", prose)
	}
}

func TestHostileSourceURLsAreRefused(t *testing.T) {
	t.Parallel()
	for _, url := range []string{"javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "data:text/html,<script>alert(1)</script>",
		"vbscript:msgbox(1)", "//evil.example/a", "https:alert(1)", "http://"} {
		src := strings.Replace(validLesson(t), "url: https://example.com/a", "url: "+quoteYAML(url), 1)
		_, err := Parse("f.md", []byte(src))
		if err == nil || !strings.Contains(err.Error(), `f.md:94: sources "refs" item 1 field "url" must be an absolute http or https address`) {
			t.Errorf("url %q: err = %v, want it refused at line 94", url, err)
		}
	}
}

func quoteYAML(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// brokenFile is a lesson file broken in one way, and what the parser must
// say about it: each wanted text appears in a problem at that line.
type brokenFile struct {
	name string
	src  string
	want []wantProblem
}

type wantProblem struct {
	line int
	text string
}

const front = "---\ncourse: demo\nposition: 1\nslug: a-lesson\ntitle: A lesson\ngoal: Learn one thing well.\nminutes: 10\n---\n\n## Section\n\n"

func explain(yaml string) string { return "```yaml explain\n" + yaml + "```\n" }

// aliasBomb is the "billion laughs": ten levels of nine aliases each.
func aliasBomb(indent string) string {
	var b strings.Builder
	b.WriteString(indent + `a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]` + "\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&b, "%sa%d: &a%d [%s]\n", indent, i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d,", i-1), 9), ","))
	}
	return b.String()
}

func brokenFiles(t testing.TB) []brokenFile {
	valid := validLesson(t)
	junk := make([]byte, 4096)
	for i := range junk {
		junk[i] = byte(i*7 + i/256)
	}
	controls := make([]byte, 0, 64)
	for i := range 32 {
		if i != '\n' {
			controls = append(controls, byte(i), '\n')
		}
	}
	return []brokenFile{
		{"empty", "", []wantProblem{{1, "must start with front matter"}}},
		{"binary junk", string(junk), []wantProblem{{1, "not valid UTF-8 text (byte 0x"}}},
		{"junk after valid text", valid[:200] + "\xc3\x28" + valid[200:], []wantProblem{{15, "not valid UTF-8 text (byte 0xC3 at column 7)"}}},
		{"NUL bytes", strings.Replace(valid, "Some *prose*", "Some \x00 *prose*", 1), []wantProblem{{12, "control character (U+0000) at column 6"}}},
		{"a control character on every line", front + string(controls), []wantProblem{
			{12, "control character (U+0000) at column 1"}, {22, "control character (U+000B)"}, {42, "and 19 more lines with control characters"}}},
		{"huge line", front + strings.Repeat("word ", 1200) + "\n", []wantProblem{{12, "this paragraph or table is 5999 characters long; the limit is 5000"}}},
		{"huge single-line YAML value", front + explain("key: k\nprompt: "+strings.Repeat("x", 30000)+"\n"), []wantProblem{{14, `explain "k" field "prompt" is 30000 characters long; the limit is 20000`}}},
		{"huge paragraph", front + strings.Repeat(strings.Repeat("w", 99)+"\n", 60), []wantProblem{{12, "this paragraph or table is 5999 characters long; the limit is 5000"}}},
		{"huge field", front + explain("key: k\nprompt: |\n"+strings.Repeat("  "+strings.Repeat("w", 99)+"\n", 210)), []wantProblem{{14, `explain "k" field "prompt" is 21000 characters long; the limit is 20000`}}},
		{"huge file", valid + strings.Repeat("x\n", MaxFileSize), []wantProblem{{0, "bytes; a lesson file may be at most 524288"}}},
		{"deeply nested quotes", front + strings.Repeat(">", 200) + " deep\n", []wantProblem{{12, "this line opens 200 quotes or list items; at most 10"}}},
		{"deeply nested lists", front + strings.Repeat("- ", 50) + "deep\n", []wantProblem{{12, "this line opens 50 quotes or list items"}}},
		{"deeply indented", front + "- a\n" + strings.Repeat(" ", 120) + "- b\n", []wantProblem{{13, "this line is indented 120 columns; at most 100"}}},
		{"deeply nested YAML flow", "---\ntitle: " + strings.Repeat("[\n", 10001) + "\n---\n", []wantProblem{{10002, "front matter is not valid YAML: exceeded max depth of 10000"}}},
		{"deeply nested YAML in a block", front + explain("key: k\nprompt: "+strings.Repeat("{a:\n", 10001)), []wantProblem{{10014, "explain block is not valid YAML: exceeded max depth of 10000"}}},
		{"alias bomb in front matter", "---\n" + aliasBomb("") + "course: demo\nposition: 1\nslug: a\ntitle: *a9\ngoal: g\nminutes: 1\n---\n\n## x\n\ntext\n",
			[]wantProblem{{3, "front matter uses the YAML alias *a0"}}},
		{"alias bomb in a block", front + explain(aliasBomb("")+"key: k\nprompt: *a9\n"), []wantProblem{{14, "explain block uses the YAML alias *a0"}}},
		{"alias to a scalar", front + explain("key: &k k\nprompt: *k\n"), []wantProblem{{14, "explain block uses the YAML alias *k: write each value out in full"}}},
		{"merge key", replace("  reasoning:\n    description: Shows the step.\n", "  reasoning: &r\n    description: Shows the step.\n  verification:\n    <<: *r\n")(
			replace("  verification:\n    description: Could be disproved.\n", "")(valid)), []wantProblem{{54, "exercise block uses the YAML alias *r"}}},
		{"tab-indented YAML", front + explain("key: k\nprompt:\n\tindented with a tab\n"), []wantProblem{{15, "explain block is not valid YAML: found character that cannot start any token"}}},
		{"a block scalar whose first line is indented deepest", front + "```yaml trace\nkey: k\ntitle: Dashboard\ntext: |\n                   14:00   14:10\n  busy threads      12     200\n  cpu               35%    12%\n```\n",
			[]wantProblem{{17, `the "text" block's first line, line 16, is indented more than line 17 after it`}}},
		{"a one-line value with a colon in it", front + explain("key: k\nprompt: Using the scene above: what failed first?\n"),
			[]wantProblem{{14, `the value of "prompt" has ": " in it, which YAML reads as another key: put the value in quotes`}}},
		{"unterminated structured fence", front + "```yaml explain\nkey: k\nprompt: p\n", []wantProblem{{12, "this code fence is never closed"}}},
		{"unterminated prose fence swallowing a block", replace("## Practice\n", "## Practice\n\n```go\nfunc main() {\n")(valid),
			[]wantProblem{{36, "a \"```yaml checkpoint\" line inside the code block that opens on line 33"}}},
		{"unterminated prose fence at the end", valid + "\n```text\nlast words\n", []wantProblem{{97, "this code fence is never closed"}}},
		{"front matter only", "---\ncourse: demo\nposition: 1\nslug: a\ntitle: t\ngoal: g\nminutes: 1\n---\n", []wantProblem{{9, "the lesson has no content after the front matter"}}},
		{"front matter never closed", "---\ncourse: demo\ntitle: t\n", []wantProblem{{1, "must start with front matter"}}},
		{"front matter a scalar", "---\njust text\n---\n\n## x\n\ntext\n", []wantProblem{{2, "front matter must be a mapping"}}},
		{"unknown block type that looks like markup", front + "```yaml <script>alert(1)</script>\nkey: k\n```\n", []wantProblem{{12, `unknown block type "<script>alert(1)</script>"`}}},
		{"BOM and CRLF with a problem", "\ufeff" + strings.ReplaceAll(replace("minutes: 10", "minutes: ten")(valid), "\n", "\r\n"),
			[]wantProblem{{7, `front matter field "minutes" must be a whole number from 1 to 240, not "ten"`}}},
	}
}

func TestBrokenLessonFiles(t *testing.T) {
	t.Parallel()
	for _, tt := range brokenFiles(t) {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse("broken.md", []byte(tt.src))
			ps, ok := err.(Problems)
			if !ok || len(ps) == 0 {
				t.Fatalf("Parse = %v, want problems", err)
			}
			for _, p := range ps {
				if p.File != "broken.md" || (p.Line <= 0 && !strings.Contains(p.Msg, "a lesson file may be at most")) {
					t.Errorf("problem %q names no line of broken.md", p)
				}
			}
			for _, w := range tt.want {
				if !hasProblem(ps, w) {
					t.Errorf("no problem at line %d saying %q; got:\n%s", w.line, w.text, err)
				}
			}
			if len(ps) > 3*maxSameProblem+20 {
				t.Errorf("%d problems: a broken file should get a short answer", len(ps))
			}
		})
	}
}

func hasProblem(ps Problems, w wantProblem) bool {
	for _, p := range ps {
		if p.Line == w.line && strings.Contains(p.Msg, w.text) {
			return true
		}
	}
	return false
}

// TestLineEndingsAndBOMDoNotMatter: a file saved with CRLF, lone CR or a
// byte-order mark reads exactly as the plain LF file does.
func TestLineEndingsAndBOMDoNotMatter(t *testing.T) {
	t.Parallel()
	want, err := Parse("f.md", []byte(validLesson(t)))
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{
		"CRLF":       strings.ReplaceAll(validLesson(t), "\n", "\r\n"),
		"CR":         strings.ReplaceAll(validLesson(t), "\n", "\r"),
		"BOM":        "\ufeff" + validLesson(t),
		"BOM + CRLF": "\ufeff" + strings.ReplaceAll(validLesson(t), "\n", "\r\n"),
	} {
		got, err := Parse("f.md", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: parsed differently from the LF file", name)
		}
	}
}

// TestManySameNamedHeadings: each heading still gets its own id (the ids
// once took quadratic time to find; see BenchmarkParseHostile).
func TestManySameNamedHeadings(t *testing.T) {
	t.Parallel()
	src := front + strings.Repeat("## Same\n\ntext\n\n", 500)
	l, err := Parse("f.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, h := range l.Outline {
		if seen[h.ID] {
			t.Fatalf("id %q given twice", h.ID)
		}
		seen[h.ID] = true
	}
	if len(seen) != 501 || !seen["same-499"] || !seen["section"] {
		t.Errorf("%d ids; want 501 ending in same-499", len(seen))
	}
}

// TestBrokenFilesThroughLoad: the same files inside a course directory give
// their problems named by path, and a broken course.yaml does too.
func TestBrokenFilesThroughLoad(t *testing.T) {
	t.Parallel()
	const course = "slug: demo\ntitle: Demo\nsummary: A demo course.\n"
	for _, tt := range brokenFiles(t) {
		fsys := fstest.MapFS{"demo/course.yaml": {Data: []byte(course)}, "demo/01-broken.md": {Data: []byte(tt.src)}}
		_, err := Load(fsys, "content")
		ps, ok := err.(Problems)
		if !ok || len(ps) == 0 {
			t.Errorf("%s: Load = %v, want problems", tt.name, err)
			continue
		}
		for _, w := range tt.want {
			found := false
			for _, p := range ps {
				found = found || (p.File == "content/demo/01-broken.md" && p.Line == w.line && strings.Contains(p.Msg, w.text))
			}
			if !found {
				t.Errorf("%s: no problem at content/demo/01-broken.md:%d saying %q; got:\n%s", tt.name, w.line, w.text, err)
			}
		}
	}
	courses := map[string]struct {
		src  string
		want wantProblem
	}{
		"binary":     {"\xff\xfe\x00junk", wantProblem{1, "not valid UTF-8"}},
		"alias bomb": {aliasBomb("") + "slug: demo\ntitle: *a9\nsummary: s\n", wantProblem{2, "course.yaml uses the YAML alias *a0"}},
		"tabs":       {"slug: demo\ntitle:\n\tDemo\n", wantProblem{3, "course.yaml is not valid YAML"}},
		"a list":     {"- slug: demo\n", wantProblem{1, "course.yaml must be a mapping"}},
	}
	for name, c := range courses {
		fsys := fstest.MapFS{"demo/course.yaml": {Data: []byte(c.src)}, "demo/01-a.md": {Data: []byte(validLesson(t))}}
		_, err := Load(fsys, "content")
		if ps, ok := err.(Problems); !ok || !hasProblem(ps, c.want) {
			t.Errorf("course.yaml %s: Load = %v, want a problem at line %d saying %q", name, err, c.want.line, c.want.text)
		}
	}
}
