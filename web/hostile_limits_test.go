package web_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/web/auth"
)

// Hostile input at the edges: bodies too large, text too long, text no
// database can store, and form values tampered with. Each is refused with
// a page that says what happened, and nothing of it is saved.

// writtenTables are the tables a form can add rows to.
var writtenTables = []string{"users", "checkpoint_attempts", "responses", "score_events", "review_requests"}

func rowCounts(t *testing.T, s *site) map[string]int {
	t.Helper()
	counts := map[string]int{}
	for _, table := range writtenTables {
		var n int
		if err := s.pool.QueryRow(context.Background(), "SELECT count(*) FROM "+table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		counts[table] = n
	}
	return counts
}

// hostileRequest is a form sent by someone, and the page they must get.
type hostileRequest struct {
	name   string
	who    string // "" for a visitor who is not signed in
	path   string
	form   url.Values
	status int
	want   string // text of the page's h1, or of the message beside the field
}

// limitsFixture is a site with an instructor, a learner with a scored
// answer, and an admin, all signed in.
type limitsFixture struct {
	s        *site
	as       map[string]*visitor
	users    map[string]auth.User
	rev      string
	cp       string // a checkpoint key of lesson 3
	response string // id of the learner's scored answer
	basedOn  string // its latest score event
}

func newLimitsFixture(t *testing.T) limitsFixture {
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner, "Ada": auth.Admin})
	cps, rev := s.checkpoints(t)
	const text = "Compare long-prompt latency on both versions at the same arrival rate."
	id := s.scoredAnswer(t, users["Lea"].ID, lesson3Probe, text, autoScore(text, 0.5, []int{1, 0, 0, 0}))
	_, _, basedOn := formChoices(t, as["Ivan"].get(reviewPath(id)))
	return limitsFixture{s: s, as: as, users: users, rev: rev, cp: cps[0].Key, response: strconv.FormatInt(id, 10), basedOn: basedOn}
}

// send posts r's form and checks the status, the message, and that no row
// was written.
func (f limitsFixture) send(t *testing.T, r hostileRequest) page {
	t.Helper()
	v := f.as[r.who]
	if r.who == "" {
		v = f.s.visitor(t)
	}
	before := rowCounts(t, f.s)
	p := v.post(r.path, r.form)
	if p.status != r.status {
		t.Errorf("status %d, want %d", p.status, r.status)
	}
	if text := strings.Join(strings.Fields(p.doc.Find("h1, .field-error").Text()), " "); !strings.Contains(text, r.want) {
		t.Errorf("page says %q, want %q", text, r.want)
	}
	checkInert(t, "refusal page", p)
	if diff := cmp.Diff(before, rowCounts(t, f.s)); diff != "" {
		t.Errorf("rows were written (-before +after):\n%s", diff)
	}
	return p
}

func (f limitsFixture) reviewForm(note string) url.Values {
	return reviewForm(f.basedOn, []int{0, 1, 0, 0}, map[grading.Criterion]string{grading.Result: note, grading.Reasoning: note})
}

func TestBodiesOver64KiBGet413(t *testing.T) {
	t.Parallel()
	f := newLimitsFixture(t)
	huge := strings.Repeat("x", 65<<10)
	const tooLarge = "That form was too large"
	ask := url.Values{"revision": {f.rev}, "answer": {huge}, "confidence": {"confident"}}
	tests := []hostileRequest{
		{"explain-it-back, not signed in", "", lesson3 + "/responses/explain-back", ask, 413, tooLarge},
		{"exercise answer", "Lea", lesson3 + "/responses/" + lesson3Exercise, ask, 413, tooLarge},
		{"probe answer", "Lea", lesson3 + "/responses/" + lesson3Probe, ask, 413, tooLarge},
		{"checkpoint", "Lea", lesson3 + "/checkpoints/" + f.cp, url.Values{"revision": {f.rev}, "option": {"0"}, "pad": {huge}}, 413, tooLarge},
		{"review request", "Lea", lesson3 + "/reviews/" + lesson3Probe, url.Values{"response": {f.response}, "reason": {huge}}, 413, tooLarge},
		{"review", "Ivan", reviewPath(mustInt(f.response)), f.reviewForm(huge), 413, tooLarge},
		{"role change", "Ada", rolePath(f.users["Lea"]), url.Values{"role": {"admin"}, "pad": {huge}}, 413, tooLarge},
		{"sign-up", "", "/signup", url.Values{"display_name": {huge}, "email": {"new@example.com"}, "password": {password}}, 413, tooLarge},
		{"sign-in", "", "/signin", url.Values{"email": {"lea@example.com"}, "password": {huge}}, 413, tooLarge},
		{"just over the limit", "Lea", lesson3 + "/responses/explain-back", url.Values{"revision": {f.rev}, "confidence": {"confident"},
			"answer": {strings.Repeat("x", 64<<10-len("revision=&confidence=confident&answer=")-len(f.rev)+1)}}, 413, tooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { f.send(t, tt) })
	}
	if u, err := f.s.users.ByEmail(context.Background(), "lea@example.com"); err != nil || u.Role != auth.Learner {
		t.Errorf("Lea's role after an oversized change: %v, %v; want learner", u.Role, err)
	}

	// A body with no length announced is cut off just the same.
	before := rowCounts(t, f.s)
	req, err := http.NewRequest(http.MethodPost, f.s.URL+lesson3+"/responses/explain-back",
		io.MultiReader(strings.NewReader("revision="+f.rev+"&confidence=confident&answer="), strings.NewReader(huge)))
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if p := f.as["Lea"].do(req); p.status != http.StatusRequestEntityTooLarge || !strings.Contains(p.doc.Find("h1").Text(), tooLarge) {
		t.Errorf("chunked 65 KiB body: status %d, h1 %q; want 413 and the friendly page", p.status, p.doc.Find("h1").Text())
	}
	if diff := cmp.Diff(before, rowCounts(t, f.s)); diff != "" {
		t.Errorf("rows were written (-before +after):\n%s", diff)
	}
}

func mustInt(s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		panic(err)
	}
	return n
}

// TestOverLongTextIsRefusedWhole: text over a field's limit, counted in
// characters, gets the limit named beside the field and saves nothing.
func TestOverLongTextIsRefusedWhole(t *testing.T) {
	t.Parallel()
	f := newLimitsFixture(t)
	answer := func(s string) url.Values {
		return url.Values{"revision": {f.rev}, "answer": {s}, "confidence": {"confident"}}
	}
	tests := []hostileRequest{
		{"exercise answer", "Lea", lesson3 + "/responses/" + lesson3Exercise, answer(strings.Repeat("x", 10001)), 422,
			"Your answer is 10001 characters long; the limit is 10000. Shorten it and save again — nothing was saved."},
		{"explain-it-back, not signed in", "", lesson3 + "/responses/explain-back", answer(strings.Repeat("x", 10001)), 422, "the limit is 10000"},
		{"two-byte characters", "Lea", lesson3 + "/responses/" + lesson3Probe, answer(strings.Repeat("é", 10001)), 422, "Your answer is 10001 characters long"},
		{"review note", "Ivan", reviewPath(mustInt(f.response)), f.reviewForm(strings.Repeat("n", 2001)), 422,
			"The note for Result is 2001 characters long; the limit is 2000."},
		{"review request reason", "Lea", lesson3 + "/reviews/" + lesson3Probe, url.Values{"response": {f.response}, "reason": {strings.Repeat("r", 2001)}}, 422,
			"Your reason is 2001 characters long; the limit is 2000."},
		{"display name", "", "/signup", signUpForm(strings.Repeat("n", 61), "long@example.com", password), 422, "Use at most 60 characters."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := f.send(t, tt)
			if tt.form.Has("answer") && p.doc.Find(`textarea[name="answer"][aria-invalid="true"]`).Text() != tt.form.Get("answer") {
				t.Error("the refused answer is not kept in its textarea for the learner to shorten")
			}
		})
	}
	// At the limit, counted in characters, an answer is saved whole.
	exact := strings.Repeat("é", 10000)
	if p := f.as["Lea"].post(lesson3+"/responses/"+lesson3Exercise, answer(exact)); p.status != http.StatusSeeOther {
		t.Fatalf("10,000 two-byte characters: status %d, want 303", p.status)
	}
	if _, stored := latestResponse(t, f.s, f.users["Lea"].ID, lesson3Exercise); stored != exact {
		t.Errorf("stored %d bytes, want the 10,000 characters exactly", len(stored))
	}
}

// TestUnstorableTextIsRefused: a NUL character or bytes that are not UTF-8
// in any field, or in an address, get a clear 4xx page, never a 500, and
// nothing is saved.
func TestUnstorableTextIsRefused(t *testing.T) {
	t.Parallel()
	f := newLimitsFixture(t)
	const cannotSave = "That form held characters we can't save"
	answer := func(s string) url.Values {
		return url.Values{"revision": {f.rev}, "answer": {s}, "confidence": {"confident"}}
	}
	tests := []hostileRequest{
		{"NUL in an answer", "Lea", lesson3 + "/responses/" + lesson3Exercise, answer("queue\x00prefill"), 422, cannotSave},
		{"invalid UTF-8 in an answer", "Lea", lesson3 + "/responses/" + lesson3Probe, answer("queue \xff\xfe prefill"), 422, cannotSave},
		{"NUL in an answer, not signed in", "", lesson3 + "/responses/explain-back", answer("a\x00b"), 422, cannotSave},
		{"NUL in a review note", "Ivan", reviewPath(mustInt(f.response)), f.reviewForm("bad\x00note"), 422, cannotSave},
		{"invalid UTF-8 in a review note", "Ivan", reviewPath(mustInt(f.response)), f.reviewForm("bad \xc3\x28 note"), 422, cannotSave},
		{"NUL in a review request", "Lea", lesson3 + "/reviews/" + lesson3Probe, url.Values{"response": {f.response}, "reason": {"\x00"}}, 422, cannotSave},
		{"NUL in a display name", "", "/signup", signUpForm("Ada\x00", "nul@example.com", password), 422, cannotSave},
		{"invalid UTF-8 in an email", "", "/signup", signUpForm("Ada", "ada\xff@example.com", password), 422, cannotSave},
		{"NUL in a sign-in email", "", "/signin", signInForm("lea\x00@example.com", password), 422, cannotSave},
		{"NUL in a checkpoint option", "Lea", lesson3 + "/checkpoints/" + f.cp, url.Values{"revision": {f.rev}, "option": {"0\x00"}}, 422, cannotSave},
		{"NUL in a confidence", "Lea", lesson3 + "/responses/explain-back", url.Values{"revision": {f.rev}, "answer": {"ok"}, "confidence": {"confident\x00"}}, 422, cannotSave},
		{"NUL in a field name", "Lea", lesson3 + "/responses/explain-back", url.Values{"revision": {f.rev}, "answer": {"ok"}, "confidence": {"confident"}, "x\x00": {"1"}}, 422, cannotSave},
		{"NUL in a role", "Ada", rolePath(f.users["Lea"]), url.Values{"role": {"admin\x00"}}, 422, cannotSave},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { f.send(t, tt) })
	}
	for _, path := range []string{"/courses/%00", "/courses/serving-incidents/%FF", "/courses/%C0%AF/x", lesson3 + "%00", "/review/%00"} {
		p := f.as["Ivan"].get(path)
		if p.status != http.StatusNotFound || !strings.Contains(p.doc.Find("h1").Text(), "Page not found") {
			t.Errorf("GET %s: status %d, h1 %q; want 404", path, p.status, p.doc.Find("h1").Text())
		}
	}
}

// TestTamperedCheckpointAnswers: an option index or revision that the form
// never offered is refused, and no attempt is recorded.
func TestTamperedCheckpointAnswers(t *testing.T) {
	t.Parallel()
	f := newLimitsFixture(t)
	var other int64
	if err := f.s.pool.QueryRow(context.Background(), `SELECT r.id FROM lesson_revisions r JOIN lessons l ON l.id = r.lesson_id WHERE l.slug <> $1 LIMIT 1`, lesson3Slug).Scan(&other); err != nil {
		t.Fatal(err)
	}
	const choose = "Choose one of the options, then check your answer."
	path := lesson3 + "/checkpoints/" + f.cp
	option := func(o string) url.Values { return url.Values{"revision": {f.rev}, "option": {o}} }
	tests := []hostileRequest{
		{"negative", "Lea", path, option("-1"), 422, choose},
		{"past the last option", "Lea", path, option("9"), 422, choose},
		{"huge", "Lea", path, option("99999999999999999999"), 422, choose},
		{"exponent", "Lea", path, option("1e0"), 422, choose},
		{"hexadecimal", "Lea", path, option("0x1"), 422, choose},
		{"fraction", "Lea", path, option("1.0"), 422, choose},
		{"padded", "Lea", path, option(" 1"), 422, choose},
		{"SQL", "Lea", path, option("0 OR 1=1; --"), 422, choose},
		{"markup", "", path, option("<script>alert(1)</script>"), 422, choose},
		{"empty", "Lea", path, option(""), 422, choose},
		{"revision not a number", "Lea", path, url.Values{"revision": {"1 OR 1=1"}, "option": {"0"}}, 400, "That form was incomplete"},
		{"revision of another lesson", "Lea", path, url.Values{"revision": {strconv.FormatInt(other, 10)}, "option": {"0"}}, 404, "Page not found"},
		{"revision that does not exist", "Lea", path, url.Values{"revision": {"-1"}, "option": {"0"}}, 404, "Page not found"},
		{"key that is markup", "Lea", lesson3 + "/checkpoints/%3Cscript%3E", option("0"), 404, "Page not found"},
		{"key of an exercise", "Lea", lesson3 + "/checkpoints/" + lesson3Exercise, option("0"), 404, "Page not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { f.send(t, tt) })
	}
}

// TestSignUpShowsHostileInputBackAsText: a refused sign-up keeps what was
// typed in the form's fields, as values, not markup.
func TestSignUpShowsHostileInputBackAsText(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	for _, pl := range hostilePayloads {
		name := pl.text
		if len([]rune(name)) > 60 {
			continue
		}
		p := s.visitor(t).post("/signup", signUpForm(name, pl.text, "short"))
		if p.status != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", pl.name, p.status)
		}
		checkInert(t, pl.name, p)
		for _, field := range []string{"display_name", "email"} {
			if got := p.doc.Find(`main input[name="`+field+`"]`).AttrOr("value", ""); got != pl.text {
				t.Errorf("%s: %s field holds %q, want %q", pl.name, field, got, pl.text)
			}
		}
	}
}
