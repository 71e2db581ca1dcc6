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

// Terse answers the scorer credits partly on the strength of similar
// labelled answers: scores it should doubt. The test uses the first the
// scorer marks provisional, so it follows the scorer as it changes.
var doubtfulAnswers = []string{
	// Long, hedged and half right: the fitted provisional model
	// (grading/provisional.go) doubts partial totals on long answers.
	"The release and the traffic increase landed together, so nothing here isolates the release, and pushing everyone back to the old version would overload it. " +
		"I'd look at queue wait and prefill on both versions, and call it fixed when useful completions and the oldest queue age are back to normal for an hour. " +
		"Honestly I'm not sure which of the two matters more here; the dashboards I have in mind are not precise enough to tell me on their own, and I would want to talk to whoever shipped the release before deciding anything. " +
		"I'd also keep an eye on the error budget and on the customers who complain loudest, since they usually notice first. " +
		"Waiting time grew more than prefill did, from what I remember, but I would double check it before leaning on it. " +
		"Before any of that I would read the incident channel and the change log for the last day, because somebody may already have noticed something I have not. " +
		"I would ask the on-call engineer for the owning team what they saw first and how the alerts fired, and I would write down the timeline as we go so the review afterwards is easier. " +
		"If the team that owns the release is around, I would ask them what changed in it, whether anything touched batching or memory, and whether they tested with prompts as long as the ones that are slow now.",
	"Both the rollout and the traffic went up together, so I can't tell yet which one. " +
		"Hold back bulk for a while. Waiting time grew more than prefill did.",
	"Compare long prompts on both builds at the same load, and waiting time against prefill. " +
		"I'd hold back bulk long prompts for an hour. The rollout and the traffic rise coincide. " +
		"I'd say it recovered when useful completions are back.",
	"Long prompts on both builds at the same load, waiting against prefill; hold back bulk. " +
		"Rollout and traffic coincide. Done when completions are back.",
	"Compare long prompts on both builds at the same load, and waiting against prefill, then hold back bulk long prompts. " +
		"It recovered when useful completions are back.",
	"I think it is the queue. Long prompts wait. Maybe cap them. The release happened at the same time as the traffic so be careful.",
}

// doubtfulAnswer returns an answer the scorer marks provisional for the
// exercise, and its auto score.
func doubtfulAnswer(t *testing.T, s *site) (string, grading.Score) {
	t.Helper()
	b := lessonItem(t, s, lesson3Exercise)
	for _, a := range doubtfulAnswers {
		sc, err := b.ItemScoring().Grade(a, nil)
		if err != nil {
			t.Fatal(err)
		}
		if sc.Provisional {
			return a, sc
		}
	}
	t.Fatal("the scorer is sure of every doubtful answer: write one it is not")
	return "", grading.Score{}
}

// TestProvisionalAnswerThroughTheQueue follows a provisional score from the
// learner's submission, through the review queue (right after an open
// review request), to a reviewer's decision, after which the learner reads
// the reviewer's verdict instead of the scorer's rationale.
func TestProvisionalAnswerThroughTheQueue(t *testing.T) {
	t.Parallel()
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

	answer, auto := doubtfulAnswer(t, s)
	p := lea.post(lesson3+"/responses/"+lesson3Exercise, url.Values{"revision": {rev}, "answer": {answer}, "confidence": {"confident"}})
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

	queue := ivan.get("/review/queue")
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

	// The reviewer turns the scorer's verdict on the failure case round.
	points, _, basedOn := formChoices(t, ivan.get(leaPath))
	awarded := !auto.Criteria[2].Awarded
	points[2] = 1 - points[2]
	const note = "Judged against the rubric's description of the confound."
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
	want := "Ivan reviewed this and did not award the point."
	if awarded {
		want = "Ivan reviewed this and awarded the point."
	}
	if rationale != want {
		t.Errorf("failure case rationale = %q; want the reviewer's verdict", rationale)
	}
	if got := fc.Find(`[data-testid="review-note"]`).Text(); !strings.Contains(got, note) {
		t.Errorf("failure case note = %q", got)
	}
	if strings.Contains(fc.Text(), auto.Criteria[2].Rationale) {
		t.Errorf("the failure case still shows the scorer's rationale: %q", fc.Text())
	}
	ivan.get("/review/queue").doc.Find(`[data-testid="queue-row"] th[scope="row"]`).Each(func(_ int, r *goquery.Selection) {
		if strings.TrimSpace(r.Text()) == "Lea" {
			t.Error("the reviewed answer is still in the queue")
		}
	})
}
