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
	ctx := browser(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor})
	createAccount(t, s, "Ines", auth.Instructor)
	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatal(err)
		}
	}
	h1 := func(text string) string { return `//h1[normalize-space(.)='` + text + `']` }

	do(chromedp.Navigate(s.URL + "/signin"))
	waitForPage(t, ctx, byLabel("Email"))
	do(chromedp.SendKeys(byLabel("Email"), "ines@example.com"),
		chromedp.SendKeys(byLabel("Password"), password),
		chromedp.Click(button("Sign in")))
	waitForPage(t, ctx, link("Author"))
	do(chromedp.Click(link("Author")))
	waitForPage(t, ctx, h1("Author"))
	do(auditAccessibility(t, "author home"), chromedp.Click(link("New course")))
	waitForPage(t, ctx, h1("New course"))
	do(chromedp.Click(button("Create course")))
	waitForPage(t, ctx, `//*[@data-testid='error-summary']`)
	do(auditAccessibility(t, "new course with errors"),
		chromedp.SendKeys(byLabel("Address"), "capacity"),
		chromedp.SendKeys(byLabel("Title"), "Capacity planning"),
		chromedp.SendKeys(byLabel("Summary"), "Size serving pools before they fill."),
		chromedp.Click(button("Create course")))
	waitForPage(t, ctx, h1("Capacity planning"))
	do(auditAccessibility(t, "author course page"),
		chromedp.SendKeys(byLabel("Title"), "Plan for the peak"),
		chromedp.SendKeys(byLabel("Address"), "plan-for-the-peak"),
		chromedp.SendKeys(byLabel("Goal"), "Size a pool for its busiest hour."),
		chromedp.SendKeys(byLabel("Minutes"), "15"),
		chromedp.Click(button("Create lesson")))
	waitForPage(t, ctx, h1("Edit lesson: Plan for the peak"))
	do(auditAccessibility(t, "lesson editor"))

	// Typing refreshes the preview after a pause (htmx).
	do(chromedp.SendKeys(byLabel("Lesson text (Markdown)"), "TYPED-IN-THE-EDITOR "))
	waitForPage(t, ctx, `//*[@data-testid='preview']//p[contains(., 'TYPED-IN-THE-EDITOR')]`)
	do(chromedp.Click(button("Save draft")))
	waitForPage(t, ctx, `//*[@data-testid='notice'][contains(., 'Saved draft revision 2')]`)
	do(auditAccessibility(t, "lesson editor after saving"), chromedp.Click(button("Publish revision 2")))
	waitForPage(t, ctx, `//*[@data-testid='notice'][contains(., 'Published revision 2')]`)

	// An empty title is refused beside the field.
	do(chromedp.Clear(byLabel("Title")), chromedp.Click(button("Save draft")))
	waitForPage(t, ctx, `//*[@id='author_title-error']`)
	do(auditAccessibility(t, "lesson editor with an error"))

	// Ivan saves first: Ines's save is refused with the difference shown.
	editor := "/author/courses/capacity/lessons/plan-for-the-peak"
	ivan := as["Ivan"]
	form := editorValues(t, ivan.get(editor))
	form.Set("body", form.Get("body")+"\nIVANS-LINE\n")
	if p := ivan.post(editor, form); p.status != 303 {
		t.Fatalf("Ivan saving: status %d", p.status)
	}
	do(chromedp.SendKeys(byLabel("Title"), "Plan for the peak"), chromedp.Click(button("Save draft")))
	waitForPage(t, ctx, `//*[@data-testid='stale']`)
	do(auditAccessibility(t, "lesson editor after a conflict"))
	do(chromedp.Click(button("Save my version as revision 4")))
	waitForPage(t, ctx, `//*[@data-testid='notice'][contains(., 'Saved draft revision 4')]`)

	do(chromedp.Click(link("History: every revision and change")))
	waitForPage(t, ctx, h1("History: Plan for the peak"))
	do(auditAccessibility(t, "lesson history"), chromedp.Click(link("Revision 3")))
	waitForPage(t, ctx, `//*[@data-testid='revision-source']`)
	do(auditAccessibility(t, "a revision"))
	got, err := chromedp.Run(ctx, chromedp.Text(`//*[@data-testid='diff']`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "IVANS-LINE") {
		t.Errorf("revision 3's changes = %q", got)
	}

	// The shipped lesson, every kind of block in its preview.
	do(chromedp.Navigate(s.URL + editor3))
	waitForPage(t, ctx, `//*[@data-testid='preview']//*[@data-testid='exercise']`)
	do(auditAccessibility(t, "lesson editor of the shipped lesson 3"))
}
