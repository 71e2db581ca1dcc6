package web_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// timer is the question's countdown, found by its role.
const timer = `//*[@role='timer']`

// TestMockInterviewJourneyInBrowser: a learner opens "Mock interview"
// from the navigation, starts a two-probe interview of the drill course,
// sees the countdown (role timer) run, pauses it (it stands still, and
// says so once) and resumes it; answers the first probe without its
// failure case and is asked the follow-up written for the failure case;
// types part of the follow-up's answer, reloads, and finds the follow-up
// with the text typed and the clock still running; finishes; and reads
// the summary with each answer's score out of 4 per criterion. Each new
// page passes the accessibility audit at 1280 and 390 px and does not
// scroll sideways.
func TestMockInterviewJourneyInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	importDrill(t, s)
	b := openBrowser(t)
	lee := createAccount(t, s, "Lee", auth.Learner)
	b.signIn(s, lee.Email, dashboard)

	b.do(chromedp.Click(link("Mock interview")))
	b.waitFor(h1("Mock interview"))
	b.auditBothWidths(t, "Mock interview page")
	b.do(chromedp.SetValue(byLabel("Course"), drillCourse), chromedp.SetValue(byLabel("Length"), "2"),
		chromedp.Click(button("Start the interview")))
	b.waitFor(timer)

	running := regexp.MustCompile(`^[0-9]+:[0-9]{2} left$`)
	first := b.flatText(timer)
	if !running.MatchString(first) {
		t.Fatalf("timer %q, want the time left, m:ss", first)
	}
	b.waitUntil("the timer counts down", fmt.Sprintf(`document.evaluate(%q, document, null, XPathResult.STRING_TYPE, null).stringValue.trim() !== %q`, timer, first))
	b.auditBothWidths(t, "mock interview question")

	// Paused: the clock stands still, the button says what it now does,
	// and the live region says it once.
	b.do(chromedp.Click(button("Pause the timer")))
	b.waitFor(button("Resume the timer"))
	paused := b.flatText(timer)
	if !strings.HasPrefix(paused, "Paused: ") {
		t.Errorf("timer after pausing %q, want it to say it is paused", paused)
	}
	b.waitUntil("the pause is announced", `document.getElementById("mock-timer-news").textContent.startsWith("Timer paused with ")`)
	time.Sleep(1500 * time.Millisecond)
	if got := b.flatText(timer); got != paused {
		t.Errorf("paused timer moved from %q to %q", paused, got)
	}
	b.do(chromedp.Click(button("Resume the timer")))
	b.waitFor(button("Pause the timer"))

	question := b.flatText(`//*[@data-testid='mock-probe-question']`)
	probe := drillFor(t, question)
	b.do(typeIn(byLabel("Your answer"), probe.noFailureCase), chromedp.Click(button("Submit answer")))
	b.waitFor(`//h2[normalize-space(.)='Follow-up to probe 1']`)
	if got := b.flatText(`//*[@data-testid='mock-follow-up']`); got != probe.followUp {
		t.Errorf("follow-up %q, want the one written for the missed failure case: %q", got, probe.followUp)
	}

	// Part of the follow-up's answer, kept as it is typed; a reload
	// comes back to it, the clock not started again.
	const partial = "Restarting every replica is tempting"
	b.do(typeIn(byLabel("Your answer"), partial))
	b.waitUntil("the text typed is saved", `document.getElementById("mock-draft-status").textContent.startsWith("Your answer so far was saved")`)
	b.do(chromedp.Reload())
	b.waitFor(`//h2[normalize-space(.)='Follow-up to probe 1']`)
	if got, err := chromedp.Run(b.ctx, chromedp.Value(byLabel("Your answer"))); err != nil || got != partial {
		t.Errorf("after a reload the answer box holds %q (%v), want %q", got, err, partial)
	}
	if got := b.flatText(timer); !running.MatchString(got) || got == "2:00 left" {
		t.Errorf("timer after the reload %q, want it running from where it was", got)
	}
	b.do(typeIn(byLabel("Your answer"), ": the caches go cold and first tokens get slower still."), chromedp.Click(button("Submit answer")))

	b.waitFor(`//h2[normalize-space(.)='Probe 2 of 2']`)
	second := drillFor(t, b.flatText(`//*[@data-testid='mock-probe-question']`))
	b.do(typeIn(byLabel("Your answer"), second.noFailureCase), chromedp.Click(button("Submit answer")))
	b.waitFor(`//h2[normalize-space(.)='Follow-up to probe 2']`)
	b.do(typeIn(byLabel("Your answer"), second.noFailureCase), chromedp.Click(button("Submit answer")))

	b.waitFor(h1("Summary"))
	scores := b.flatText(`//table[@data-testid='mock-scores']`)
	for _, want := range []string{"Result", "Reasoning", "Failure case", "Verification", "Probe 1", "Follow-up to probe 1", "3 of 4"} {
		if !strings.Contains(scores, want) {
			t.Errorf("scores table %q, want %q in it", scores, want)
		}
	}
	if got := b.flatText(`//*[@data-testid='mock-follow-up-why']`); got != "Asked because your answer missed the failure case." {
		t.Errorf("why the first follow-up was asked: %q", got)
	}
	b.do(chromedp.Click(link("Strong answer to probe 1")))
	b.auditBothWidths(t, "mock interview summary")
}

// auditBothWidths runs the accessibility audit at 1280 px and at 390 px,
// where the page must not scroll sideways, and goes back to 1280.
func (b *browserTab) auditBothWidths(t *testing.T, name string) {
	t.Helper()
	b.do(auditAccessibility(t, name+" at 1280 px"), chromedp.EmulateViewport(390, 844), auditAccessibility(t, name+" at 390 px"))
	if wide, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); err != nil || wide {
		t.Errorf("the %s scrolls sideways at 390 px (err %v)", name, err)
	}
	b.do(chromedp.EmulateViewport(1280, 1000))
}

// waitUntil waits for the JavaScript condition cond to hold, what being
// what the test waits for.
func (b *browserTab) waitUntil(what, cond string) {
	b.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](cond))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waiting until %s: %v", what, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
