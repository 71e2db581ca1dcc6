package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestRescoreInBrowser: at 390 px an instructor ticks "Re-score existing
// answers" by its label and publishes; the progress shows on the lesson
// editor and the exercise's form, and the admin's job counts; every page
// passes the accessibility audit and none scrolls sideways.
func TestRescoreInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor, "Lea": auth.Learner})
	createAccount(t, s, "Ada", auth.Admin)
	page, err := s.catalog.Lesson(context.Background(), "serving-incidents", "work-a-serving-incident")
	if err != nil {
		t.Fatal(err)
	}
	p := as["Lea"].post(lesson3+"/responses/"+lesson3Exercise,
		url.Values{"revision": {strconv.FormatInt(page.RevisionID, 10)}, "answer": {rescoreAnswer}, "confidence": {"confident"}})
	if p.status != http.StatusSeeOther {
		t.Fatalf("Lea answering: status %d", p.status)
	}
	number := reviseRubricInEditor(t, as["Ines"])

	narrow := func(name string) {
		t.Helper()
		b.do(auditAccessibility(t, name))
		if wide, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); err != nil || wide {
			t.Errorf("%s scrolls sideways at 390 px (err %v)", name, err)
		}
	}
	b.do(chromedp.EmulateViewport(390, 844))
	b.signIn(s, "ines@example.com", link("Author"))
	b.do(chromedp.Navigate(s.URL + editor3))
	b.waitFor(byLabel("Re-score existing answers"))
	narrow("lesson editor offering to re-score")
	b.do(chromedp.Click(byLabel("Re-score existing answers")), chromedp.Click(button("Publish revision "+number)))
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Published revision ` + number + `')]`)
	b.waitFor(`//label[normalize-space(.)='Re-scoring: 0 of 1 answer done']`)
	narrow("lesson editor re-scoring")
	b.do(chromedp.Click(link("Exercise release-and-traffic")))
	b.waitFor(`//h2[normalize-space(.)='Re-scoring existing answers']`)
	narrow("exercise form re-scoring")

	workRescoreJobs(t, s)
	b.do(chromedp.Reload())
	b.waitFor(`//label[normalize-space(.)='Re-scored: 1 answer against revision ` + number + `']`)
	narrow("exercise form re-scored")

	b.signOut("Ines")
	b.signIn(s, "ada@example.com", link("Users"))
	b.openMenu()
	b.do(chromedp.Click(link("Users")))
	b.waitFor(h1("Users"))
	b.do(chromedp.Click(link("Background jobs: how many are waiting, running, done or failed")))
	b.waitFor(h1("Background jobs"))
	b.waitFor(`//tr[@data-testid='jobs-rescore_answers']`)
	narrow("background jobs")
}
