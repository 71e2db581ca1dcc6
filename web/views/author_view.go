package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/practicum-dev/practicum/lessons/catalog"
)

func article(s string) string {
	switch s[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an " + s
	}
	return "a " + s
}

// lessonStatus says in a few words what learners see of a lesson.
func lessonStatus(l catalog.AuthorLesson) string {
	switch {
	case l.Published == 0:
		return "Never published"
	case l.Published == l.Head:
		return fmt.Sprintf("Published r%d", l.Published)
	}
	return fmt.Sprintf("Published r%d · Draft r%d — not published yet", l.Published, l.Head)
}

func revisionAuthor(r catalog.RevisionInfo) string {
	if r.Author == "" {
		return "an import from files"
	}
	return r.Author
}

func auditActor(e catalog.AuditEntry) string {
	if e.Actor == "" {
		return "Import from files"
	}
	return e.Actor
}

func origin(r catalog.RevisionInfo) string {
	if r.Origin == "browser" {
		return "Browser"
	}
	return "Imported from files"
}

// diffOp says what happened to a line in words, so that the diff does
// not rely on colour.
func diffChange(op byte) string {
	switch op {
	case '+':
		return "Added"
	case '-':
		return "Removed"
	}
	return "Unchanged"
}

func diffSign(op byte) string {
	switch op {
	case '+':
		return "+"
	case '-':
		return "−"
	}
	return ""
}

func lineNo(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func unchangedLines(n int) string {
	if n == 1 {
		return "… 1 unchanged line"
	}
	return fmt.Sprintf("… %d unchanged lines", n)
}

// splitLines is a multi-line message's lines; none for an empty one.
func splitLines(msg string) []string {
	if msg == "" {
		return nil
	}
	return strings.Split(msg, "\n")
}
