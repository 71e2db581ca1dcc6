package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestSpacedReviewJourneyInBrowser: a learner misses a checkpoint and the
// criteria of an exercise on the lesson page, finds both on the Review
// page, and once they are due (the site's clock moved on), reviews the
// checkpoint there: its options reordered, answered right, the
// explanation shown and the next review dated. The Review page passes the
// accessibility audit at 1280 and 390 px and does not scroll sideways.
func TestSpacedReviewJourneyInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	lee := createAccount(t, s, "Lee", auth.Learner)
	cps, _ := s.checkpoints(t)
	cp := cps[0]
	wrong := string(rune('A' + (cp.Checkpoint.Correct()+1)%len(cp.Checkpoint.Options)))
	right := htmlText(t, string(cp.Checkpoint.Options[cp.Checkpoint.Correct()].Text))
	explanation := htmlText(t, string(cp.Checkpoint.Options[cp.Checkpoint.Correct()].Explanation))
	exercise := `//section[@data-testid='exercise']`

	b.signIn(s, lee.Email, dashboard)
	b.do(chromedp.Navigate(s.URL + lesson3))
	b.waitFor(checkpointSection(1))
	b.do(chooseOption(1, wrong), chromedp.Click(checkpointSection(1)+button("Check answer")),
		chromedp.WaitVisible(checkpointSection(1)+`//*[@data-testid='checkpoint-result']`))
	b.do(typeIn(exercise+`//textarea`, "Roll the new version back on every replica."),
		chromedp.Click(exercise+`//label[normalize-space(.)='Not yet']`),
		chromedp.Click(exercise+button("Submit answer for scoring")))
	b.waitFor(exercise + `//*[@data-testid='score']`)

	// Both are on the Review page, not due yet: the first learning step
	// after a miss is a minute.
	b.do(chromedp.Click(link("Review")))
	b.waitFor(h1("Review"))
	upcoming := b.flatText(`//section[@data-testid='upcoming']`)
	for _, want := range []string{"Checkpoint 1", "Exercise: A release and a traffic rise at the same time"} {
		if !strings.Contains(upcoming, want) {
			t.Errorf("coming up: %q, want %q in it", upcoming, want)
		}
	}

	s.clock.advance(2 * time.Minute)
	b.do(chromedp.Reload())
	item := func(title string) string {
		return fmt.Sprintf(`//article[@data-testid='review-item'][.//h3[normalize-space(.)=%q]]`, title)
	}
	checkpoint := item("Checkpoint 1")
	b.waitFor(checkpoint)
	b.waitFor(item("Exercise: A release and a traffic rise at the same time"))
	due := b.flatText(`//a[@data-testid='nav-review']/span`)
	if names := b.linkNames(); !slices.Contains(names, "Review, "+due+" due") {
		t.Errorf("links named %q, want one named \"Review, %s due\"", names, due)
	}
	b.do(auditAccessibility(t, "Review page at 1280 px"), chromedp.EmulateViewport(390, 844), auditAccessibility(t, "Review page at 390 px"))
	if wide, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); err != nil || wide {
		t.Errorf("the Review page scrolls sideways at 390 px (err %v)", err)
	}
	b.do(chromedp.EmulateViewport(1280, 1000))

	// The checkpoint, answered right by its option's text wherever this
	// review put it.
	b.do(chromedp.Click(checkpoint+fmt.Sprintf(`//label[.//span[@class='option-text'][normalize-space(.)=%q]]`, right)),
		chromedp.Click(checkpoint+button("Check answer")))
	b.waitFor(`//section[@data-testid='reviewed']//h2[normalize-space(.)='Reviewed: Checkpoint 1']`)
	b.do(auditAccessibility(t, "Review page after a review"))
	got := b.flatText(`//section[@data-testid='reviewed']`)
	for _, want := range []string{"Correct.", explanation, "Next review in"} {
		if !strings.Contains(got, want) {
			t.Errorf("after the review: %q, want %q in it", got, want)
		}
	}
	if n, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=due] h3").length`)); err != nil || n != 1 {
		t.Errorf("%d items still due (%v), want the exercise alone", n, err)
	}
}

// linkNames are the accessible names of the page's links, as Chromium
// computes them for assistive technology.
func (b *browserTab) linkNames() []string {
	b.t.Helper()
	var names []string
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		tree, err := cdp.Call(ctx, t, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
		if err != nil {
			return err
		}
		for _, n := range tree.Nodes {
			if n.Ignored || n.Role == nil || n.Name == nil || string(n.Role.Value) != `"link"` {
				continue
			}
			var name string
			if err := json.Unmarshal(n.Name.Value, &name); err != nil {
				return err
			}
			names = append(names, name)
		}
		return nil
	}))
	return names
}
