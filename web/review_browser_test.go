package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// criterionChoice is the "0 points" or "1 point" label in a criterion's
// fieldset on the review screen.
func criterionChoice(legend, choice string) string {
	return fmt.Sprintf(`//fieldset[legend[normalize-space(.)=%q]]//label[normalize-space(.)=%q]`, legend, choice)
}

// TestReviewingInBrowser: an instructor works the queue without help from
// scripts or ids, and every page passes the accessibility audit.
func TestReviewingInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := browser(t)
	users, _ := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner})
	const answer = "Compare long-prompt latency on both versions at the same arrival rate.\nThen roll every replica back."
	s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, answer,
		autoScore(answer, 0.42, []int{1, 1, 0, 0}, "Compare long-prompt latency", "same arrival rate"))
	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatal(err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(sel))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	do(chromedp.Navigate(s.URL + "/signin"))
	waitForPage(t, ctx, byLabel("Email"))
	do(chromedp.SendKeys(byLabel("Email"), "ivan@example.com"),
		chromedp.SendKeys(byLabel("Password"), password),
		chromedp.Click(button("Sign in")))
	waitForPage(t, ctx, link("Review"))
	do(chromedp.Click(link("Review")))
	waitForPage(t, ctx, `//h1[normalize-space(.)='Review queue']`)
	do(auditAccessibility(t, "review queue"))
	if why := text(`//*[@data-testid='queue-why']`); why != "Low scorer confidence (0.42)" {
		t.Errorf("why = %q", why)
	}

	do(chromedp.Click(`//*[@data-testid='queue-row']//a`))
	waitForPage(t, ctx, button("Save review"))
	do(auditAccessibility(t, "review screen"))

	// Change Result without a note: refused, with the message beside it.
	do(chromedp.Click(criterionChoice("Result", "0 points")), chromedp.Click(button("Save review")))
	waitForPage(t, ctx, `//*[@data-testid='error-summary']`)
	do(auditAccessibility(t, "review screen with an error"))
	if msg := text(`//*[@id='note_result-error']`); !strings.Contains(msg, "say why in a note") {
		t.Errorf("note error = %q", msg)
	}

	do(chromedp.SendKeys(byLabel("Note for Result (required if you change it)"), "Rolling every replica back is not a bounded mitigation."),
		chromedp.Click(button("Save review")))
	waitForPage(t, ctx, `//*[@data-testid='notice']`)
	if got := text(`//*[@data-testid='current-score']`); !strings.Contains(got, "1 of 4, from Ivan's review") {
		t.Errorf("current score = %q", got)
	}

	do(chromedp.Navigate(s.URL + "/review/agreement"))
	waitForPage(t, ctx, `//h1[normalize-space(.)='Scorer agreement']`)
	do(auditAccessibility(t, "scorer agreement"))
}
