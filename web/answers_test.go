package web_test

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/auth"
)

const lesson3 = "/courses/serving-incidents/work-a-serving-incident"

// visitor is a browser-like client with its own cookie jar.
type visitor struct {
	t      *testing.T
	site   *site
	client *http.Client
}

func (s *site) visitor(t *testing.T) *visitor {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &visitor{t: t, site: s, client: c}
}

// post sends a same-origin form, as a browser does from our own pages.
func (v *visitor) post(path string, form url.Values, header ...string) page {
	v.t.Helper()
	req, err := http.NewRequest(http.MethodPost, v.site.URL+path, strings.NewReader(form.Encode()))
	if err != nil {
		v.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return v.do(req)
}

func (v *visitor) get(path string) page {
	v.t.Helper()
	req, err := http.NewRequest(http.MethodGet, v.site.URL+path, nil)
	if err != nil {
		v.t.Fatal(err)
	}
	return v.do(req)
}

func (v *visitor) do(req *http.Request) page {
	v.t.Helper()
	resp, err := v.client.Do(req)
	if err != nil {
		v.t.Fatal(err)
	}
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		v.t.Fatal(err)
	}
	html, _ := doc.Html()
	return page{status: resp.StatusCode, header: resp.Header, body: html, doc: doc}
}

// checkpoints returns lesson 3's checkpoints and its current revision.
func (s *site) checkpoints(t *testing.T) ([]lessons.Block, string) {
	t.Helper()
	lp, err := s.catalog.Lesson(t.Context(), "serving-incidents", "work-a-serving-incident")
	if err != nil {
		t.Fatal(err)
	}
	var cps []lessons.Block
	for _, b := range lp.Lesson.Blocks {
		if b.Kind == lessons.KindCheckpoint {
			cps = append(cps, b)
		}
	}
	return cps, strconv.FormatInt(lp.RevisionID, 10)
}

func answer(cp lessons.Block, revision string, right bool) url.Values {
	option := cp.Checkpoint.Correct()
	if !right {
		option = (option + 1) % len(cp.Checkpoint.Options)
	}
	return url.Values{"revision": {revision}, "option": {strconv.Itoa(option)}}
}

func TestAnsweringACheckpointWithoutJS(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)
	cps, rev := s.checkpoints(t)

	p := v.post(lesson3+"/checkpoints/"+cps[1].Key, answer(cps[1], rev, false))
	if p.status != http.StatusSeeOther || p.header.Get("Location") != lesson3+"#checkpoint-"+cps[1].Key {
		t.Fatalf("POST: status %d, Location %q; want 303 back to the checkpoint", p.status, p.header.Get("Location"))
	}
	page := v.get(lesson3)
	result := page.doc.Find("#checkpoint-" + cps[1].Key + ` [data-testid="checkpoint-result"]`)
	text := strings.Join(strings.Fields(result.Text()), " ")
	correct, chosen := cps[1].Checkpoint.Correct(), (cps[1].Checkpoint.Correct()+1)%len(cps[1].Checkpoint.Options)
	letter := "The answer is " + string(rune('A'+correct)) + "."
	// A wrong answer teaches by the chosen option's explanation and asks
	// for another try; the answer waits until asked for.
	if !strings.Contains(text, "Not quite.") || strings.Contains(text, letter) || !strings.Contains(text, "try again") {
		t.Errorf("result = %q, want a wrong verdict that asks for another try without naming the right option", text)
	}
	if !strings.Contains(page.body, string(cps[1].Checkpoint.Options[chosen].Explanation)) {
		t.Error("the chosen option's explanation is not shown after a wrong answer")
	}
	if strings.Contains(page.body, string(cps[1].Checkpoint.Options[correct].Explanation)) {
		t.Error("the correct option's explanation is shown before the learner asked for it")
	}
	if page.doc.Find(`[data-testid="checkpoint-result"]`).Length() != 1 {
		t.Error("an unanswered checkpoint shows a result")
	}
	if got := strings.TrimSpace(page.doc.Find("#checkpoint-" + cps[1].Key + ` form:not(.reveal-form) button`).Text()); got != "Try again" {
		t.Errorf("the checkpoint's button reads %q after a wrong answer, want Try again", got)
	}

	// "Show the answer": refused before any attempt, then shown for good.
	p = v.post(lesson3+"/reveals/"+cps[2].Key, url.Values{"revision": {rev}})
	if p.status != http.StatusUnprocessableEntity || !strings.Contains(p.doc.Find("#checkpoint-"+cps[2].Key+" .field-error").Text(), "first attempt") {
		t.Errorf("revealing an unanswered checkpoint: status %d, error %q; want 422 saying why", p.status, p.doc.Find(".field-error").Text())
	}
	p = v.post(lesson3+"/reveals/"+cps[1].Key, url.Values{"revision": {rev}})
	if p.status != http.StatusSeeOther || p.header.Get("Location") != lesson3+"#checkpoint-"+cps[1].Key {
		t.Fatalf("revealing: status %d, Location %q; want 303 back to the checkpoint", p.status, p.header.Get("Location"))
	}
	page = v.get(lesson3)
	text = strings.Join(strings.Fields(page.doc.Find("#checkpoint-"+cps[1].Key+` [data-testid="revealed-answer"]`).Text()), " ")
	if !strings.Contains(text, letter) || !strings.Contains(page.body, string(cps[1].Checkpoint.Options[correct].Explanation)) {
		t.Errorf("revealed answer = %q, want %q with its explanation", text, letter)
	}
	if page.doc.Find("#checkpoint-"+cps[1].Key+` .reveal-form`).Length() != 0 {
		t.Error("the answer shown, the page still offers to show it")
	}
}

func TestShowingTheAnswerWithHTMX(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)
	cps, rev := s.checkpoints(t)
	p := v.post(lesson3+"/reveals/"+cps[0].Key, url.Values{"revision": {rev}}, "HX-Request", "true")
	if p.status != http.StatusUnprocessableEntity || p.doc.Find(`section[data-testid="checkpoint"] [role="alert"]`).Length() != 1 {
		t.Errorf("htmx reveal before an attempt: status %d; want 422 with the checkpoint and its message", p.status)
	}
	v.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, false), "HX-Request", "true")
	p = v.post(lesson3+"/reveals/"+cps[0].Key, url.Values{"revision": {rev}}, "HX-Request", "true")
	if p.status != http.StatusOK || p.doc.Find("html header, main").Length() != 0 || p.doc.Find(`section[data-testid="checkpoint"]`).Length() != 1 {
		t.Fatalf("htmx reveal: status %d; want 200 with the checkpoint section alone", p.status)
	}
	if want := "The answer is " + string(rune('A'+cps[0].Checkpoint.Correct())) + "."; !strings.Contains(p.doc.Find(`[data-testid="revealed-answer"]`).Text(), want) {
		t.Errorf("htmx reveal shows %q, want %q", p.doc.Find(`[data-testid="checkpoint-result"]`).Text(), want)
	}
}

func TestAnsweringACheckpointWithHTMX(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)
	cps, rev := s.checkpoints(t)
	p := v.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true), "HX-Request", "true")
	if p.status != http.StatusOK {
		t.Fatalf("status %d, want 200 with the fragment", p.status)
	}
	if p.doc.Find("html header, main").Length() != 0 || p.doc.Find(`section[data-testid="checkpoint"]`).Length() != 1 {
		t.Error("htmx response is not just the checkpoint section")
	}
	if got := strings.TrimSpace(p.doc.Find(".verdict strong").First().Text()); got != "Correct." {
		t.Errorf("verdict = %q, want Correct.", got)
	}
}

func TestBadAnswersAreRefusedClearly(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)
	cps, rev := s.checkpoints(t)
	tests := []struct {
		name, path string
		form       url.Values
		status     int
		want       string
	}{
		{"no option", "/checkpoints/" + cps[0].Key, url.Values{"revision": {rev}}, 422, "Choose one of the options, then check your answer."},
		{"option out of range", "/checkpoints/" + cps[0].Key, url.Values{"revision": {rev}, "option": {"9"}}, 422, "Choose one of the options"},
		{"empty explanation", "/responses/explain-back", url.Values{"revision": {rev}, "answer": {" "}, "confidence": {"confident"}}, 422, "Write your answer before saving it."},
		{"no confidence", "/responses/explain-back", url.Values{"revision": {rev}, "answer": {"My text"}}, 422, "Say how confident you are"},
		{"too long", "/responses/explain-back", url.Values{"revision": {rev}, "answer": {strings.Repeat("x", 10001)}, "confidence": {"confident"}}, 422, "the limit is 10000"},
		{"unknown item", "/checkpoints/nope", url.Values{"revision": {rev}, "option": {"0"}}, 404, "Page not found"},
		{"no revision", "/checkpoints/" + cps[0].Key, url.Values{"option": {"0"}}, 400, "That form was incomplete"},
		{"checkpoint key on responses", "/responses/" + cps[0].Key, url.Values{"revision": {rev}, "answer": {"x"}, "confidence": {"confident"}}, 404, "Page not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := v.post(lesson3+tt.path, tt.form)
			if p.status != tt.status || !strings.Contains(p.doc.Text(), tt.want) {
				t.Errorf("status %d, want %d with %q", p.status, tt.status, tt.want)
			}
		})
	}
	// The refused text is kept for the learner to fix.
	p := v.post(lesson3+"/responses/explain-back", url.Values{"revision": {rev}, "answer": {"Keep this draft"}})
	if got := p.doc.Find("#explain-explain-back-answer").Text(); got != "Keep this draft" {
		t.Errorf("textarea after a refused save = %q, want the learner's text", got)
	}
	if page := v.get(lesson3); page.doc.Find(`[data-testid="saved-answer"], [data-testid="checkpoint-result"]`).Length() != 0 {
		t.Error("a refused answer was saved")
	}
}

// TestExplainItBackKeepsHistory: an account keeps every version of an
// explanation; a visitor without one keeps only the latest (anonymous
// answers are bounded, so earlier versions are replaced).
func TestExplainItBackKeepsHistory(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Lea", auth.Learner)
	_, rev := s.checkpoints(t)
	for _, tt := range []struct {
		who     string
		v       *visitor
		history string
	}{
		{"signed in", signedInAs(t, s, "lea@example.com"), "First try"},
		{"anonymous", s.visitor(t), ""},
	} {
		for _, a := range []struct{ text, confidence string }{{"First try", "not-yet"}, {"Second, better", "confident"}} {
			if p := tt.v.post(lesson3+"/responses/explain-back", url.Values{"revision": {rev}, "answer": {a.text}, "confidence": {a.confidence}}); p.status != http.StatusSeeOther {
				t.Fatalf("%s, saving %q: status %d", tt.who, a.text, p.status)
			}
		}
		p := tt.v.get(lesson3)
		sec := p.doc.Find(`[data-testid="explain"]`)
		if got := sec.Find("textarea").Text(); got != "Second, better" {
			t.Errorf("%s: current explanation = %q", tt.who, got)
		}
		if !sec.Find(`input[value="confident"]`).Is("[checked]") {
			t.Errorf("%s: the saved confidence is not selected", tt.who)
		}
		if got := strings.TrimSpace(sec.Find(".history .earlier-answer").Text()); got != tt.history {
			t.Errorf("%s: history = %q, want %q", tt.who, got, tt.history)
		}
	}
}

func TestCrossSitePostsAreRefused(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)
	cps, rev := s.checkpoints(t)
	paths := []string{lesson3 + "/checkpoints/" + cps[0].Key, lesson3 + "/responses/explain-back", "/signout", "/signin", "/signup", "/admin/users/1/role"}
	for _, path := range paths {
		for _, h := range [][]string{{"Sec-Fetch-Site", "cross-site"}, {"Sec-Fetch-Site", "", "Origin", "https://evil.example"}} {
			p := v.post(path, answer(cps[0], rev, true), h...)
			if p.status != http.StatusForbidden {
				t.Errorf("POST %s with %v: status %d, want 403", path, h, p.status)
			}
		}
	}
}

func TestCourseStatusAndContinue(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)
	cps, rev := s.checkpoints(t)
	v.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true))
	p := v.get("/courses/serving-incidents")
	if got := texts(p.doc.Find(`[data-testid="lesson-status"]`)); len(got) != 4 || got[2] != "In progress" || got[0] != "Not started" {
		t.Errorf("lesson statuses = %q, want lesson 3 in progress", got)
	}
	home := v.get("/")
	if href := home.doc.Find(`[data-testid="continue"] a`).AttrOr("href", ""); href != lesson3 {
		t.Errorf("continue link = %q, want lesson 3", href)
	}
}

func TestOversizedBodiesGetAFriendlyPage(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)
	_, rev := s.checkpoints(t)
	huge := url.Values{"revision": {rev}, "answer": {strings.Repeat("x", 70<<10)}, "confidence": {"confident"}}
	for _, path := range []string{lesson3 + "/responses/explain-back", "/signup"} {
		p := v.post(path, huge)
		if p.status != http.StatusRequestEntityTooLarge || !strings.Contains(p.doc.Find("h1").Text(), "That form was too large") {
			t.Errorf("POST %s with 70 KiB: status %d, h1 %q; want 413 and the friendly page", path, p.status, p.doc.Find("h1").Text())
		}
	}
	if page := v.get(lesson3); page.doc.Find(`[data-testid="saved-answer"]`).Length() != 0 {
		t.Error("part of an oversized answer was saved")
	}
}
