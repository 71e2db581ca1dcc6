package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/auth"
)

// navReview is the name of the header's Review link: "Review", or
// "Review, 3 due" (its aria-label) when cards are due.
func navReview(p page) string {
	a := p.doc.Find(`header [data-testid="nav-review"]`)
	if name, ok := a.Attr("aria-label"); ok {
		return name
	}
	return strings.Join(strings.Fields(a.Text()), " ")
}

// dueForm is the Review page's form for the checkpoint whose question is
// cp's, with the place its right option is shown at.
type dueForm struct {
	action, revision, reps string
	right                  int // the place of the right option
	places                 int
}

func dueCheckpoint(t *testing.T, p page, cp lessons.Block) (dueForm, bool) {
	t.Helper()
	want := htmlText(t, string(cp.Checkpoint.Question))
	right := htmlText(t, string(cp.Checkpoint.Options[cp.Checkpoint.Correct()].Text))
	var f dueForm
	found := false
	p.doc.Find(`[data-testid="due"] [data-testid="review-item"] form`).Each(func(_ int, form *goquery.Selection) {
		if strings.Join(strings.Fields(form.Find("legend").Text()), " ") != want {
			return
		}
		found = true
		f.action, _ = form.Attr("action")
		f.revision, _ = form.Find(`input[name="revision"]`).Attr("value")
		f.reps, _ = form.Find(`input[name="reps"]`).Attr("value")
		f.right = -1
		form.Find(`input[name="place"]`).Each(func(_ int, in *goquery.Selection) {
			f.places++
			id, _ := in.Attr("id")
			label := strings.Join(strings.Fields(form.Find(`label[for="`+id+`"] .option-text`).Text()), " ")
			if label == right {
				f.right, _ = strconv.Atoi(in.AttrOr("value", ""))
			}
		})
	})
	return f, found
}

func (f dueForm) answer(place int) url.Values {
	return url.Values{"revision": {f.revision}, "reps": {f.reps}, "place": {strconv.Itoa(place)}}
}

// htmlText is the text of a fragment of rendered HTML, as a page shows it.
func htmlText(t *testing.T, html string) string {
	t.Helper()
	d, err := goquery.NewDocumentFromReader(strings.NewReader(html))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(d.Text()), " ")
}

// TestMissedCheckpointComesBackForReview: a checkpoint answered wrong
// becomes a card, not due until its first learning step is over; then the
// Review page asks it again in place, with its options reordered, and a
// right answer there reschedules it, shows the explanation, and is read
// by the option shown, not the place's number.
func TestMissedCheckpointComesBackForReview(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Lee": auth.Learner})
	lee := as["Lee"]
	cps, rev := s.checkpoints(t)
	for _, cp := range cps {
		if p := lee.post(lesson3+"/checkpoints/"+cp.Key, answer(cp, rev, false)); p.status != http.StatusSeeOther {
			t.Fatalf("answering %s: status %d", cp.Key, p.status)
		}
	}

	p := lee.get("/review")
	if n := p.doc.Find(`[data-testid="review-item"]`).Length(); n != 0 || p.doc.Find(`[data-testid="nothing-due"]`).Length() != 1 {
		t.Errorf("right after the wrong answers: %d items due, want none yet (the first learning step is a minute)", n)
	}
	if n := p.doc.Find(`[data-testid="upcoming-card"]`).Length(); n != len(cps) {
		t.Errorf("%d cards coming up, want %d", n, len(cps))
	}
	if got := navReview(p); got != "Review" {
		t.Errorf("navigation = %q, want Review with no count", got)
	}

	s.clock.advance(2 * time.Minute)
	p = lee.get("/review")
	if got, want := navReview(p), "Review, "+strconv.Itoa(len(cps))+" due"; got != want {
		t.Errorf("navigation = %q, want %q", got, want)
	}
	if got := strings.TrimSpace(p.doc.Find("#due-title").Text()); got != "Due now: "+strconv.Itoa(len(cps)) {
		t.Errorf("due heading = %q", got)
	}
	forms := map[string]dueForm{}
	for _, cp := range cps {
		f, ok := dueCheckpoint(t, p, cp)
		if !ok || f.right < 0 || f.places != len(cp.Checkpoint.Options) {
			t.Fatalf("checkpoint %s: form found %v, right option at %d of %d places", cp.Key, ok, f.right, f.places)
		}
		forms[cp.Key] = f
	}
	// The test means something only if some right option is not at the
	// place of its own index.
	moved := false
	for _, cp := range cps {
		moved = moved || forms[cp.Key].right != cp.Checkpoint.Correct()
	}
	if !moved {
		t.Fatal("every right option is shown at its own place: the test cannot tell places from options")
	}

	for _, cp := range cps {
		f := forms[cp.Key]
		r := lee.post(f.action, f.answer(f.right))
		id := strings.TrimPrefix(f.action, "/review/cards/")
		if r.status != http.StatusSeeOther || r.header.Get("Location") != "/review?reviewed="+id+"#reviewed" {
			t.Fatalf("reviewing %s: status %d, Location %q", cp.Key, r.status, r.header.Get("Location"))
		}
		done := lee.get(r.header.Get("Location"))
		result := strings.Join(strings.Fields(done.doc.Find(`[data-testid="reviewed"]`).Text()), " ")
		explanation := htmlText(t, string(cp.Checkpoint.Options[cp.Checkpoint.Correct()].Explanation))
		if !strings.Contains(result, "Correct.") || !strings.Contains(result, explanation) || !strings.Contains(result, "Next review in") {
			t.Errorf("after reviewing %s: %q, want Correct. with its explanation and the next review", cp.Key, result)
		}
		// Answered again with the same form: the card has been reviewed
		// since, so nothing is recorded.
		if again := lee.post(f.action, f.answer(f.right)); again.status != http.StatusConflict {
			t.Errorf("the same form again: status %d, want 409", again.status)
		}
	}

	p = lee.get("/review")
	if got := navReview(p); got != "Review" {
		t.Errorf("after reviewing: navigation = %q, want no count", got)
	}
	if n := p.doc.Find(`[data-testid="upcoming-card"]`).Length(); n != len(cps) || p.doc.Find(`[data-testid="review-item"]`).Length() != 0 {
		t.Errorf("after reviewing: %d coming up, want all %d rescheduled", n, len(cps))
	}
	// Each card's history: the miss, then the right answer after it in the
	// same sitting, which FSRS rates Hard; each review recorded the option
	// shown at the place chosen, which was the right one.
	rows, err := s.pool.Query(context.Background(), `
		SELECT k.item_key, array_agg(g.rating ORDER BY g.id), bool_and(g.source <> 'review' OR a.correct), min(k.due) > now() + interval '2 minutes'
		FROM review_cards k JOIN review_log g ON g.card_id = k.id JOIN checkpoint_attempts a ON a.id = g.attempt_id
		WHERE k.user_id = $1 GROUP BY k.item_key`, users["Lee"].ID)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		var key string
		var ratings []int
		var right, later bool
		if err := rows.Scan(&key, &ratings, &right, &later); err != nil {
			t.Fatal(err)
		}
		n++
		if len(ratings) != 2 || ratings[0] != int(1) || ratings[1] != int(2) || !right || !later {
			t.Errorf("card %s: ratings %v, reviewed right %v, due later %v; want Again then Hard, right, rescheduled", key, ratings, right, later)
		}
	}
	if err := rows.Err(); err != nil || n != len(cps) {
		t.Errorf("%d cards logged (%v), want %d", n, err, len(cps))
	}
}

// TestReviewRefusals: an answer for a card not due, a place no option is
// shown at, or another learner's card records nothing.
func TestReviewRefusals(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Lee": auth.Learner, "Max": auth.Learner})
	lee, max := as["Lee"], as["Max"]
	cps, rev := s.checkpoints(t)
	lee.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, false))
	action := lee.get("/review").doc.Find(`[data-testid="upcoming-card"] a`).First().AttrOr("href", "")
	var id int64
	if err := s.pool.QueryRow(context.Background(), `SELECT id FROM review_cards`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	post := "/review/cards/" + strconv.FormatInt(id, 10)
	form := url.Values{"revision": {rev}, "reps": {"1"}, "place": {"0"}}

	if p := lee.post(post, form); p.status != http.StatusConflict || !strings.Contains(p.body, "not due until") {
		t.Errorf("a card not due: status %d, want 409 saying when it is due", p.status)
	}
	s.clock.advance(2 * time.Minute)
	for _, tc := range []struct {
		name   string
		v      *visitor
		form   url.Values
		status int
		says   string
	}{
		{"no option chosen", lee, url.Values{"revision": {rev}, "reps": {"1"}}, http.StatusUnprocessableEntity, "Choose one of the options"},
		{"a place past the options", lee, url.Values{"revision": {rev}, "reps": {"1"}, "place": {"9"}}, http.StatusUnprocessableEntity, "Choose one of the options"},
		{"an old review count", lee, url.Values{"revision": {rev}, "reps": {"0"}, "place": {"0"}}, http.StatusConflict, "reviewed again"},
		{"another revision", lee, url.Values{"revision": {"999999"}, "reps": {"1"}, "place": {"0"}}, http.StatusConflict, "reviewed again"},
		{"another learner's card", max, form, http.StatusNotFound, ""},
	} {
		p := tc.v.post(post, tc.form)
		if p.status != tc.status || !strings.Contains(p.body, tc.says) {
			t.Errorf("%s: status %d, want %d saying %q", tc.name, p.status, tc.status, tc.says)
		}
		if tc.status == http.StatusUnprocessableEntity && p.doc.Find(`#card-`+strconv.FormatInt(id, 10)+` [role="alert"]`).Length() != 1 {
			t.Errorf("%s: no problem shown beside the card", tc.name)
		}
	}
	var logged int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM review_log`).Scan(&logged); err != nil || logged != 1 {
		t.Errorf("%d reviews logged (%v), want only the first answer's", logged, err)
	}
	if !strings.HasPrefix(action, lesson3+"#checkpoint-") {
		t.Errorf("the coming-up card links to %q, want its checkpoint in the lesson", action)
	}
}

// TestReviewAsksVisitorsToSignIn: a visitor gets no cards, but a way to
// sign in that comes back to the Review page; the header links "Review"
// only for the signed in.
func TestReviewAsksVisitorsToSignIn(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)
	cps, rev := s.checkpoints(t)
	v.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, false))
	p := v.get("/review")
	if p.status != http.StatusOK || p.doc.Find(`[data-testid="review-sign-in"] a[href="/signin?next=%2Freview"]`).Length() != 1 {
		t.Errorf("status %d; want the page asking to sign in, with a link back", p.status)
	}
	if p.doc.Find(`[data-testid="review-item"], [data-testid="upcoming-card"]`).Length() != 0 || navReview(p) != "" {
		t.Error("a visitor was shown cards or the navigation's Review link")
	}
	var n int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM review_cards`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d cards for an anonymous answer (%v), want none", n, err)
	}
}

// TestMissedCriterionIsAskedAgain: an exercise answer that misses
// criteria makes them due; the Review page asks the exercise again (not
// its model solution) and scores the new answer as the lesson page does,
// keeping it as a new version of the learner's answer, and reviews the
// due criteria by its verdicts. An empty answer is refused beside the
// form, with nothing recorded.
func TestMissedCriterionIsAskedAgain(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Lee": auth.Learner})
	lee := as["Lee"]
	_, rev := s.checkpoints(t)
	if p := lee.post(lesson3+"/responses/"+lesson3Exercise, url.Values{"revision": {rev}, "answer": {"Roll the new version back everywhere."},
		"confidence": {"confident"}}); p.status != http.StatusSeeOther {
		t.Fatalf("answering: status %d", p.status)
	}
	s.clock.advance(2 * time.Minute)
	p := lee.get("/review")
	form := p.doc.Find(`[data-testid="review-item"].exercise form`)
	if form.Length() != 1 {
		t.Fatalf("%d exercise forms due, want 1", form.Length())
	}
	due := strings.Join(strings.Fields(form.Find(".note strong").Text()), " ")
	if !strings.HasPrefix(due, "To earn this time: ") || p.doc.Find(`[data-testid="review-item"].exercise [data-testid="model-solution"]`).Length() != 0 ||
		strings.Contains(p.body, "Model solution") {
		t.Errorf("the exercise asked again: %q, model solution shown %v; want the missed criteria and no solution", due, strings.Contains(p.body, "Model solution"))
	}
	action, _ := form.Attr("action")
	revision, _ := form.Find(`input[name="revision"]`).Attr("value")

	refused := lee.post(action, url.Values{"revision": {revision}, "answer": {"  "}, "confidence": {"confident"}})
	if refused.status != http.StatusUnprocessableEntity || refused.doc.Find(`[data-testid="review-item"].exercise [role="alert"]`).Length() != 1 {
		t.Errorf("an empty answer: status %d, want 422 with the problem beside the form", refused.status)
	}

	const better = "Compare long-prompt latency on the old and new versions at the same arrival rate, and queue time against prefill time. " +
		"The release and the traffic rise coincide, so this evidence cannot isolate the release, and a blanket rollback could overload the old pool."
	r := lee.post(action, url.Values{"revision": {revision}, "answer": {better}, "confidence": {"getting-there"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("reviewing the exercise: status %d", r.status)
	}
	done := lee.get(r.header.Get("Location"))
	if n := done.doc.Find(`[data-testid="criterion-reviewed"]`).Length(); n == 0 || n != strings.Count(due, ",")+1 {
		t.Errorf("%d criteria reported, want the %q ones", n, due)
	}
	var answers, reviews int
	if err := s.pool.QueryRow(context.Background(), `
		SELECT (SELECT count(*) FROM responses WHERE user_id = $1 AND item_key = $2),
		       (SELECT count(*) FROM review_log g JOIN review_cards k ON k.id = g.card_id WHERE k.user_id = $1 AND g.source = 'review')`,
		users["Lee"].ID, lesson3Exercise).Scan(&answers, &reviews); err != nil {
		t.Fatal(err)
	}
	if answers != 2 || reviews == 0 {
		t.Errorf("%d versions of the answer, %d reviews from the Review page; want 2 and some", answers, reviews)
	}
	if got := strings.TrimSpace(lee.get(lesson3).doc.Find(`#exercise-` + lesson3Exercise + ` details.history summary`).Text()); got != "Earlier versions (1)" {
		t.Errorf("the lesson page's exercise history: %q, want the first answer as an earlier version", got)
	}
}
