package web_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

// disagreeingDraft saves a draft of lesson 3 whose first release-and-traffic
// example expects no result point, which the scorer gives, and returns the
// line of that example in the editor's text and the draft's number.
func disagreeingDraft(t *testing.T, ines *visitor) (line, revision int) {
	t.Helper()
	form := editorValues(t, ines.get(editor3))
	const all = "scores: {result: 1, reasoning: 1, failure_case: 1, verification: 1}"
	body := strings.Replace(form.Get("body"), all, "scores: {result: 0, reasoning: 1, failure_case: 1, verification: 1}", 1)
	form.Set("body", body)
	p := ines.post(editor3, form)
	if p.status != http.StatusSeeOther {
		t.Fatalf("saving: status %d", p.status)
	}
	// The example starts at the "- answer:" line before its scores.
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		if strings.Contains(l, "scores: {result: 0, reasoning: 1") {
			for j := i; j >= 0; j-- {
				if strings.HasPrefix(strings.TrimSpace(lines[j]), "- answer:") {
					line = j + 1
					break
				}
			}
			break
		}
	}
	n, _ := strconv.Atoi(strings.TrimPrefix(p.header.Get("Location"), editor3+"?saved="))
	return line, n
}

// TestCalibrationProblemsInTheEditor: the editor lists a disagreement with
// the line of its example in the text, as a link that moves the caret, and
// a link to the example in its block's form; Publish is disabled with the
// reason beside it.
func TestCalibrationProblemsInTheEditor(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor})
	ines := as["Ines"]
	line, n := disagreeingDraft(t, ines)

	p := ines.get(editor3)
	checkLabels(t, p)
	checkUniqueIDs(t, p)
	item := p.doc.Find(`[data-testid="calibration"] [data-testid="disagreement"]`)
	if item.Length() != 1 {
		t.Fatalf("%d disagreements listed, want 1", item.Length())
	}
	lineLink := item.Find("a.line-link")
	if got := lineLink.AttrOr("data-line", ""); got != strconv.Itoa(line) || lineLink.Text() != "Line "+strconv.Itoa(line) ||
		lineLink.AttrOr("href", "") != "#author_body" || lineLink.AttrOr("data-for", "") != "author_body" {
		t.Errorf("line link = %q data-line %q, want line %d of the body", lineLink.Text(), got, line)
	}
	if href := item.Find(`a[href*="/blocks/"]`).AttrOr("href", ""); href != editor3+"/blocks/release-and-traffic#example-1" {
		t.Errorf("link to the form = %q", href)
	}
	publish := p.doc.Find(`form[action$="/publish"] button`)
	if _, disabled := publish.Attr("disabled"); !disabled || publish.AttrOr("aria-describedby", "") != "publish_blocked" {
		t.Errorf("Publish button: disabled %v, aria-describedby %q", disabled, publish.AttrOr("aria-describedby", ""))
	}
	if got := strings.Join(strings.Fields(p.doc.Find("#publish_blocked").Text()), " "); !strings.Contains(got,
		"Publishing is blocked: the scorer disagrees with 1 calibration example in revision "+strconv.Itoa(n)) {
		t.Errorf("beside Publish: %q", got)
	}
	// The same disagreement in the preview of the text.
	if got := p.doc.Find(`[data-testid="preview-calibration"] a.line-link`).AttrOr("data-line", ""); got != strconv.Itoa(line) {
		t.Errorf("preview's line link = %q, want %d", got, line)
	}

	// Once the text differs from the revision, its line is not offered.
	form := editorValues(t, p)
	form.Set("body", "\n\nA NEW FIRST PARAGRAPH\n"+form.Get("body"))
	p = ines.post(editor3+"/preview", form)
	if got := p.doc.Find(`[data-testid="calibration"] a.line-link`).Length(); got != 0 {
		t.Errorf("the revision's disagreement links a line of other text (%d links)", got)
	}
	if got := p.doc.Find(`[data-testid="preview-calibration"] a.line-link`).AttrOr("data-line", ""); got != strconv.Itoa(line+3) {
		t.Errorf("the preview's line link = %q, want %d", got, line+3)
	}

	// Problems in the text link their lines too.
	form.Set("body", "\n# Not allowed\n")
	p = ines.post(editor3+"/preview", form)
	if a := p.doc.Find(`#author_body-error a.line-link`); a.AttrOr("data-line", "") != "2" {
		t.Errorf("problem's line link = %q", a.AttrOr("data-line", ""))
	}
}

// TestCalibrationProblemsBesideTheExample: the block form puts each
// disagreement beside its example, describing the example and the
// checkbox of the criterion disagreed on; saving a fix that still
// disagrees comes back to the form, and one that agrees to the editor,
// where Publish is enabled.
func TestCalibrationProblemsBesideTheExample(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor})
	ines := as["Ines"]
	_, n := disagreeingDraft(t, ines)
	const path = editor3 + "/blocks/release-and-traffic"

	p := ines.get(path)
	checkLabels(t, p)
	checkUniqueIDs(t, p)
	ex := p.doc.Find("#example-1")
	if !strings.Contains(ex.AttrOr("aria-describedby", ""), "example-1-calibration") {
		t.Errorf("example 1 aria-describedby = %q", ex.AttrOr("aria-describedby", ""))
	}
	item := ex.Find(`#example-1-calibration-result`)
	if got := strings.Join(strings.Fields(item.Text()), " "); !strings.HasPrefix(got, "Result: the example expects 0 points, the scorer gives 1 point. Awarded: shows") ||
		!strings.Contains(got, "The scorer read: “") {
		t.Errorf("beside example 1: %q", got)
	}
	box := p.doc.Find("#example-1-result")
	if box.AttrOr("aria-describedby", "") != "example-1-calibration-result" || box.AttrOr("aria-invalid", "") != "true" {
		t.Errorf("Earns result checkbox: aria-describedby %q aria-invalid %q", box.AttrOr("aria-describedby", ""), box.AttrOr("aria-invalid", ""))
	}
	if p.doc.Find("#example-2 [data-testid=disagreement]").Length() != 0 || p.doc.Find("#example-1-reasoning[aria-invalid]").Length() != 0 {
		t.Error("criteria and examples that agree are marked")
	}
	if got := p.doc.Find(`[data-testid="calibration"] a[href="#example-1"]`).Text(); got != "Example 1" {
		t.Errorf("summary link = %q", got)
	}

	// A save that still disagrees comes back here.
	values := blockFormValues(p)
	values.Set("example-2-reasoning", "")
	saved := ines.post(path, values)
	if want := path + "?saved=" + strconv.Itoa(n+1); saved.status != http.StatusSeeOther || saved.header.Get("Location") != want {
		t.Fatalf("status %d, Location %q; want 303 to %s", saved.status, saved.header.Get("Location"), want)
	}
	p = ines.get(saved.header.Get("Location"))
	if got := p.doc.Find(`[data-testid="notice"]`).Text(); !strings.Contains(got, "Saved draft revision "+strconv.Itoa(n+1)) {
		t.Errorf("notice = %q", got)
	}
	if p.doc.Find("#example-2-calibration-reasoning").Length() != 1 || p.doc.Find("#example-1-calibration-result").Length() != 1 {
		t.Error("the form does not show both disagreements")
	}

	// Fixing both goes to the editor, where Publish is enabled.
	values = blockFormValues(p)
	values.Set("example-1-result", "1")
	values.Set("example-2-reasoning", "1")
	saved = ines.post(path, values)
	if want := editor3 + "?saved=" + strconv.Itoa(n+2); saved.status != http.StatusSeeOther || saved.header.Get("Location") != want {
		t.Fatalf("status %d, Location %q; want 303 to %s", saved.status, saved.header.Get("Location"), want)
	}
	p = ines.get(saved.header.Get("Location"))
	publish := p.doc.Find(`form[action$="/publish"] button`)
	if _, disabled := publish.Attr("disabled"); disabled || p.doc.Find("#publish_blocked").Length() != 0 {
		t.Errorf("Publish is still blocked: %q", p.doc.Find("#publish_blocked").Text())
	}
}
