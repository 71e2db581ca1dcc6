package web_test

import (
	"context"
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestProgressCSV: the dashboard's download has one row per answer, oldest
// first — each checkpoint attempt and each saved version of a written
// answer — with the four criteria, the total, the confidence rating, where
// the review stands, which version of the answer it is and whether it was
// written after seeing the model answer.
func TestProgressCSV(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner})
	lea, ivan := as["Lea"], as["Ivan"]
	cps, rev := s.checkpoints(t)
	lea.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, false))
	lea.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true))
	const first, second = "Roll back the release.", "Compare long prompts on both versions."
	doubtful := autoScore(first, 0.4, []int{0, 0, 0, 0})
	doubtful.Provisional = true
	s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, first, doubtful)
	exercise := s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, second, autoScore(second, 0.9, []int{1, 1, 0, 0}))
	// Lea opens the model solution, then writes a third version.
	reveal(t, s, lea, lesson3Exercise)
	const third = "Compare long prompts on both versions at the same arrival rate, then split queue from prefill time."
	s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, third, autoScore(third, 0.9, []int{1, 1, 0, 1}))
	const probeAnswer = "Split queue wait from prefill time."
	probe := s.scoredAnswer(t, users["Lea"].ID, lesson3Probe, probeAnswer, autoScore(probeAnswer, 0.9, []int{1, 0, 0, 0}))
	_, _, basedOn := formChoices(t, ivan.get(reviewPath(probe)))
	if p := ivan.post(reviewPath(probe), reviewForm(basedOn, []int{1, 0, 1, 1}, map[grading.Criterion]string{
		grading.FailureCase: "Names the restart trap.", grading.Verification: "States a falsifier.",
	})); p.status != http.StatusSeeOther {
		t.Fatalf("saving the review: status %d", p.status)
	}
	saveAnswer(t, lea, rev, "explain-back", "=SUM(A1) is not an explanation.", "not-yet")
	if err := scores.NewStore(s.pool).RequestReview(context.Background(), exercise, users["Lea"].ID, "Please look again."); err != nil {
		t.Fatal(err)
	}

	p := rawRequest(t, lea, http.MethodGet, "/me/progress.csv", nil)
	if p.status != http.StatusOK || p.header.Get("Content-Type") != "text/csv; charset=utf-8" {
		t.Fatalf("GET /me/progress.csv: status %d, %s", p.status, p.header.Get("Content-Type"))
	}
	rows, err := csv.NewReader(strings.NewReader(p.body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header := []string{"type", "course", "lesson", "lesson_revision", "item", "answer_revision", "answered_at", "option", "correct", "confidence",
		"result", "reasoning", "failure_case", "verification", "total", "review_status", "after_seeing_model_answer", "answer"}
	if diff := cmp.Diff(header, rows[0]); diff != "" {
		t.Fatalf("CSV header (-want +got):\n%s", diff)
	}
	lp, err := s.catalog.Lesson(context.Background(), "serving-incidents", lesson3Slug)
	if err != nil {
		t.Fatal(err)
	}
	lr := strconv.Itoa(lp.Revision)
	wrongLetter := string(rune('A' + (cps[0].Checkpoint.Correct()+1)%len(cps[0].Checkpoint.Options)))
	rightLetter := string(rune('A' + cps[0].Checkpoint.Correct()))
	// Every column but answered_at, which only has to be in order.
	want := [][]string{
		{"checkpoint", lesson3Slug, lr, cps[0].Key, "1", wrongLetter, "false", "", "", "", "", "", "", "", "", ""},
		{"checkpoint", lesson3Slug, lr, cps[0].Key, "2", rightLetter, "true", "", "", "", "", "", "", "", "", ""},
		{"exercise", lesson3Slug, lr, lesson3Exercise, "1", "", "", "getting-there", "0", "0", "0", "0", "0", "provisional", "false", first},
		{"exercise", lesson3Slug, lr, lesson3Exercise, "2", "", "", "getting-there", "1", "1", "0", "0", "2", "review requested", "false", second},
		{"exercise", lesson3Slug, lr, lesson3Exercise, "3", "", "", "getting-there", "1", "1", "0", "1", "3", "scored", "true", third},
		{"probe", lesson3Slug, lr, lesson3Probe, "1", "", "", "getting-there", "1", "0", "1", "1", "3", "reviewed", "false", probeAnswer},
		{"explain", lesson3Slug, lr, "explain-back", "1", "", "", "not-yet", "", "", "", "", "", "not scored", "false", "'=SUM(A1) is not an explanation."},
	}
	var got [][]string
	last := ""
	for _, r := range rows[1:] {
		if r[1] != "serving-incidents" || r[6] < last {
			t.Errorf("row %q: want course serving-incidents, answered after %s", r, last)
		}
		last = r[6]
		got = append(got, append(append([]string{r[0]}, r[2:6]...), r[7:]...))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CSV rows (-want +got):\n%s", diff)
	}
}
