package web_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/go-cmp/cmp"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/content"
)

func TestHomeListsCourses(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.get(t, "/")
	if p.status != http.StatusOK {
		t.Fatalf("status %d", p.status)
	}
	if href, _ := p.doc.Find(`a[href="/courses/serving-incidents"]`).Attr("href"); href == "" {
		t.Error("home has no link to the shipped course")
	}
}

func TestCoursePageListsLessonsInOrder(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.get(t, "/courses/serving-incidents")
	if p.status != http.StatusOK {
		t.Fatalf("status %d", p.status)
	}
	var hrefs []string
	p.doc.Find(`[data-testid="lesson-item"] a`).Each(func(_ int, a *goquery.Selection) {
		hrefs = append(hrefs, a.AttrOr("href", ""))
	})
	want := []string{
		"/courses/serving-incidents/read-the-request-timeline",
		"/courses/serving-incidents/separate-release-from-traffic",
		"/courses/serving-incidents/work-a-serving-incident",
		"/courses/serving-incidents/prove-recovery-and-close",
	}
	if diff := cmp.Diff(want, hrefs); diff != "" {
		t.Errorf("lesson links (-want +got):\n%s", diff)
	}
	minutes := texts(p.doc.Find(`[data-testid="lesson-minutes"]`))
	if len(minutes) != 4 || minutes[2] != "25 min" {
		t.Errorf("lesson minutes = %q, want four entries with lesson 3 at 25 min", minutes)
	}
}

func TestLessonPageRendersEveryBlock(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.get(t, "/courses/serving-incidents/work-a-serving-incident")
	if p.status != http.StatusOK {
		t.Fatalf("status %d", p.status)
	}
	doc := p.doc
	if got := texts(doc.Find(`[data-testid="lesson-meta"]`)); len(got) != 1 || got[0] != "Lesson 3 of 4 · 25 min" {
		t.Errorf("lesson meta = %q, want \"Lesson 3 of 4 · 25 min\"", got)
	}
	if got := texts(doc.Find("h1")); len(got) != 1 || got[0] != "Work a serving incident from observations" {
		t.Errorf("h1 = %q", got)
	}

	checkpoints := doc.Find(`[data-testid="checkpoint"]`)
	if checkpoints.Length() != 5 {
		t.Fatalf("%d checkpoints, want 5", checkpoints.Length())
	}
	checkpoints.Each(func(i int, cp *goquery.Selection) {
		fs := cp.Find("form fieldset")
		if strings.TrimSpace(fs.Find("legend").Text()) == "" {
			t.Errorf("checkpoint %d has no legend", i+1)
		}
		radios := fs.Find(`input[type="radio"][name="option"]`)
		if radios.Length() != 4 {
			t.Errorf("checkpoint %d has %d radio inputs, want 4", i+1, radios.Length())
		}
		radios.Each(func(_ int, r *goquery.Selection) {
			id := r.AttrOr("id", "")
			if strings.TrimSpace(doc.Find(`label[for="`+id+`"]`).Text()) == "" {
				t.Errorf("checkpoint %d radio %q has no label", i+1, id)
			}
		})
	})

	table := doc.Find("table")
	if table.Length() == 0 || table.Find("th").Length() < 2 {
		t.Error("the evidence-class notebook table is missing or has no header cells")
	}
	for _, class := range []string{"Observation", "Hypothesis", "Action", "Prediction", "Falsifier", "Recovery check"} {
		if !strings.Contains(table.Text(), class) {
			t.Errorf("the notebook table lacks the %q row", class)
		}
	}
	if !strings.Contains(doc.Find("pre code").Text(), "10:02:05.900") {
		t.Error("the request trace is not in a pre/code block")
	}
	for _, testid := range []string{"exercise", "probe", "explain", "example", "misconception", "sources"} {
		if doc.Find(`[data-testid="`+testid+`"]`).Length() == 0 {
			t.Errorf("no %s block", testid)
		}
	}
	for _, form := range []string{"exercise", "probe", "explain"} {
		ta := doc.Find(`[data-testid="` + form + `"] textarea`)
		if ta.Length() != 1 {
			t.Errorf("%s has %d textareas, want 1", form, ta.Length())
			continue
		}
		if strings.TrimSpace(doc.Find(`label[for="`+ta.AttrOr("id", "")+`"]`).Text()) == "" {
			t.Errorf("the %s textarea has no label", form)
		}
		if doc.Find(`[data-testid="`+form+`"] input[type="radio"][name="confidence"]`).Length() != 3 {
			t.Errorf("%s lacks the three-level confidence rating", form)
		}
	}
}

func TestLessonPageHidesAnswersUntilAnswered(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.get(t, "/courses/serving-incidents/work-a-serving-incident")
	lp, err := s.catalog.Lesson(t.Context(), "serving-incidents", "work-a-serving-incident")
	if err != nil {
		t.Fatal(err)
	}
	ex, _ := lp.Lesson.Item("release-and-traffic")
	pr, _ := lp.Lesson.Item("first-token-p95")
	hidden := map[string]string{
		"model solution": string(ex.Exercise.ModelSolution),
		"strong answer":  string(pr.Probe.StrongAnswer),
		"follow-up":      string(pr.Probe.FollowUp),
	}
	for _, cp := range lp.Lesson.Blocks {
		if cp.Checkpoint != nil {
			hidden["explanation of "+cp.Key] = string(cp.Checkpoint.Options[0].Explanation)
		}
	}
	for what, html := range hidden {
		if strings.Contains(p.body, html) {
			t.Errorf("the page shows the %s before the learner answers", what)
		}
	}
}

func TestLessonHeadingsNeverSkipALevel(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	for _, slug := range []string{"read-the-request-timeline", "separate-release-from-traffic", "work-a-serving-incident", "prove-recovery-and-close"} {
		p := s.get(t, "/courses/serving-incidents/"+slug)
		prev := 0
		p.doc.Find("h1, h2, h3, h4, h5, h6").Each(func(_ int, h *goquery.Selection) {
			level, _ := strconv.Atoi(goquery.NodeName(h)[1:])
			if prev != 0 && level > prev+1 {
				t.Errorf("%s: heading %q is h%d after an h%d", slug, strings.TrimSpace(h.Text()), level, prev)
			}
			prev = level
		})
		ids := map[string]bool{}
		p.doc.Find("[id]").Each(func(_ int, e *goquery.Selection) {
			id := e.AttrOr("id", "")
			if ids[id] {
				t.Errorf("%s: id %q is used twice", slug, id)
			}
			ids[id] = true
		})
	}
}

func TestErrorPages(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	tests := []struct {
		path   string
		status int
	}{
		{"/no-such-page", http.StatusNotFound},
		{"/courses/no-such-course", http.StatusNotFound},
		{"/courses/serving-incidents/no-such-lesson", http.StatusNotFound},
	}
	for _, tt := range tests {
		p := s.get(t, tt.path)
		if p.status != tt.status {
			t.Errorf("GET %s: status %d, want %d", tt.path, p.status, tt.status)
		}
		if p.doc.Find("h1").Length() != 1 || p.doc.Find(`a[href="/"]`).Length() == 0 {
			t.Errorf("GET %s: not a friendly page with a heading and a way home", tt.path)
		}
	}
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	for _, path := range []string{"/", "/courses/serving-incidents/work-a-serving-incident", "/no-such-page"} {
		h := s.get(t, path).header
		csp := h.Get("Content-Security-Policy")
		if csp == "" || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q must exist, forbid unsafe-inline and set frame-ancestors 'none'", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
			t.Errorf("%s: missing nosniff or Referrer-Policy", path)
		}
	}
}

func TestPagesUseNoInlineStyleOrScript(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.get(t, "/courses/serving-incidents/work-a-serving-incident")
	if n := p.doc.Find("[style], style, script:not([src])").Length(); n > 0 {
		t.Errorf("%d inline styles or scripts; the CSP would block them", n)
	}
	css, ok := p.doc.Find(`link[rel="stylesheet"]`).Attr("href")
	if !ok {
		t.Fatal("no stylesheet")
	}
	resp, err := s.Client().Get(s.URL + css)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("stylesheet %s: status %d, Cache-Control %q; want 200 and an immutable cache", css, resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
}

// TestCachedLessonPageFollowsItsCourse: the page a visitor without answers
// sees is cached, and must still change when a neighbouring lesson does.
func TestCachedLessonPageFollowsItsCourse(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	next := func() string {
		return strings.TrimSpace(s.get(t, "/courses/serving-incidents/work-a-serving-incident").doc.Find(".pager-next .pager-title").Text())
	}
	before := next()
	courses, err := lessons.Load(content.FS, "lessons/content")
	if err != nil {
		t.Fatal(err)
	}
	l4 := &courses[0].Lessons[3]
	l4.Source = []byte(strings.Replace(string(l4.Source), "title: "+l4.Lesson.Title, "title: A renamed fourth lesson", 1))
	l4.Lesson.Title = "A renamed fourth lesson"
	if _, err := s.catalog.Import(t.Context(), courses); err != nil {
		t.Fatal(err)
	}
	if got := next(); got != "A renamed fourth lesson" {
		t.Errorf("next-lesson link = %q (was %q), want the new title", got, before)
	}
}
