package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestAgreementShowsTheProvisionalFlag: the agreement page says how often
// the provisional flag foretold a reviewer changing the total, overall
// and month by month.
func TestAgreementShowsTheProvisionalFlag(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner})
	store := scores.NewStore(s.pool)
	const answer = "Compare long-prompt latency on both versions at the same arrival rate."
	scored := func(provisional bool, auto, review []int) {
		sc := autoScore(answer, 0.9, auto)
		sc.Provisional = provisional
		id := s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, answer, sc)
		h, err := store.History(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		points := map[grading.Criterion]int{}
		notes := map[grading.Criterion]string{}
		for i, c := range grading.Criteria {
			points[c] = review[i]
			if review[i] != auto[i] {
				notes[c] = "Changed."
			}
		}
		if _, err := store.Override(context.Background(), scores.Override{ResponseID: id, ReviewerID: users["Ivan"].ID,
			BasedOn: h[len(h)-1].ID, Scores: points, Notes: notes}); err != nil {
			t.Fatal(err)
		}
	}
	scored(true, []int{1, 1, 0, 0}, []int{1, 1, 1, 0})  // caught
	scored(true, []int{1, 1, 0, 0}, []int{1, 1, 0, 0})  // false alarm: the reviewer confirms it
	scored(false, []int{1, 0, 0, 0}, []int{0, 0, 0, 0}) // missed

	p := as["Ivan"].get("/review/agreement")
	item := p.doc.Find(`[data-testid="agreement-item"]`).First()
	want := "33% right: 1 wrong totals caught, 1 missed, 1 false alarms, 0 rightly left alone"
	if got := strings.TrimSpace(item.Find(`[data-testid="flag-agreement"]`).Text()); !strings.Contains(got, want) {
		t.Errorf("flag agreement = %q, want %q", got, want)
	}
	months := item.Find(`[data-testid="agreement-month"]`)
	if months.Length() != 1 {
		t.Fatalf("%d month rows, want 1", months.Length())
	}
	var cells []string
	months.Children().Each(func(_ int, c *goquery.Selection) { cells = append(cells, strings.TrimSpace(c.Text())) })
	row := strings.Join(cells, " ")
	// Criteria: 3 + 4 + 3 agree of 12.
	if wantRow := time.Now().UTC().Format("2006-01") + " 3 83% (10 of 12) 33%"; row != wantRow {
		t.Errorf("month row = %q, want %q", row, wantRow)
	}
}
