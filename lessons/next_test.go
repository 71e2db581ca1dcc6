package lessons

import "testing"

// TestNextItem: the next item is the first one, in reading order, not yet
// answered, named by the heading the page shows above it.
func TestNextItem(t *testing.T) {
	t.Parallel()
	l, err := Parse("valid.md", []byte(validLesson(t)))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		answered []string
		want     string // the next item's key; "" when none
		heading  string
	}{
		{"nothing answered", nil, "first", "Checkpoint 1 of 1"},
		{"the checkpoint answered", []string{"first"}, "ex", "Exercise"},
		{"answered out of order", []string{"first", "pr", "back"}, "ex", "Exercise"},
		{"only the explanation left", []string{"first", "ex", "pr"}, "back", "Explain it back"},
		{"the probe left", []string{"first", "ex", "back"}, "pr", "Interview probe"},
		{"answered in an older revision, or not answerable", []string{"first", "ex", "pr", "back", "gone", "sums"}, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			answered := map[string]bool{}
			for _, k := range c.answered {
				answered[k] = true
			}
			b, ok := l.NextItem(answered)
			if got := b.Key; got != c.want || ok != (c.want != "") {
				t.Fatalf("NextItem = %q (ok %v), want %q", got, ok, c.want)
			}
			if ok {
				if got := l.ItemHeading(b); got != c.heading {
					t.Errorf("ItemHeading = %q, want %q", got, c.heading)
				}
			}
		})
	}
}
