package lessons

import (
	"os"
	"strings"
	"testing"
)

// fillFile repeats unit, separated by sep, up to just under MaxFileSize.
func fillFile(unit, sep string) []byte {
	var b strings.Builder
	b.WriteString(front)
	for b.Len()+len(unit)+len(sep) < MaxFileSize {
		b.WriteString(unit)
		b.WriteString(sep)
	}
	return []byte(b.String())
}

// BenchmarkParseHostile parses the slowest shapes a lesson file may have
// within the limits (limits.go), each filling the 512 KiB a file may be,
// beside a real lesson. Parsing happens at import or save, never per
// request; these bound how long a hostile file can hold an import.
func BenchmarkParseHostile(b *testing.B) {
	lesson3, err := os.ReadFile("content/serving-incidents/03-work-a-serving-incident.md")
	if err != nil {
		b.Fatal(err)
	}
	lines := func(line string, n int) string { return strings.TrimSuffix(strings.Repeat(line+"\n", n), "\n") }
	field := "```yaml explain\nkey: k\nprompt: |\n" + lines("  "+strings.Repeat("[", MaxField/4-10), 4) + "\n```"
	cases := []struct {
		name string
		src  []byte
	}{
		{"shipped lesson 3 (117 KB)", lesson3},
		{"same-named headings", fillFile("## Same", "\n")},
		{"link openers, one line a paragraph", fillFile(strings.Repeat("[a](", (MaxParagraph-1)/4), "\n\n")},
		{"link openers, one a line", fillFile(lines("[a](", MaxParagraph/5-1), "\n\n")},
		{"open brackets", fillFile(strings.Repeat("[", MaxParagraph-1), "\n\n")},
		{"emphasis mix", fillFile(strings.Repeat("*a_b*c_d**e_f*g**h*i_j**", (MaxParagraph-1)/24), "\n\n")},
		{"lists nested 10 deep", fillFile(strings.Repeat("- ", MaxNesting)+"[a](", "\n")},
		{"Markdown fields at the limit", fillFile(field, "\n\n")},
		{"hostile payload lesson", hostileLesson(b)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			for b.Loop() {
				if _, err := Parse("f.md", c.src); err != nil && !strings.Contains(err.Error(), "duplicate key") {
					b.Fatalf("refused, so not measured: %.200s", err)
				}
			}
		})
	}
}
