package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestNextStepJourneyInBrowser: a learner opens a lesson without signing
// in, signs in from its header and lands back on the lesson; answers the
// exercise and asks for a review, counted in the navigation; and finds on
// the dashboard "Continue:", their written answer with its score and the
// review in progress. The changed pages pass axe at 1280 and 390 px.
func TestNextStepJourneyInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	if _, err := s.users.Create(t.Context(), "nia@example.com", "Nia Learner", password, auth.Learner); err != nil {
		t.Fatal(err)
	}
	const title = "Work a serving incident from observations"
	exercise := `//section[@data-testid='exercise']`
	audit := func(name string) {
		t.Helper()
		b.do(auditAccessibility(t, name+" at 1280 px"))
		fitsNarrowScreen(t, b, name)
	}

	b.do(chromedp.Navigate(s.URL + lesson3))
	b.waitFor(h1(title))
	b.do(chromedp.Click(`//header//a[normalize-space(.)='Sign in']`))
	b.waitFor(byLabel("Email"))
	audit("sign-in page")
	b.do(typeIn(byLabel("Email"), "nia@example.com"), typeIn(byLabel("Password"), password), chromedp.Click(button("Sign in")))
	b.waitFor(`//header//button[contains(normalize-space(.), 'Sign out')]`)
	if loc, err := chromedp.Run(b.ctx, chromedp.Location()); err != nil || loc != s.URL+lesson3 {
		t.Fatalf("signing in from the lesson landed on %q (%v), want the lesson", loc, err)
	}

	b.do(typeIn(exercise+`//textarea`, "Compare long-prompt latency on the old and new versions at the same arrival rate, "+
		"and compare queue time with prefill execution time; limit long-prompt admission meanwhile."),
		chromedp.Click(exercise+`//label[normalize-space(.)='Getting there']`),
		chromedp.Click(exercise+button("Submit answer for scoring")))
	b.waitFor(exercise + `//*[@data-testid='score']`)
	total := b.flatText(exercise + `//*[@data-testid='score']//*[self::h3 or self::h4]`)
	// A review in progress is counted in the navigation.
	b.do(typeIn(byLabel("Why should an instructor review this score?"), "I compared both versions; is that the result?"),
		chromedp.Click(button("Ask for a review")))
	b.waitFor(`//*[@data-testid='review-requested']`)
	if name := b.accessibleName("header [data-testid=nav-dashboard]"); name != "Dashboard (1): 1 review in progress" {
		t.Errorf("the dashboard link is named %q, want it to say what it counts", name)
	}
	audit("lesson page")

	b.do(chromedp.Click(`//header//a[starts-with(normalize-space(.), 'Dashboard')]`))
	b.waitFor(dashboard)
	audit("dashboard")
	next := b.flatText(`//*[@data-testid='next-step']//a`)
	if !strings.HasPrefix(next, "Continue: ") {
		t.Errorf("the dashboard's next step reads %q, want Continue: …", next)
	}
	if got := b.flatText(`//*[@data-testid='reviews-requested']`); !strings.Contains(got, title) {
		t.Errorf("reviews in progress = %q, want the exercise's", got)
	}
	row := b.flatText(`//tr[@data-testid='written-answer']`)
	score := b.flatText(`//tr[@data-testid='written-answer']/td[@data-testid='written-score']`)
	if !strings.Contains(row, title) || !strings.Contains(total, score) || !strings.HasSuffix(score, "of 4") {
		t.Errorf("written answer row %q with score %q; want the exercise in %q with the score the lesson showed (%q)", row, score, title, total)
	}

	// The step leads to its item.
	href, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.querySelector("[data-testid=next-step] a").getAttribute("href")`))
	if err != nil {
		t.Fatal(err)
	}
	_, fragment, _ := strings.Cut(href, "#")
	b.do(chromedp.Click(`//*[@data-testid='next-step']//a`))
	b.waitFor(`//section[@id='` + fragment + `']`)
	b.do(chromedp.Navigate(s.URL + "/courses/serving-incidents"))
	b.waitFor(`//*[@data-testid='next-step']//a`)
	if got := b.flatText(`//*[@data-testid='next-step']//a`); got != next {
		t.Errorf("the course page offers %q, the dashboard %q: want the same step", got, next)
	}
	audit("course page")
}

// accessibleName is the accessible name Chromium computes for the element
// the CSS selector css finds: what a screen reader announces.
func (b *browserTab) accessibleName(css string) string {
	b.t.Helper()
	var name string
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		ev, err := cdp.Call(ctx, t, cdpruntime.Evaluate, cdpruntime.EvaluateParams{Expression: "document.querySelector(" + strconv.Quote(css) + ")"})
		if err != nil {
			return err
		}
		if ev.Result == nil || ev.Result.ObjectID == "" {
			return fmt.Errorf("no element matches %s", css)
		}
		fetchRelatives := false
		tree, err := cdp.Call(ctx, t, accessibility.GetPartialAXTree,
			accessibility.GetPartialAXTreeParams{ObjectID: ev.Result.ObjectID, FetchRelatives: &fetchRelatives})
		if err != nil {
			return err
		}
		if len(tree.Nodes) == 0 || tree.Nodes[0].Name == nil {
			return fmt.Errorf("%s has no accessible name", css)
		}
		return json.Unmarshal(tree.Nodes[0].Name.Value, &name)
	}))
	return name
}
