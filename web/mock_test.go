package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/auth"
)

// The drill course (lessons/testdata/mock-drill.md): two probes, each
// with follow-ups written for the failure case and the verification, and
// cues plain enough to miss a criterion on purpose.
const (
	drillCourse    = "mock-drill"
	drillCourseTit = "Mock drill"
)

// drillProbe is one of the drill's probes as the tests answer it.
type drillProbe struct {
	question string // how its question starts
	limit    time.Duration
	// noFailureCase earns every criterion but the failure case, and
	// followUp is the follow-up written for the failure case, which
	// onlyFailureCase answers, earning that criterion alone.
	noFailureCase, followUp, onlyFailureCase string
	strong                                   string // a sentence of the strong answer
}

var drillProbes = []drillProbe{
	{question: "First-token p95 tripled", limit: 2 * time.Minute,
		noFailureCase:   "I would split queue wait from prefill time for the slow requests. Decode held steady, so the time goes before the first token. If the queue stays flat, I am wrong.",
		followUp:        "Which tempting move would make this worse, and what would it cost?",
		onlyFailureCase: "Restarting every replica is tempting, but the caches go cold and it gets worse.",
		strong:          "The trap is restarting every replica"},
	{question: "A release went out just as traffic doubled", limit: lessons.DefaultTimeLimit,
		noFailureCase:   "I would compare the old and new versions at the same arrival rate. The release and the traffic rise came together, so timing cannot say which one. If the new version is as fast as the old, I am wrong.",
		followUp:        "Why might a blanket rollback make things worse?",
		onlyFailureCase: "Rolling back everything sends all traffic to the old pool, which would overload it.",
		strong:          "A blanket rollback is the trap"},
}

// clockText is a time as the timer shows it: m:ss.
func clockText(d time.Duration) string {
	return fmt.Sprintf("%d:%02d", int(d/time.Minute), int(d%time.Minute/time.Second))
}

// clockWords is a limit in words, as the deadline says it.
func clockWords(d time.Duration) string {
	if d == 2*time.Minute {
		return "2 minutes"
	}
	return "5 minutes"
}

// drillFor is the drill probe whose question the page asks.
func drillFor(t *testing.T, question string) drillProbe {
	t.Helper()
	for _, p := range drillProbes {
		if strings.Contains(question, p.question) {
			return p
		}
	}
	t.Fatalf("no drill probe asks %q", question)
	return drillProbe{}
}

// importDrill adds the drill course to s.
func importDrill(t *testing.T, s *site) {
	t.Helper()
	src, err := os.ReadFile("../lessons/testdata/mock-drill.md")
	if err != nil {
		t.Fatal(err)
	}
	courses, err := lessons.Load(fstest.MapFS{
		"mock-drill/course.yaml": {Data: []byte("slug: mock-drill\ntitle: " + drillCourseTit + "\nsummary: Two probes to rehearse.\n")},
		"mock-drill/01-drill.md": {Data: src},
	}, "testdata")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.catalog.Import(context.Background(), courses); err != nil {
		t.Fatal(err)
	}
}

// startMock starts a drill interview of n probes and returns its address.
func startMock(t *testing.T, v *visitor, n int) string {
	t.Helper()
	p := v.post("/mock", url.Values{"course": {drillCourse}, "probes": {strconv.Itoa(n)}})
	if p.status != http.StatusSeeOther || !strings.HasPrefix(p.header.Get("Location"), "/mock/") {
		t.Fatalf("starting a mock interview: status %d to %q, want 303 to /mock/…", p.status, p.header.Get("Location"))
	}
	return p.header.Get("Location")
}

// TestMockInterviewWithoutJS: a visitor without an account runs a
// two-probe interview with forms alone — the clock as text, a pause that
// keeps what was typed, a follow-up chosen by what the answer missed, an
// answer sent late kept and marked over time — reads the summary, and
// finds the interview in their account once they create one.
func TestMockInterviewWithoutJS(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	importDrill(t, s)
	v := s.visitor(t)

	home := v.get("/mock")
	if home.status != http.StatusOK || flat(home.doc.Find(`nav a[aria-current="page"]`)) != "Mock interview" {
		t.Fatalf("GET /mock: status %d, current nav %q; want 200 and Mock interview", home.status, home.doc.Find(`nav a[aria-current="page"]`).Text())
	}
	if got := texts(home.doc.Find(`#mock-course option`)); len(got) != 3 || got[0] != "All courses" {
		t.Errorf("course choices %q, want All courses and the two courses with probes", got)
	}
	addr := startMock(t, v, 2)

	q := v.get(addr)
	probe := drillFor(t, q.doc.Find(`[data-testid="mock-probe-question"]`).Text())
	if got, want := flat(q.doc.Find(`[role="timer"]`)), clockText(probe.limit)+" left"; got != want {
		t.Errorf("timer %q, want the probe's time limit: %q", got, want)
	}
	if got := flat(q.doc.Find(`[data-testid="deadline"]`)); !strings.HasPrefix(got, "Answer by ") || !strings.Contains(got, "a limit of "+clockWords(probe.limit)) {
		t.Errorf("deadline %q, want when to answer by, without JavaScript", got)
	}
	if strings.Contains(q.body, probe.strong) {
		t.Error("the question page shows the strong answer")
	}

	// Paused, with the text typed so far kept; the box waits, read-only.
	s.clock.advance(30 * time.Second)
	if p := v.post(addr+"/pause", url.Values{"position": {"0"}, "answer": {"Split queue"}}); p.status != http.StatusSeeOther {
		t.Fatalf("pausing: status %d, want 303", p.status)
	}
	s.clock.advance(time.Hour)
	q = v.get(addr)
	// The test's clock is the real one moved on: a moment passes.
	if got, want := flat(q.doc.Find(`[role="timer"]`)), "Paused: "+clockText(probe.limit-30*time.Second); got != want+" left" && got != "Paused: "+clockText(probe.limit-31*time.Second)+" left" {
		t.Errorf("timer after an hour paused %q, want %q left", got, want)
	}
	if box := q.doc.Find(`#mock-answer`); box.Text() != "Split queue" || box.AttrOr("readonly", "no") == "no" {
		t.Errorf("answer box %q (readonly %v), want the text kept, read-only while paused", box.Text(), box.AttrOr("readonly", "no") != "no")
	}
	if b := flat(q.doc.Find(`button[formaction$="/resume"]`)); b != "Resume the timer" {
		t.Errorf("clock button %q, want Resume the timer", b)
	}
	v.post(addr+"/resume", url.Values{"position": {"0"}, "answer": {"Split queue"}})

	// An empty answer is refused with the text kept; the probe's answer
	// misses the failure case, and the follow-up asks about it.
	if p := v.post(addr+"/answer", url.Values{"position": {"0"}, "answer": {"  "}}); p.status != http.StatusUnprocessableEntity || p.doc.Find(`#mock-answer-error`).Length() != 1 {
		t.Errorf("an empty answer: status %d, want 422 with the problem beside the box", p.status)
	}
	if p := v.post(addr+"/answer", url.Values{"position": {"0"}, "answer": {probe.noFailureCase}}); p.status != http.StatusSeeOther {
		t.Fatalf("answering the probe: status %d, want 303", p.status)
	}
	q = v.get(addr)
	if got := flat(q.doc.Find(`[data-testid="mock-follow-up"]`)); got != probe.followUp {
		t.Errorf("follow-up %q, want the one written for the failure case: %q", got, probe.followUp)
	}
	// A second click on the probe's button records nothing, and says so.
	if p := v.post(addr+"/answer", url.Values{"position": {"0"}, "answer": {"Sent twice."}}); p.status != http.StatusConflict || p.doc.Find(`[data-testid="mock-unrecorded"]`).Text() != "Sent twice." {
		t.Errorf("answering the probe again: status %d, want 409 with the text to copy", p.status)
	}

	// The follow-up, answered a minute late.
	s.clock.advance(probe.limit + time.Minute)
	q = v.get(addr)
	if got := flat(q.doc.Find(`[role="timer"]`)); !strings.HasPrefix(got, "Over time by 1:0") {
		t.Errorf("timer past the limit %q, want Over time by a minute", got)
	}
	v.post(addr+"/answer", url.Values{"position": {"1"}, "answer": {probe.onlyFailureCase}})

	q = v.get(addr)
	second := drillFor(t, q.doc.Find(`[data-testid="mock-probe-question"]`).Text())
	v.post(addr+"/answer", url.Values{"position": {"2"}, "answer": {second.noFailureCase}})
	v.post(addr+"/answer", url.Values{"position": {"3"}, "answer": {second.noFailureCase}})

	sum := v.get(addr)
	if sum.status != http.StatusOK || flat(sum.doc.Find("h1")) != "Summary" {
		t.Fatalf("the finished interview: status %d, h1 %q; want its summary", sum.status, sum.doc.Find("h1").Text())
	}
	var rows [][]string
	sum.doc.Find(`[data-testid="mock-score-row"]`).Each(func(_ int, r *goquery.Selection) {
		rows = append(rows, texts(r.Find("th, td")))
	})
	// Answer, the four criteria, score, time taken.
	want := [][]string{
		{"Probe 1", "1", "1", "0", "1", "3 of 4"},
		{"Follow-up to probe 1", "0", "0", "1", "0", "1 of 4"},
		{"Probe 2", "1", "1", "0", "1", "3 of 4"},
		{"Follow-up to probe 2", "1", "1", "0", "1", "3 of 4"},
	}
	if len(rows) != len(want) {
		t.Fatalf("score rows %q, want %d", rows, len(want))
	}
	for i, w := range want {
		if len(rows[i]) != 7 || !slices.Equal(rows[i][:6], w) {
			t.Errorf("score row %d %q, want %q and the time taken", i+1, rows[i], w)
		}
	}
	if got := rows[1][6]; !strings.HasPrefix(got, strings.TrimSuffix(clockText(probe.limit+time.Minute), "0")) || !strings.HasSuffix(got, " of "+clockText(probe.limit)+", over time") {
		t.Errorf("the late follow-up's time %q, want a minute past its limit, over time", got)
	}
	if got := rows[2][6]; !strings.HasSuffix(got, " of "+clockText(second.limit)) {
		t.Errorf("the second probe's time %q, want it against its own limit", got)
	}
	var misses []string
	sum.doc.Find(`[data-testid="mock-miss"]`).Each(func(_ int, m *goquery.Selection) { misses = append(misses, flat(m)) })
	if len(misses) != 2 || !strings.HasPrefix(misses[0], "Failure case, probe 1") || !strings.Contains(misses[0], "Your answer to the follow-up earned it.") {
		t.Errorf("what to review next %q, want the failure case of both probes, the first earned on its follow-up", misses)
	}
	for _, p := range []drillProbe{probe, second} {
		if !strings.Contains(sum.body, p.strong) {
			t.Errorf("the summary lacks the strong answer %q", p.strong)
		}
	}
	if n := sum.doc.Find(`a[href="#probe-1-strong"], a[href="#probe-2-strong"]`).Length(); n < 2 {
		t.Errorf("%d links to the strong answers, want both", n)
	}

	// Someone else's interview is not found; once the visitor signs up,
	// it is theirs, on the dashboard.
	if p := s.visitor(t).get(addr); p.status != http.StatusNotFound {
		t.Errorf("another visitor opening the interview: status %d, want 404", p.status)
	}
	v.post("/signup", signUpForm("Mo", "mo@example.com", password))
	dash := v.get("/me")
	if got := texts(dash.doc.Find(`[data-testid="dashboard-mocks"] [data-testid="mock-listed"]`)); len(got) != 1 || !strings.HasPrefix(got[0], "2 probes from "+drillCourseTit) || !strings.Contains(got[0], "Finished: 10 of 16 points") {
		t.Errorf("dashboard's mock interviews %q, want the one run before signing up", got)
	}
	if p := v.get(addr); p.status != http.StatusOK {
		t.Errorf("the interview after signing up: status %d, want 200", p.status)
	}
	_, data := myData(t, v)
	if got := len(at(data, "mock_interviews").([]any)); got != 1 {
		t.Fatalf("%d mock interviews in the account's data, want 1", got)
	}
	if got := at(data, "mock_interviews", 0, "questions", 0, "answer"); got != probe.noFailureCase {
		t.Errorf("the account's data has the first answer %q, want the text sent", got)
	}
	if got := at(data, "mock_interviews", 0, "questions", 1, "follows_up"); got != "failure_case" {
		t.Errorf("the account's data says the follow-up followed up %q, want failure_case", got)
	}
}

// TestMockStartRefusals: a choice the learner can fix shows the form
// again with the problem beside its field; a visitor keeps a few
// interviews at most.
func TestMockStartRefusals(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	importDrill(t, s)
	lee := createAccount(t, s, "Lee", auth.Learner)
	v := signedInAs(t, s, lee.Email)
	p := v.post("/mock", url.Values{"course": {drillCourse}, "probes": {"4"}})
	if p.status != http.StatusUnprocessableEntity || !strings.Contains(p.doc.Find(`#mock-probes-error`).Text(), "Mock drill has 2 interview probes") {
		t.Errorf("4 probes of 2: status %d, problem %q; want 422 beside the length", p.status, p.doc.Find(`#mock-probes-error`).Text())
	}
	if sel := p.doc.Find(`#mock-course option[selected]`).AttrOr("value", ""); sel != drillCourse {
		t.Errorf("course chosen after the refusal %q, want the one sent", sel)
	}
	anon := s.visitor(t)
	for range 3 {
		startMock(t, anon, 1)
	}
	if p := anon.post("/mock", url.Values{"probes": {"1"}}); p.status != http.StatusUnprocessableEntity || p.doc.Find(`[data-testid="mock-problem"]`).Length() != 1 {
		t.Errorf("a fourth interview without an account: status %d, want 422 asking to create one", p.status)
	}
}
