package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
)

// Hostile input: text that tries to run script in someone else's browser,
// to break out of the markup around it, or to trip the database, typed
// into every field a learner or instructor can fill. It must be stored
// exactly and shown exactly, as text.

// hostilePayloads are stored and shown verbatim wherever they are typed.
var hostilePayloads = []struct{ name, text string }{
	{"script tag", `<script>alert(1)</script>`},
	{"img onerror", `<img src=x onerror=alert(1)>`},
	{"svg onload", `<svg onload=alert(1)>`},
	{"script in svg", `<svg><script>alert(1)</script></svg>`},
	{"javascript URL", `javascript:alert(1)`},
	{"Markdown javascript link", `[x](javascript:alert(1))`},
	{"attribute breakout", `"><iframe src=//evil></iframe>`},
	{"broken markup", `<b <i onmouseover=alert(1)>`},
	{"textarea breakout", `</textarea><script>alert(1)</script>`},
	{"htmx attributes", `<div hx-get="/signout" hx-trigger="load">x</div>`},
	{"template text", `{{ .Password }} {{template "x"}} ${alert(1)}`},
	{"SQL", `'; DROP TABLE users; --`},
	{"SQL wildcards and escapes", `%_\ \' \"`},
	{"entities", `&lt;script&gt; &amp; &#60;b&#62;`},
	{"RTL override", "abc\u202edef\u202c ghi"},
	{"zero-width characters", "zero\u200bwidth\u200c\u200djoin\ufeffend"},
	{"emoji", "🙂 👩‍💻 🏳️‍🌈"},
}

// liveURL is a URL scheme that runs script or carries a document.
var liveURL = regexp.MustCompile(`^(?i)(javascript|vbscript|data):`)

// urlAttrs hold URLs a browser follows or loads.
var urlAttrs = map[string]bool{"href": true, "src": true, "action": true, "formaction": true, "poster": true, "data": true, "xlink:href": true, "srcset": true, "background": true}

// checkInert fails the test when a page holds anything that could run or
// load (see liveMarkup).
func checkInert(t *testing.T, where string, p page) {
	t.Helper()
	for _, m := range liveMarkup(p.doc) {
		t.Errorf("%s: %s", where, m)
	}
}

// liveMarkup lists what in a page could run or load: a script other than
// the site's own static files, an embedding element, an <svg> that is not
// one of the site's charts, an on* handler, a style attribute, htmx
// attributes anywhere but the site's own checkpoint forms, and javascript:,
// vbscript: or data: URLs.
func liveMarkup(doc *goquery.Document) []string {
	var found []string
	doc.Find("script").Each(func(_ int, s *goquery.Selection) {
		if src := s.AttrOr("src", ""); !strings.HasPrefix(src, "/static/") || strings.TrimSpace(s.Text()) != "" || s.ParentsFiltered("head").Length() == 0 {
			found = append(found, fmt.Sprintf("a <script> that is not the site's own: src %q, text %q", src, s.Text()))
		}
	})
	doc.Find("body iframe, body object, body embed, body frame, body frameset, body base, body meta, body link, body style, body math").Each(func(_ int, s *goquery.Selection) {
		found = append(found, "a live <"+goquery.NodeName(s)+"> element")
	})
	doc.Find("body svg").Each(func(_ int, s *goquery.Selection) {
		if !s.HasClass("chart") {
			found = append(found, "an <svg> that is not one of the site's charts")
		}
	})
	doc.Find("*").Each(func(_ int, s *goquery.Selection) {
		name := goquery.NodeName(s)
		for _, a := range s.Nodes[0].Attr {
			key, val := strings.ToLower(a.Key), strings.Map(dropSpace, a.Val)
			switch {
			case strings.HasPrefix(key, "on"), key == "style":
			case strings.HasPrefix(key, "hx-") || strings.HasPrefix(key, "data-hx-"):
				if name == "form" && s.AttrOr("hx-post", "") == s.AttrOr("action", "-") {
					continue
				}
			case urlAttrs[key] && liveURL.MatchString(val):
			default:
				continue
			}
			found = append(found, fmt.Sprintf("<%s %s=%q>", name, a.Key, a.Val))
		}
	})
	return found
}

// TestLiveMarkupIsFound checks the checker: each payload, were a page to
// include it as markup rather than text, would be caught.
func TestLiveMarkupIsFound(t *testing.T) {
	t.Parallel()
	live := map[string]string{
		"script tag": "", "img onerror": "", "svg onload": "", "script in svg": "", "attribute breakout": "",
		"broken markup": "", "textarea breakout": "", "htmx attributes": "",
		"javascript URL":           `<a href="javascript:alert(1)">x</a>`,
		"Markdown javascript link": `<a href=" JaVa&#09;Script:alert(1)">x</a>`,
	}
	for _, pl := range hostilePayloads {
		html, ok := live[pl.name]
		if !ok {
			continue
		}
		if html == "" {
			html = pl.text
		}
		doc, err := goquery.NewDocumentFromReader(strings.NewReader("<html><head></head><body><main>" + html + "</main></body></html>"))
		if err != nil {
			t.Fatal(err)
		}
		if len(liveMarkup(doc)) == 0 {
			t.Errorf("%s rendered as markup is not found by liveMarkup", pl.name)
		}
	}
}

// dropSpace removes what a browser ignores inside a URL's scheme.
func dropSpace(r rune) rune {
	if r <= ' ' {
		return -1
	}
	return r
}

// onlyMarks fails when an answer box holds elements other than the <mark>s
// of evidence highlighting, or when its text is not the answer exactly.
func onlyMarks(t *testing.T, where string, box *goquery.Selection, answer string) {
	t.Helper()
	if box.Length() != 1 {
		t.Errorf("%s: %d answer boxes, want 1", where, box.Length())
		return
	}
	box.Find("*").Each(func(_ int, s *goquery.Selection) {
		if goquery.NodeName(s) != "mark" || len(s.Nodes[0].Attr) > 2 {
			t.Errorf("%s: the answer holds a <%s> element", where, goquery.NodeName(s))
		}
	})
	if got := box.Text(); got != answer {
		t.Errorf("%s: answer shown as %q, want %q", where, got, answer)
	}
}

// bestExample is the calibration answer of an item that earns the most
// points, so that an answer built on it has evidence to highlight.
func bestExample(t *testing.T, s *site, key string) string {
	t.Helper()
	b := lessonItem(t, s, key)
	var sc *lessons.Scoring
	if b.Exercise != nil {
		sc = b.Exercise.Scoring
	} else {
		sc = b.Probe.Scoring
	}
	best, most := "", -1
	for _, ex := range sc.Examples {
		n := 0
		for _, v := range ex.Scores {
			n += v
		}
		if n > most {
			best, most = ex.Answer, n
		}
	}
	return best
}

// latestResponse is the id and stored text of a user's latest answer to key.
func latestResponse(t *testing.T, s *site, userID int64, key string) (int64, string) {
	t.Helper()
	var id int64
	var answer string
	if err := s.pool.QueryRow(context.Background(), `SELECT id, answer FROM responses WHERE user_id = $1 AND item_key = $2 ORDER BY id DESC LIMIT 1`,
		userID, key).Scan(&id, &answer); err != nil {
		t.Fatal(err)
	}
	return id, answer
}

func answerForm(rev, answer string) url.Values {
	return url.Values{"revision": {rev}, "answer": {answer}, "confidence": {"getting-there"}}
}

// TestHostileAnswersShowAsText: a learner's answers to an exercise, a probe
// and an explain-it-back prompt, a reviewer's notes and a learner's review
// request, each carrying a payload, are stored exactly and shown as text
// to the learner (with evidence highlighted) and to the reviewer.
func TestHostileAnswersShowAsText(t *testing.T) {
	t.Parallel()
	// One learner answers every payload in turn, faster than the
	// per-account answer limit allows a person.
	s := newSiteWith(t, func(d *web.Deps) { d.AnswersPerMinute = 1000 })
	users, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner})
	lea, ivan := as["Lea"], as["Ivan"]
	_, rev := s.checkpoints(t)
	good := map[string]string{lesson3Exercise: bestExample(t, s, lesson3Exercise), lesson3Probe: bestExample(t, s, lesson3Probe)}
	marks := 0

	for _, pl := range hostilePayloads {
		t.Run(pl.name, func(t *testing.T) {
			// The learner answers each item; the exercise and probe answers
			// hold words the scorer quotes, around the payload.
			answers := map[string]string{
				lesson3Exercise: pl.text + "\n" + good[lesson3Exercise],
				lesson3Probe:    good[lesson3Probe] + " " + pl.text,
				"explain-back":  pl.text,
			}
			for key, a := range answers {
				if p := lea.post(lesson3+"/responses/"+key, answerForm(rev, a)); p.status != http.StatusSeeOther {
					t.Fatalf("saving %s: status %d, want 303", key, p.status)
				}
				if _, stored := latestResponse(t, s, users["Lea"].ID, key); stored != a {
					t.Errorf("%s stored as %q, want %q", key, stored, a)
				}
			}
			p := lea.get(lesson3)
			checkInert(t, "lesson page", p)
			for _, item := range []string{"exercise-" + lesson3Exercise, "probe-" + lesson3Probe} {
				key := strings.SplitN(item, "-", 2)[1]
				sec := p.doc.Find("#" + item)
				onlyMarks(t, item+" score", sec.Find(`[data-testid="score"] blockquote`), answers[key])
				marks += sec.Find(`[data-testid="score"] blockquote mark`).Length()
				if got := sec.Find(`textarea[name="answer"]`).Text(); got != answers[key] {
					t.Errorf("%s: textarea holds %q, want the answer", item, got)
				}
			}
			if got := p.doc.Find(`#explain-explain-back textarea[name="answer"]`).Text(); got != pl.text {
				t.Errorf("explain-it-back textarea holds %q, want %q", got, pl.text)
			}

			// The reviewer sees the exercise answer, and overrides a
			// criterion with the payload as the note.
			exID, _ := latestResponse(t, s, users["Lea"].ID, lesson3Exercise)
			rp := ivan.get(reviewPath(exID))
			checkInert(t, "review screen", rp)
			onlyMarks(t, "review screen", rp.doc.Find(`[data-testid="review-answer"]`), answers[lesson3Exercise])
			points, _, basedOn := formChoices(t, rp)
			points[0] = 1 - points[0]
			if p := ivan.post(reviewPath(exID), reviewForm(basedOn, points, map[grading.Criterion]string{grading.Result: pl.text})); p.status != http.StatusSeeOther {
				t.Fatalf("saving the review: status %d", p.status)
			}
			var note string
			if err := s.pool.QueryRow(context.Background(), `SELECT notes->>'result' FROM score_events WHERE response_id = $1 AND kind = 'review'`, exID).Scan(&note); err != nil || note != pl.text {
				t.Errorf("stored note %q (%v), want %q", note, err, pl.text)
			}
			rp = ivan.get(reviewPath(exID))
			checkInert(t, "review screen after the review", rp)
			if got := rp.doc.Find(`[data-testid="history-row"] dd`).Text(); got != pl.text {
				t.Errorf("review history note = %q, want %q", got, pl.text)
			}
			p = lea.get(lesson3)
			checkInert(t, "lesson page with the review", p)
			if got := p.doc.Find(`#exercise-` + lesson3Exercise + ` [data-testid="review-note"]`).Text(); got != "Reviewer's note: "+pl.text {
				t.Errorf("the learner sees the note as %q, want %q", got, pl.text)
			}

			// The learner asks for a review of the probe with the payload as
			// the reason; the queue and the review screen show it.
			prID, _ := latestResponse(t, s, users["Lea"].ID, lesson3Probe)
			if p := lea.post(lesson3+"/reviews/"+lesson3Probe, url.Values{"response": {strconv.FormatInt(prID, 10)}, "reason": {pl.text}}); p.status != http.StatusSeeOther {
				t.Fatalf("asking for a review: status %d", p.status)
			}
			var reason string
			if err := s.pool.QueryRow(context.Background(), `SELECT reason FROM review_requests WHERE response_id = $1`, prID).Scan(&reason); err != nil || reason != pl.text {
				t.Errorf("stored reason %q (%v), want %q", reason, err, pl.text)
			}
			q := ivan.get("/review/queue")
			checkInert(t, "review queue", q)
			row := q.doc.Find(`[data-testid="queue-row"]:has(a[href="` + reviewPath(prID) + `"])`)
			if got := row.Find(`[data-testid="queue-why"]`).Text(); got != "Review requested: "+pl.text {
				t.Errorf("queue shows the reason as %q, want %q", got, pl.text)
			}
			rp = ivan.get(reviewPath(prID))
			checkInert(t, "review screen with a request", rp)
			if got := rp.doc.Find(`[data-testid="review-requests"] blockquote`).Text(); got != pl.text {
				t.Errorf("review screen shows the reason as %q, want %q", got, pl.text)
			}
			// The reviewer answers the request, so that Lea may ask about
			// the next payload's answer (scores.MaxOpenRequests).
			points, _, basedOn = formChoices(t, rp)
			points[0] = 1 - points[0]
			if p := ivan.post(reviewPath(prID), reviewForm(basedOn, points, map[grading.Criterion]string{grading.Result: "Looked again"})); p.status != http.StatusSeeOther {
				t.Fatalf("answering the request: status %d", p.status)
			}
		})
	}
	if marks == 0 {
		t.Error("no evidence was highlighted in any score: the <mark> path went untested")
	}
}

// TestHostileDisplayNames: a display name is shown as text in the header,
// the admin's user list, the review queue and screen, and under a review
// ("Reviewed by …") — or refused when it could reverse the text around it.
func TestHostileDisplayNames(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin, "Lea": auth.Learner, "Rev": auth.Instructor})
	ivan := as["Rev"] // renamed to each payload in turn
	_, rev := s.checkpoints(t)
	good := bestExample(t, s, lesson3Exercise)
	for i, pl := range hostilePayloads {
		t.Run(pl.name, func(t *testing.T) {
			email := fmt.Sprintf("hostile%d@example.com", i)
			v := s.visitor(t)
			p := v.post("/signup", signUpForm(pl.text, email, password))
			if pl.name == "RTL override" {
				if p.status != http.StatusUnprocessableEntity || !strings.Contains(fieldError(t, p, "display_name"), "without text-direction controls") {
					t.Errorf("sign-up with a direction override: status %d, message %q; want it refused", p.status, fieldError(t, p, "display_name"))
				}
				return
			}
			if p.status != http.StatusSeeOther {
				t.Fatalf("sign-up: status %d, want 303; %q", p.status, summary(p))
			}
			var stored string
			if err := s.pool.QueryRow(context.Background(), `SELECT display_name FROM users WHERE email = $1`, email).Scan(&stored); err != nil || stored != pl.text {
				t.Errorf("stored name %q (%v), want %q", stored, err, pl.text)
			}
			home := v.get("/")
			checkInert(t, "home page", home)
			if got := home.doc.Find(`header form[action="/signout"] .visually-hidden`).Text(); got != " "+pl.text {
				t.Errorf("header names the user %q, want %q", got, pl.text)
			}

			admin := as["Ada"].get("/admin/users")
			checkInert(t, "admin users", admin)
			row := admin.doc.Find(`[data-testid="user-row"]:contains("` + email + `")`)
			if got := strings.TrimSpace(row.Find(`th[scope="row"]`).Text()); got != pl.text {
				t.Errorf("admin list names the user %q, want %q", got, pl.text)
			}

			// The same name on an instructor who reviews, and on the
			// learner whose answer is reviewed.
			learner, err := s.users.Create(context.Background(), "l"+email, pl.text, password, auth.Learner)
			if err != nil {
				t.Fatal(err)
			}
			id := s.scoredAnswer(t, learner.ID, lesson3Exercise, good, autoScore(good, 0.3, []int{1, 0, 0, 0}))
			reviewer := users["Rev"]
			if _, err := s.pool.Exec(context.Background(), `UPDATE users SET display_name = $1 WHERE id = $2`, pl.text, reviewer.ID); err != nil {
				t.Fatal(err)
			}
			q := ivan.get("/review/queue")
			checkInert(t, "review queue", q)
			qrow := q.doc.Find(`[data-testid="queue-row"]:has(a[href="` + reviewPath(id) + `"])`)
			if got := strings.TrimSpace(qrow.Find(`th[scope="row"]`).Text()); got != pl.text {
				t.Errorf("queue names the learner %q, want %q", got, pl.text)
			}
			rp := ivan.get(reviewPath(id))
			checkInert(t, "review screen", rp)
			if !strings.Contains(rp.doc.Find("main").Text(), pl.text+"'s answer, submitted") {
				t.Errorf("review screen does not name the learner %q", pl.text)
			}
			_, _, basedOn := formChoices(t, rp)
			if p := ivan.post(reviewPath(id), reviewForm(basedOn, []int{1, 1, 0, 0}, map[grading.Criterion]string{grading.Reasoning: "Shows the step."})); p.status != http.StatusSeeOther {
				t.Fatalf("saving the review: status %d", p.status)
			}
			rp = ivan.get(reviewPath(id))
			if got := rp.doc.Find(`[data-testid="history-row"] th`).Last().Text(); got != "Review by "+pl.text {
				t.Errorf("history names the reviewer %q, want %q", got, pl.text)
			}

			// Lea's own answer, reviewed by this reviewer, names them.
			if p := as["Lea"].post(lesson3+"/responses/"+lesson3Exercise, answerForm(rev, good)); p.status != http.StatusSeeOther {
				t.Fatalf("saving Lea's answer: status %d", p.status)
			}
			leaID, _ := latestResponse(t, s, users["Lea"].ID, lesson3Exercise)
			h, err := scores.NewStore(s.pool).History(context.Background(), leaID)
			if err != nil {
				t.Fatal(err)
			}
			cur := scores.Current(h)
			flip := map[grading.Criterion]int{}
			for _, c := range grading.Criteria {
				flip[c] = cur.Scores[c]
			}
			flip[grading.Verification] = 1 - flip[grading.Verification]
			if _, err := scores.NewStore(s.pool).Override(context.Background(), scores.Override{ResponseID: leaID, ReviewerID: reviewer.ID, BasedOn: h[len(h)-1].ID,
				Scores: flip, Notes: map[grading.Criterion]string{grading.Verification: "Changed."}}); err != nil {
				t.Fatal(err)
			}
			lp := as["Lea"].get(lesson3)
			checkInert(t, "lesson page", lp)
			if got := lp.doc.Find(`#exercise-` + lesson3Exercise + ` [data-testid="reviewed"]`).Text(); !strings.HasPrefix(got, "Reviewed by "+pl.text+" on ") {
				t.Errorf("the learner sees %q, want it to start with %q", got, "Reviewed by "+pl.text+" on ")
			}
		})
	}
}
