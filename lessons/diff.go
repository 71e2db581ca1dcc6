package lessons

import (
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// DiffLine is one line of a line-by-line comparison of two texts.
type DiffLine struct {
	Op      byte // ' ' same, '-' only in the old text, '+' only in the new
	Text    string
	Old     int // line number in the old text, 0 for an added line
	New     int // line number in the new text, 0 for a removed line
	Skipped int // for a gap marker: how many unchanged lines are hidden
}

// DiffContext is how many unchanged lines the site's diffs (history,
// conflicts) show around a change.
const DiffContext = 3

// Diff compares two texts line by line and keeps context lines of
// unchanged text around each change; longer unchanged runs become a
// single gap marker (Op ' ', Skipped > 0). Equal texts give no lines.
func Diff(old, new string, context int) []DiffLine {
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(old, new)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	var all []DiffLine
	o, n := 1, 1
	changed := false
	for _, d := range diffs {
		for _, line := range splitLines(d.Text) {
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				all = append(all, DiffLine{Op: ' ', Text: line, Old: o, New: n})
				o++
				n++
			case diffmatchpatch.DiffDelete:
				all = append(all, DiffLine{Op: '-', Text: line, Old: o})
				o++
				changed = true
			case diffmatchpatch.DiffInsert:
				all = append(all, DiffLine{Op: '+', Text: line, New: n})
				n++
				changed = true
			}
		}
	}
	if !changed {
		return nil
	}
	return withContext(all, context)
}

func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// withContext hides unchanged lines further than context from any change.
func withContext(all []DiffLine, context int) []DiffLine {
	near := make([]bool, len(all))
	for i, l := range all {
		if l.Op == ' ' {
			continue
		}
		for j := max(0, i-context); j <= min(len(all)-1, i+context); j++ {
			near[j] = true
		}
	}
	var out []DiffLine
	for i := 0; i < len(all); {
		if near[i] {
			out = append(out, all[i])
			i++
			continue
		}
		j := i
		for j < len(all) && !near[j] {
			j++
		}
		out = append(out, DiffLine{Op: ' ', Skipped: j - i, Old: all[i].Old, New: all[i].New})
		i = j
	}
	return out
}

// DescribeChanges says in a line what changed between two versions of a
// lesson file, for the audit log: front-matter fields, and structured
// blocks added, removed or changed by key. Either may be nil (a new lesson).
func DescribeChanges(old, new []byte) string {
	if old == nil {
		return "new lesson"
	}
	a, errA := SplitSource(old)
	b, errB := SplitSource(new)
	if errA != nil || errB != nil {
		return "lesson file changed"
	}
	var parts []string
	var fields []string
	fa, fb := a.Front, b.Front
	for _, f := range []struct {
		name string
		same bool
	}{
		{"title", fa.Title == fb.Title}, {"goal", fa.Goal == fb.Goal}, {"minutes", fa.Minutes == fb.Minutes},
		{"position", fa.Position == fb.Position}, {"slug", fa.Slug == fb.Slug}, {"course", fa.Course == fb.Course},
	} {
		if !f.same {
			fields = append(fields, f.name)
		}
	}
	if len(fields) > 0 {
		parts = append(parts, "front matter ("+strings.Join(fields, ", ")+")")
	}
	oldBlocks := map[string]SourceBlock{}
	for _, sb := range SourceBlocks(a.Body) {
		oldBlocks[sb.Key] = sb
	}
	var added, changed []string
	newKeys := map[string]bool{}
	for _, sb := range SourceBlocks(b.Body) {
		newKeys[sb.Key] = true
		prev, ok := oldBlocks[sb.Key]
		switch {
		case !ok:
			added = append(added, fmt.Sprintf("%s %s", sb.Kind, sb.Key))
		case prev.YAML != sb.YAML || prev.Kind != sb.Kind:
			changed = append(changed, fmt.Sprintf("%s %s", sb.Kind, sb.Key))
		}
	}
	var removed []string
	for _, sb := range SourceBlocks(a.Body) {
		if !newKeys[sb.Key] {
			removed = append(removed, fmt.Sprintf("%s %s", sb.Kind, sb.Key))
		}
	}
	for _, group := range []struct {
		verb  string
		items []string
	}{{"added", added}, {"changed", changed}, {"removed", removed}} {
		if len(group.items) > 0 {
			parts = append(parts, group.verb+" "+strings.Join(group.items, ", "))
		}
	}
	if stripBlocks(a.Body) != stripBlocks(b.Body) {
		parts = append(parts, "prose")
	}
	if len(parts) == 0 {
		return "layout only"
	}
	return strings.Join(parts, "; ")
}

// stripBlocks is the body without its structured blocks: its prose.
func stripBlocks(body string) string {
	var b strings.Builder
	at := 0
	for _, sb := range SourceBlocks(body) {
		b.WriteString(body[at:sb.Start])
		at = sb.End
	}
	b.WriteString(body[at:])
	return strings.TrimSpace(b.String())
}
