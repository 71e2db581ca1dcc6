package lessons

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// CourseFiles is one course directory: its course.yaml and lesson files,
// lessons in position order.
type CourseFiles struct {
	Course  Course
	Dir     string
	Lessons []LessonFile
}

// LessonFile is a lesson file with its exact source and its parsed form.
type LessonFile struct {
	Path   string
	Source []byte
	Lesson *Lesson
}

// Load reads every course in fsys: either fsys itself is a course directory
// (it has a course.yaml) or each of its subdirectories with a course.yaml is.
// display prefixes file names in problems, e.g. "lessons/content". Any
// problem in any file makes the whole load fail, listing all of them.
func Load(fsys fs.FS, display string) ([]CourseFiles, error) {
	var ps Problems
	dirs, err := courseDirs(fsys)
	if err != nil {
		return nil, err
	}
	if len(dirs) == 0 {
		ps = append(ps, Problem{File: display, Msg: "no course found: expected a course.yaml here or in a subdirectory"})
	}
	var courses []CourseFiles
	seen := map[string]string{}
	for _, dir := range dirs {
		c := loadCourse(fsys, dir, display, &ps)
		if c == nil {
			continue
		}
		if prev, dup := seen[c.Course.Slug]; dup && c.Course.Slug != "" {
			ps = append(ps, Problem{File: path.Join(display, dir, "course.yaml"), Line: 1, Msg: "course slug " + quote(c.Course.Slug) + " is already used by " + prev})
		}
		seen[c.Course.Slug] = path.Join(display, dir, "course.yaml")
		courses = append(courses, *c)
	}
	if err := ps.Err(); err != nil {
		return nil, err
	}
	return courses, nil
}

func courseDirs(fsys fs.FS) ([]string, error) {
	if _, err := fs.Stat(fsys, "course.yaml"); err == nil {
		return []string{"."}, nil
	}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := fs.Stat(fsys, path.Join(e.Name(), "course.yaml")); err == nil {
			dirs = append(dirs, e.Name())
		}
	}
	return dirs, nil
}

func loadCourse(fsys fs.FS, dir, display string, ps *Problems) *CourseFiles {
	yamlPath := path.Join(dir, "course.yaml")
	src, err := fs.ReadFile(fsys, yamlPath)
	if err != nil {
		*ps = append(*ps, Problem{File: path.Join(display, yamlPath), Msg: err.Error()})
		return nil
	}
	c := &CourseFiles{Dir: dir, Course: parseCourse(reporter{file: path.Join(display, yamlPath), problems: ps}, src)}
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		*ps = append(*ps, Problem{File: path.Join(display, dir), Msg: err.Error()})
		return nil
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		p := path.Join(dir, e.Name())
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			*ps = append(*ps, Problem{File: path.Join(display, p), Msg: err.Error()})
			continue
		}
		r := reporter{file: path.Join(display, p), problems: ps}
		l := parseLesson(r, src)
		if l == nil {
			continue
		}
		if l.Course != "" && c.Course.Slug != "" && l.Course != c.Course.Slug {
			r.at(2, "front matter names course %q but this directory's course.yaml is %q", l.Course, c.Course.Slug)
		}
		c.Lessons = append(c.Lessons, LessonFile{Path: path.Join(display, p), Source: src, Lesson: l})
	}
	checkLessonSet(c, ps)
	return c
}

// checkLessonSet requires unique slugs and positions running 1..N, so that
// "Lesson 3 of 4" is always true.
func checkLessonSet(c *CourseFiles, ps *Problems) {
	slices.SortStableFunc(c.Lessons, func(a, b LessonFile) int { return a.Lesson.Position - b.Lesson.Position })
	slugs := map[string]string{}
	positions := map[int]string{}
	for _, lf := range c.Lessons {
		l := lf.Lesson
		if prev, dup := slugs[l.Slug]; dup && l.Slug != "" {
			*ps = append(*ps, Problem{File: lf.Path, Line: 2, Msg: "lesson slug " + quote(l.Slug) + " is already used by " + prev})
		}
		slugs[l.Slug] = lf.Path
		if prev, dup := positions[l.Position]; dup && l.Position != 0 {
			*ps = append(*ps, Problem{File: lf.Path, Line: 2, Msg: "position " + itoa(l.Position) + " is already used by " + prev})
		}
		positions[l.Position] = lf.Path
	}
	for i, lf := range c.Lessons {
		if p := lf.Lesson.Position; p != 0 && p != i+1 && positions[i+1] == "" {
			*ps = append(*ps, Problem{File: lf.Path, Line: 2, Msg: "positions must run 1, 2, 3 … without gaps: no lesson has position " + itoa(i+1)})
			break
		}
	}
}

func parseCourse(r reporter, src []byte) Course {
	src = bytes.TrimPrefix(src, bom)
	if !checkEncoding(r, src) {
		return Course{}
	}
	src = NormalizeNewlines(src)
	if !checkLines(r, src) {
		return Course{}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		r.at(yamlErrorLine(err, 0), "course.yaml is not valid YAML: %s", yamlErrorText(err))
		return Course{}
	}
	var n *yaml.Node
	if len(doc.Content) > 0 {
		n = doc.Content[0]
		if !checkAliases(r, 0, "course.yaml", n) {
			return Course{}
		}
	}
	f := newFields(r, 0, "course.yaml", n)
	c := Course{Slug: f.slug("slug")}
	c.Title, _ = f.str("title", true)
	c.Summary, _ = f.str("summary", true)
	f.done()
	return c
}

// CalibrateAll grades every calibration example in every lesson and lists
// each disagreement; import and import --check refuse content with any.
func CalibrateAll(courses []CourseFiles) error {
	var ps Problems
	for _, c := range courses {
		for _, lf := range c.Lessons {
			ps = append(ps, Calibrate(lf.Path, lf.Lesson).Problems()...)
		}
	}
	return ps.Err()
}

// FindItem returns the exercise or probe at "course/lesson/key".
func FindItem(courses []CourseFiles, address string) (Block, error) {
	b, _, err := FindItemFile(courses, address)
	return b, err
}

// FindItemFile is FindItem with the path of the lesson file that holds
// the item.
func FindItemFile(courses []CourseFiles, address string) (Block, string, error) {
	parts := strings.Split(address, "/")
	if len(parts) != 3 {
		return Block{}, "", fmt.Errorf("%q: address an item as course/lesson/key", address)
	}
	for _, c := range courses {
		if c.Course.Slug != parts[0] {
			continue
		}
		for _, lf := range c.Lessons {
			if lf.Lesson.Slug != parts[1] {
				continue
			}
			b, ok := lf.Lesson.Item(parts[2])
			if !ok || b.ScoringRubric() == nil {
				return Block{}, "", fmt.Errorf("%s has no exercise or probe with key %q", lf.Path, parts[2])
			}
			return b, lf.Path, nil
		}
		return Block{}, "", fmt.Errorf("course %q has no lesson %q", parts[0], parts[1])
	}
	return Block{}, "", fmt.Errorf("no course %q", parts[0])
}

// ParseCourse reads a course.yaml file.
func ParseCourse(name string, src []byte) (Course, error) {
	var ps Problems
	c := parseCourse(reporter{file: name, problems: &ps}, src)
	return c, ps.Err()
}

// CourseYAML writes a course.yaml file in the canonical layout.
func CourseYAML(c Course) []byte {
	out, err := yaml.Marshal(struct {
		Slug    string `yaml:"slug"`
		Title   string `yaml:"title"`
		Summary string `yaml:"summary"`
	}{c.Slug, c.Title, c.Summary})
	if err != nil { // three strings always marshal
		panic(err)
	}
	return out
}

// CheckCourse checks a course's fields as course.yaml would be checked.
func CheckCourse(c Course) error {
	_, err := ParseCourse("course.yaml", CourseYAML(c))
	return err
}
