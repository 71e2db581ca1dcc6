package content_test

import (
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/content"
)

func load(t testing.TB) []lessons.CourseFiles {
	t.Helper()
	courses, err := lessons.Load(content.FS, "lessons/content")
	if err != nil {
		t.Fatal(err)
	}
	return courses
}

// TestShippedCourseCalibrates fails when the scorer disagrees with any
// calibration example an author wrote.
func TestShippedCourseCalibrates(t *testing.T) {
	t.Parallel()
	if err := lessons.CalibrateAll(load(t)); err != nil {
		t.Errorf("calibration examples the scorer gets wrong:\n%v", err)
	}
}

// TestEveryScoredItemHasExamples holds the course to its own rule: at least
// 20 calibration examples for release-and-traffic, 8 for every other
// exercise and probe.
func TestEveryScoredItemHasExamples(t *testing.T) {
	t.Parallel()
	for _, c := range load(t) {
		for _, lf := range c.Lessons {
			for _, b := range lf.Lesson.Blocks {
				var s *lessons.Scoring
				switch {
				case b.Exercise != nil:
					s = b.Exercise.Scoring
				case b.Probe != nil:
					s = b.Probe.Scoring
				default:
					continue
				}
				want := 8
				if b.Key == "release-and-traffic" {
					want = 20
				}
				if len(s.Examples) < want {
					t.Errorf("%s: %s %q has %d calibration examples, want at least %d", lf.Path, b.Kind, b.Key, len(s.Examples), want)
				}
			}
		}
	}
}

// BenchmarkGrade300Words scores a 300-word answer to release-and-traffic
// with the shipped rubric.
func BenchmarkGrade300Words(b *testing.B) {
	item, err := lessons.FindItem(load(b), "serving-incidents/work-a-serving-incident/release-and-traffic")
	if err != nil {
		b.Fatal(err)
	}
	answer := strings.TrimSpace(strings.Repeat(`Both versions slow only on long prompts while short prompts stay healthy, which points to waiting or prompt processing under load rather than the release itself. I would compare long-prompt latency on the old and new versions at the same arrival rate, and compare queue duration with prefill execution time for those requests. `, 4) +
		`The release and the traffic increase happened together, so this evidence cannot isolate the release, and a blanket rollback could overload the old pool. As a bounded mitigation I would temporarily limit long-prompt admission, then check useful completions and oldest queue age; if queue age falls but prefill execution stays slow, my explanation is wrong.`)
	b.Logf("%d words", len(strings.Fields(answer)))
	rubric := item.ScoringRubric()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rubric.Grade(answer); err != nil {
			b.Fatal(err)
		}
	}
}
