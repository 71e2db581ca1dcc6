package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/practicum-dev/practicum/grading"
)

// writeExplanation prints grade --explain's readable report: the total,
// then per criterion its verdict, how it was decided, and each concept.
func writeExplanation(w io.Writer, ex grading.Explanation) error {
	var b strings.Builder
	s := ex.Score
	state := "not provisional"
	if s.Provisional {
		state = "provisional"
	}
	fmt.Fprintf(&b, "Total %d of 4 (confidence %.2f, %s)\n", s.Total, s.Confidence, state)
	if ex.Note != "" {
		fmt.Fprintf(&b, "%s\n", ex.Note)
	}
	if len(ex.Unread) > 0 {
		fmt.Fprintf(&b, "Not read (a list of terms, or words copied from what the lesson shows): %s\n", strings.Join(ex.Unread, " "))
	}
	for i, c := range ex.Criteria {
		verdict := "not awarded"
		if c.Awarded {
			verdict = "awarded"
		}
		fmt.Fprintf(&b, "\n%s: %s. %s\n", c.Criterion.Label(), verdict, c.Decision)
		if d := s.Criteria[i].Doubt; d != "" {
			fmt.Fprintf(&b, "  doubt: %s\n", d)
		}
		for _, t := range c.Concepts {
			fmt.Fprintf(&b, "  %-8s %s: %s", t.Role, t.Concept, t.Status)
			if t.Words != "" {
				fmt.Fprintf(&b, " %q", t.Words)
			}
			if t.Approximate {
				b.WriteString(" (through a synonym or a typo)")
			}
			if t.Pattern != "" {
				fmt.Fprintf(&b, " [by %s]", t.Pattern)
			}
			if t.NearMiss != "" {
				fmt.Fprintf(&b, " — %s", t.NearMiss)
			}
			b.WriteString("\n")
		}
	}
	if len(ex.Closest) > 0 {
		b.WriteString("\nClosest scored answers (the second opinion; R reasoning F failure case V verification):\n")
		for _, c := range ex.Closest {
			fmt.Fprintf(&b, "  %.2f %-8s result %d R %d F %d V %d  %q\n", c.Similarity, c.Source,
				c.Scores[grading.Result], c.Scores[grading.Reasoning], c.Scores[grading.FailureCase], c.Scores[grading.Verification], c.Opening)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
