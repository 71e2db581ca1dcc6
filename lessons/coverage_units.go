package lessons

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/practicum-dev/practicum/grading"
)

// UnitLetter: a concept's pattern has an alternative that is a one-letter
// unit name, which matches every duration ("5 seconds" is read "5 s").
const UnitLetter WarningKind = "unit-letter"

// unitLetters warns of every concept with such alternatives, in name
// order.
func unitLetters(r *grading.Rubric) []Warning {
	var out []Warning
	for _, name := range slices.Sorted(maps.Keys(r.Concepts)) {
		letters := grading.UnitLetters(r.Concepts[name])
		if len(letters) == 0 {
			continue
		}
		out = append(out, Warning{Kind: UnitLetter, Concept: name,
			Message: fmt.Sprintf("Concept %s has the alternative %q alone: after a number, \"seconds\" is read as s and \"hours\" as h (and \"200/s\" as \"200 s\"), so it matches every duration. Write the command or words whole (\"conntrack -S\" is the phrase `conntrack s`).",
				name, strings.Join(letters, `", "`))})
	}
	return out
}

// LoneParticle: a concept's pattern of one slot has an alternative that
// is a lone particle beside a phrasal verb ("scale* out|up"), as if "|"
// bound one word: it matches that word anywhere.
const LoneParticle WarningKind = "lone-particle"

// loneParticles warns of every such pattern, concepts in name order.
func loneParticles(r *grading.Rubric) []Warning {
	var out []Warning
	for _, name := range slices.Sorted(maps.Keys(r.Concepts)) {
		for _, src := range r.Concepts[name] {
			words := grading.LoneParticles(src)
			if len(words) == 0 {
				continue
			}
			out = append(out, Warning{Kind: LoneParticle, Concept: name,
				Message: fmt.Sprintf("Concept %s has the pattern %q, whose alternative %s is a word nearly every answer uses: \"|\" separates whole alternatives, so it matches any %q on its own. Repeat the shared words in each alternative (\"scale* out|scale* up\", not \"scale* out|up\"), or join the word to another slot with \" + \".",
					name, src, quotedList(words), words[0])})
		}
	}
	return out
}

// quotedList is words quoted and joined: "up", "down".
func quotedList(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = strconv.Quote(w)
	}
	return strings.Join(q, ", ")
}
