// Package views renders Practicum's pages as templ components. Views only
// format what handlers give them: they never query, and they never decide
// what a learner may see beyond leaving answer-revealing fields out.
package views

import (
	"fmt"
	"strings"
	"time"

	"github.com/practicum-dev/practicum/grading"
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

// limitText says a time limit in words: "5 minutes", "2 minutes 30
// seconds", "45 seconds".
func limitText(d time.Duration) string {
	m, s := int(d/time.Minute), int(d%time.Minute/time.Second)
	var parts []string
	if m > 0 {
		parts = append(parts, countOf(m, "minute", "minutes"))
	}
	if s > 0 || m == 0 {
		parts = append(parts, countOf(s, "second", "seconds"))
	}
	return strings.Join(parts, " ")
}

// criterionNoun names a criterion inside a sentence: "the failure case".
func criterionNoun(c grading.Criterion) string { return "the " + strings.ToLower(c.Label()) }
