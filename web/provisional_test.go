package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/web/auth"
)

// A terse answer the scorer credits partly on the strength of similar
// labelled answers: a score it should doubt.
const doubtfulAnswer = "Compare long prompts on both builds at the same load, and waiting time against prefill. " +
	"I'd hold back bulk long prompts for an hour. The rollout and the traffic rise coincide. " +
	"I'd say it recovered when useful completions are back."

// TestProvisionalAnswerThroughTheQueue follows a provisional score from the
// learner's submission, through the review queue (right after an open
// review request), to a reviewer's decision, after which the learner reads
// the reviewer's verdict instead of the scorer's rationale.
func TestProvisionalAnswerThroughTheQueue(t *testing.T) {
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner, "Max": auth.Learner})
	lea, ivan := as["Lea"], as["Ivan"]
	_, rev := s.checkpoints(t)

	// Someone else's open review request, to check the queue's order.
	const plain = "Compare long-prompt latency on both versions at the same arrival rate."
	requested := s.scoredAnswer(t, users["Max"].ID, lesson3Exercise, plain, autoScore(plain, 0.95, []int{1, 1, 1, 1}))
	if err := scores.NewStore(s.pool).RequestReview(context.Background(), requested, users["Max"].ID, "Please check."); err != nil {
		t.Fatal(err)
	}

	p := lea.post(lesson3+"/responses/"+lesson3Exercise, url.Values{"revision": {rev}, "answer": {doubtfulAnswer}, "confidence": {"confident"}})
	if p.status != http.StatusSeeOther {
		t.Fatalf("submitting: status %d, want 303", p.status)
	}
	card := lea.get(lesson3).doc.Find(`[data-testid="score"]`)
	if card.Length() != 1 {
		t.Fatal("the lesson page shows no score card after the answer")
	}
	if got := card.Find(`[data-testid="provisional"]`).Text(); !strings.Contains(got, "Provisional — a reviewer will confirm") {
		t.Fatalf("score card says %q; want it marked provisional", strings.TrimSpace(card.Text()))
	}
	if card.Find(`[data-testid="criterion-failure_case"].criterion-awarded`).Length() != 1 {
		t.Fatal("the scorer did not award the failure case this test's reviewer takes away")
	}

	queue := ivan.get("/review")
	var rows []string
	var leaPath string
	queue.doc.Find(`[data-testid="queue-row"]`).Each(func(_ int, r *goquery.Selection) {
		rows = append(rows, strings.TrimSpace(r.Find(`th[scope="row"]`).Text())+": "+strings.TrimSpace(r.Find(`[data-testid="queue-why"]`).Text()))
		if strings.Contains(r.Text(), "Lea") {
			leaPath = r.Find("a").AttrOr("href", "")
		}
	})
	if len(rows) < 2 || !strings.HasPrefix(rows[0], "Max: Review requested") || !strings.HasPrefix(rows[1], "Lea: Provisional score") {
		t.Fatalf("queue = %q; want Max's request first, then Lea's provisional score", rows)
	}

	points, _, basedOn := formChoices(t, ivan.get(leaPath))
	points[2] = 0 // failure case
	const note = "The answer says the two coincide but never that this leaves the release unproven."
	p = ivan.post(leaPath, reviewForm(basedOn, points, map[grading.Criterion]string{grading.FailureCase: note}))
	if p.status != http.StatusSeeOther {
		t.Fatalf("saving the review: status %d, want 303", p.status)
	}

	card = lea.get(lesson3).doc.Find(`[data-testid="score"]`)
	if card.Find(`[data-testid="provisional"]`).Length() != 0 {
		t.Error("the reviewed score is still marked provisional")
	}
	if card.Find(`[data-testid="reviewed"]`).Length() != 1 {
		t.Error("the score card does not say it was reviewed")
	}
	fc := card.Find(`[data-testid="criterion-failure_case"]`)
	rationale := strings.TrimSpace(fc.Find(".rationale").Text())
	if rationale != "Ivan reviewed this and did not award the point." {
		t.Errorf("failure case rationale = %q; want the reviewer's verdict", rationale)
	}
	if got := fc.Find(`[data-testid="review-note"]`).Text(); !strings.Contains(got, note) {
		t.Errorf("failure case note = %q", got)
	}
	if strings.Contains(fc.Text(), "Awarded") {
		t.Errorf("the failure case still shows the scorer's verdict: %q", fc.Text())
	}
	ivan.get("/review").doc.Find(`[data-testid="queue-row"] th[scope="row"]`).Each(func(_ int, r *goquery.Selection) {
		if strings.TrimSpace(r.Text()) == "Lea" {
			t.Error("the reviewed answer is still in the queue")
		}
	})
}
