package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

// revisionCount is how many revisions lesson 3 has in the database.
func revisionCount(t *testing.T, s *site) int {
	t.Helper()
	revs, err := s.catalog.Revisions(t.Context(), "serving-incidents", "work-a-serving-incident")
	if err != nil {
		t.Fatal(err)
	}
	return len(revs)
}

// TestEditorRefusesBadText: each problem the parser finds is shown beside
// its field with the author's text kept, and nothing is saved.
func TestEditorRefusesBadText(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor})
	ines := as["Ines"]
	opened := editorValues(t, ines.get(editor3))
	for _, tc := range []struct {
		name       string
		edit       func(url.Values)
		field, id  string
		want       string
		keptInBody string
	}{
		{
			name: "a level-1 heading in the body",
			edit: func(v url.Values) { v.Set("body", "\nKEPT-INTRO\n\n# Not allowed\n"+v.Get("body")) },
			id:   "author_body", want: "Line 4 of the body: a level-1 heading (#) is not allowed", keptInBody: "KEPT-INTRO",
		},
		{
			name: "an empty title",
			edit: func(v url.Values) { v.Set("title", " "); v.Set("body", "\nKEPT-BODY"+v.Get("body")) },
			id:   "author_title", want: "Title is empty", keptInBody: "KEPT-BODY",
		},
		{
			name: "minutes out of range",
			edit: func(v url.Values) { v.Set("minutes", "999") },
			id:   "author_minutes", want: "Minutes must be a whole number from 1 to 240",
		},
		{
			name: "minutes not a number",
			edit: func(v url.Values) { v.Set("minutes", "half an hour") },
			id:   "author_minutes", want: "Minutes must be a whole number from 1 to 240, such as 25.",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			form := url.Values{}
			for k, v := range opened {
				form[k] = append([]string(nil), v...)
			}
			tc.edit(form)
			for _, action := range []string{"", "/preview"} {
				p := ines.post(editor3+action, withCRLF(form))
				if p.status != http.StatusUnprocessableEntity {
					t.Fatalf("POST %s: status %d, want 422", action, p.status)
				}
				if got := errorBeside(t, p, tc.id); !strings.Contains(got, tc.want) {
					t.Errorf("POST %s: error beside %s = %q, want %q", action, tc.id, got, tc.want)
				}
				got := editorValues(t, p)
				if got.Get("body") != form.Get("body") || got.Get("minutes") != form.Get("minutes") || got.Get("base") != "1" {
					t.Errorf("POST %s: the author's text was not kept: base %q minutes %q", action, got.Get("base"), got.Get("minutes"))
				}
				if p.doc.Find(`[data-testid="error-summary"] li`).Length() == 0 {
					t.Errorf("POST %s: no error summary", action)
				}
			}
			if n := revisionCount(t, s); n != 1 {
				t.Errorf("%d revisions, want 1: nothing saved", n)
			}
		})
	}
}

// TestStaleSaveShowsTheNewerRevision: two instructors open revision 1;
// the second to save is told who saved first, sees the difference, keeps
// their text, and can save it over the newer revision.
func TestStaleSaveShowsTheNewerRevision(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor, "Ivan": auth.Instructor})
	ines, ivan := as["Ines"], as["Ivan"]
	mine, theirs := editorValues(t, ines.get(editor3)), editorValues(t, ivan.get(editor3))

	theirs.Set("body", strings.Replace(theirs.Get("body"), "\n## ", "\nIVANS-PARAGRAPH\n\n## ", 1))
	if p := ivan.post(editor3, theirs); p.status != http.StatusSeeOther {
		t.Fatalf("Ivan saving: status %d", p.status)
	}
	mine.Set("body", mine.Get("body")+"\nINES-CLOSING-LINE\n")
	p := ines.post(editor3, withCRLF(mine))
	if p.status != http.StatusConflict {
		t.Fatalf("Ines saving over revision 2: status %d, want 409", p.status)
	}
	stale := p.doc.Find(`[data-testid="stale"]`)
	if msg := strings.Join(strings.Fields(stale.Text()), " "); !strings.Contains(msg, "Revision 2 was saved by Ivan at") || !strings.Contains(msg, "after you opened revision 1") {
		t.Errorf("stale message = %q", msg)
	}
	if got := stale.Find(`a[href$="/revisions/2"]`).Text(); got != "Open revision 2 in a new tab" {
		t.Errorf("link to revision 2 = %q", got)
	}
	if got := stale.Find(`tr[data-op="Added"] .diff-text`).Text(); !strings.Contains(got, "INES-CLOSING-LINE") {
		t.Errorf("added lines = %q, want Ines's line", got)
	}
	if got := stale.Find(`tr[data-op="Removed"] .diff-text`).Text(); !strings.Contains(got, "IVANS-PARAGRAPH") {
		t.Errorf("removed lines = %q, want Ivan's paragraph", got)
	}
	if got := stale.Find(`[data-testid="diff-gap"]`).First().Text(); !strings.Contains(got, "unchanged lines") {
		t.Errorf("gap marker = %q", got)
	}
	kept := editorValues(t, p)
	if kept.Get("body") != mine.Get("body") || kept.Get("base") != "1" {
		t.Errorf("Ines's text not kept (base %q)", kept.Get("base"))
	}
	if n := revisionCount(t, s); n != 2 {
		t.Errorf("%d revisions after the refused save, want 2", n)
	}

	// Ines decides her version wins.
	over := p.doc.Find(`button[name="save_over"]`)
	if strings.TrimSpace(over.Text()) != "Save my version as revision 3" || over.AttrOr("value", "") != "2" {
		t.Fatalf("save-over button = %q value %q", over.Text(), over.AttrOr("value", ""))
	}
	mine.Set("save_over", "2")
	if p = ines.post(editor3, withCRLF(mine)); p.status != http.StatusSeeOther || !strings.HasSuffix(p.header.Get("Location"), "?saved=3") {
		t.Fatalf("saving over: status %d, Location %q", p.status, p.header.Get("Location"))
	}

	// Publishing revision 2 now is refused the same way.
	p = ivan.post(editor3+"/publish", url.Values{"number": {"2"}})
	if p.status != http.StatusConflict || !strings.Contains(p.doc.Find(`[data-testid="stale"]`).Text(), "Revision 3 was saved by Ines") {
		t.Errorf("publishing a replaced revision: status %d", p.status)
	}
	if got := p.doc.Find(`[data-testid="stale"] tr[data-op="Added"]`).Text(); !strings.Contains(got, "INES-CLOSING-LINE") {
		t.Errorf("publish conflict diff added = %q", got)
	}
}

// TestPublishBlockedByCalibration: a draft whose calibration example the
// scorer disagrees with saves, says so, and cannot be published.
func TestPublishBlockedByCalibration(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor, "Lea": auth.Learner})
	ines := as["Ines"]
	form := editorValues(t, ines.get(editor3))
	const all = "scores: {result: 1, reasoning: 1, failure_case: 1, verification: 1}"
	form.Set("body", strings.Replace(form.Get("body"), all, "scores: {result: 0, reasoning: 1, failure_case: 1, verification: 1}", 1))
	if p := ines.post(editor3, form); p.status != http.StatusSeeOther {
		t.Fatalf("saving: status %d", p.status)
	}
	p := ines.get(editor3 + "?saved=2")
	cal := p.doc.Find(`[data-testid="calibration"]`)
	if msg := strings.Join(strings.Fields(cal.Text()), " "); !strings.Contains(msg, "Publishing is blocked") ||
		!strings.Contains(msg, "Exercise release-and-traffic, example 1. Result: the example expects 0 points, the scorer gives 1 point.") {
		t.Errorf("calibration after saving = %q", msg)
	}
	p = ines.post(editor3+"/publish", url.Values{"number": {"2"}})
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("publishing: status %d, want 422", p.status)
	}
	if got := p.doc.Find(`[data-testid="calibration"][role="alert"] li`).Length(); got != 1 {
		t.Errorf("%d disagreements listed, want 1", got)
	}
	if p := as["Lea"].get(lesson3); strings.Contains(p.body, "Revision 2") || p.status != http.StatusOK {
		t.Errorf("learner: status %d", p.status)
	}
	if d, err := s.catalog.Draft(t.Context(), "serving-incidents", "work-a-serving-incident"); err != nil || d.Published.Number != 1 {
		t.Errorf("published revision = %v (%v), want 1", d.Published, err)
	}
}

// TestPreviewRendersTheAuthorsText: the preview uses the learner page's
// components; with htmx only the preview and its status come back.
func TestPreviewRendersTheAuthorsText(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor})
	ines := as["Ines"]
	opened := ines.get(editor3)
	if opened.doc.Find(`[data-testid="preview"] [data-testid="exercise"]`).Length() == 0 {
		t.Error("the editor opens without a preview of the lesson")
	}
	checkLabels(t, opened)
	checkUniqueIDs(t, opened)
	form := editorValues(t, opened)
	form.Set("body", "\n## PREVIEWED-SECTION\n\nSome text.\n\n```yaml checkpoint\nkey: one\nquestion: Which?\noptions:\n  - text: A\n    correct: true\n    explanation: Yes.\n  - text: B\n    explanation: No.\n```\n")
	p := ines.post(editor3+"/preview", form)
	if p.status != http.StatusOK {
		t.Fatalf("preview: status %d", p.status)
	}
	preview := p.doc.Find(`[data-testid="preview"]`)
	if preview.Find(`h2#previewed-section`).Length() != 1 || preview.Find(`[data-testid="checkpoint"]`).Length() != 1 {
		t.Errorf("preview = %q", preview.Text())
	}
	if n := preview.Find(`fieldset[disabled] button`).Length(); n != 1 {
		t.Errorf("%d disabled answer buttons, want 1", n)
	}
	checkLabels(t, p)
	checkUniqueIDs(t, p)
	if n := revisionCount(t, s); n != 1 {
		t.Errorf("previewing saved something: %d revisions", n)
	}

	p = ines.post(editor3+"/preview", form, "HX-Request", "true")
	if p.status != http.StatusOK || p.doc.Find("header").Length() != 0 || p.doc.Find(`h2#previewed-section`).Length() != 1 {
		t.Errorf("htmx preview: status %d, header %d", p.status, p.doc.Find("header").Length())
	}
	if got := p.doc.Find(`#author_preview_status[hx-swap-oob]`).Text(); !strings.Contains(got, "Preview of your text") {
		t.Errorf("htmx preview status = %q", got)
	}
	form.Set("body", "\n# Top heading\n")
	p = ines.post(editor3+"/preview", form, "HX-Request", "true")
	if got := p.doc.Find(`[data-testid="preview-problems"] li`).Text(); !strings.Contains(got, "Line 2 of the body: a level-1 heading") {
		t.Errorf("htmx preview problems = %q", got)
	}
}

func checkUniqueIDs(t *testing.T, p page) {
	t.Helper()
	seen := map[string]bool{}
	for _, n := range p.doc.Find("[id]").Nodes {
		for _, a := range n.Attr {
			if a.Key == "id" {
				if seen[a.Val] {
					t.Errorf("id %q is used twice", a.Val)
				}
				seen[a.Val] = true
			}
		}
	}
}
