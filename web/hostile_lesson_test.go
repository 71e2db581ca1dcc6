package web_test

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/auth"
)

const (
	hostileCourseTitle = `<script>alert(1)</script> Hostile "course" '; DROP TABLE courses; --`
	hostileLessonPath  = "/courses/hostile/hostile-lesson"
)

// importHostileCourse adds a course whose lesson (lessons/testdata/
// hostile.md) carries payloads in its front matter, its Markdown and every
// field of every block.
func importHostileCourse(t *testing.T, s *site) *lessons.Lesson {
	t.Helper()
	src, err := os.ReadFile("../lessons/testdata/hostile.md")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{
		"hostile/course.yaml":   {Data: []byte("slug: hostile\ntitle: '" + strings.ReplaceAll(hostileCourseTitle, "'", "''") + "'\nsummary: \"<img src=x onerror=alert(1)> summary\"\n")},
		"hostile/01-hostile.md": {Data: src},
	}
	courses, err := lessons.Load(fsys, "testdata")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.catalog.Import(context.Background(), courses); err != nil {
		t.Fatal(err)
	}
	return courses[0].Lessons[0].Lesson
}

// TestHostileLessonContentRendersInert: a lesson whose every field holds
// markup is imported and shown — before and after answering, which reveals
// model solutions, strong answers and explanations — with nothing live on
// any page, and its plain-text fields shown exactly.
func TestHostileLessonContentRendersInert(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	l := importHostileCourse(t, s)
	_, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner})
	lea := as["Lea"]

	for _, path := range []string{"/", "/courses/hostile", hostileLessonPath, "/practice"} {
		p := s.visitor(t).get(path)
		if p.status != http.StatusOK {
			t.Fatalf("GET %s: status %d", path, p.status)
		}
		checkInert(t, path, p)
	}
	if got := strings.TrimSpace(s.visitor(t).get("/").doc.Find(`main a[href="/courses/hostile"]`).Text()); got != hostileCourseTitle {
		t.Errorf("course title shown as %q, want %q", got, hostileCourseTitle)
	}

	// Answer everything, so the page reveals what it holds back.
	lp, err := s.catalog.Lesson(context.Background(), "hostile", "hostile-lesson")
	if err != nil {
		t.Fatal(err)
	}
	rev := strconv.FormatInt(lp.RevisionID, 10)
	if p := lea.post(hostileLessonPath+"/checkpoints/hostile-checkpoint", url.Values{"revision": {rev}, "option": {"1"}}); p.status != http.StatusSeeOther {
		t.Fatalf("answering the checkpoint: status %d", p.status)
	}
	for _, key := range []string{"hostile-exercise", "hostile-probe", "hostile-explain"} {
		if p := lea.post(hostileLessonPath+"/responses/"+key, answerForm(rev, "My answer <script>alert(1)</script>")); p.status != http.StatusSeeOther {
			t.Fatalf("answering %s: status %d", key, p.status)
		}
	}
	// … and ask for the answers it opens only on request.
	for _, key := range []string{"hostile-checkpoint", "hostile-exercise", "hostile-probe"} {
		if p := lea.post(hostileLessonPath+"/reveals/"+key, url.Values{"revision": {rev}}); p.status != http.StatusSeeOther {
			t.Fatalf("revealing %s: status %d", key, p.status)
		}
	}
	p := lea.get(hostileLessonPath)
	checkInert(t, "answered lesson", p)
	for _, reveal := range []string{`[data-testid="model-solution"]`, `[data-testid="strong-answer"]`, `[data-testid="checkpoint-result"] .explanation`} {
		if p.doc.Find(reveal).Length() == 0 {
			t.Errorf("nothing matches %s: the revealed content went unchecked", reveal)
		}
	}
	for _, tt := range []struct{ what, sel, want string }{
		{"title", "main h1", l.Title},
		{"goal", `[data-testid="lesson-goal"]`, l.Goal},
		{"trace", `[data-testid="trace"] pre`, l.Blocks[1].Trace.Text},
		{"trace caption", `[data-testid="trace"] figcaption`, l.Blocks[1].Trace.Caption},
		{"source", `[data-testid="sources"] li a`, "<script>alert(1)</script> source"},
		{"inline code", ".lesson-body p code", "<script>alert(1)</script>"},
	} {
		if got := p.doc.Find(tt.sel).First().Text(); got != tt.want {
			t.Errorf("%s shown as %q, want %q", tt.what, got, tt.want)
		}
	}
	if got := p.doc.Find(`[data-testid="sources"] li a`).AttrOr("href", ""); got != `https://example.com/a?q="><script>alert(1)</script>` {
		t.Errorf("source link = %q, want the URL exactly", got)
	}

	// An instructor's review screen shows the item's prompt and rubric.
	var id int64
	if err := s.pool.QueryRow(context.Background(), `SELECT id FROM responses WHERE item_key = 'hostile-exercise'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{reviewPath(id), "/review/queue", "/me"} {
		v := as["Ivan"]
		if path == "/me" {
			v = lea
		}
		checkInert(t, path, v.get(path))
	}
}
