package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

// saveAnswer saves a written answer to item on lesson 3 as v.
func saveAnswer(t *testing.T, v *visitor, rev, item, text, confidence string) {
	t.Helper()
	if p := v.post(lesson3+"/responses/"+item, url.Values{"revision": {rev}, "answer": {text}, "confidence": {confidence}}); p.status != http.StatusSeeOther {
		t.Fatalf("saving an answer to %s: status %d", item, p.status)
	}
}

// navDashboard is the header's dashboard link as a screen reader names it:
// its aria-label, else its text.
func navDashboard(p page) string {
	a := p.doc.Find(`header a[data-testid="nav-dashboard"]`)
	if label, ok := a.Attr("aria-label"); ok {
		if visible := flat(a); !strings.HasPrefix(label, visible) {
			return "a name that does not begin with the visible text " + visible
		}
		return label
	}
	return flat(a)
}

// TestDashboardCountsItemsNotRevisions: saving an answer again revises
// it; the dashboard's statistics count the item once, by its latest
// answer.
func TestDashboardCountsItemsNotRevisions(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Rae": auth.Learner})
	rae := as["Rae"]
	_, rev := s.checkpoints(t)
	saveAnswer(t, rae, rev, lesson3Exercise, "Roll it back.", "confident")
	saveAnswer(t, rae, rev, lesson3Exercise, "Roll it back now, the release did it.", "confident")
	saveAnswer(t, rae, rev, lesson3Exercise, "Roll back the release at once.", "getting-there")
	me := rae.get("/me")
	if got := flat(me.doc.Find(`[data-testid="weakest"]`)); !strings.Contains(got, "missed in 1 of your 1 scored answer.") {
		t.Errorf("weakest criterion = %q, want it counted over 1 scored answer (one item, saved three times)", got)
	}
	calibration := texts(me.doc.Find(`[data-testid="calibration"] li p`))
	if len(calibration) != 1 || !strings.Contains(calibration[0], "Getting there") || !strings.Contains(calibration[0], "over 1 answer") {
		t.Errorf("calibration = %q, want one line: the latest answer's confidence, Getting there, over 1 answer", calibration)
	}
	if rows := me.doc.Find(`[data-testid="written-answer"]`); rows.Length() != 1 || !strings.Contains(flat(rows), "saved 3 times") {
		t.Errorf("written answers = %q, want the one item, saved 3 times", texts(rows))
	}
}

// TestDashboardListsWrittenAnswersAndReviews: the dashboard lists the
// latest answer to each written item with its score and where its review
// stands, and the reviews in progress and finished since the last visit;
// the navigation counts those reviews on every page until the dashboard
// has shown the finished ones.
func TestDashboardListsWrittenAnswersAndReviews(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner})
	lea, ivan := as["Lea"], as["Ivan"]
	_, rev := s.checkpoints(t)
	const first, second = "Roll back the release.", "Compare long prompts on both versions at the same arrival rate."
	s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, first, autoScore(first, 0.9, []int{0, 0, 0, 0}))
	exercise := s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, second, autoScore(second, 0.9, []int{1, 1, 0, 0}))
	const probeAnswer = "Split queue wait from prefill time."
	probe := s.scoredAnswer(t, users["Lea"].ID, lesson3Probe, probeAnswer, autoScore(probeAnswer, 0.9, []int{1, 0, 0, 0}))
	saveAnswer(t, lea, rev, "explain-back", "Queue time and prefill time are different waits.", "not-yet")
	if p := lea.post(lesson3+"/reviews/"+lesson3Exercise, url.Values{"response": {strconv.FormatInt(exercise, 10)}, "reason": {"Please look at the comparison."}}); p.status != http.StatusSeeOther {
		t.Fatalf("requesting a review: status %d", p.status)
	}
	_, _, basedOn := formChoices(t, ivan.get(reviewPath(probe)))
	if p := ivan.post(reviewPath(probe), reviewForm(basedOn, []int{1, 1, 1, 0}, map[grading.Criterion]string{
		grading.Reasoning: "Says why the split matters.", grading.FailureCase: "Names the restart trap.",
	})); p.status != http.StatusSeeOther {
		t.Fatalf("saving the review: status %d", p.status)
	}

	// Before the visit: one review in progress, one finished, counted on
	// every page, and named for what they are.
	const both = "Dashboard (2): 1 review in progress, 1 finished since your last visit"
	for _, path := range []string{lesson3, "/", "/courses/serving-incidents", "/account"} {
		if got := navDashboard(lea.get(path)); got != both {
			t.Errorf("GET %s: the dashboard link reads %q, want %q", path, got, both)
		}
	}
	if got := navDashboard(ivan.get("/")); got != "Dashboard" {
		t.Errorf("the reviewer's dashboard link reads %q: a review is news to its learner only", got)
	}

	me := lea.get("/me")
	title := func(key string) string {
		lp, err := s.catalog.Lesson(context.Background(), "serving-incidents", lesson3Slug)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := lp.Lesson.Item(key)
		return lp.Lesson.ItemHeading(b)
	}
	rows := map[string][]string{}
	me.doc.Find(`[data-testid="written-answer"]`).Each(func(_ int, row *goquery.Selection) {
		a := row.Find("th a")
		rows[a.Text()] = []string{a.AttrOr("href", ""), flat(row.Find(`[data-testid="written-score"]`)), flat(row.Find(`[data-testid="written-status"]`)), flat(row)}
	})
	for _, want := range []struct {
		key, kind, score, status string
		saves                    bool
	}{
		{lesson3Exercise, "exercise", "2 of 4", "Review requested", true},
		{lesson3Probe, "probe", "3 of 4", "Reviewed", false},
		{"explain-back", "explain", "Not scored", "Not scored", false},
	} {
		got, ok := rows[title(want.key)]
		if !ok {
			t.Errorf("no written answer titled %q in %q", title(want.key), rows)
			continue
		}
		href := views.ItemURL("serving-incidents", lesson3Slug, lessons.Kind(want.kind), want.key)
		if got[0] != href || got[1] != want.score || got[2] != want.status || strings.Contains(got[3], "saved 2 times") != want.saves {
			t.Errorf("%s: %q; want a link to %s, %s, %s, saved twice %v", want.key, got, href, want.score, want.status, want.saves)
		}
	}
	if len(rows) != 3 {
		t.Errorf("%d written answers listed, want one per item (3): %q", len(rows), rows)
	}
	finished, requested := flat(me.doc.Find(`[data-testid="reviews-finished"]`)), flat(me.doc.Find(`[data-testid="reviews-requested"]`))
	if !strings.Contains(finished, title(lesson3Probe)) || !strings.Contains(finished, "now 3 of 4, reviewed by Ivan") {
		t.Errorf("finished reviews = %q, want the probe, now 3 of 4, by Ivan", finished)
	}
	if !strings.Contains(requested, title(lesson3Exercise)) || strings.Contains(requested, title(lesson3Probe)) {
		t.Errorf("reviews in progress = %q, want the exercise only", requested)
	}
	// Seen: the count is what is still in progress.
	const one = "Dashboard (1): 1 review in progress"
	if got := navDashboard(me); got != one {
		t.Errorf("on the dashboard, its link reads %q, want %q", got, one)
	}

	// The next visit: nothing finished since.
	again := lea.get("/me")
	if n := again.doc.Find(`[data-testid="reviews-finished"]`).Length(); n != 0 {
		t.Errorf("the next visit still lists %d finished reviews", n)
	}
	if !strings.Contains(flat(again.doc.Find(`[data-testid="reviews-requested"]`)), title(lesson3Exercise)) {
		t.Error("the review in progress is no longer listed")
	}
	for _, path := range []string{lesson3, "/"} {
		if got := navDashboard(lea.get(path)); got != one {
			t.Errorf("GET %s after the visit: the dashboard link reads %q, want %q", path, got, one)
		}
	}
}
