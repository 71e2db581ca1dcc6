package web_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/web/auth"
)

const (
	editor3  = "/author/courses/serving-incidents/lessons/work-a-serving-incident"
	newTitle = "Plan capacity before the incident"
)

// editorValues reads the lesson editor's form as the page fills it.
func editorValues(t *testing.T, p page) url.Values {
	t.Helper()
	form := p.doc.Find(`main form[hx-post$="/preview"]`)
	if form.Length() != 1 {
		t.Fatalf("no lesson editor form (status %d)", p.status)
	}
	v := url.Values{}
	for _, name := range []string{"base", "title", "goal", "minutes"} {
		v.Set(name, form.Find(`[name="`+name+`"]`).AttrOr("value", ""))
	}
	v.Set("body", form.Find(`textarea[name="body"]`).Text())
	return v
}

// rowTexts is each table row's cells joined with " | ".
func rowTexts(rows *goquery.Selection) []string {
	var out []string
	rows.Each(func(_ int, r *goquery.Selection) { out = append(out, strings.Join(texts(r.Find("th, td")), " | ")) })
	return out
}

// errorBeside is the message shown beside the control with this id,
// checking that the control points at it and is marked invalid.
func errorBeside(t *testing.T, p page, id string) string {
	t.Helper()
	in := p.doc.Find("#" + id)
	msg := strings.Join(texts(p.doc.Find("#"+id+"-error p")), "\n")
	if msg != "" && (in.AttrOr("aria-invalid", "") != "true" || !strings.Contains(in.AttrOr("aria-describedby", ""), id+"-error")) {
		t.Errorf("#%s has an error but aria-invalid=%q aria-describedby=%q", id, in.AttrOr("aria-invalid", ""), in.AttrOr("aria-describedby", ""))
	}
	return strings.ReplaceAll(msg, "Error: ", "")
}

// withCRLF is a form as a browser sends it: textareas use CRLF.
func withCRLF(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = slices.Clone(vs)
	}
	out.Set("body", strings.ReplaceAll(v.Get("body"), "\n", "\r\n"))
	return out
}

func TestInstructorWritesAndPublishesALesson(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor, "Lea": auth.Learner})
	ines, lea := as["Ines"], as["Lea"]

	if got := texts(ines.get("/").doc.Find(`header nav a[href="/author"]`)); !slices.Equal(got, []string{"Author"}) {
		t.Errorf("instructor's header Author link = %q", got)
	}
	if n := lea.get("/").doc.Find(`header nav a[href="/author"]`).Length(); n != 0 {
		t.Error("a learner's header links to the author area")
	}

	// A new course: refused forms keep the text, each problem beside its field.
	for _, tc := range []struct {
		name       string
		form       url.Values
		wantErrors map[string]string
	}{
		{"bad slug, no title", url.Values{"slug": {"Capacity Planning"}, "title": {""}, "summary": {"Size pools."}},
			map[string]string{"slug": "lowercase letters", "title": "Title is empty"}},
		{"taken slug", url.Values{"slug": {"serving-incidents"}, "title": {"Again"}, "summary": {"Twice."}},
			map[string]string{"slug": "already exists"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := ines.post("/author/courses", tc.form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", p.status)
			}
			checkLabels(t, p)
			for field, want := range tc.wantErrors {
				if got := fieldError(t, p, field); !strings.Contains(got, want) {
					t.Errorf("%s error = %q, want %q", field, got, want)
				}
			}
			if got := p.doc.Find(`[name="slug"]`).AttrOr("value", ""); got != tc.form.Get("slug") {
				t.Errorf("slug kept as %q", got)
			}
		})
	}
	p := ines.post("/author/courses", url.Values{"slug": {"capacity"}, "title": {"Capacity planning"}, "summary": {"Size serving pools before they fill."}})
	if p.status != http.StatusSeeOther || p.header.Get("Location") != "/author/courses/capacity" {
		t.Fatalf("creating a course: status %d, Location %q", p.status, p.header.Get("Location"))
	}

	// A new lesson: minutes must be a number; then it is a draft.
	lessonForm := url.Values{"title": {newTitle}, "slug": {"plan-capacity"}, "goal": {"Size a pool for its peak."}, "minutes": {"ten"},
		"body": {"## Headroom\r\n\r\nKeep FIRST-DRAFT-TEXT headroom.\r\n"}}
	p = ines.post("/author/courses/capacity/lessons", lessonForm)
	if p.status != http.StatusUnprocessableEntity || !strings.Contains(fieldError(t, p, "minutes"), "whole number") {
		t.Fatalf("minutes 'ten': status %d, error %q", p.status, fieldError(t, p, "minutes"))
	}
	if got := p.doc.Find(`textarea[name="body"]`).Text(); !strings.Contains(got, "FIRST-DRAFT-TEXT") {
		t.Errorf("starting text not kept: %q", got)
	}
	lessonForm.Set("minutes", "15")
	editor := "/author/courses/capacity/lessons/plan-capacity"
	if p = ines.post("/author/courses/capacity/lessons", lessonForm); p.status != http.StatusSeeOther || p.header.Get("Location") != editor {
		t.Fatalf("creating a lesson: status %d, Location %q", p.status, p.header.Get("Location"))
	}
	learnerLesson := "/courses/capacity/plan-capacity"
	checkLearner := func(step string, wantStatus int, want, notWant string) {
		t.Helper()
		p := lea.get(learnerLesson)
		if p.status != wantStatus || (want != "" && !strings.Contains(p.body, want)) || (notWant != "" && strings.Contains(p.body, notWant)) {
			t.Errorf("%s: learner gets %d, want %d with %q and without %q", step, p.status, wantStatus, want, notWant)
		}
	}
	checkLearner("a new draft", http.StatusNotFound, "", "")
	if strings.Contains(lea.get("/").body, "Capacity planning") {
		t.Error("a course with no published lesson is on the learner's home page")
	}
	home := ines.get("/author")
	if got := texts(home.doc.Find(`[data-testid="author-lesson"]`)); !slices.ContainsFunc(got, func(s string) bool {
		return strings.Contains(s, newTitle) && strings.Contains(s, "Never published")
	}) {
		t.Errorf("author home lessons = %q, want %q never published", got, newTitle)
	}

	// Edit and save: a second draft, still unpublished.
	p = ines.get(editor)
	checkLabels(t, p)
	form := editorValues(t, p)
	if form.Get("base") != "1" || !strings.HasPrefix(form.Get("body"), "\n## Headroom") {
		t.Fatalf("editor opened base %q body %q", form.Get("base"), form.Get("body"))
	}
	form.Set("body", strings.Replace(form.Get("body"), "FIRST-DRAFT-TEXT", "SECOND-DRAFT-TEXT", 1))
	if p = ines.post(editor, withCRLF(form)); p.status != http.StatusSeeOther || p.header.Get("Location") != editor+"?saved=2" {
		t.Fatalf("saving: status %d, Location %q", p.status, p.header.Get("Location"))
	}
	checkLearner("after saving a draft", http.StatusNotFound, "", "")
	p = ines.get(editor + "?saved=2")
	if got := p.doc.Find(`[data-testid="notice"]`).Text(); !strings.Contains(got, "Saved draft revision 2") {
		t.Errorf("notice = %q", got)
	}
	if got := editorValues(t, p).Get("body"); strings.Contains(got, "\r") || !strings.Contains(got, "SECOND-DRAFT-TEXT") {
		t.Errorf("saved body = %q", got)
	}

	// Publish: learners see it.
	if p = ines.post(editor+"/publish", url.Values{"number": {"2"}}); p.status != http.StatusSeeOther {
		t.Fatalf("publishing: status %d", p.status)
	}
	checkLearner("after publishing r2", http.StatusOK, "SECOND-DRAFT-TEXT", "")
	if !strings.Contains(lea.get("/").body, "Capacity planning") {
		t.Error("the course is not on the home page once a lesson is published")
	}

	// A third draft leaves learners on revision 2 until it is published.
	form = editorValues(t, ines.get(editor))
	form.Set("body", strings.Replace(form.Get("body"), "SECOND-DRAFT-TEXT", "THIRD-DRAFT-TEXT", 1))
	ines.post(editor, form)
	checkLearner("after saving r3", http.StatusOK, "SECOND-DRAFT-TEXT", "THIRD-DRAFT-TEXT")
	if got := texts(ines.get("/author").doc.Find(`[data-testid="publish-status"]`)); !slices.Contains(got, "Published r2 · Draft r3 — not published yet") {
		t.Errorf("statuses = %q", got)
	}
	ines.post(editor+"/publish", url.Values{"number": {"3"}})
	checkLearner("after publishing r3", http.StatusOK, "THIRD-DRAFT-TEXT", "SECOND-DRAFT-TEXT")

	// History: every revision with its author, and the change log.
	h := ines.get(editor + "/history")
	revs := texts(h.doc.Find(`[data-testid="revision"]`))
	if len(revs) != 3 || !strings.HasPrefix(revs[0], "Revision 3") || !strings.Contains(revs[0], "Ines") || !strings.Contains(revs[0], "learners see this one") {
		t.Errorf("revisions = %q", revs)
	}
	audit := rowTexts(h.doc.Find(`[data-testid="audit-entry"]`))
	for _, want := range []string{"Ines | published | r3", "Ines | draft saved | r3 | prose", "Ines | lesson created | r1"} {
		if !slices.ContainsFunc(audit, func(s string) bool { return strings.Contains(s, want) }) {
			t.Errorf("audit has no %q: %q", want, audit)
		}
	}
	r := ines.get(editor + "/revisions/3")
	if !strings.Contains(r.doc.Find(`[data-testid="revision-source"]`).Text(), "THIRD-DRAFT-TEXT") {
		t.Error("revision 3's file is not shown")
	}
	if got := r.doc.Find(`[data-testid="diff"] tr[data-op="Added"]`).Text(); !strings.Contains(got, "THIRD-DRAFT-TEXT") {
		t.Errorf("revision 3's added lines = %q", got)
	}
	if got := r.doc.Find(`[data-testid="diff"] tr[data-op="Removed"]`).Text(); !strings.Contains(got, "SECOND-DRAFT-TEXT") {
		t.Errorf("revision 3's removed lines = %q", got)
	}
}

// TestCourseDetailsAndAudit: editing a course's title is refused when
// empty, saved otherwise, and logged with who did it.
func TestCourseDetailsAndAudit(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor})
	ines := as["Ines"]
	const course = "/author/courses/serving-incidents"
	p := ines.post(course, url.Values{"title": {""}, "summary": {"KEPT-SUMMARY"}})
	if got := errorBeside(t, p, "details_title"); p.status != http.StatusUnprocessableEntity || got != "Title is empty" {
		t.Fatalf("empty title: status %d, error %q", p.status, got)
	}
	if !strings.Contains(p.doc.Find(`#details_summary`).Text(), "KEPT-SUMMARY") {
		t.Error("summary not kept")
	}
	if p = ines.post(course, url.Values{"title": {"Serving incidents, diagnosed"}, "summary": {"New summary."}}); p.status != http.StatusSeeOther {
		t.Fatalf("saving: status %d", p.status)
	}
	p = ines.get(course + "?saved=1")
	if got := p.doc.Find("h1").Text(); got != "Serving incidents, diagnosed" {
		t.Errorf("title = %q", got)
	}
	if audit := rowTexts(p.doc.Find(`[data-testid="audit-entry"]`)); len(audit) == 0 || !strings.Contains(audit[0], "Ines | course edited |") || !strings.Contains(audit[0], "title, summary") {
		t.Errorf("audit = %q", audit)
	}
	if got := len(p.doc.Find(`[data-testid="author-lesson"]`).Nodes); got != 4 {
		t.Errorf("%d lessons listed, want 4", got)
	}
}
