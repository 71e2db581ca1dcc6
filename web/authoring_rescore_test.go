package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/web/auth"
)

const (
	exerciseForm  = editor3 + "/blocks/release-and-traffic"
	rescoreAnswer = "Compare long-prompt latency on both versions at the same arrival rate, and queue time against prefill."
)

// reviseRubricInEditor saves, through the lesson editor, a revision whose
// exercise describes its result criterion in other words, and returns its
// number.
func reviseRubricInEditor(t *testing.T, ines *visitor) string {
	t.Helper()
	form := editorValues(t, ines.get(editor3))
	body := strings.Replace(form.Get("body"), "Gives both comparisons (long-prompt", "Gives the two comparisons (long-prompt", 1)
	if body == form.Get("body") {
		t.Fatal("the exercise's description changed in the shipped lesson: update this test")
	}
	form.Set("body", body)
	p := ines.post(editor3, form)
	saved, ok := strings.CutPrefix(p.header.Get("Location"), editor3+"?saved=")
	if p.status != http.StatusSeeOther || !ok {
		t.Fatalf("saving the revised rubric: status %d, Location %q", p.status, p.header.Get("Location"))
	}
	return saved
}

// workRescoreJobs does what serve's River client would: runs every queued
// re-scoring job through the service.
func workRescoreJobs(t *testing.T, s *site) {
	t.Helper()
	ctx := context.Background()
	svc := service.New(s.pool, s.catalog, progress.NewStore(s.pool), scores.NewStore(s.pool))
	rows, err := s.pool.Query(ctx, "SELECT args FROM river_job WHERE kind = $1", service.RescoreArgs{}.Kind())
	if err != nil {
		t.Fatal(err)
	}
	var jobs []service.RescoreArgs
	for rows.Next() {
		var raw []byte
		var a service.RescoreArgs
		if err := rows.Scan(&raw); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &a); err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, a)
	}
	rows.Close()
	for _, a := range jobs {
		if _, err := svc.Rescore(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPublishOffersToRescore: once learners have answered an exercise, a
// revision that changes its rubric offers, beside the publish button, to
// re-score their answers (off unless ticked); published with it ticked,
// the editor and the exercise's form show the progress, which reaches all
// answers once the jobs have run, and the learner sees the new score with
// the old one in the history. A revision that changes no rubric offers
// nothing.
func TestPublishOffersToRescore(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ines": auth.Instructor, "Lea": auth.Learner, "Leo": auth.Learner, "Ada": auth.Admin})
	ines := as["Ines"]
	page, err := s.catalog.Lesson(context.Background(), "serving-incidents", "work-a-serving-incident")
	if err != nil {
		t.Fatal(err)
	}
	rev := strconv.FormatInt(page.RevisionID, 10)
	for _, who := range []string{"Lea", "Leo"} {
		p := as[who].post(lesson3+"/responses/"+lesson3Exercise, url.Values{"revision": {rev}, "answer": {rescoreAnswer}, "confidence": {"confident"}})
		if p.status != http.StatusSeeOther {
			t.Fatalf("%s answering: status %d", who, p.status)
		}
	}

	// A change to the text alone offers nothing.
	form := editorValues(t, ines.get(editor3))
	form.Set("title", "Retitled: "+form.Get("title"))
	if p := ines.post(editor3, form); p.status != http.StatusSeeOther {
		t.Fatalf("saving a new title: status %d", p.status)
	}
	if n := ines.get(editor3).doc.Find(`input[name="rescore"]`).Length(); n != 0 {
		t.Errorf("a revision that changes no rubric offers re-scoring (%d checkboxes)", n)
	}

	number := reviseRubricInEditor(t, ines)
	ed := ines.get(editor3)
	box := ed.doc.Find(`form[action$="/publish"] input[type="checkbox"][name="rescore"]`)
	if box.Length() != 1 {
		t.Fatalf("the publish form has %d re-score checkboxes, want 1", box.Length())
	}
	if _, checked := box.Attr("checked"); checked {
		t.Error("Re-score existing answers is ticked before the author chose it")
	}
	id := box.AttrOr("id", "")
	if label := strings.TrimSpace(ed.doc.Find(`label[for="` + id + `"]`).Text()); label != "Re-score existing answers" {
		t.Errorf("the checkbox's label is %q", label)
	}
	hint := strings.Join(strings.Fields(ed.doc.Find("#"+box.AttrOr("aria-describedby", "")).Text()), " ")
	if !strings.Contains(hint, "exercise release-and-traffic") || !strings.Contains(hint, "2 answers") {
		t.Errorf("the checkbox's explanation = %q, want the exercise and its 2 answers", hint)
	}

	if p := ines.post(editor3+"/publish", url.Values{"number": {number}, "rescore": {"1"}}); p.status != http.StatusSeeOther {
		t.Fatalf("publishing with re-scoring: status %d", p.status)
	}
	progressText := func(path string) string {
		return strings.Join(strings.Fields(ines.get(path).doc.Find(`[data-testid="rescore-progress"] label`).Text()), " ")
	}
	for _, path := range []string{editor3, exerciseForm} {
		if got := progressText(path); got != "Re-scoring: 0 of 2 answers done" {
			t.Errorf("%s before the jobs run: progress %q", path, got)
		}
	}
	counts := rowTexts(as["Ada"].get("/admin/jobs").doc.Find(`[data-testid="jobs-rescore_answers"]`))
	if len(counts) != 1 || !strings.HasPrefix(counts[0], "Re-scoring answers after a publish rescore_answers | 1 |") {
		t.Errorf("admin job counts = %q, want one re-scoring job waiting", counts)
	}

	workRescoreJobs(t, s)
	if got := progressText(exerciseForm); got != "Re-scored: 2 answers against revision "+number {
		t.Errorf("the exercise's form after the jobs: progress %q", got)
	}
	lea := as["Lea"].get(lesson3)
	card := lea.doc.Find(`[data-testid="score"]`).First()
	if got := strings.TrimSpace(card.Find(`[data-testid="rescored"]`).Text()); !strings.Contains(got, "revision "+number) {
		t.Errorf("Lea's score card says %q, want that it was re-scored with revision %s", got, number)
	}
	// The reviewer judges by the rubric the current score was given with.
	rid := card.Find(`input[name="response"]`).AttrOr("value", "")
	if got := ines.get("/review/" + rid).doc.Find(`[data-testid="rescored-rubric"]`).Text(); !strings.Contains(got, "revision "+number+"'s rubric") {
		t.Errorf("the review page of Lea's answer says %q, want that it shows revision %s's rubric", got, number)
	}
	history := texts(card.Find(".history li"))
	if len(history) != 2 || !strings.Contains(history[0], "Auto score") || !strings.Contains(history[1], "Re-scored with revision "+number+"'s rubric") {
		t.Errorf("Lea's score history = %q, want her first auto score, then the re-score", history)
	}
}
