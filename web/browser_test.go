package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// browser starts headless Chromium for one test. Without chromium the test
// is skipped, unless CI is set: CI installs it, so its absence is a failure.
func browser(t *testing.T) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed; .ci/run should have installed it")
		}
		t.Skip("\n\n*** NO CHROMIUM: browser tests skipped; apt-get install chromium to run them\n\n")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		// Smooth scrolling would move targets between chromedp's scroll into
		// view and its click.
		chromedp.Flag("force-prefers-reduced-motion", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1000),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	return ctx
}

// waitForPage waits until the page that a form submission or link led to
// shows xpath. A query started on the old document can miss the new one, so
// this polls by evaluating in whatever document is current.
func waitForPage(t *testing.T, ctx context.Context, xpath string) {
	t.Helper()
	expr := fmt.Sprintf(`document.readyState === "complete" && !!document.evaluate(%q, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue`, xpath)
	for {
		// An evaluation caught in a navigation can hang; bound each try.
		try, cancel := context.WithTimeout(ctx, 2*time.Second)
		ok, err := chromedp.Run(try, chromedp.Evaluate[bool](expr))
		cancel()
		if err == nil && ok {
			return
		}
		select {
		case <-ctx.Done():
			loc, _ := chromedp.Run(context.WithoutCancel(ctx), chromedp.Location())
			t.Fatalf("waiting for %s on %s: %v (last error: %v)", xpath, loc, ctx.Err(), err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// The selectors below find controls by their visible label or text, as a
// person would, not by ids.
func byLabel(label string) string {
	return fmt.Sprintf(`//*[@id=//label[normalize-space(.)=%q]/@for]`, label)
}

func button(text string) string { return fmt.Sprintf(`//button[normalize-space(.)=%q]`, text) }

func link(text string) string { return fmt.Sprintf(`//a[normalize-space(.)=%q]`, text) }

// checkpointSection is the checkpoint whose heading reads "Checkpoint n of 5".
func checkpointSection(n int) string {
	return fmt.Sprintf(`//section[.//*[self::h2 or self::h3 or self::h4][normalize-space(.)='Checkpoint %d of 5']]`, n)
}

// chooseOption clicks the option whose letter is given, in checkpoint n.
func chooseOption(n int, letter string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(checkpointSection(n) + fmt.Sprintf(`//label[.//span[normalize-space(.)=%q]]`, letter))
}

func TestLearnerJourneyInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := browser(t)
	cps, _ := s.checkpoints(t)
	right := string(rune('A' + cps[0].Checkpoint.Correct()))
	wrong := string(rune('A' + (cps[1].Checkpoint.Correct()+1)%4))
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
	result := func(n int) string { return checkpointSection(n) + `//*[@data-testid='checkpoint-result']` }

	do(chromedp.Navigate(s.URL+lesson3),
		chromedp.WaitVisible(`//h1[normalize-space(.)='Work a serving incident from observations']`),
		auditAccessibility(t, "lesson page"))

	// One right, one wrong; htmx swaps each checkpoint in place.
	do(chooseOption(1, right), chromedp.Click(checkpointSection(1)+button("Check answer")), chromedp.WaitVisible(result(1)))
	verdict1 := text(result(1))
	do(chooseOption(2, wrong), chromedp.Click(checkpointSection(2)+button("Check answer")), chromedp.WaitVisible(result(2)))
	verdict2 := text(result(2))

	// Sign up, sign out, sign in.
	dashboard := `//h1[normalize-space(.)='Your dashboard']`
	do(chromedp.Click(link("Create account")))
	waitForPage(t, ctx, byLabel("Name"))
	do(auditAccessibility(t, "sign-up page"),
		chromedp.SendKeys(byLabel("Name"), "Ada Learner"),
		chromedp.SendKeys(byLabel("Email"), "ada@example.com"),
		chromedp.SendKeys(byLabel("Password"), "correct horse battery"),
		chromedp.Click(button("Create account")))
	waitForPage(t, ctx, dashboard)
	do(chromedp.Click(button("Sign out Ada Learner")))
	waitForPage(t, ctx, link("Sign in"))
	do(chromedp.Click(link("Sign in")))
	waitForPage(t, ctx, byLabel("Email"))
	do(auditAccessibility(t, "sign-in page"),
		chromedp.SendKeys(byLabel("Email"), "ada@example.com"),
		chromedp.SendKeys(byLabel("Password"), "correct horse battery"),
		chromedp.Click(button("Sign in")))
	waitForPage(t, ctx, dashboard)
	do(auditAccessibility(t, "dashboard"))
	accuracy := text(`//*[@data-testid='accuracy']`)
	missed := text(`//*[@data-testid='missed']`)

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

// auditAccessibility runs axe-core's WCAG 2.1 A and AA rules on the page
// when AXE_JS names axe.min.js (.ci/run installs it from npm).
func auditAccessibility(t *testing.T, name string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		path := os.Getenv("AXE_JS")
		if path == "" {
			if os.Getenv("CI") != "" {
				return fmt.Errorf("AXE_JS is not set; .ci/run should install axe-core")
			}
			t.Logf("AXE_JS not set: skipping the accessibility audit of the %s", name)
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](string(src))); err != nil {
			return fmt.Errorf("loading axe-core: %w", err)
		}
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](`axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}})
			.then(r => r.violations.map(v => ({id: v.id, help: v.help, nodes: v.nodes.map(n => n.target.join(" ")).slice(0, 5)})))`,
			chromedp.EvalAwaitPromise))
		if err != nil {
			return fmt.Errorf("running axe-core: %w", err)
		}
		var violations []struct {
			ID, Help string
			Nodes    []string
		}
		if err := json.Unmarshal(raw, &violations); err != nil {
			return err
		}
		for _, v := range violations {
			t.Errorf("%s: accessibility violation %s (%s) at %v", name, v.ID, v.Help, v.Nodes)
		}
		return nil
	})
}
