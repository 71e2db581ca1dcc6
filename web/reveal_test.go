package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestModelAnswerOpensAfterAnAttempt: an exercise's model solution is not
// on the page until the learner has answered and asked for it; asking
// before answering is refused; a revision written after it is marked so
// in the answer's history. A visitor's reveal and marked answer move into
// the account they create.
func TestModelAnswerOpensAfterAnAttempt(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, rev := s.checkpoints(t)
	const key = "release-and-traffic"
	const exercise = "#exercise-" + key
	first := "Compare long-prompt latency on both versions at the same arrival rate."
	revised := first + " Then split queue time from prefill time, and limit long-prompt admission meanwhile."

	for _, tc := range []struct {
		name   string
		signIn bool
	}{{"signed in", true}, {"visitor who then signs up", false}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			v := s.visitor(t)
			if tc.signIn {
				_, as := accounts(t, s, map[string]auth.Role{"Rae": auth.Learner})
				v = as["Rae"]
			}
			page := v.get(lesson3)
			if page.doc.Find(exercise+` [data-testid="model-solution"], `+exercise+` [data-testid="model-answer-offer"]`).Length() != 0 {
				t.Error("an unanswered exercise shows its model solution or the button for it")
			}
			if p := v.post(lesson3+"/reveals/"+key, url.Values{"revision": {rev}}); p.status != http.StatusUnprocessableEntity ||
				!strings.Contains(p.doc.Find(exercise+" .field-error").Text(), "model solution opens after your first attempt") {
				t.Errorf("revealing before answering: status %d, error %q; want 422 saying why", p.status, p.doc.Find(exercise+" .field-error").Text())
			}

			if p := v.post(lesson3+"/responses/"+key, answerForm(rev, first)); p.status != http.StatusSeeOther {
				t.Fatalf("answering: status %d", p.status)
			}
			page = v.get(lesson3)
			if page.doc.Find(exercise+` [data-testid="model-solution"]`).Length() != 0 ||
				page.doc.Find(exercise+` [data-testid="model-answer-offer"] button`).Text() != "Show the model answer" {
				t.Error("answered, the exercise should offer Show the model answer and not show it yet")
			}
			if p := v.post(lesson3+"/reveals/"+key, url.Values{"revision": {rev}}); p.status != http.StatusSeeOther ||
				p.header.Get("Location") != lesson3+"#exercise-"+key {
				t.Fatalf("revealing: status %d, Location %q; want 303 to the exercise", p.status, p.header.Get("Location"))
			}
			page = v.get(lesson3)
			if page.doc.Find(exercise+` [data-testid="model-solution"]`).Length() != 1 || page.doc.Find(exercise+` [data-testid="model-answer-offer"]`).Length() != 0 {
				t.Error("revealed, the exercise should show its model solution and no button")
			}
			if got := page.doc.Find(exercise + ` [data-testid="saved-answer"]`).Text(); strings.Contains(got, "after seeing the model answer") {
				t.Errorf("the answer written before the reveal reads %q, want it unmarked", got)
			}

			if p := v.post(lesson3+"/responses/"+key, answerForm(rev, revised)); p.status != http.StatusSeeOther {
				t.Fatalf("revising: status %d", p.status)
			}
			if !tc.signIn {
				if p := v.post("/signup", signUpForm("Sam", "sam@example.com", password)); p.status != http.StatusSeeOther {
					t.Fatalf("signing up: status %d", p.status)
				}
			}
			page = v.get(lesson3)
			if got := page.doc.Find(exercise + ` [data-testid="saved-answer"]`).Text(); !strings.Contains(got, "after seeing the model answer") {
				t.Errorf("the revision reads %q, want it marked after seeing the model answer", got)
			}
			if page.doc.Find(exercise+` [data-testid="model-solution"]`).Length() != 1 {
				t.Error("the model solution is hidden again after revising (or signing up)")
			}
			if tc.signIn {
				if got := page.doc.Find(exercise + ` details.history li .saved`).Text(); got == "" || strings.Contains(got, "after seeing") {
					t.Errorf("the first version in the history reads %q, want it there and unmarked", got)
				}
			}
			// The account's download holds the reveal and the mark, a
			// visitor's moved with their answer (a visitor keeps only
			// their latest version, the revision).
			_, doc := myData(t, v)
			var marks []any
			for _, a := range at(doc, "written_answers").([]any) {
				marks = append(marks, at(a, "after_seeing_model_answer"))
			}
			want := []any{key, 1, []any{false, true}}
			if !tc.signIn {
				want[2] = []any{true}
			}
			if got := []any{at(doc, "revealed_answers", 0, "item"), len(at(doc, "revealed_answers").([]any)), marks}; fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("download: revealed item, reveals, versions marked = %v, want %v", got, want)
			}
		})
	}
}

// reveal asks, as v, to see the answer of lesson 3's item key: the lesson
// page's "Show the model answer" (or "Show the answer") button.
func reveal(t *testing.T, s *site, v *visitor, key string) {
	t.Helper()
	_, rev := s.checkpoints(t)
	if p := v.post(lesson3+"/reveals/"+key, url.Values{"revision": {rev}}); p.status != http.StatusSeeOther {
		t.Fatalf("revealing the answer of %s: status %d, summary %q", key, p.status, summary(p))
	}
}
