package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestOpeningABlockFormKeepsTheText: the lesson editor's "Add a …" and
// "Edit" buttons save the author's changed text as a draft before opening
// the block form, so typed Markdown is never lost; with nothing changed
// they only open it, and text that can't be saved keeps the editor open.
func TestOpeningABlockFormKeepsTheText(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor})
	ines := as["Ines"]
	p := ines.get(editor3)
	add := p.doc.Find(`button[form="author_editor_form"][name="then"][value="add:checkpoint"]`)
	if strings.TrimSpace(add.Text()) != "Add a checkpoint" || p.doc.Find(`#author_editor_form`).Length() != 1 {
		t.Fatalf("Add a checkpoint button = %q", add.Text())
	}
	if edit := p.doc.Find(`button[form="author_editor_form"][value="edit:first-token-p95"]`); !strings.HasPrefix(strings.TrimSpace(edit.Text()), "Edit") {
		t.Errorf("Edit button for first-token-p95 = %q", edit.Text())
	}
	form := editorValues(t, p)

	// Nothing changed: the form opens, nothing is saved.
	next := ines.post(editor3, withValues(withCRLF(form), "then", "add:probe"))
	if next.status != http.StatusSeeOther || next.header.Get("Location") != editor3+"/blocks/new?kind=probe" {
		t.Fatalf("unchanged: status %d, Location %q", next.status, next.header.Get("Location"))
	}
	if n := revisionCount(t, s); n != 1 {
		t.Fatalf("opening a form with nothing changed saved a revision (%d)", n)
	}

	// Typed text is saved as a draft first; the form says so.
	form.Set("body", form.Get("body")+"\nTYPED-BEFORE-ADDING\n")
	next = ines.post(editor3, withValues(withCRLF(form), "then", "add:checkpoint"))
	if want := editor3 + "/blocks/new?kind=checkpoint&textsaved=2"; next.status != http.StatusSeeOther || next.header.Get("Location") != want {
		t.Fatalf("changed: status %d, Location %q, want %s", next.status, next.header.Get("Location"), want)
	}
	if src, head := draftSource(t, s, lesson3Slug); head != 2 || !strings.Contains(src, "TYPED-BEFORE-ADDING") {
		t.Fatalf("revision %d does not hold the typed text", head)
	}
	blank := ines.get(next.header.Get("Location"))
	if got := blank.doc.Find(`[data-testid="notice"]`).Text(); !strings.Contains(got, "saved as draft revision 2 first") {
		t.Errorf("notice = %q", got)
	}
	if got := blockFormValues(blank).Get("base"); got != "2" {
		t.Errorf("the form starts from revision %s, want 2", got)
	}

	// The same for a block's Edit button.
	form = editorValues(t, ines.get(editor3))
	form.Set("body", form.Get("body")+"\nTYPED-BEFORE-EDITING\n")
	next = ines.post(editor3, withValues(form, "then", "edit:first-token-p95"))
	if want := editor3 + "/blocks/first-token-p95?textsaved=3"; next.header.Get("Location") != want {
		t.Fatalf("Edit: status %d, Location %q, want %s", next.status, next.header.Get("Location"), want)
	}

	// Text that can't be saved stays in the editor, which says why the
	// form did not open and offers it without the changes.
	form = editorValues(t, ines.get(editor3))
	form.Set("body", "\n# Not allowed\n"+form.Get("body"))
	refused := ines.post(editor3, withValues(form, "then", "add:exercise"))
	if refused.status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422", refused.status)
	}
	notOpened := refused.doc.Find(`[data-testid="block-not-opened"]`)
	if href := notOpened.Find("a").AttrOr("href", ""); href != editor3+"/blocks/new?kind=exercise" || !strings.Contains(notOpened.Text(), "Your text was not saved") {
		t.Errorf("notice %q, link %q", notOpened.Text(), href)
	}
	if got := editorValues(t, refused).Get("body"); got != form.Get("body") {
		t.Error("the author's text was not kept")
	}
	if _, unsaved := refused.doc.Find("#author_editor_form").Attr("data-unsaved"); !unsaved {
		t.Error("the refused text is not marked unsaved")
	}
	if n := revisionCount(t, s); n != 3 {
		t.Errorf("%d revisions, want 3", n)
	}
}

// TestFormsWarnBeforeLeaving: the lesson editor, the block forms and
// learners' answer boxes are marked for the warning before leaving with
// unsaved text, and marked unsaved when they show text that was not saved.
func TestFormsWarnBeforeLeaving(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor, "Lee": auth.Learner})
	ines, lee := as["Ines"], as["Lee"]
	marks := func(p page, sel string) (warn, unsaved bool) {
		f := p.doc.Find(sel)
		if f.Length() == 0 {
			t.Fatalf("no %s (status %d)", sel, p.status)
		}
		_, warn = f.Attr("data-warn-unsaved")
		_, unsaved = f.Attr("data-unsaved")
		return warn, unsaved
	}
	answerBox := `form[action$="/responses/release-and-traffic"]`
	revision := lee.get(lesson3).doc.Find(answerBox+` input[name="revision"]`).AttrOr("value", "")
	for _, tc := range []struct {
		name         string
		p            page
		sel          string
		warn, unsave bool
	}{
		{"lesson editor", ines.get(editor3), "#author_editor_form", true, false},
		{"lesson editor, previewed without JavaScript", ines.post(editor3+"/preview", editorValues(t, ines.get(editor3))), "#author_editor_form", true, true},
		{"block form", ines.get(lesson3Author + "/blocks/first-token-p95"), "#block-form", true, false},
		{"block form with another example", ines.post(lesson3Author+"/blocks/first-token-p95",
			withValues(blockFormValues(ines.get(lesson3Author+"/blocks/first-token-p95")), "action", "add-example")), "#block-form", true, true},
		{"answer box", lee.get(lesson3), answerBox, true, false},
		{"answer box, refused", lee.post(lesson3+"/responses/release-and-traffic", url.Values{"answer": {"  "}, "revision": {revision}}),
			answerBox, true, true},
	} {
		warn, unsaved := marks(tc.p, tc.sel)
		if warn != tc.warn || unsaved != tc.unsave {
			t.Errorf("%s: data-warn-unsaved %v, data-unsaved %v; want %v, %v", tc.name, warn, unsaved, tc.warn, tc.unsave)
		}
	}
}
