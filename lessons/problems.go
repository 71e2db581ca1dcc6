package lessons

import (
	"fmt"
	"sort"
	"strings"
)

// Problem is one thing wrong with a lesson or course file, at a line.
type Problem struct {
	File string
	Line int
	Msg  string
}

func (p Problem) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg)
	}
	return fmt.Sprintf("%s: %s", p.File, p.Msg)
}

// Problems is every problem found in a set of files. It is an error.
type Problems []Problem

func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// Err returns ps as an error, or nil when there are none.
func (ps Problems) Err() error {
	if len(ps) == 0 {
		return nil
	}
	ps.sort()
	return ps
}

func (ps Problems) sort() {
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].File != ps[j].File {
			return ps[i].File < ps[j].File
		}
		return ps[i].Line < ps[j].Line
	})
}

// reporter collects problems for one file; base is the file line before the
// first line of the YAML or Markdown text being read.
type reporter struct {
	file     string
	problems *Problems
}

func (r reporter) at(line int, format string, args ...any) {
	*r.problems = append(*r.problems, Problem{File: r.file, Line: line, Msg: fmt.Sprintf(format, args...)})
}
