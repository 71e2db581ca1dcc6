package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// tryCriterion is the verdict heading of one criterion in the try result.
func tryCriterion(criterion, verdict string) string {
	return fmt.Sprintf(`//*[@id='try-result']//li[@data-criterion=%q]/h3[normalize-space(.)=%q]`, criterion, verdict)
}

// clearField empties the text field xpath finds (chromedp.SetValue cannot
// set an empty value).
func clearField(xpath string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.evaluate(%q, document, null, 9, null).singleNodeValue.value = ""`, xpath))
}

// TestTryAndMeasureJourneyInBrowser: an instructor adds a probe through
// its form and, before saving anything, tries three answers and reads
// each criterion's verdict and the near misses as they type; pastes a
// file of scored answers (a broken line first) and reads the agreement
// report; saves, fixes the calibration example the scorer disagrees with
// beside it, and publishes.
func TestTryAndMeasureJourneyInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor})

	b.signIn(s, "ines@example.com", dashboard)
	b.do(chromedp.Navigate(s.URL + lesson1Author))
	b.waitFor(button("Add an interview probe"))
	b.do(chromedp.Click(button("Add an interview probe")))
	b.waitFor(h1("New interview probe"))
	const full = "The prefix cache is cold after every replica restarted, so first tokens wait for a full prefill. " +
		"This is not the new version's fault. I would watch the hit rate recover and latency fall with it."
	b.do(typeIn(byLabel("Key"), "cold-cache-restart"),
		typeIn(byLabel("Question"), "Every replica restarted after a deploy and first-token latency doubled. What do you check first?"),
		chromedp.SetValue(byLabel("Evidence class"), "recommended"),
		typeIn(byLabel("Strong answer"), "The restart emptied the prefix cache, so every prompt pays full prefill again. Watch the hit rate recover."),
		typeIn(byLabel("Follow-up question"), "The hit rate is back but latency is not: where next?"),
		typeIn(byLabel("Weak-answer indicators"), "Blames the new model version without evidence."),
		typeIn(byLabel("Concepts"), "cold-cache:\n  cache + cold|empty|miss*|lost|flush*\n"+
			"causal-link:\n  because|since|so|which means|point* to\n"+
			"not-the-version:\n  not|isn't|rather than|instead of + version|release|deploy*\n"+
			"hit-rate-check:\n  hit rate + recover*|return*|climb*|back\n"),
	)
	for _, c := range []struct{ legend, point, requires string }{
		{"Rubric: Result", "Names the cold prefix cache as the cause.", "cold-cache"},
		{"Rubric: Reasoning", "Explains why a cold cache slows the first token.", "causal-link, cold-cache"},
		{"Rubric: Failure case", "Does not blame the release that happened to coincide.", "not-the-version"},
		{"Rubric: Verification", "Watches the hit rate recover together with latency.", "hit-rate-check"},
	} {
		b.do(typeIn(inFieldset(c.legend, "What earns the point"), c.point),
			typeIn(inFieldset(c.legend, "Requires all of"), c.requires))
	}
	// The example's author forgets that it earns the verification.
	b.do(typeIn(inFieldset("New example", "Answer"), full))
	for _, c := range []string{"Earns result", "Earns reasoning", "Earns failure case"} {
		b.do(chromedp.Click(inFieldset("New example", "Answer") + `/ancestor::fieldset[1]//label[normalize-space(.)='` + c + `']`))
	}

	// Three answers, tried as they are typed, against the unsaved cues.
	tryBox := byLabel("Try an answer")
	b.do(typeIn(tryBox, full))
	b.waitFor(tryCriterion("verification", "Verification: awarded"))
	if got := b.flatText(`//*[@id='try-result']//li[@data-criterion='result']`); !strings.Contains(got, "Required cold-cache: found: “cache is cold”") {
		t.Errorf("the result's words: %q", got)
	}
	b.do(clearField(tryBox), typeIn(tryBox, "The prefix cache is cold after the restart, so first tokens wait for a full prefill. I would watch the latency graph."))
	b.waitFor(tryCriterion("verification", "Verification: not awarded"))
	if got := b.flatText(`//*[@id='try-result']//li[@data-criterion='verification']`); !strings.Contains(got, "hit-rate-check: not found") || !strings.Contains(got, "Near miss:") {
		t.Errorf("the verification's near miss: %q", got)
	}
	b.do(clearField(tryBox), typeIn(tryBox, "The cache is not cold at all; I would roll back the release right away."))
	b.waitFor(tryCriterion("result", "Result: not awarded"))
	if got := b.flatText(`//*[@id='try-result']//li[@data-criterion='result']`); !strings.Contains(got, "cold-cache: found only negated") {
		t.Errorf("the negated concept: %q", got)
	}
	if live, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.getElementById("try-result").getAttribute("aria-live")`)); live != "polite" {
		t.Errorf("the result region's aria-live = %q", live)
	}
	b.do(auditAccessibility(t, "probe form with a tried answer"))
	fitsNarrowScreen(t, b, "probe form with a tried answer")

	// A file of scored answers, pasted: a broken line is named, and the
	// text stays in the box.
	lines := []string{
		scoredAnswerLine("a", full, 1, 1, 1, 1),
		scoredAnswerLine("b", "The prefix cache is cold after the restart, so first tokens wait for a full prefill.", 1, 1, 0, 0),
		scoredAnswerLine("c", "Latency went up because the replicas were busy, and I would check it settles afterwards.", 0, 0, 0, 1),
	}
	paste := byLabel("Or paste scored answers")
	b.do(typeIn(paste, lines[0]+"\n{\"id\": \"b\", \"text\": \n"), chromedp.Click(button("Measure agreement")))
	b.waitFor(`//*[@id='calibration_text-error']`)
	if got := b.flatText(`//*[@id='calibration_text-error']`); !strings.Contains(got, "Line 2 is not a JSON object") {
		t.Errorf("beside the box: %q", got)
	}
	if got, _ := chromedp.Run(b.ctx, chromedp.Value(paste)); !strings.HasPrefix(got, lines[0]) {
		t.Errorf("the pasted text is gone: %q", got)
	}
	if got, _ := chromedp.Run(b.ctx, chromedp.Value(byLabel("Key"))); got != "cold-cache-restart" {
		t.Errorf("the form lost its key: %q", got)
	}
	b.do(auditAccessibility(t, "probe form with a refused file"))
	b.do(clearField(paste), typeIn(paste, strings.Join(lines, "\n")), chromedp.Click(button("Measure agreement")))
	report := `//*[@data-testid='calibration-report']`
	b.waitFor(report)
	if got := b.flatText(report + `//h3`); got != "Agreement on 3 answers" {
		t.Errorf("report heading %q", got)
	}
	if got := b.flatText(report + `//tr[@data-criterion='verification']`); got != "Verification 0.67 0.40" {
		t.Errorf("verification row %q", got)
	}
	if got := b.flatText(report + `//*[@data-testid='report-disagreement']`); !strings.Contains(got, "Answer c — Verification: the file expects 1 point, the scorer gives 0 points.") ||
		!strings.Contains(got, "Near miss:") {
		t.Errorf("the disagreement: %q", got)
	}
	b.do(auditAccessibility(t, "probe form with an agreement report"))
	fitsNarrowScreen(t, b, "probe form with an agreement report")

	// Saved, the example the scorer disagrees with is shown beside it.
	b.do(chromedp.Click(button("Save draft")))
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Saved draft revision')]`)
	beside := `//fieldset[legend[normalize-space(.)='Example 1']]//*[@data-testid='disagreement']`
	if got := b.flatText(beside); !strings.Contains(got, "Verification: the example expects 0 points, the scorer gives 1 point.") {
		t.Errorf("beside example 1: %q", got)
	}
	if got := b.flatText(`//*[@data-testid='coverage']`); !strings.Contains(got, "Every example earns result") {
		t.Errorf("coverage: %q", got)
	}
	b.do(auditAccessibility(t, "saved probe form with coverage warnings"))
	b.do(chromedp.Click(inFieldset("Example 1", "Answer")+`/ancestor::fieldset[1]//label[normalize-space(.)='Earns verification']`),
		chromedp.Click(button("Save draft")))
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Saved draft revision')]`)
	b.do(chromedp.Click(`//form[contains(@action, '/publish')]//button`))
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Published revision')]`)
}
