package web_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

const coldAnswer = "The prefix cache is cold after the restart, so every prompt pays the full prefill again."

// TestTryAnswer: an answer tried in a block form is scored against the
// cues as sent, unsaved edits included, and nothing is saved; the script
// gets the result alone, the button the whole form again.
func TestTryAnswer(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Instructor})
	ivy := as["Ivy"]
	_, base := draftSource(t, s, "work-a-serving-incident")
	const try = lesson3Author + "/blocks/new/try?kind=probe"

	tests := []struct {
		name     string
		form     url.Values
		status   int
		verdict  string // the result's verdict text, when scored
		concept  string // part of the result's concept lines
		problem  string // part of the problem, when not scored
		fragment bool
	}{
		{name: "the unsaved cues award it", fragment: true, status: http.StatusOK,
			form:    withValues(newProbeForm(base), "try_answer", coldAnswer),
			verdict: "Result: awarded", concept: "Required cold-cache: found: “cache is cold”"},
		{name: "an edited pattern denies it, with the near miss", fragment: true, status: http.StatusOK,
			form:    withValues(newProbeForm(base), "try_answer", coldAnswer, "concepts", "cold-cache:\n  cache + frozen\n"),
			verdict: "Result: not awarded", concept: `matched "cache", but nothing for "frozen"`},
		{name: "concepts that cannot be read", fragment: true, status: http.StatusOK,
			form:    withValues(newProbeForm(base), "try_answer", coldAnswer, "concepts", "cold-cache:\n  - [unclosed\n"),
			problem: "The concepts can't be read, so nothing was scored"},
		{name: "a cue naming no concept", fragment: true, status: http.StatusOK,
			form:    withValues(newProbeForm(base), "try_answer", coldAnswer, "rubric-result-requires", "cold-cache, warm-cache"),
			problem: `"warm-cache", which is not defined`},
		{name: "no answer", fragment: true, status: http.StatusOK,
			form: newProbeForm(base), problem: "Type an answer"},
		{name: "without the script, the whole form", status: http.StatusOK,
			form:    withValues(newProbeForm(base), "try_answer", coldAnswer),
			verdict: "Result: awarded"},
		{name: "without the script, a problem", status: http.StatusUnprocessableEntity,
			form:    withValues(newProbeForm(base), "try_answer", coldAnswer, "concepts", "cold-cache:\n  cache +\n"),
			problem: "nothing was scored"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := tt.form
			if tt.fragment {
				form = withValues(form, "fragment", "1")
			}
			p := ivy.post(try, form)
			if p.status != tt.status {
				t.Fatalf("status %d, want %d\n%s", p.status, tt.status, p.body)
			}
			if layout := p.doc.Find("header.site-header").Length() > 0; layout == tt.fragment {
				t.Errorf("page layout present = %v, want %v", layout, !tt.fragment)
			}
			result := p.doc.Find(`[data-testid="try-problem"], [data-testid="try-total"], [data-testid="try-criterion"]`)
			if !tt.fragment {
				result = p.doc.Find(`#try-result[aria-live="polite"]`)
				if result.Length() != 1 {
					t.Fatal("no aria-live result region on the page")
				}
				if got := p.doc.Find("#try_answer").Text(); strings.TrimSpace(got) != coldAnswer {
					t.Errorf("the tried answer is gone from its box: %q", got)
				}
				if got := p.doc.Find("#concepts").Text(); !strings.Contains(got, "cold-cache:") {
					t.Errorf("the concepts are gone: %q", got)
				}
				if p.doc.Find(`form[data-unsaved]`).Length() != 1 {
					t.Error("a new block's form shown again is not marked unsaved")
				}
			}
			text := strings.Join(strings.Fields(result.Text()), " ")
			if tt.problem != "" && !strings.Contains(p.doc.Find(`[data-testid="try-problem"]`).Text(), tt.problem) {
				t.Errorf("problem = %q, want %q", text, tt.problem)
			}
			if tt.verdict != "" {
				first := strings.TrimSpace(p.doc.Find(`[data-testid="try-criterion"][data-criterion="result"] h3`).Text())
				if first != tt.verdict {
					t.Errorf("verdict = %q, want %q (result: %s)", first, tt.verdict, text)
				}
			}
			if tt.concept != "" && !strings.Contains(text, tt.concept) {
				t.Errorf("result = %q, want %q in it", text, tt.concept)
			}
		})
	}
	if _, head := draftSource(t, s, "work-a-serving-incident"); head != base {
		t.Errorf("trying saved revision %d", head)
	}
}

// TestTryAnswerOnASavedProbe: a saved probe's form and the lesson editor
// show what its examples leave untested, without blocking a publish; the
// form sends its kind and tries against its fields; the form shown again
// holds the block as saved, so leaving it does not ask.
func TestTryAnswerOnASavedProbe(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Instructor})
	ivy := as["Ivy"]
	// This shipped probe's examples never contain one of its traps.
	const lessonAuthor = "/author/courses/serving-incidents/lessons/separate-release-from-traffic"
	path := lessonAuthor + "/blocks/rollback-after-full-rollout"
	opened := ivy.get(path)
	if n := opened.doc.Find(`[data-testid="coverage"] [data-testid="coverage-warning"]`).Length(); n == 0 {
		t.Error("the form shows no coverage warnings for the shipped probe")
	}
	// Its fifth example is one the closest other examples score the
	// other way: the advice stands beside it too, and describes it.
	fifth := opened.doc.Find(`[data-testid="example"]`).Eq(4)
	if advice := fifth.Find(`[data-testid="example-advice"]`); !strings.Contains(advice.Text(), "Example 5:") {
		t.Errorf("example 5 shows no advice of its own: %q", advice.Text())
	} else if d, _ := fifth.Attr("aria-describedby"); !strings.Contains(d, "-advice") {
		t.Errorf("example 5 is not described by its advice (aria-describedby %q)", d)
	}
	editor := ivy.get(lessonAuthor)
	if link := editor.doc.Find(`[data-testid="head-coverage"] a[href="` + path + `#coverage-title"]`); link.Length() != 1 {
		t.Errorf("the lesson editor does not link the probe's coverage: %q", editor.doc.Find(`[data-testid="head-coverage"]`).Text())
	}
	if editor.doc.Find(`form[action$="/publish"] button[disabled]`).Length() != 0 {
		t.Error("coverage warnings disabled Publish")
	}
	form := blockFormValues(opened)
	form.Set("try_answer", "I would restart every replica and check the dashboard.")
	frag := ivy.post(path+"/try", withValues(form, "fragment", "1"))
	if n := frag.doc.Find(`[data-testid="try-criterion"]`).Length(); frag.status != http.StatusOK || n != 4 {
		t.Fatalf("status %d, %d criteria; want 200 and 4\n%s", frag.status, n, frag.body)
	}
	// The labelled answers the second opinion weighed are named.
	closest := frag.doc.Find(`[data-testid="try-closest"] li`)
	if n := closest.Length(); n < 1 || n > 5 || !strings.Contains(closest.First().Text(), "Similarity") {
		t.Errorf("closest scored answers: %d, first %q; want 1 to 5, with their similarity", n, closest.First().Text())
	}
	p := ivy.post(path+"/try", form)
	if p.status != http.StatusOK || p.doc.Find(`form[data-unsaved]`).Length() != 0 {
		t.Errorf("status %d; the unchanged form is marked unsaved: %v", p.status, p.doc.Find(`form[data-unsaved]`).Length() != 0)
	}
	checkLabels(t, p)
}

// multipartPost sends form as multipart/form-data with a file in field
// file, as the "Measure agreement" button does.
func multipartPost(t *testing.T, v *visitor, path string, form url.Values, file, name, content string) page {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, vs := range form {
		for _, val := range vs {
			if err := w.WriteField(k, val); err != nil {
				t.Fatal(err)
			}
		}
	}
	if file != "" {
		fw, err := w.CreateFormFile(file, name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write([]byte(content))
	}
	w.Close()
	req, err := http.NewRequest(http.MethodPost, v.site.URL+path, &body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return v.do(req)
}

func scoredAnswerLine(id, text string, scores ...int) string {
	return fmt.Sprintf(`{"id": %q, "text": %q, "scores": {"result": %d, "reasoning": %d, "failure_case": %d, "verification": %d}}`,
		id, text, scores[0], scores[1], scores[2], scores[3])
}

// TestCalibrationUpload: a file of scored answers, uploaded or pasted, is
// measured against the form's cues and reported as practicum calibrate
// reports it; a refused file is named by its line beside the box, with
// everything typed still there, and nothing is saved.
func TestCalibrationUpload(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Instructor})
	ivy := as["Ivy"]
	_, base := draftSource(t, s, "work-a-serving-incident")
	const measure = lesson3Author + "/blocks/new/calibration?kind=probe"
	good := scoredAnswerLine("warm", "The cache is warm and the restart changed nothing here at all.", 1, 0, 0, 0) + "\n" +
		scoredAnswerLine("cold", coldAnswer, 1, 0, 0, 0) + "\n"

	tests := []struct {
		name          string
		pasted, file  string
		status        int
		n             string // the report's heading
		disagreements int
		problem       string
	}{
		{name: "pasted", pasted: good, status: http.StatusOK, n: "Agreement on 2 answers", disagreements: 1},
		{name: "uploaded", file: good, status: http.StatusOK, n: "Agreement on 2 answers", disagreements: 1},
		{name: "a broken line", pasted: good + "{\"id\": \"x\", \"text\": \n", status: http.StatusUnprocessableEntity,
			problem: "Line 3 is not a JSON object"},
		{name: "a score out of range", pasted: strings.Replace(good, `"result": 1`, `"result": 3`, 1), status: http.StatusUnprocessableEntity,
			problem: "Line 1: the score for result must be 0 or 1, not 3."},
		{name: "too many answers", file: strings.Repeat(scoredAnswerLine("a", "x", 0, 0, 0, 0)+"\n", 2001), status: http.StatusUnprocessableEntity,
			problem: "more than 2000 answers"},
		{name: "too large", file: strings.Repeat(" ", 2<<20+1), status: http.StatusUnprocessableEntity, problem: "larger than 2 MiB"},
		{name: "both", pasted: good, file: good, status: http.StatusUnprocessableEntity, problem: "You chose a file and pasted answers too"},
		{name: "neither", status: http.StatusUnprocessableEntity, problem: "Choose a file of scored answers"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A second pattern neither answer says, to be reported unmatched.
			form := withValues(newProbeForm(base), "calibration_text", tt.pasted, "try_answer", "kept",
				"concepts", "cold-cache:\r\n  cache + cold|empty|miss*\r\n  hit rate + dropped\r\n")
			var p page
			if tt.file != "" {
				p = multipartPost(t, ivy, measure, form, "calibration_file", "answers.jsonl", tt.file)
			} else {
				p = multipartPost(t, ivy, measure, form, "", "", "")
			}
			if p.status != tt.status {
				t.Fatalf("status %d, want %d\n%s", p.status, tt.status, p.body)
			}
			if got := p.doc.Find("#calibration_text").Text(); strings.TrimSpace(got) != strings.TrimSpace(tt.pasted) {
				t.Errorf("the pasted text is not kept: %q", got)
			}
			if got := strings.TrimSpace(p.doc.Find("#try_answer").Text()); got != "kept" {
				t.Errorf("the tried answer is not kept: %q", got)
			}
			if tt.problem != "" {
				if got := p.doc.Find("#calibration_text-error").Text(); !strings.Contains(got, tt.problem) {
					t.Errorf("beside the box: %q, want %q", got, tt.problem)
				}
				if p.doc.Find(`#calibration_text[aria-invalid="true"]`).Length() != 1 {
					t.Error("the box is not marked invalid")
				}
				return
			}
			r := p.doc.Find(`[data-testid="calibration-report"]`)
			if got := strings.TrimSpace(r.Find("h3").First().Text()); got != tt.n {
				t.Errorf("report heading %q, want %q", got, tt.n)
			}
			if n := r.Find(`[data-testid="agreement"] tbody tr`).Length(); n != 4 {
				t.Errorf("%d criteria in the agreement table, want 4", n)
			}
			if got := r.Find(`tr[data-criterion="result"] td`).First().Text(); got != "0.50" {
				t.Errorf("result agreement %q, want 0.50", got)
			}
			// How far two answers are from proving anything, beside the mean.
			if got := strings.Join(strings.Fields(r.Find(`[data-testid="report-totals"]`).Text()), " "); !strings.Contains(got, "95% interval on answers like these") ||
				!strings.Contains(got, "over 2 answers") {
				t.Errorf("report totals = %q, want the mean's interval", got)
			}
			ds := r.Find(`[data-testid="report-disagreement"]`)
			if ds.Length() != tt.disagreements {
				t.Fatalf("%d disagreements, want %d", ds.Length(), tt.disagreements)
			}
			if got := strings.Join(strings.Fields(ds.First().Text()), " "); !strings.Contains(got, "Answer warm — Result: the file expects 1 point, the scorer gives 0 points.") ||
				!strings.Contains(got, `Near miss: matched "cache"`) {
				t.Errorf("disagreement = %q", got)
			}
			if got := strings.Join(strings.Fields(r.Find(`[data-testid="unmatched-patterns"]`).Text()), " "); got != "cold-cache: hit rate + dropped" {
				t.Errorf("patterns no answer matched: %q, want only the one neither answer says", got)
			}
			checkLabels(t, p)
		})
	}
	if _, head := draftSource(t, s, "work-a-serving-incident"); head != base {
		t.Errorf("measuring saved revision %d", head)
	}
}
