// Package views renders Practicum's pages as templ components. Views only
// format what handlers give them: they never query, and they never decide
// what a learner may see beyond leaving answer-revealing fields out.
package views

import (
	"fmt"
	"net/url"
	"strings"
)

func courseURL(course string) string { return "/courses/" + url.PathEscape(course) }

func lessonURL(course, lesson string) string {
	return courseURL(course) + "/" + url.PathEscape(lesson)
}

// itemURL is where a structured block's form posts, e.g.
// /courses/c/l/checkpoints/key or /courses/c/l/responses/key.
func itemURL(course, lesson, collection, key string) string {
	return lessonURL(course, lesson) + "/" + collection + "/" + url.PathEscape(key)
}

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
