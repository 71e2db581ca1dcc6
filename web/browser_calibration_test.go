package web_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/auth"
)

// dialogs answers the beforeunload dialogs a tab opens, staying on the
// page or leaving it as stay says, and records them.
type dialogs struct {
	mu    sync.Mutex
	seen  []string
	leave bool
}

func (d *dialogs) count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.seen)
}

func (d *dialogs) setLeave(leave bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.leave = leave
}

func watchDialogs(t *testing.T, b *browserTab) *dialogs {
	d := &dialogs{}
	opening := chromedp.Events(b.ctx, cdppage.JavascriptDialogOpening)
	go func() {
		for ev, err := range opening {
			if err != nil {
				return
			}
			d.mu.Lock()
			d.seen = append(d.seen, string(ev.Type))
			leave := d.leave
			d.mu.Unlock()
			go func() {
				if _, err := chromedp.Call(b.ctx, cdppage.HandleJavaScriptDialog, cdppage.HandleJavaScriptDialogParams{Accept: leave}); err != nil && b.ctx.Err() == nil {
					t.Errorf("answering the dialog: %v", err)
				}
			}()
		}
	}()
	return d
}

// fitsNarrowScreen checks the page needs no sideways scrolling on a
// 390-pixel-wide phone, and audits it there.
func fitsNarrowScreen(t *testing.T, b *browserTab, name string) {
	t.Helper()
	b.do(chromedp.EmulateViewport(390, 844), auditAccessibility(t, name+" at 390 px"))
	w, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	if err != nil {
		t.Fatal(err)
	}
	if w > 390 {
		wide, _ := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > 391 && !e.closest("[tabindex='0'], textarea")).slice(0, 5).map(e => e.tagName + "." + e.className + "#" + e.id)`))
		t.Errorf("%s is %d px wide at 390 px: %v", name, w, wide)
	}
	b.do(chromedp.EmulateViewport(1280, 1000))
}

// TestCalibrationJourneyInBrowser: an instructor opens a lesson whose
// probe has an example the scorer disagrees with; Publish is disabled
// with the reason; the line link moves the caret to the example; in the
// probe's form the problem is beside the example and its checkbox; they
// fix it and publish. Typed Markdown survives opening a block form, and
// leaving a form with unsaved text asks first.
func TestCalibrationJourneyInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	users, _ := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor})
	createAccount(t, s, "Lee", auth.Learner)

	// A draft whose first-token-p95 example 1 expects no result point,
	// which the scorer gives.
	src, base := draftSource(t, s, lesson3Slug)
	parts, err := lessons.SplitSource([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	sb, _ := lessons.FindSourceBlock(parts.Body, lesson3Probe)
	d, err := lessons.DecodeBlockDraft(sb.Kind, sb.YAML)
	if err != nil {
		t.Fatal(err)
	}
	d.Examples[0].Scores[0] = 0
	text, _ := d.YAML()
	if parts.Body, _, err = lessons.ReplaceBlock(parts.Body, lesson3Probe, text); err != nil {
		t.Fatal(err)
	}
	if _, err := s.catalog.SaveDraft(t.Context(), users["Ines"].ID, "serving-incidents", lesson3Slug, base, parts.Bytes()); err != nil {
		t.Fatal(err)
	}

	b.signIn(s, "ines@example.com", dashboard)
	b.do(chromedp.Navigate(s.URL + editor3))
	publish2 := button("Publish revision 2")
	b.waitFor(publish2)
	b.do(auditAccessibility(t, "lesson editor with a disagreement"))
	if disabled, _ := chromedp.Run(b.ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.evaluate(%q, document, null, 9, null).singleNodeValue.disabled`, publish2))); !disabled {
		t.Error("Publish is enabled while the scorer disagrees")
	}
	if got := b.flatText(`//*[@id='publish_blocked']`); !strings.HasPrefix(got, "Publishing is blocked: the scorer disagrees with 1 calibration example in revision 2") {
		t.Errorf("beside Publish: %q", got)
	}
	fitsNarrowScreen(t, b, "lesson editor")

	// "Line N" moves the caret to the example in the text.
	lineLink := `//*[@data-testid='calibration']//a[contains(@class, 'line-link')]`
	label := b.text(lineLink)
	b.do(chromedp.Click(lineLink))
	var line int
	fmt.Sscanf(label, "Line %d", &line)
	got, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`(() => { const a = document.activeElement;
		return a.id + " " + (a.value.slice(0, a.selectionStart).split("\n").length) + " " + a.value.slice(a.selectionStart, a.selectionEnd).trim().slice(0, 9) })()`))
	if err != nil || got != fmt.Sprintf("author_body %d - answer:", line) {
		t.Errorf("after clicking %q: focus, caret line and selection = %q (%v)", label, got, err)
	}
	if pos := b.text(`//*[@id='author_body_position']`); pos != fmt.Sprintf("Caret at line %d, column 1.", line) {
		t.Errorf("caret position = %q", pos)
	}

	// The example in the probe's form: the problem beside it and its
	// checkbox.
	b.do(chromedp.Click(link("Open example 1 in the interview probe's form")))
	b.waitFor(h1("Edit interview probe " + lesson3Probe))
	b.do(auditAccessibility(t, "probe form with a disagreement"))
	fitsNarrowScreen(t, b, "probe form")
	beside := `//fieldset[legend[normalize-space(.)='Example 1']]//*[@data-testid='disagreement']`
	if got := b.flatText(beside); !strings.Contains(got, "Result: the example expects 0 points, the scorer gives 1 point.") {
		t.Errorf("beside example 1: %q", got)
	}
	box := inFieldset("Example 1", "Earns result")
	described, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](fmt.Sprintf(`(() => { const c = document.evaluate(%q, document, null, 9, null).singleNodeValue;
		return c.getAttribute("aria-invalid") + " " + document.getElementById(c.getAttribute("aria-describedby")).textContent.trim() })()`, box)))
	if err != nil || !strings.HasPrefix(described, "true Result: the example expects 0 points") {
		t.Errorf("Earns result is described by %q (%v)", described, err)
	}

	// Fix it: the scorer is right, the example earns the result.
	b.do(chromedp.Click(inFieldset("Example 1", "Answer")+`/ancestor::fieldset[1]//label[normalize-space(.)='Earns result']`),
		chromedp.Click(button("Save draft")))
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Saved draft revision 3')]`)
	b.do(auditAccessibility(t, "lesson editor after the fix"), chromedp.Click(button("Publish revision 3")))
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Published revision 3')]`)

	// Typed Markdown survives opening a block form.
	d2 := watchDialogs(t, b)
	b.do(chromedp.SendKeys(byLabel("Lesson text (Markdown)"), "TYPED-BEFORE-ADDING "),
		chromedp.Click(button("Add a checkpoint")))
	b.waitFor(h1("New checkpoint"))
	if got := b.text(`//*[@data-testid='notice']`); !strings.Contains(got, "saved as draft revision 4 first") {
		t.Errorf("notice = %q", got)
	}
	if now, _ := draftSource(t, s, lesson3Slug); !strings.Contains(now, "TYPED-BEFORE-ADDING") {
		t.Error("the typed text was lost")
	}
	if n := d2.count(); n != 0 {
		t.Errorf("%d dialogs on the way: saving is not leaving", n)
	}

	// Leaving a form with typed text asks first; staying keeps it.
	b.do(chromedp.SendKeys(byLabel("Question"), "TYPED-IN-THE-FORM"),
		chromedp.Click(`//nav[@aria-label='Breadcrumb']//a[normalize-space(.)='Author']`))
	b.waitFor(h1("New checkpoint"))
	b.do(chromedp.Sleep(300 * time.Millisecond))
	if n := d2.count(); n != 1 {
		t.Fatalf("%d dialogs, want the one before leaving", n)
	}
	if got, _ := chromedp.Run(b.ctx, chromedp.Value(byLabel("Question"))); got != "TYPED-IN-THE-FORM" {
		t.Errorf("after staying, Question = %q", got)
	}
	// Signing out leaves the form too: it asks, and this time leaves.
	d2.setLeave(true)
	b.signOut("Ines")
	if n := d2.count(); n != 2 {
		t.Errorf("%d dialogs, want a second one before signing out", n)
	}

	// A learner's answer box asks too.
	b.signIn(s, "lee@example.com", dashboard)
	b.do(chromedp.Navigate(s.URL + lesson3))
	answer := `//form[contains(@action, '/responses/release-and-traffic')]//textarea`
	b.waitFor(answer)
	b.do(chromedp.SendKeys(answer, "Half an answer"), chromedp.Click(link("Practicum")))
	b.waitFor(`//h1[not(contains(., 'Work a serving incident'))]`)
	if n := d2.count(); n != 3 {
		t.Errorf("leaving a typed answer: %d dialogs, want 3", n)
	}
}

// TestReviewBecomesExampleInBrowser: a reviewer saves a decision, adds
// the answer as a calibration example, and reads what the scorer makes
// of it; the review screen and the lesson format's help pass the audit
// and fit a phone.
func TestReviewBecomesExampleInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	users, _ := accounts(t, s, map[string]auth.Role{"Rita": auth.Instructor, "Lee": auth.Learner})
	const answer = "I would roll back the release straight away, because the new version is obviously what broke things."
	id := s.scoredAnswer(t, users["Lee"].ID, lesson3Exercise, answer, autoScore(answer, 0.9, []int{0, 0, 0, 0}))

	b.signIn(s, "rita@example.com", dashboard)
	b.do(chromedp.Navigate(s.URL + "/author/format"))
	b.waitFor(h1("The lesson format"))
	b.do(auditAccessibility(t, "lesson format help"))
	fitsNarrowScreen(t, b, "lesson format help")

	b.do(chromedp.Navigate(s.URL + reviewPath(id)))
	b.waitFor(button("Save review"))
	b.do(auditAccessibility(t, "review screen before a review"))
	fitsNarrowScreen(t, b, "review screen")
	failure := `//fieldset[legend[normalize-space(.)='Failure case']]`
	b.do(chromedp.Click(failure+`//label[normalize-space(.)='1 point']`),
		chromedp.SendKeys(byLabel("Note for Failure case (required if you change it)"), "Names the release as the suspect to rule out."),
		chromedp.Click(button("Save review")))
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Your review is saved')]`)
	if got := b.flatText(`//*[@id='add-example-about']`); !strings.Contains(got, "Failure case 1 point") {
		t.Errorf("what the button adds: %q", got)
	}
	b.do(chromedp.Click(button("Add as calibration example")))
	b.waitFor(`//*[@data-testid='calibration-example']//*[@data-testid='notice']`)
	b.do(auditAccessibility(t, "review screen after adding the example"))
	if got := b.flatText(`//*[@data-testid='example-disagreements']`); !strings.Contains(got, "Failure case: the example expects 1 point, the scorer gives 0 points.") {
		t.Errorf("disagreements = %q", got)
	}
	b.do(chromedp.Click(`//*[@data-testid='calibration-example']//a[contains(., "in the exercise's form")]`))
	b.waitFor(h1("Edit exercise " + lesson3Exercise))
	if n, _ := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=disagreement]").length`)); n != 1 {
		t.Errorf("%d examples with disagreements in the form, want the new one", n)
	}
}
