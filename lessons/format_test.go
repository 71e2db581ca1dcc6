package lessons_test

import (
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/lessons"
)

// TestFormatGuide: FORMAT.md renders with its sections' ids, its code
// kept as code, and without its own title.
func TestFormatGuide(t *testing.T) {
	t.Parallel()
	g := lessons.Format()
	body := string(g.Body)
	for _, want := range []string{
		`<h2 id="scoring-cues-and-calibration-examples">`,
		`<h3 id="how-answers-and-patterns-are-split-into-words">`,
		`<h3 id="negation">`,
		"<pre tabindex=\"0\"><code",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the guide has no %s", want)
		}
	}
	if strings.Contains(body, "<h1") {
		t.Error("the guide keeps its level-1 title")
	}
	var ids []string
	for _, s := range g.Sections {
		ids = append(ids, s.ID)
	}
	if got := strings.Join(ids, " "); !strings.Contains(got, "course-yaml") || !strings.Contains(got, "scoring-cues-and-calibration-examples") {
		t.Errorf("sections = %s", got)
	}
}
