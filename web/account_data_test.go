package web_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/web/auth"
)

// answeredAndReviewed gives learner a history on lesson 3: a checkpoint
// answer, a written answer with its auto score, a review request about it
// and reviewer's review of it, which changes a criterion with a note. It
// returns the written answer's id.
func answeredAndReviewed(t *testing.T, s *site, learner auth.User, lv, reviewer *visitor, text string) int64 {
	t.Helper()
	cps, rev := s.checkpoints(t)
	if p := lv.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true)); p.status != http.StatusSeeOther {
		t.Fatalf("answering a checkpoint: status %d", p.status)
	}
	id := s.scoredAnswer(t, learner.ID, lesson3Exercise, text, autoScore(text, 0.9, matrixPoints))
	rid := strconv.FormatInt(id, 10)
	if p := lv.post(lesson3+"/reviews/"+lesson3Exercise, url.Values{"response": {rid}, "reason": {"Please look again: " + text}}); p.status != http.StatusSeeOther {
		t.Fatalf("asking for a review: status %d, summary %q", p.status, summary(p))
	}
	auto := reviewer.get(reviewPath(id))
	basedOn, _ := auto.doc.Find(`input[name="based_on"]`).Attr("value")
	f := reviewForm(basedOn, []int{1, 1, 1, 0}, map[grading.Criterion]string{grading.Reasoning: "Links the evidence to the result: " + text})
	if p := reviewer.post(reviewPath(id), f); p.status != http.StatusSeeOther {
		t.Fatalf("reviewing: status %d, summary %q", p.status, summary(p))
	}
	return id
}

// myData downloads v's data and decodes it.
func myData(t *testing.T, v *visitor) (rawPage, map[string]any) {
	t.Helper()
	p := rawRequest(t, v, http.MethodGet, "/account/data.json", nil)
	var doc map[string]any
	if err := json.Unmarshal([]byte(p.body), &doc); p.status != http.StatusOK || err != nil {
		t.Fatalf("GET /account/data.json: status %d, %v", p.status, err)
	}
	return p, doc
}

// at follows a path of keys and indexes through decoded JSON.
func at(v any, path ...any) any {
	for _, k := range path {
		switch k := k.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			a, _ := v.([]any)
			if k >= len(a) {
				return nil
			}
			v = a[k]
		}
	}
	return v
}

// TestDownloadMyData: the file is an attachment nobody caches, holds the
// account without its password, every answer with its item, revision and
// time, every score with its review and notes, the review requests, the
// answers the learner asked to see and when, which versions were written
// after seeing the model answer, and nothing of anyone else's.
func TestDownloadMyData(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Instructor, "Lea": auth.Learner, "Ben": auth.Learner, "Nia": auth.Learner})
	const leaText, benText = "LEA-ONLY compare long-prompt latency", "BEN-ONLY decode gaps stable"
	answeredAndReviewed(t, s, users["Lea"], as["Lea"], as["Ada"], leaText)
	answeredAndReviewed(t, s, users["Ben"], as["Ben"], as["Ada"], benText)
	// Lea opens the model solution, then revises her answer.
	const leaRevised = "LEA-ONLY compare long-prompt latency on each version at the same arrival rate, then split queue from prefill time."
	_, rev := s.checkpoints(t)
	reveal(t, s, as["Lea"], lesson3Exercise)
	if p := as["Lea"].post(lesson3+"/responses/"+lesson3Exercise, answerForm(rev, leaRevised)); p.status != http.StatusSeeOther {
		t.Fatalf("revising: status %d, summary %q", p.status, summary(p))
	}

	p, doc := myData(t, as["Lea"])
	_, empty := myData(t, as["Nia"])
	written := func(path ...any) any { return at(doc, append([]any{"written_answers", 0}, path...)...) }
	revised := func(path ...any) any { return at(doc, append([]any{"written_answers", 1}, path...)...) }
	for _, tc := range []struct {
		name      string
		got, want any
	}{
		{"Content-Type", p.header.Get("Content-Type"), "application/json; charset=utf-8"},
		{"attachment", strings.HasPrefix(p.header.Get("Content-Disposition"), `attachment; filename="practicum-my-data-`), true},
		{"Cache-Control", p.header.Get("Cache-Control"), "no-store"},
		{"account email", at(doc, "account", "email"), "lea@example.com"},
		{"account name", at(doc, "account", "display_name"), "Lea"},
		{"account id", at(doc, "account", "id"), float64(users["Lea"].ID)},
		{"no password hash", strings.Contains(p.body, "argon2") || strings.Contains(p.body, "password"), false},
		{"checkpoint answers", len(at(doc, "checkpoint_answers").([]any)), 1},
		{"checkpoint item", at(doc, "checkpoint_answers", 0, "lesson"), lesson3Slug},
		{"checkpoint correct", at(doc, "checkpoint_answers", 0, "correct"), true},
		{"written answers", len(at(doc, "written_answers").([]any)), 2},
		{"answer text", written("answer"), leaText},
		{"answer item", written("item"), lesson3Exercise},
		{"answer revision", written("revision"), float64(1)},
		{"answer time", written("answered_at") != nil, true},
		{"score history", len(written("score_history").([]any)), 2},
		{"auto score first", written("score_history", 0, "kind"), "auto"},
		{"auto score's evidence", written("score_history", 0, "detail") != nil, true},
		{"review second", written("score_history", 1, "kind"), "review"},
		{"reviewer", written("score_history", 1, "reviewer"), "Ada"},
		{"reviewer's note", written("score_history", 1, "notes", "reasoning"), "Links the evidence to the result: " + leaText},
		{"current score is the review", written("score", "total"), float64(3)},
		{"review request", written("review_requests", 0, "reason"), "Please look again: " + leaText},
		{"first answer before the reveal", written("after_seeing_model_answer"), false},
		{"revision's text", revised("answer"), leaRevised},
		{"revision after the reveal", revised("after_seeing_model_answer"), true},
		{"revision's score", revised("score", "kind"), "auto"},
		{"one reveal", len(at(doc, "revealed_answers").([]any)), 1},
		{"revealed item", at(doc, "revealed_answers", 0, "item"), lesson3Exercise},
		{"revealed kind", at(doc, "revealed_answers", 0, "kind"), "exercise"},
		{"revealed lesson", at(doc, "revealed_answers", 0, "lesson"), lesson3Slug},
		{"revealed revision", at(doc, "revealed_answers", 0, "revision"), float64(1)},
		{"revealed when", revealedBetween(at(doc, "revealed_answers", 0, "revealed_at"), written("answered_at"), revised("answered_at")), true},
		{"no reveals: empty list", len(at(empty, "revealed_answers").([]any)), 0},
		{"nothing of Ben's", strings.Contains(p.body, "BEN-ONLY") || strings.Contains(p.body, "ben@example.com"), false},
		{"no data: empty lists", p.status == http.StatusOK && len(at(empty, "written_answers").([]any))+len(at(empty, "checkpoint_answers").([]any)) == 0, true},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	if as["Lea"].get("/account").doc.Find(`a[href="/account/data.json"]`).Text() != "Download all my data" {
		t.Error("the account page has no download link")
	}
}

// revealedBetween reports whether a reveal's time falls between the two
// answers' times, all as the download writes them (RFC 3339).
func revealedBetween(revealed, before, after any) bool {
	var ts []time.Time
	for _, v := range []any{before, revealed, after} {
		s, _ := v.(string)
		at, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			return false
		}
		ts = append(ts, at)
	}
	return !ts[1].Before(ts[0]) && !ts[2].Before(ts[1])
}
