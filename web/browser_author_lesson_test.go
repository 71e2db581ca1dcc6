package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestAuthoringInBrowser: an instructor writes a course and a lesson by
// label and button text alone, the preview follows their typing, and
// every page, refusals included, passes the accessibility audit.
func TestAuthoringInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor})
	createAccount(t, s, "Ines", auth.Instructor)

	b.signIn(s, "ines@example.com", link("Author"))
	b.do(chromedp.Click(link("Author")))
	b.waitFor(h1("Author"))
	b.do(auditAccessibility(t, "author home"), chromedp.Click(link("New course")))
	b.waitFor(h1("New course"))
	b.do(chromedp.Click(button("Create course")))
	b.waitFor(`//*[@data-testid='error-summary']`)
	b.do(auditAccessibility(t, "new course with errors"),
		typeIn(byLabel("Address"), "capacity"),
		typeIn(byLabel("Title"), "Capacity planning"),
		typeIn(byLabel("Summary"), "Size serving pools before they fill."),
		chromedp.Click(button("Create course")))
	b.waitFor(h1("Capacity planning"))
	b.do(auditAccessibility(t, "author course page"),
		typeIn(byLabel("Title"), "Plan for the peak"),
		typeIn(byLabel("Address"), "plan-for-the-peak"),
		typeIn(byLabel("Goal"), "Size a pool for its busiest hour."),
		typeIn(byLabel("Minutes"), "15"),
		chromedp.Click(button("Create lesson")))
	b.waitFor(h1("Edit lesson: Plan for the peak"))
	b.do(auditAccessibility(t, "lesson editor"))

	// Typing refreshes the preview after a pause (htmx).
	b.do(chromedp.SendKeys(byLabel("Lesson text (Markdown)"), "TYPED-IN-THE-EDITOR "))
	b.waitFor(`//*[@data-testid='preview']//p[contains(., 'TYPED-IN-THE-EDITOR')]`)
	b.do(chromedp.Click(button("Save draft")))
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Saved draft revision 2')]`)
	b.do(auditAccessibility(t, "lesson editor after saving"), chromedp.Click(button("Publish revision 2")))
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Published revision 2')]`)

	// An empty title is refused beside the field.
	b.do(chromedp.Clear(byLabel("Title")), chromedp.Click(button("Save draft")))
	b.waitFor(`//*[@id='author_title-error']`)
	b.do(auditAccessibility(t, "lesson editor with an error"))

	// Ivan saves first: Ines's save is refused with the difference shown.
	editor := "/author/courses/capacity/lessons/plan-for-the-peak"
	ivan := as["Ivan"]
	form := editorValues(t, ivan.get(editor))
	form.Set("body", form.Get("body")+"\nIVANS-LINE\n")
	if p := ivan.post(editor, form); p.status != 303 {
		t.Fatalf("Ivan saving: status %d", p.status)
	}
	b.do(typeIn(byLabel("Title"), "Plan for the peak"), chromedp.Click(button("Save draft")))
	b.waitFor(`//*[@data-testid='stale']`)
	b.do(auditAccessibility(t, "lesson editor after a conflict"))
	b.do(chromedp.Click(button("Save my version as revision 4")))
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Saved draft revision 4')]`)

	b.do(chromedp.Click(link("History: every revision and change")))
	b.waitFor(h1("History: Plan for the peak"))
	b.do(auditAccessibility(t, "lesson history"), chromedp.Click(link("Revision 3")))
	b.waitFor(`//*[@data-testid='revision-source']`)
	b.do(auditAccessibility(t, "a revision"))
	if got := b.text(`//*[@data-testid='diff']`); !strings.Contains(got, "IVANS-LINE") {
		t.Errorf("revision 3's changes = %q", got)
	}

	// The shipped lesson, every kind of block in its preview.
	b.do(chromedp.Navigate(s.URL + editor3))
	b.waitFor(`//*[@data-testid='preview']//*[@data-testid='exercise']`)
	b.do(auditAccessibility(t, "lesson editor of the shipped lesson 3"))
}
