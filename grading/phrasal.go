package grading

import "strings"

// Phrasal verbs say in two or three everyday words what a cue says in one:
// "call off the index build" is cancelling it, "go back to the old build"
// reverting, "the surge died down" declining. A single-word alternative of
// a concept that earns a point (never a rejected move's: those are denied
// only on the learner's own words) also matches the phrasal forms of its
// word, as a phrase with up to maxPhraseGap words between its parts ("call
// it off"). Only these curated families: a general dictionary's phrasal
// senses are too wide.
var phrasalFamilies = []struct {
	words   []string // single words, as cues write them
	phrases []string
}{
	{[]string{"cancel", "abort"}, []string{"call off", "pull the plug"}},
	{[]string{"stop", "halt"}, []string{"call off", "shut down", "shut off", "pull the plug"}},
	{[]string{"disable"}, []string{"turn off", "switch off", "shut off"}},
	{[]string{"revert", "rollback", "undo", "downgrade"}, []string{"go back to old", "go back to previous", "go back to last", "go back to known", "go back to earlier", "put back", "back out"}},
	{[]string{"retry", "resend"}, []string{"try again", "ask again", "send again"}},
	{[]string{"throttle", "limit", "cap", "restrict"}, []string{"hold back", "rein in"}},
	{[]string{"reject", "shed"}, []string{"turn away"}},
	{[]string{"backlog"}, []string{"pile up"}},
	{[]string{"decline", "subside", "taper", "ease", "decrease"}, []string{"die down", "tail off", "taper off", "wind down", "calm down", "ease off", "fade out"}},
	{[]string{"admit"}, []string{"let in"}},
}

// phrasalsOf returns the phrasal forms a one-word alternative also
// matches: its word's, or for a prefix of four letters or more, those of
// every family word it starts ("cancel*" takes "call off").
func phrasalsOf(m wordMatcher) []string {
	var out []string
	for _, fam := range phrasalFamilies {
		for _, w := range fam.words {
			if m.prefix && len(m.norm) >= minFamilyPrefix && strings.HasPrefix(w, m.norm) ||
				!m.prefix && lookup(w).stem == m.stem {
				out = append(out, fam.phrases...)
				break
			}
		}
	}
	return out
}
