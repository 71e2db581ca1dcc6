package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestScoringAndReviewJourneyInBrowser: a learner submits an answer and sees
// four criteria with evidence; an instructor overrides one criterion with a
// note; the learner sees the new total and the note, and both events stay
// in the history.
func TestScoringAndReviewJourneyInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	for _, u := range []struct {
		name, email string
		role        auth.Role
	}{{"Lee Learner", "lee@example.com", auth.Learner}, {"Ines Instructor", "ines@example.com", auth.Instructor}} {
		if _, err := s.users.Create(t.Context(), u.email, u.name, "correct horse battery", u.role); err != nil {
			t.Fatal(err)
		}
	}
	exercise := `//section[@data-testid='exercise']`
	score := exercise + `//*[@data-testid='score']`

	// The learner answers.
	b.signIn(s, "lee@example.com", dashboard)
	b.do(chromedp.Navigate(s.URL + lesson3))
	b.waitFor(exercise)
	b.do(typeIn(exercise+`//textarea`, "Both versions slow only on long prompts, which points to waiting or prompt processing under load rather than the release. "+
		"Compare long-prompt latency on the old and new versions at the same arrival rate, and compare queue time with prefill execution time. "+
		"Temporarily limit long-prompt admission. The release and the traffic rise coincide, so this evidence cannot isolate the release and a blanket rollback could overload the old pool. "+
		"Then check useful completions and the oldest queue age; if queue age falls but prefill stays slow, my explanation is wrong."),
		chromedp.Click(exercise+`//label[normalize-space(.)='Confident']`),
		chromedp.Click(exercise+button("Submit answer for scoring")))
	b.waitFor(score)
	b.do(auditAccessibility(t, "scored lesson page"))
	before := b.text(score + `//h3 | ` + score + `//h4`)
	if n, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.querySelectorAll("section[data-testid=exercise] [data-testid=score] li.criterion").length`)); err != nil || n != 4 {
		t.Fatalf("%d criteria shown (%v), want 4", n, err)
	}
	if n, _ := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.querySelectorAll("section[data-testid=exercise] [data-testid=score] mark").length`)); n == 0 {
		t.Error("no evidence is highlighted in the learner's answer")
	}
	resultAwarded := strings.Contains(b.text(score+`//*[@data-testid='criterion-result']`), "1 point")
	b.do(typeIn(byLabel("Why should an instructor review this score?"), "I am not sure my mitigation counts as bounded."),
		chromedp.Click(button("Ask for a review")))
	b.waitFor(`//*[@data-testid='review-requested']`)
	b.signOut("Lee Learner")

	// The instructor overrides the result criterion with a note.
	b.signIn(s, "ines@example.com", dashboard)
	b.do(chromedp.Click(link("Review queue")))
	b.waitFor(`//table[@data-testid='queue']`)
	b.do(auditAccessibility(t, "review queue"), chromedp.Click(`//tr[@data-testid='queue-row']//a`))
	b.waitFor(button("Save review"))
	b.do(auditAccessibility(t, "review screen"))
	newPoints := "1 point"
	if resultAwarded {
		newPoints = "0 points"
	}
	const note = "The mitigation is stated but not tied to a stop condition."
	result := `//fieldset[legend[normalize-space(.)='Result']]`
	b.do(chromedp.Click(result+`//label[normalize-space(.)='`+newPoints+`']`),
		typeIn(byLabel("Note for Result (required if you change it)"), note),
		chromedp.Click(button("Save review")))
	b.waitFor(`//*[@data-testid='notice']`)
	b.signOut("Ines Instructor")

	// The learner sees the new total, the note, and both events.
	b.signIn(s, "lee@example.com", dashboard)
	b.do(chromedp.Navigate(s.URL + lesson3))
	b.waitFor(score)
	after := b.text(score + `//h3 | ` + score + `//h4`)
	if after == before {
		t.Errorf("score heading still %q after the override", after)
	}
	if got := b.text(score + `//*[@data-testid='review-note']`); !strings.Contains(got, note) {
		t.Errorf("review note = %q, want %q", got, note)
	}
	if got := b.text(score + `//*[@data-testid='reviewed']`); !strings.Contains(got, "Ines Instructor") {
		t.Errorf("reviewed line = %q, want the reviewer's name", got)
	}
	if got, _ := chromedp.Run(b.ctx, chromedp.TextContent(score+`//details[contains(@class,'history')]/summary`)); !strings.Contains(got, "2 events") {
		t.Errorf("history summary = %q, want both events", got)
	}
}
