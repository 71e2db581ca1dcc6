package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestAuthoringJourneyInBrowser: an instructor adds an interview probe to a
// shipped lesson through its form, with concepts, rubric cues and two
// calibration examples the scorer agrees with, saves the draft and
// publishes it; a learner then answers the new probe and is scored on the
// four criteria.
func TestAuthoringJourneyInBrowser(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	b := openBrowser(t)
	for _, u := range []struct {
		name, email string
		role        auth.Role
	}{{"Lee Learner", "lee@example.com", auth.Learner}, {"Ines Instructor", "ines@example.com", auth.Instructor}} {
		if _, err := s.users.Create(t.Context(), u.email, u.name, password, u.role); err != nil {
			t.Fatal(err)
		}
	}
	const question = "After a deploy, every replica restarted and first-token latency doubled for ten minutes. What do you check first?"

	// The instructor opens a shipped lesson's editor and adds a probe.
	b.signIn(s, "ines@example.com", dashboard)
	b.do(chromedp.Navigate(s.URL + lesson1Author))
	b.waitFor(button("Add an interview probe"))
	b.do(auditAccessibility(t, "lesson editor"), chromedp.Click(button("Add an interview probe")))
	b.waitFor(`//h1[normalize-space(.)='New interview probe']`)
	// Saving it blank shows every problem beside its field.
	b.do(auditAccessibility(t, "new probe form"), chromedp.Click(button("Save draft")))
	b.waitFor(`//*[@data-testid='error-summary']`)
	if got := b.flatText(`//*[@id='evidence_class-error']`); !strings.Contains(got, "evidence_class") {
		t.Errorf("beside Evidence class: %q", got)
	}
	b.do(auditAccessibility(t, "probe form with problems"),
		typeIn(byLabel("Key"), "cold-cache-restart"),
		typeIn(byLabel("Question"), question),
		chromedp.SetValue(byLabel("Evidence class"), "recommended"),
		typeIn(byLabel("Strong answer"), "The restart emptied the prefix cache, so every prompt pays full prefill again.\n\nCompare the cache hit rate before and after, and watch it recover."),
		typeIn(byLabel("Follow-up question"), "The hit rate is back but latency is not: where next?"),
		typeIn(byLabel("Weak-answer indicators"), "Blames the new model version without evidence.\nRestarts the replicas again."),
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
	// Two calibration examples: a full answer and an empty one.
	b.do(typeIn(inFieldset("New example", "Answer"), "The prefix cache is cold after every replica restarted, so first tokens wait for a full prefill. "+
		"This is not the new version's fault. I would watch the hit rate recover and latency fall with it."))
	for _, c := range []string{"Earns result", "Earns reasoning", "Earns failure case", "Earns verification"} {
		b.do(chromedp.Click(inFieldset("New example", "Answer") + `/ancestor::fieldset[1]//label[normalize-space(.)='` + c + `']`))
	}
	b.do(chromedp.Click(button("Add another example")))
	b.waitFor(`//fieldset[legend[normalize-space(.)='New example 2']]`)
	b.do(typeIn(inFieldset("New example 2", "Answer"), "I would roll back the release."),
		typeIn(inFieldset("New example 2", "Note (optional)"), "A wrong, unbounded fix earns nothing."),
		chromedp.Click(button("Save draft")))

	// The editor shows the draft, with the scorer agreeing; publish it.
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Saved draft revision')]`)
	if got := b.flatText(`//*[@data-testid='blocks']`); !strings.Contains(got, "cold-cache-restart") {
		t.Errorf("the editor's blocks = %q, want the new probe", got)
	}
	if n, _ := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=calibration]").length`)); n != 0 {
		t.Fatalf("the scorer disagrees with the calibration examples: %s", b.flatText(`//*[@data-testid='calibration']`))
	}
	b.do(chromedp.Click(`//form[contains(@action, '/publish')]//button`))
	b.waitFor(`//*[@data-testid='notice'][contains(., 'Published revision')]`)
	b.signOut("Ines Instructor")

	// The learner answers the new probe and is scored.
	b.signIn(s, "lee@example.com", dashboard)
	probe := fmt.Sprintf(`//section[@data-testid='probe'][.//p[contains(., %q)]]`, "every replica restarted")
	b.do(chromedp.Navigate(s.URL + "/courses/serving-incidents/read-the-request-timeline"))
	b.waitFor(probe)
	b.do(typeIn(probe+`//textarea`, "Every replica restarted, so the prefix cache went cold and each prompt pays the full prefill again. "+
		"It is not the release itself. I would check that the hit rate recovers along with first-token latency."),
		chromedp.Click(probe+`//label[normalize-space(.)='Getting there']`),
		chromedp.Click(probe+button("Submit answer for scoring")))
	score := probe + `//*[@data-testid='score']`
	b.waitFor(score)
	if n, err := chromedp.Run(b.ctx, chromedp.Evaluate[int](`[...document.querySelectorAll("section[data-testid=probe]")].find(s => s.textContent.includes("every replica restarted")).querySelectorAll("[data-testid=score] li.criterion").length`)); err != nil || n != 4 {
		t.Fatalf("%d criteria shown (%v), want 4", n, err)
	}
	if got := b.flatText(score); !strings.Contains(got, "4 of 4") {
		t.Errorf("score = %q, want 4 of 4", got)
	}
}
