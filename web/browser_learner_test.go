package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLearnerJourneyInBrowser: a visitor answers two checkpoints on a
// lesson page, one right and one wrong, signs up and is back on the lesson
// with both, signs out and in again, and finds both on the dashboard.
func TestLearnerJourneyInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	cps, _ := s.checkpoints(t)
	right := string(rune('A' + cps[0].Checkpoint.Correct()))
	wrong := string(rune('A' + (cps[1].Checkpoint.Correct()+1)%4))
	result := func(n int) string { return checkpointSection(n) + `//*[@data-testid='checkpoint-result']` }

	b.do(chromedp.Navigate(s.URL+lesson3),
		chromedp.WaitVisible(`//h1[normalize-space(.)='Work a serving incident from observations']`),
		auditAccessibility(t, "lesson page"))

	// One right, one wrong; htmx swaps each checkpoint in place.
	b.do(chooseOption(1, right), chromedp.Click(checkpointSection(1)+button("Check answer")), chromedp.WaitVisible(result(1)))
	verdict1 := b.text(result(1))
	b.do(chooseOption(2, wrong), chromedp.Click(checkpointSection(2)+button("Check answer")), chromedp.WaitVisible(result(2)))
	verdict2 := b.text(result(2))

	// Sign up, back on the lesson with both answers; sign out, and in
	// again from the home page the site signs out to.
	b.do(chromedp.Click(link("Create account")))
	b.waitFor(byLabel("Name"))
	b.do(auditAccessibility(t, "sign-up page"),
		typeIn(byLabel("Name"), "Ada Learner"),
		typeIn(byLabel("Email"), "ada@example.com"),
		typeIn(byLabel("Password"), "correct horse battery"),
		chromedp.Click(button("Create account")))
	b.waitFor(button("Sign out Ada Learner"))
	b.waitFor(result(2))
	b.signOut("Ada Learner")
	b.do(chromedp.Click(link("Sign in")))
	b.waitFor(byLabel("Email"))
	b.do(auditAccessibility(t, "sign-in page"),
		typeIn(byLabel("Email"), "ada@example.com"),
		typeIn(byLabel("Password"), "correct horse battery"),
		chromedp.Click(button("Sign in")))
	b.waitFor(button("Sign out Ada Learner"))
	b.do(chromedp.Click(link("Dashboard")))
	b.waitFor(dashboard)
	b.do(auditAccessibility(t, "dashboard"))
	accuracy := b.text(`//*[@data-testid='accuracy']`)
	missed := b.text(`//*[@data-testid='missed']`)

	if !strings.Contains(verdict1, "Correct.") || !strings.Contains(verdict2, "Not quite.") {
		t.Errorf("verdicts = %q / %q, want Correct. then Not quite.", verdict1, verdict2)
	}
	if !strings.HasPrefix(accuracy, "50% first-attempt accuracy") {
		t.Errorf("dashboard accuracy = %q, want 50%%", accuracy)
	}
	if !strings.Contains(missed, "Checkpoint 2 in Work a serving incident from observations") {
		t.Errorf("missed checkpoints = %q, want checkpoint 2 of lesson 3", missed)
	}
}
