package lessons_test

import (
	"os"
	"testing"

	"github.com/practicum-dev/practicum/lessons"
)

// Export writes course.yaml canonically; the shipped file is in that
// layout, so exporting the shipped course changes nothing.
func TestCourseYAMLMatchesShippedLayout(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("content/serving-incidents/course.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c, err := lessons.ParseCourse("course.yaml", b)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(lessons.CourseYAML(c)); got != string(b) {
		t.Errorf("got\n%s\nwant\n%s", got, b)
	}
	if err := lessons.CheckCourse(lessons.Course{Slug: "Bad Slug", Title: "T", Summary: "S"}); err == nil {
		t.Error("a slug with spaces was accepted")
	}
}
