package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/web/auth"
)

// keptLearner is a learner whose lesson 3 page is kept, and a reviewer.
type keptLearner struct {
	user     auth.User
	b        *visitor // their browser, which posts
	w        *visitor // their session alone, which only reads
	reviewer *visitor
	email    string
	// reviewerEmail is the reviewer's, which a change of name keeps.
	reviewerEmail string
	cps           []checkpointRef
	rev           string
}

type checkpointRef struct{ key string }

const plainAnswer = "Compare long-prompt latency on both versions at the same arrival rate, then roll back."

// scored gives the learner a scored answer to lesson 3's exercise.
func (l *keptLearner) scored(t *testing.T, k *keptSite) int64 {
	t.Helper()
	return k.scoredAnswer(t, l.user.ID, lesson3Exercise, plainAnswer, autoScore(plainAnswer, 0.9, []int{1, 1, 0, 0}, "Compare long-prompt latency"))
}

// override is the reviewer's decision on answer id, with a note.
func (l *keptLearner) override(t *testing.T, id int64, note string) {
	t.Helper()
	_, _, basedOn := formChoices(t, l.reviewer.get(reviewPath(id)))
	if p := l.reviewer.post(reviewPath(id), reviewForm(basedOn, []int{1, 1, 1, 0}, map[grading.Criterion]string{grading.FailureCase: note})); p.status != http.StatusSeeOther {
		t.Fatalf("the override: status %d, want 303", p.status)
	}
}

func mustPost(t *testing.T, v *visitor, path string, form url.Values) {
	t.Helper()
	if p := v.post(path, form); p.status != http.StatusSeeOther {
		t.Fatalf("POST %s: status %d, want 303", path, p.status)
	}
}

// TestEveryWriterRefreshesTheKeptPage: a signed-in learner's part of the
// lesson page is kept (a view costs only the session's statement), and
// every kind of write that changes what it shows — made by the learner,
// a reviewer, a background job or another account — shows on their next
// view at once, the page byte for byte the one rendered whole, and is
// kept again. The viewing browser holds only the session, so it is the
// announcement, not the posting browser's mark, that refreshes it.
func TestEveryWriterRefreshesTheKeptPage(t *testing.T) {
	t.Parallel()
	k := newKeptSite(t)
	cps, rev := k.checkpoints(t)
	cp, wrongAt := cps[0], answer(cps[0], rev, false)
	for i, c := range []struct {
		name   string
		before func(*testing.T, *keptLearner)
		change func(*testing.T, *keptLearner)
		mark   string // shown once changed (and before, when gone is set)
		gone   string // shown before, not after
	}{
		{name: "a checkpoint answer", change: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.b, lesson3+"/checkpoints/"+cp.Key, answer(cp, rev, true))
		}, mark: "result-right"},
		{name: "a retry that reviews no card", before: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.b, lesson3+"/checkpoints/"+cp.Key, wrongAt)
		}, change: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.b, lesson3+"/checkpoints/"+cp.Key, wrongAt)
		}, mark: "2 attempts."},
		{name: "an unscored written answer", change: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.b, lesson3+"/responses/explain-back", url.Values{"revision": {rev}, "answer": {"Queue wait, not decode."}, "confidence": {"confident"}})
		}, mark: "Queue wait, not decode."},
		{name: "a scored answer", change: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.b, lesson3+"/responses/"+lesson3Exercise, url.Values{"revision": {rev}, "answer": {plainAnswer}, "confidence": {"getting-there"}})
		}, mark: `data-testid="score"`},
		{name: "a revealed answer", before: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.b, lesson3+"/checkpoints/"+cp.Key, wrongAt)
		}, change: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.b, lesson3+"/reveals/"+cp.Key, url.Values{"revision": {rev}})
		}, mark: `data-testid="revealed-answer"`},
		{name: "a probe practised alone", change: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.b, practiceProbe, url.Values{"revision": {rev}, "answer": {"Split prefill from decode in the p95."}, "confidence": {"not-yet"}})
		}, mark: "Split prefill from decode in the p95."},
		{name: "a review card answered on the Review page", before: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.b, lesson3+"/checkpoints/"+cp.Key, wrongAt)
		}, change: func(t *testing.T, l *keptLearner) {
			k.clock.advance(2 * time.Minute) // past the card's first learning step
			defer k.clock.rewind()
			f, ok := dueCheckpoint(t, l.b.get("/review"), cp)
			if !ok {
				t.Fatal("the missed checkpoint is not due on the Review page")
			}
			mustPost(t, l.b, f.action, f.answer(f.right))
		}, mark: "2 attempts."},
		{name: "answers merged at sign-in", change: func(t *testing.T, l *keptLearner) {
			anon := k.visitor(t)
			mustPost(t, anon, lesson3+"/checkpoints/"+cp.Key, answer(cp, rev, true))
			mustPost(t, anon, "/signin", signInForm(l.email, password))
		}, mark: "result-right"},
		{name: "a review asked for", before: func(t *testing.T, l *keptLearner) {
			l.cps = append(l.cps, checkpointRef{strconv.FormatInt(l.scored(t, k), 10)})
		}, change: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.b, lesson3+"/reviews/"+lesson3Exercise, url.Values{"response": {l.cps[0].key}, "reason": {"Please look again."}})
		}, mark: `data-testid="review-requested"`},
		{name: "a reviewer's decision", before: func(t *testing.T, l *keptLearner) {
			l.cps = append(l.cps, checkpointRef{strconv.FormatInt(l.scored(t, k), 10)})
		}, change: func(t *testing.T, l *keptLearner) {
			id, _ := strconv.ParseInt(l.cps[0].key, 10, 64)
			l.override(t, id, "Names the confound and its trap.")
		}, mark: "Names the confound and its trap."},
		{name: "review news seen on the dashboard", before: func(t *testing.T, l *keptLearner) {
			l.override(t, l.scored(t, k), "Seen on the dashboard.")
		}, change: func(t *testing.T, l *keptLearner) {
			if p := l.b.get("/me"); p.status != http.StatusOK {
				t.Fatalf("the dashboard: status %d", p.status)
			}
		}, mark: "Seen on the dashboard.", gone: "finished since your last visit"},
		{name: "a reviewer's new name", before: func(t *testing.T, l *keptLearner) {
			l.override(t, l.scored(t, k), "Reviewed under one name.")
		}, change: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.reviewer, "/account/profile", url.Values{"display_name": {"Renamed Reviewer"}, "email": {l.reviewerEmail}})
		}, mark: "Review by Renamed Reviewer"},
		{name: "a reviewer's account deleted", before: func(t *testing.T, l *keptLearner) {
			l.override(t, l.scored(t, k), "Reviewed by someone who leaves.")
		}, change: func(t *testing.T, l *keptLearner) {
			mustPost(t, l.reviewer, "/account/delete", url.Values{"password": {password}})
		}, mark: "Review by a reviewer"},
	} {
		t.Run(c.name, func(t *testing.T) {
			name, reviewer := fmt.Sprintf("L%d", i), fmt.Sprintf("R%d", i)
			users, as := accounts(t, k.site, map[string]auth.Role{name: auth.Learner, reviewer: auth.Instructor})
			l := &keptLearner{user: users[name], b: as[name], w: sessionOnly(t, as[name]), reviewer: as[reviewer],
				email: strings.ToLower(name) + "@example.com", reviewerEmail: strings.ToLower(reviewer) + "@example.com", rev: rev}
			if c.before != nil {
				c.before(t, l)
			}
			l.w.get(lesson3) // the frame made, the part read and kept
			k.kept(t, l.w, "before the change")
			before := l.w.get(lesson3).body
			switch {
			case c.gone != "" && !strings.Contains(before, c.gone):
				t.Fatalf("before the change the page does not show %q", c.gone)
			case c.gone == "" && strings.Contains(before, c.mark):
				t.Fatalf("before the change the page shows %q already", c.mark)
			}
			c.change(t, l)
			k.shows(t, l.w, c.name, c.mark)
			if c.gone != "" && strings.Contains(l.w.get(lesson3).body, c.gone) {
				t.Errorf("after the change the page still shows %q", c.gone)
			}
		})
	}
}

// TestARescoringJobRefreshesTheKeptPage: a re-scoring job, run as River
// runs it (the service's Rescore, no request at all), shows its new score
// on the learner's kept page.
func TestARescoringJobRefreshesTheKeptPage(t *testing.T) {
	t.Parallel()
	k := newKeptSite(t)
	users, as := accounts(t, k.site, map[string]auth.Role{"Ren": auth.Learner, "Ann": auth.Instructor})
	l := &keptLearner{user: users["Ren"], b: as["Ren"], w: sessionOnly(t, as["Ren"])}
	id := l.scored(t, k)

	// A later revision to re-score against: publishing it flushes every
	// kept part (a content change), so the page is kept again after it.
	ctx := context.Background()
	d, err := k.catalog.Draft(ctx, "serving-incidents", lesson3Slug)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := k.catalog.SaveDraft(ctx, users["Ann"].ID, "serving-incidents", lesson3Slug, d.Head.Number,
		[]byte(strings.Replace(string(d.Source), "title: ", "title: Revised ", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.catalog.Publish(ctx, users["Ann"].ID, "serving-incidents", lesson3Slug, saved.Revision.Number); err != nil {
		t.Fatal(err)
	}
	for start := time.Now(); !strings.Contains(l.w.get(lesson3).doc.Find("h1").Text(), "Revised"); time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > time.Second {
			t.Fatal("the published revision is not shown a second later")
		}
	}
	k.kept(t, l.w, "before the job")
	if strings.Contains(l.w.get(lesson3).body, `data-testid="rescored"`) {
		t.Fatal("the answer shows as re-scored before the job ran")
	}
	added, err := k.svc.Rescore(ctx, service.RescoreArgs{Course: "serving-incidents", Lesson: lesson3Slug, Key: lesson3Exercise,
		Revision: saved.Revision.ID, Responses: []int64{id}})
	if err != nil || added != 1 {
		t.Fatalf("the job: %d added (%v), want 1", added, err)
	}
	k.shows(t, l.w, "after a re-scoring job", `data-testid="rescored"`)
}
