package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestImportCheckSurvivesBrokenFiles: `import --check` on a course with one
// malformed file lists problems at file:line and refuses the import; it
// never panics, whatever the file holds.
func TestImportCheckSurvivesBrokenFiles(t *testing.T) {
	t.Parallel()
	junk := make([]byte, 2048)
	for i := range junk {
		junk[i] = byte(i * 31)
	}
	var bomb strings.Builder
	bomb.WriteString("---\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&bomb, "a%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 9), ", "))
	}
	bomb.WriteString("course: serving-incidents\nposition: 5\nslug: bomb\ntitle: *a9\ngoal: g\nminutes: 1\n---\n\n## x\n\ntext\n")
	const front = "---\ncourse: serving-incidents\nposition: 5\nslug: broken\ntitle: Broken\ngoal: Break.\nminutes: 1\n---\n\n## Section\n\n"
	tests := []struct {
		name, file, src string
		line            int
		want            string
	}{
		{"binary junk", "05-broken.md", string(junk), 1, "not valid UTF-8"},
		{"NUL bytes", "05-broken.md", front + "text \x00 more\n", 12, "control character (U+0000)"},
		{"huge line", "05-broken.md", front + strings.Repeat("long ", 2000) + "\n", 12, "this paragraph or table is 9999 characters long"},
		{"deep nesting", "05-broken.md", front + strings.Repeat("> ", 500) + "deep\n", 12, "this line opens 500 quotes or list items"},
		{"alias bomb", "05-broken.md", bomb.String(), 3, "front matter uses the YAML alias *a0"},
		{"tab-indented YAML", "05-broken.md", front + "```yaml explain\nkey: k\nprompt:\n\tp\n```\n", 15, "explain block is not valid YAML"},
		{"unterminated fence", "05-broken.md", front + "```yaml explain\nkey: k\nprompt: p\n", 12, "this code fence is never closed"},
		{"front matter only", "05-broken.md", strings.TrimSuffix(front, "## Section\n\n"), 9, "the lesson has no content after the front matter"},
		{"binary course.yaml", "course.yaml", "\x89PNG\r\n\x1a\n\x00\x00", 1, "not valid UTF-8 text (byte 0x89 at column 1)"},
		{"control characters in course.yaml", "course.yaml", "slug: serving-incidents\ntitle: T\x07\nsummary: S\n", 2, "control character (U+0007)"},
		{"alias bomb course.yaml", "course.yaml", "a: &a [x, x]\nb: [*a, *a]\nslug: serving-incidents\ntitle: T\nsummary: S\n", 2, "course.yaml uses the YAML alias *a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := copyCourse(t)
			path := filepath.Join(dir, "serving-incidents", tt.file)
			if err := os.WriteFile(path, []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, stderr, err := runCmd(t, "import", "--check", dir)
			if err == nil || !strings.Contains(err.Error(), "nothing was imported") {
				t.Fatalf("import --check: err = %v, want problems and nothing imported", err)
			}
			want := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(fmt.Sprintf("%s:%d: ", path, tt.line)) + `.*` + regexp.QuoteMeta(tt.want))
			if !want.MatchString(stderr) {
				t.Errorf("stderr = %q, want a line %s:%d: …%s", stderr, path, tt.line, tt.want)
			}
			for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
				if !strings.HasPrefix(l, dir) {
					t.Errorf("stderr line %q names no file", l)
				}
			}
		})
	}
}

// TestImportCheckAcceptsBOMAndCRLF: a lesson saved by a Windows editor,
// with a byte-order mark and CRLF line endings, is a good lesson.
func TestImportCheckAcceptsBOMAndCRLF(t *testing.T) {
	t.Parallel()
	dir := copyCourse(t)
	path := filepath.Join(dir, "serving-incidents", "01-read-the-request-timeline.md")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("\ufeff"+strings.ReplaceAll(string(b), "\n", "\r\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, stderr, err := runCmd(t, "import", "--check", dir); err != nil || !strings.Contains(out, "no problems") {
		t.Errorf("import --check: %v\n%s%s", err, out, stderr)
	}
}
