package grading

import (
	"slices"
	"strings"
)

// Patterns that match more than their author meant: what coverage advice
// (lessons.Coverage) tells an author about, from the patterns alone.

// UnitLetters returns the alternatives in patterns that are a one-letter
// unit name alone ("conntrack + s"): after a number, "seconds" is read as
// s and "hours" as h, so such an alternative matches every duration.
func UnitLetters(patterns []string) []string {
	var out []string
	for _, src := range patterns {
		slots, _ := slotsOf(src)
		for _, slot := range slots {
			for _, alt := range strings.Split(slot, "|") {
				alt = strings.ToLower(strings.Trim(strings.TrimSpace(alt), "=^*"))
				if len(alt) == 1 && unitAliases[alt] != "" && !slices.Contains(out, alt) {
					out = append(out, alt)
				}
			}
		}
	}
	return out
}

// LoneParticles returns, for a pattern of one slot, its alternatives that
// are a lone particle beside a phrasal verb ("^scale* out|up"): the author
// read "|" as binding one word, "scale out or scale up", where it
// separates whole alternatives, and with no other slot to hold it to a
// sentence the pattern matches "up" anywhere.
func LoneParticles(pattern string) []string {
	slots, _ := slotsOf(pattern)
	if len(slots) != 1 {
		return nil
	}
	var lone []string
	phrasal := false
	for _, alt := range strings.Split(slots[0], "|") {
		words := strings.Fields(strings.ToLower(strings.Trim(strings.TrimSpace(alt), "=^")))
		switch {
		case len(words) == 1 && particles[strings.Trim(words[0], "=^*")]:
			if !slices.Contains(lone, words[0]) {
				lone = append(lone, words[0])
			}
		case len(words) > 1 && particles[words[len(words)-1]]:
			phrasal = true
		}
	}
	if !phrasal {
		return nil
	}
	return lone
}

// particles end phrasal verbs ("scale out", "roll back").
var particles = set("up", "out", "down", "back", "off", "over", "in", "on", "away", "around")
