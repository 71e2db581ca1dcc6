package grading

import "testing"

// TestPrefixMatches: a pattern word ending in * matches the words it
// starts, and a whole verb ending in e its -ing form too.
func TestPrefixMatches(t *testing.T) {
	t.Parallel()
	tests := []struct {
		prefix, word string
		want         bool
	}{
		{"compar", "comparison", true},
		{"bounce", "bouncing", true},
		{"bounce", "bounced", true},
		{"increase", "increasings", true},
		{"write", "writing", true},
		{"state", "station", false}, // only -ing drops the e
		{"use", "using", false},     // three letters are too few to guess from
		{"bounce", "bounty", false},
	}
	for _, tt := range tests {
		m := wordMatcher{norm: tt.prefix, prefix: true}
		tok := tokenize(tt.word)[0]
		if ok, _ := m.matchWord(tok); ok != tt.want {
			t.Errorf("%s* on %q: %v, want %v", tt.prefix, tt.word, ok, tt.want)
		}
	}
}
