package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestReviewingInBrowser: an instructor works the queue without help from
// scripts or ids, and every page passes the accessibility audit.
func TestReviewingInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	users, _ := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner})
	const answer = "Compare long-prompt latency on both versions at the same arrival rate.\nThen roll every replica back."
	s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, answer,
		autoScore(answer, 0.42, []int{1, 1, 0, 0}, "Compare long-prompt latency", "same arrival rate"))

	b.signIn(s, "ivan@example.com", link("Review queue"))
	b.do(chromedp.Click(link("Review queue")))
	b.waitFor(`//h1[normalize-space(.)='Review queue']`)
	b.do(auditAccessibility(t, "review queue"))
	if why := b.text(`//*[@data-testid='queue-why']`); why != "Low scorer confidence (0.42)" {
		t.Errorf("why = %q", why)
	}

	b.do(chromedp.Click(`//*[@data-testid='queue-row']//a`))
	b.waitFor(button("Save review"))
	b.do(auditAccessibility(t, "review screen"))

	// Change Result without a note: refused, with the message beside it.
	b.do(chromedp.Click(criterionChoice("Result", "0 points")), chromedp.Click(button("Save review")))
	b.waitFor(`//*[@data-testid='error-summary']`)
	b.do(auditAccessibility(t, "review screen with an error"))
	if msg := b.text(`//*[@id='note_result-error']`); !strings.Contains(msg, "say why in a note") {
		t.Errorf("note error = %q", msg)
	}

	b.do(typeIn(byLabel("Note for Result (required if you change it)"), "Rolling every replica back is not a bounded mitigation."),
		chromedp.Click(button("Save review")))
	b.waitFor(`//*[@data-testid='notice']`)
	if got := b.text(`//*[@data-testid='current-score']`); !strings.Contains(got, "1 of 4, from Ivan's review") {
		t.Errorf("current score = %q", got)
	}

	b.do(chromedp.Navigate(s.URL + "/review/agreement"))
	b.waitFor(`//h1[normalize-space(.)='Scorer agreement']`)
	b.do(auditAccessibility(t, "scorer agreement"))
}
