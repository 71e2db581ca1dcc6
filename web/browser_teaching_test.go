package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestTeachingJourneyInBrowser: a learner misses a checkpoint and reads
// why the option they chose is wrong, without being told the answer;
// tries again; then asks for the answer. They answer an exercise, open
// its model answer, revise their answer and find the revision marked in
// its history. They practise a probe alone from /practice and get its
// result with the strong answer. The pages pass axe at 1280 and 390 px.
func TestTeachingJourneyInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	createAccount(t, s, "Tess", auth.Learner)
	cps, _ := s.checkpoints(t)
	cp := cps[0].Checkpoint
	if len(cp.Options) < 3 {
		t.Fatalf("checkpoint 1 has %d options; the journey misses it twice", len(cp.Options))
	}
	right := cp.Correct()
	wrong, wrongAgain := (right+1)%len(cp.Options), (right+2)%len(cp.Options)
	letter := func(i int) string { return string(rune('A' + i)) }
	audit := func(name string) {
		t.Helper()
		b.do(auditAccessibility(t, name+" at 1280 px"))
		fitsNarrowScreen(t, b, name)
	}

	b.signIn(s, "tess@example.com", dashboard)
	b.do(chromedp.Navigate(s.URL + lesson3))
	section := checkpointSection(1)
	b.waitFor(section)

	// A miss: the chosen option's explanation, and no answer.
	b.do(chooseOption(1, letter(wrong)), chromedp.Click(section+button("Check answer")))
	b.waitFor(section + `//*[@data-testid='checkpoint-result']`)
	result := b.flatText(section + `//*[@data-testid='checkpoint-result']`)
	if !strings.Contains(result, "Not quite. You chose "+letter(wrong)+".") || strings.Contains(result, "The answer is") || !strings.Contains(result, "try again") {
		t.Errorf("after a miss the checkpoint reads %q; want the verdict on %s and a prompt to try again, not the answer", result, letter(wrong))
	}
	chosen := b.flatText(section + `//*[@data-testid='checkpoint-result']//*[contains(@class, 'explanation')]`)
	if chosen == "" {
		t.Error("the chosen option's explanation is not shown")
	}

	// Try again, and miss again.
	b.do(chooseOption(1, letter(wrongAgain)), chromedp.Click(section+button("Try again")))
	b.waitFor(section + `//*[@data-testid='checkpoint-result'][contains(., 'You chose ` + letter(wrongAgain) + `')]`)
	if got := b.flatText(section + `//*[@data-testid='checkpoint-result']//*[contains(@class, 'explanation')]`); got == chosen {
		t.Error("trying again shows the first option's explanation, want the second's")
	}
	if got := b.flatText(section + `//p[@class='attempts']`); !strings.HasPrefix(got, "2 attempts") {
		t.Errorf("attempts read %q, want 2", got)
	}

	// Show the answer.
	b.do(chromedp.Click(section + button("Show the answer")))
	b.waitFor(section + `//*[@data-testid='revealed-answer']`)
	if got := b.flatText(section + `//*[@data-testid='revealed-answer']`); !strings.HasPrefix(got, "The answer is "+letter(right)+".") {
		t.Errorf("the revealed answer reads %q, want option %s and its explanation", got, letter(right))
	}
	audit("lesson page with a revealed checkpoint")

	// An exercise, its model answer, and a revision after it.
	exercise := `//section[@data-testid='exercise']`
	first := "Compare long-prompt latency on the old and new versions at the same arrival rate."
	b.do(typeIn(exercise+`//textarea[@name='answer']`, first),
		chromedp.Click(exercise+`//label[normalize-space(.)='Not yet']`),
		chromedp.Click(exercise+button("Submit answer for scoring")))
	b.waitFor(exercise + `//*[@data-testid='score']`)
	if n := b.count(exercise + `//*[@data-testid='model-solution']`); n != 0 {
		t.Error("the model solution is shown before it was asked for")
	}
	b.do(chromedp.Click(exercise + button("Show the model answer")))
	b.waitFor(exercise + `//*[@data-testid='model-solution']`)
	audit("lesson page with a model answer")
	revised := first + " Then split queue time from prefill time, and limit long-prompt admission meanwhile."
	b.do(clear(exercise+`//textarea[@name='answer']`), typeIn(exercise+`//textarea[@name='answer']`, revised),
		chromedp.Click(exercise+`//label[normalize-space(.)='Getting there']`),
		chromedp.Click(exercise+button("Submit revised answer for scoring")))
	b.waitFor(exercise + `//*[@data-testid='saved-answer'][contains(., 'after seeing the model answer')]`)
	b.do(chromedp.Click(exercise + `//summary[starts-with(normalize-space(.), 'Earlier versions')]`))
	if got := b.flatText(exercise + `//details[contains(@class, 'history')]//li`); strings.Contains(got, "after seeing") || !strings.Contains(got, first) {
		t.Errorf("the first version in the history reads %q; want it there, unmarked", got)
	}

	// Practice: one probe alone, then its result.
	b.do(chromedp.Navigate(s.URL + "/practice"))
	b.waitFor(h1("Practice interview probes"))
	audit("practice page")
	b.do(chromedp.Click(link("Give me a random probe")))
	b.waitFor(`//h1[starts-with(normalize-space(.), 'Practise:')]`)
	if n := b.count(`//*[@data-testid='strong-answer']`); n != 0 {
		t.Error("the practice view shows the strong answer before an answer")
	}
	audit("practice view")
	b.do(typeIn(byLabel("Your answer"), "Split queue wait from prefill time, then cap long-prompt admission and watch useful completions recover."),
		chromedp.Click(`//label[normalize-space(.)='Getting there']`),
		chromedp.Click(button("Submit answer for scoring")))
	b.waitFor(`//h1[starts-with(normalize-space(.), 'Your result:')]`)
	if b.count(`//*[@data-testid='score']`) != 1 || b.count(`//*[@data-testid='strong-answer']`) != 1 {
		t.Error("the practice result should show the score and the strong answer")
	}
	audit("practice result")
}

// count is how many elements xpath finds.
func (b *browserTab) count(xpath string) int {
	b.t.Helper()
	n, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.evaluate(%q, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null).snapshotLength`, xpath)))
	if err != nil {
		b.t.Fatal(err)
	}
	return n
}

// clear empties the text area xpath finds, as selecting all and deleting
// would.
func clear(xpath string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.evaluate(%q, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue.value = ""`, xpath))
}
