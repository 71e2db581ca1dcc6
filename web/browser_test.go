package web_test

// The browser tests drive headless Chromium through whole journeys, one
// journey to a file named browser_<journey>_test.go. This file holds what
// they share: starting the browser, waiting for pages, the selectors and
// the accessibility audit.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// browserTab is a headless Chromium tab of one test's own; its methods fail
// the test on any error.
type browserTab struct {
	t   *testing.T
	ctx context.Context
}

// openBrowser starts headless Chromium for one test. Without chromium the
// test is skipped, unless CI is set: CI installs it, so its absence is a
// failure.
func openBrowser(t *testing.T) *browserTab {
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
	return &browserTab{t: t, ctx: ctx}
}

// do runs steps in the tab.
func (b *browserTab) do(steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatal(err)
	}
}

// typeIn enters text in the field sel finds, at its caret, the way pasting
// or an input method does: one insertion through the browser's editing,
// with the input events typing fires. chromedp.SendKeys costs three round
// trips to Chromium per character (a 500-character answer took 13 s on a
// busy machine); use it where the keys themselves are what is tested,
// such as the editor's preview that follows typing.
func typeIn(sel, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(chromedp.Focus(sel, chromedp.NodeVisible), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: text})
		return err
	}))
}

// text is the text of the element sel finds.
func (b *browserTab) text(sel string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Text(sel))
	if err != nil {
		b.t.Fatal(err)
	}
	return s
}

// flatText is text with every run of white space made one space.
func (b *browserTab) flatText(sel string) string {
	b.t.Helper()
	return strings.Join(strings.Fields(b.text(sel)), " ")
}

// waitFor waits until the page that a form submission or link led to
// shows xpath. A query started on the old document can miss the new one, so
// this polls by evaluating in whatever document is current.
func (b *browserTab) waitFor(xpath string) {
	b.t.Helper()
	expr := fmt.Sprintf(`document.readyState === "complete" && !!document.evaluate(%q, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue`, xpath)
	for {
		// An evaluation caught in a navigation can hang; bound each try.
		try, cancel := context.WithTimeout(b.ctx, 2*time.Second)
		ok, err := chromedp.Run(try, chromedp.Evaluate[bool](expr))
		cancel()
		if err == nil && ok {
			return
		}
		select {
		case <-b.ctx.Done():
			loc, _ := chromedp.Run(context.WithoutCancel(b.ctx), chromedp.Location())
			b.t.Fatalf("waiting for %s on %s: %v (last error: %v)", xpath, loc, b.ctx.Err(), err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// signIn signs in on s's sign-in page with the tests' password and waits
// for then, the page signing in leads to.
func (b *browserTab) signIn(s *site, email, then string) {
	b.t.Helper()
	b.do(chromedp.Navigate(s.URL + "/signin"))
	b.waitFor(byLabel("Email"))
	b.do(typeIn(byLabel("Email"), email), typeIn(byLabel("Password"), password), chromedp.Click(button("Sign in")))
	b.waitFor(then)
}

// openMenu opens the header's Menu when the navigation is folded behind
// it (under 40rem), so that its links can be clicked; wider, it does
// nothing.
func (b *browserTab) openMenu() {
	b.t.Helper()
	b.do(chromedp.Evaluate[chromedp.Void](`(m => { if (m && m.getClientRects().length > 0 && m.getAttribute("aria-expanded") !== "true") m.click(); })(document.querySelector(".menu-button"))`))
}

// signOut signs name out from the header and waits for the signed-out page.
func (b *browserTab) signOut(name string) {
	b.t.Helper()
	b.openMenu()
	b.do(chromedp.Click(button("Sign out " + name)))
	b.waitFor(link("Sign in"))
}

// The selectors below find controls by their visible label or text, as a
// person would, not by ids.
func byLabel(label string) string {
	return fmt.Sprintf(`//*[@id=//label[normalize-space(.)=%q]/@for]`, label)
}

func button(text string) string { return fmt.Sprintf(`//button[normalize-space(.)=%q]`, text) }

func link(text string) string { return fmt.Sprintf(`//a[normalize-space(.)=%q]`, text) }

func h1(text string) string { return fmt.Sprintf(`//h1[normalize-space(.)=%q]`, text) }

// dashboard is the page signing in leads to.
var dashboard = h1("Your dashboard")

// inFieldset is the control labelled label inside the fieldset whose legend
// reads legend, for the labels the block form repeats per option,
// criterion and example.
func inFieldset(legend, label string) string {
	return fmt.Sprintf(`//fieldset[legend[normalize-space(.)=%q]]//*[@id=//label[normalize-space(.)=%q]/@for]`, legend, label)
}

// criterionChoice is the "0 points" or "1 point" label in a criterion's
// fieldset on the review screen.
func criterionChoice(legend, choice string) string {
	return fmt.Sprintf(`//fieldset[legend[normalize-space(.)=%q]]//label[normalize-space(.)=%q]`, legend, choice)
}

// checkpointSection is the checkpoint whose heading reads "Checkpoint n of 5".
func checkpointSection(n int) string {
	return fmt.Sprintf(`//section[.//*[self::h2 or self::h3 or self::h4][normalize-space(.)='Checkpoint %d of 5']]`, n)
}

// chooseOption clicks the option whose letter is given, in checkpoint n.
func chooseOption(n int, letter string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(checkpointSection(n) + fmt.Sprintf(`//label[.//span[normalize-space(.)=%q]]`, letter))
}

// auditAccessibility runs axe-core's WCAG 2.1 A and AA rules on the page
// when AXE_JS names axe.min.js (.ci/run installs it from npm). Every rule
// runs on every node; resultTypes only spares axe listing each node that
// passed, which nothing here reads.
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
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](`axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, resultTypes: ["violations"]})
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
