package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestPractice: /practice lists every probe not answered yet; the random
// pick never gives the same probe twice running and prefers unanswered
// ones; a probe practised alone shows neither its strong answer nor the
// learner's earlier answer, and after an answer its result has the score
// and the strong answer; the answered probe moves to "Answered", and once
// a missed criterion falls due, to "Due for review", which the pick then
// prefers.
func TestPractice(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Pia": auth.Learner})
	pia := as["Pia"]
	_, rev := s.checkpoints(t)

	list := pia.get("/practice")
	all := list.doc.Find(`[data-testid="practice-new"] [data-testid="practice-probe"]`).Length()
	if all < 2 || list.doc.Find(`[data-testid="practice-answered"] [data-testid="practice-probe"]`).Length() != 0 ||
		list.doc.Find(`[data-testid="practice-due"] [data-testid="practice-probe"]`).Length() != 0 {
		t.Fatalf("a new learner's /practice: %d probes not answered, want them all there and none elsewhere", all)
	}

	pick := func() string {
		t.Helper()
		p := pia.get("/practice/random")
		if p.status != http.StatusSeeOther || !strings.HasPrefix(p.header.Get("Location"), "/practice/") {
			t.Fatalf("random pick: status %d, Location %q", p.status, p.header.Get("Location"))
		}
		return p.header.Get("Location")
	}
	last := pick()
	for range 2 * all {
		next := pick()
		if next == last {
			t.Fatalf("the random pick gave %s twice running", next)
		}
		last = next
	}

	// Practised alone: the question, not the answer.
	page := pia.get(practiceProbe)
	if page.status != http.StatusOK || page.doc.Find(`[data-testid="practice-question"] .prompt`).Length() != 1 ||
		page.doc.Find(`[data-testid="strong-answer"]`).Length() != 0 {
		t.Fatalf("practice view: status %d; want the question without the strong answer", page.status)
	}
	if p := pia.post(practiceProbe, url.Values{"revision": {rev}, "answer": {"  "}, "confidence": {"not-yet"}}); p.status != http.StatusUnprocessableEntity ||
		p.doc.Find(`#practice-error[role="alert"]`).Length() != 1 {
		t.Errorf("an empty practice answer: status %d, want 422 with the problem beside it", p.status)
	}
	const answer = "Restart every replica and see whether first-token latency comes back."
	p := pia.post(practiceProbe, url.Values{"revision": {rev}, "answer": {answer}, "confidence": {"not-yet"}})
	if p.status != http.StatusSeeOther || p.header.Get("Location") != practiceProbe+"/result" {
		t.Fatalf("answering: status %d, Location %q; want 303 to the result", p.status, p.header.Get("Location"))
	}
	result := pia.get(practiceProbe + "/result")
	if result.doc.Find(`[data-testid="practice-result"] [data-testid="score"]`).Length() != 1 ||
		result.doc.Find(`[data-testid="practice-result"] [data-testid="strong-answer"]`).Length() != 1 ||
		!strings.Contains(result.doc.Find(`[data-testid="score"] .earlier-answer`).Text(), answer) {
		t.Error("the practice result should show the answer's score and the strong answer")
	}
	page = pia.get(practiceProbe)
	if strings.Contains(page.body, answer) || page.doc.Find(`[data-testid="strong-answer"]`).Length() != 0 {
		t.Error("practising the probe again shows the earlier answer or the strong answer")
	}
	// The lesson page scored the same answer: it is the learner's answer
	// there, with the strong answer seen.
	if got := pia.get(lesson3).doc.Find("#probe-" + lesson3Probe + ` [data-testid="strong-answer"]`).Length(); got != 1 {
		t.Error("the lesson page does not show the strong answer seen in practice")
	}

	list = pia.get("/practice")
	if got := list.doc.Find(`[data-testid="practice-answered"] a`).AttrOr("href", ""); got != practiceProbe {
		t.Errorf("answered: %q, want the probe just answered", got)
	}

	// The pick never repeats the last probe picked: make that another one,
	// so that the due probe may come next.
	for last == practiceProbe {
		last = pick()
	}
	// A missed criterion falls due within minutes.
	s.clock.advance(30 * time.Minute)
	list = pia.get("/practice")
	if got := list.doc.Find(`[data-testid="practice-due"] a`).AttrOr("href", ""); got != practiceProbe {
		t.Fatalf("due for review: %q, want the probe with missed criteria", got)
	}
	if list.doc.Find(`[data-testid="practice-answered"] [data-testid="practice-probe"]`).Length() != 0 {
		t.Error("a due probe is listed twice")
	}
	if pick() != practiceProbe {
		t.Error("the random pick passed over the probe due for review")
	}
	if pick() == practiceProbe {
		t.Error("the random pick gave the due probe twice running")
	}
}

// TestPracticeForAVisitor: a visitor without an account practises a probe
// and sees its result; the probe moves to "Answered", and no "Due for
// review" is offered to someone without review cards.
func TestPracticeForAVisitor(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)
	_, rev := s.checkpoints(t)
	if v.get("/practice").doc.Find(`[data-testid="practice-due"]`).Length() != 0 {
		t.Error("a visitor is offered probes due for review")
	}
	if p := v.get(practiceProbe + "/result"); p.status != http.StatusSeeOther || p.header.Get("Location") != practiceProbe {
		t.Errorf("a result before answering: status %d, Location %q; want the probe", p.status, p.header.Get("Location"))
	}
	p := v.post(practiceProbe, url.Values{"revision": {rev}, "answer": {"Split queue wait from prefill time first."}, "confidence": {"getting-there"}})
	if p.status != http.StatusSeeOther {
		t.Fatalf("answering: status %d", p.status)
	}
	result := v.get(practiceProbe + "/result")
	if result.doc.Find(`[data-testid="score"]`).Length() != 1 || result.doc.Find(`[data-testid="strong-answer"]`).Length() != 1 {
		t.Error("a visitor's practice result should show the score and the strong answer")
	}
	if got := v.get("/practice").doc.Find(`[data-testid="practice-answered"] a`).AttrOr("href", ""); got != practiceProbe {
		t.Errorf("answered: %q, want the probe just answered", got)
	}
}
