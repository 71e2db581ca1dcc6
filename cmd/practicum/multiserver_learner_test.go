package main

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

const multiLearner = "lena@example.com"

// learnerSeenOnOther: a learner's lesson page is kept by server b (an
// answer stored by SQL, which nobody announces, is not on it), and a
// learner's answer and a reviewer's decision made through server a are on
// b's page within a second, as is, on another lesson's page after a
// publish through a, a review card that fell due by SQL (content changes
// forget every kept part). The browser viewing b holds only the
// learner's session, not the mark the posting browser gets, so that it is
// b hearing a's announcement that refreshes the page.
func learnerSeenOnOther(t *testing.T, pool *pgxpool.Pool, a, b *serverProc) {
	ctx := context.Background()
	lena, err := auth.NewStore(pool).Create(ctx, multiLearner, "Lena Learner", faultPassword, auth.Learner)
	if err != nil {
		t.Fatal(err)
	}
	poster := newBrowser(t)
	if r := poster.post(a.URL+"/signin", url.Values{"email": {multiLearner}, "password": {faultPassword}}); r.status != http.StatusSeeOther {
		t.Fatalf("signing the learner in on A: status %d", r.status)
	}
	viewer := newBrowser(t)
	for _, c := range poster.client.Jar.Cookies(mustParse(t, a.URL)) {
		if c.Name == "practicum_session" {
			viewer.client.Jar.SetCookies(mustParse(t, b.URL), []*http.Cookie{{Name: c.Name, Value: c.Value, Path: "/"}})
		}
	}
	answered := func() int {
		d := viewer.get(b.URL + multiLesson).doc(t)
		return d.Find(".result-right, .result-wrong").Length()
	}
	page := viewer.get(b.URL + multiLesson)
	forms := page.doc(t).Find(`form[action*="/checkpoints/"]`)
	if page.status != http.StatusOK || forms.Length() < 2 || answered() != 0 {
		t.Fatalf("the learner's page on B: status %d, %d checkpoints, want 200 with none answered", page.status, forms.Length())
	}
	rev := forms.First().Find(`input[name="revision"]`).AttrOr("value", "")
	second := strings.TrimPrefix(forms.Eq(1).AttrOr("action", ""), multiLesson+"/checkpoints/")
	if _, err := pool.Exec(ctx, `INSERT INTO checkpoint_attempts (user_id, revision_id, item_key, option, correct, answered_at)
		VALUES ($1, $2, $3, 0, false, now())`, lena.ID, rev, second); err != nil {
		t.Fatal(err)
	}
	if n := answered(); n != 0 {
		t.Fatalf("B shows %d answers right after an answer nobody announced; want its kept page, with none", n)
	}

	// The learner answers the first checkpoint through A.
	action, form := checkpointForm(t, poster.get(a.URL+multiLesson))
	if r := poster.post(a.URL+action, form); r.status != http.StatusSeeOther {
		t.Fatalf("answering on A: status %d", r.status)
	}
	waitOnOther(t, time.Now(), "the answer through A", func() bool { return answered() == 2 }, b)

	// A scored answer, then a reviewer's decision on it through A.
	if r := poster.post(a.URL+multiLesson+"/responses/release-and-traffic", url.Values{"revision": {rev},
		"answer": {"Compare long-prompt latency on both versions at the same arrival rate."}, "confidence": {"confident"}}); r.status != http.StatusSeeOther {
		t.Fatalf("a written answer on A: status %d", r.status)
	}
	var id int64
	if err := pool.QueryRow(ctx, `SELECT id FROM responses WHERE user_id = $1 AND item_key = 'release-and-traffic'`, lena.ID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	const note = "Checked across servers: names the matched comparison."
	waitOnOther(t, time.Now(), "the scored answer", func() bool {
		return strings.Contains(viewer.get(b.URL+multiLesson).body, `data-testid="score"`)
	}, b)
	ines := newBrowser(t)
	ines.signIn(a.URL, faultPassword, http.StatusSeeOther)
	review := a.URL + "/review/" + strconv.FormatInt(id, 10)
	if r := ines.post(review, overrideForm(t, ines.get(review), note)); r.status != http.StatusSeeOther {
		t.Fatalf("the reviewer's decision on A: status %d", r.status)
	}
	waitOnOther(t, time.Now(), "the reviewer's decision through A", func() bool {
		return strings.Contains(viewer.get(b.URL+multiLesson).body, note)
	}, b)

	// A review card fallen due by SQL is not counted on B's kept page
	// until content changes: a publish through A forgets every kept part
	// on B too.
	// Another lesson's page, which the publish does not change: its
	// revision, so its kept part's key, stays the same.
	const other, due = multiCourse + "/separate-release-from-traffic", `aria-label="Review, 1 due"`
	for range 2 { // the lesson's frame made, then the learner's part kept
		viewer.get(b.URL + other)
	}
	if _, err := pool.Exec(ctx, `UPDATE review_cards SET due = now() - interval '1 minute' WHERE user_id = $1 AND criterion = ''`, lena.ID); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(viewer.get(b.URL+other).body, due) {
		t.Fatal("B counts a card nobody announced as due; want its kept page")
	}
	publishRetitled(t, ines, a.URL, "Again ")
	waitOnOther(t, time.Now(), "the count after a publish", func() bool {
		return strings.Contains(viewer.get(b.URL+other).body, due)
	}, b)
	// The first view after a content change reads the whole page (the
	// route's frame is forgotten too); the next ones must not go back to
	// the part kept before it.
	for i := range 3 {
		if !strings.Contains(viewer.get(b.URL+other).body, due) {
			t.Fatalf("view %d after the publish: B shows the count kept before it", i+2)
		}
	}
}

// overrideForm is the review form of r with every criterion's score
// flipped, each with note.
func overrideForm(t *testing.T, r reply, note string) url.Values {
	t.Helper()
	d := r.doc(t)
	f := url.Values{"based_on": {d.Find(`input[name="based_on"]`).AttrOr("value", "")}}
	for _, c := range grading.Criteria {
		checked := d.Find(`form[data-testid="review-form"] input[name="` + views.ScoreField(c) + `"][checked]`)
		if r.status != http.StatusOK || checked.Length() != 1 {
			t.Fatalf("the review page of the answer: status %d, no score checked for %s", r.status, c)
		}
		n, _ := strconv.Atoi(checked.AttrOr("value", ""))
		f.Set(views.ScoreField(c), strconv.Itoa(1-n))
		f.Set(views.NoteField(c), note)
	}
	return f
}

// waitOnOther polls shown until it holds, failing once a second has passed
// since the change at changed.
func waitOnOther(t *testing.T, changed time.Time, what string, shown func() bool, on *serverProc) {
	t.Helper()
	for !shown() {
		if time.Since(changed) > multiWithinLimit {
			t.Fatalf("%s is still not on %s's page a second later", what, on.URL)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("%s seen on %s after %v", what, on.URL, time.Since(changed).Round(time.Millisecond))
}
