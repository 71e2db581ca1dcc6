package lessons

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

func lessonAt(t *testing.T, course string, position int, slug string) *fstest.MapFile {
	t.Helper()
	src := validLesson(t)
	src = strings.Replace(src, "course: demo", "course: "+course, 1)
	src = strings.Replace(src, "position: 1", "position: "+itoa(position), 1)
	src = strings.Replace(src, "slug: a-lesson", "slug: "+slug, 1)
	return &fstest.MapFile{Data: []byte(src)}
}

var demoCourse = &fstest.MapFile{Data: []byte("slug: demo\ntitle: Demo\nsummary: A demo course.\n")}

func TestLoad(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{
		"demo/course.yaml": demoCourse,
		"demo/02-b.md":     lessonAt(t, "demo", 2, "b"),
		"demo/01-a.md":     lessonAt(t, "demo", 1, "a"),
		"demo/notes.txt":   &fstest.MapFile{Data: []byte("ignored")},
	}
	courses, err := Load(fsys, "content")
	if err != nil {
		t.Fatal(err)
	}
	if len(courses) != 1 {
		t.Fatalf("got %d courses, want 1", len(courses))
	}
	var got []string
	for _, l := range courses[0].Lessons {
		got = append(got, l.Path)
	}
	if diff := cmp.Diff([]string{"content/demo/01-a.md", "content/demo/02-b.md"}, got); diff != "" {
		t.Errorf("lessons in position order (-want +got):\n%s", diff)
	}
	if want := (Course{Slug: "demo", Title: "Demo", Summary: "A demo course."}); courses[0].Course != want {
		t.Errorf("course = %+v, want %+v", courses[0].Course, want)
	}
}

func TestLoadProblems(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		fsys fstest.MapFS
		want []string
	}{
		{"no course", fstest.MapFS{"x/a.md": lessonAt(t, "demo", 1, "a")},
			[]string{"content: no course found: expected a course.yaml here or in a subdirectory"}},
		{"course for another directory", fstest.MapFS{
			"demo/course.yaml": demoCourse,
			"demo/a.md":        lessonAt(t, "other", 1, "a"),
		}, []string{`content/demo/a.md:2: front matter names course "other" but this directory's course.yaml is "demo"`}},
		{"duplicate slug", fstest.MapFS{
			"demo/course.yaml": demoCourse,
			"demo/a.md":        lessonAt(t, "demo", 1, "a"),
			"demo/b.md":        lessonAt(t, "demo", 2, "a"),
		}, []string{`content/demo/b.md:2: lesson slug "a" is already used by content/demo/a.md`}},
		{"duplicate position", fstest.MapFS{
			"demo/course.yaml": demoCourse,
			"demo/a.md":        lessonAt(t, "demo", 1, "a"),
			"demo/b.md":        lessonAt(t, "demo", 1, "b"),
		}, []string{
			`content/demo/b.md:2: position 1 is already used by content/demo/a.md`,
			`content/demo/b.md:2: positions must run 1, 2, 3 … without gaps: no lesson has position 2`,
		}},
		{"gap in positions", fstest.MapFS{
			"demo/course.yaml": demoCourse,
			"demo/a.md":        lessonAt(t, "demo", 1, "a"),
			"demo/c.md":        lessonAt(t, "demo", 3, "c"),
		}, []string{`content/demo/c.md:2: positions must run 1, 2, 3 … without gaps: no lesson has position 2`}},
		{"course.yaml incomplete", fstest.MapFS{
			"demo/course.yaml": {Data: []byte("slug: demo\ntitle: Demo\ncolour: red\n")},
			"demo/a.md":        lessonAt(t, "demo", 1, "a"),
		}, []string{
			`content/demo/course.yaml:1: course.yaml is missing the required field "summary"`,
			`content/demo/course.yaml:3: course.yaml has an unknown field "colour" (allowed: slug, summary, title)`,
		}},
		{"duplicate course slug", fstest.MapFS{
			"one/course.yaml": demoCourse,
			"one/a.md":        lessonAt(t, "demo", 1, "a"),
			"two/course.yaml": demoCourse,
			"two/a.md":        lessonAt(t, "demo", 1, "a"),
		}, []string{`content/two/course.yaml:1: course slug "demo" is already used by content/one/course.yaml`}},
		{"problems in two files are all reported", fstest.MapFS{
			"demo/course.yaml": demoCourse,
			"demo/a.md":        {Data: []byte("no front matter")},
			"demo/b.md":        {Data: []byte("---\n---\n")},
		}, []string{
			`content/demo/a.md:1: a lesson file must start with front matter: a line "---", the fields, and a closing "---" line`,
			`content/demo/b.md:2: front matter must be a mapping of fields (key: value)`,
			`content/demo/b.md:3: the lesson has no content after the front matter`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Load(tt.fsys, "content")
			if err == nil {
				t.Fatal("Load succeeded, want problems")
			}
			var got []string
			for _, p := range err.(Problems) {
				got = append(got, p.String())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}
