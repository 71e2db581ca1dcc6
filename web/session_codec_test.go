package web

import (
	"testing"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/google/go-cmp/cmp"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// TestSessionCodec: what this package keeps in a session survives the
// codec, whether written as JSON, as gob for values it does not know, or as
// gob by scs before it.
func TestSessionCodec(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 2, 11, 0, 0, 0, time.UTC)
	deadline := at.Add(14 * 24 * time.Hour)
	anon := progress.Anonymous{
		Attempts: []progress.Attempt{{Course: "c", Lesson: "l", RevisionID: 3, Key: "cp", Option: 1, Correct: true, At: at}},
		Responses: []progress.Response{{Course: "c", Lesson: "l", RevisionID: 3, Key: "ex", Kind: lessons.KindExercise,
			Answer: "An answer", Confidence: progress.Confident, At: at}},
	}
	tests := []struct {
		name   string
		values map[string]any
		json   bool
	}{
		{"empty", map[string]any{}, true},
		{"signed in", map[string]any{sessionUserID: int64(42)}, true},
		{"an anonymous visitor", map[string]any{sessionVisitor: "V3ZJ", sessionVisitorSince: int64(1764759000000)}, true},
		{"a value it does not know", map[string]any{sessionUserID: int64(42), "flash": "Saved"}, false},
		{"a known key with another type", map[string]any{sessionUserID: "42"}, false},
	}
	var c sessionCodec
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b, err := c.Encode(deadline, tt.values)
			if err != nil {
				t.Fatal(err)
			}
			if isJSON := b[0] == '{'; isJSON != tt.json {
				t.Errorf("stored as JSON: %v, want %v", isJSON, tt.json)
			}
			gotDeadline, got, err := c.Decode(b)
			if err != nil {
				t.Fatal(err)
			}
			if !gotDeadline.Equal(deadline) {
				t.Errorf("deadline %v, want %v", gotDeadline, deadline)
			}
			if diff := cmp.Diff(tt.values, got); diff != "" {
				t.Errorf("values (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("a session scs wrote with gob", func(t *testing.T) {
		t.Parallel()
		old := map[string]any{sessionUserID: int64(7), legacyAnonymous: anon}
		b, err := scs.GobCodec{}.Encode(deadline, old)
		if err != nil {
			t.Fatal(err)
		}
		_, got, err := c.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(old, got); diff != "" {
			t.Errorf("values (-want +got):\n%s", diff)
		}
	})
}
