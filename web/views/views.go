// Package views renders Practicum's pages as templ components. Views only
// format what handlers give them: they never query, and they never decide
// what a learner may see beyond leaving answer-revealing fields out.
package views

import (
	"fmt"
	"strings"
)

func lessonCount(n int) string {
	if n == 1 {
		return "1 lesson"
	}
	return fmt.Sprintf("%d lessons", n)
}

func minutes(n int) string { return fmt.Sprintf("%d min", n) }

// confidenceValue turns a label from lessons.ConfidenceLevels into the form
// value handlers receive: "Getting there" → "getting-there".
func confidenceValue(label string) string {
	return strings.ReplaceAll(strings.ToLower(label), " ", "-")
}

// optionLetter labels checkpoint options A, B, C… so learners can refer to
// them; the submitted value stays the index.
func optionLetter(i int) string { return string(rune('A' + i)) }
