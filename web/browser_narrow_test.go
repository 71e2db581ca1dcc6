package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestNarrowScreensInBrowser: at 390 px (a phone) the main pages of
// learners and staff do not scroll sideways, and the navigation folds
// behind a Menu button that opens with Enter, is walked with Tab and
// closes with Escape, saying whether it is open (aria-expanded). Wide
// tables scroll in a focusable, named box that says so.
func TestNarrowScreensInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	admin := createAccount(t, s, "Ada", auth.Admin)
	response := s.scoredAnswer(t, admin.ID, lesson3Probe, "Restart every replica.", autoScore("Restart every replica.", 0.4, []int{0, 0, 0, 0}))
	b.signIn(s, "ada@example.com", dashboard)
	b.do(chromedp.EmulateViewport(390, 844))

	const authorLesson = "/author/courses/serving-incidents/lessons/" + lesson3Slug
	pages := []string{
		"/", "/courses/serving-incidents", lesson3, "/me", "/review", "/practice", practiceProbe, "/mock", "/account",
		"/review/queue", "/review/agreement", fmt.Sprintf("/review/%d", response),
		"/author", "/author/format", "/author/courses/serving-incidents", authorLesson, authorLesson + "/history",
		authorLesson + "/blocks/" + lesson3Probe, "/admin/users", "/admin/jobs",
	}
	for _, path := range pages {
		b.do(chromedp.Navigate(s.URL + path))
		b.waitFor(`//h1`)
		sizes, err := chromedp.Run(b.ctx, chromedp.Evaluate[[2]int](`[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]`))
		if err != nil {
			t.Fatal(err)
		}
		if sizes[0] > sizes[1] {
			wide, _ := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > document.scrollingElement.clientWidth + 1 && !e.closest(".table-wrap, textarea, pre")).slice(0, 5).map(e => e.tagName + "." + e.className + "#" + e.id)`))
			t.Errorf("%s at 390 px: %d px wide in a %d px window: %v", path, sizes[0], sizes[1], wide)
		}
	}

	// Every wide table is in a box that scrolls, can be focused and is
	// named; the one on this page is wider than the screen and says so.
	b.do(chromedp.Navigate(s.URL + "/admin/users"))
	b.waitFor(`//h1`)
	bad, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("table")].filter(t => {
		const w = t.closest(".table-wrap");
		return !w || w.tabIndex !== 0 || !(w.getAttribute("aria-label") || w.getAttribute("aria-labelledby")) || getComputedStyle(w).overflowX !== "auto";
	}).map(t => t.outerHTML.slice(0, 80))`))
	if err != nil || len(bad) > 0 {
		t.Errorf("tables outside a focusable, named scrolling box: %v (%v)", bad, err)
	}
	cue, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`(w => w && w.classList.contains("scrolls") ? getComputedStyle(w, "::before").content : "")(document.querySelector(".table-wrap"))`))
	if err != nil || !strings.Contains(cue, "Scroll sideways") {
		t.Errorf("the users table at 390 px shows %q (%v), want it to say it scrolls", cue, err)
	}

	// The menu.
	menu := button("Menu")
	expanded := func() string {
		t.Helper()
		v, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.querySelector(".menu-button").getAttribute("aria-expanded")`))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	visible := func(sel string) bool {
		t.Helper()
		v, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`(e => !!e && e.getClientRects().length > 0)(document.evaluate(`+fmt.Sprintf("%q", sel)+`, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue)`))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	courses := `//nav//a[normalize-space(.)='Courses']`
	if !visible(menu) || expanded() != "false" || visible(courses) {
		t.Fatalf("at 390 px: Menu visible %v, aria-expanded %q, links visible %v; want the links folded behind Menu", visible(menu), expanded(), visible(courses))
	}
	b.do(chromedp.Focus(menu), chromedp.KeyEvent(kb.Enter))
	if expanded() != "true" || !visible(courses) {
		t.Fatalf("Enter on Menu: aria-expanded %q, links visible %v; want it open", expanded(), visible(courses))
	}
	b.do(chromedp.KeyEvent(kb.Tab))
	if got := b.activeText(); got != "Courses" {
		t.Errorf("Tab from the open menu went to %q, want its first link", got)
	}
	b.do(chromedp.KeyEvent(kb.Escape))
	if expanded() != "false" || visible(courses) || b.activeText() != "Menu" {
		t.Errorf("Escape: aria-expanded %q, links visible %v, focus on %q; want it closed and focus on Menu", expanded(), visible(courses), b.activeText())
	}
	b.do(auditAccessibility(t, "admin page with the menu at 390 px"))

	// Wide again, the links are there and Menu is not.
	b.do(chromedp.EmulateViewport(1280, 1000))
	if visible(menu) || !visible(courses) {
		t.Errorf("at 1280 px: Menu visible %v, links visible %v; want the links and no Menu", visible(menu), visible(courses))
	}
}

// activeText is the text of the focused element.
func (b *browserTab) activeText() string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.activeElement ? document.activeElement.textContent.trim() : ""`))
	if err != nil {
		b.t.Fatal(err)
	}
	return s
}
