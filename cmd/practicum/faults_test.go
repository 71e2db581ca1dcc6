package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/web/auth"
)

// The fault tests run `practicum serve` as a real process — this test
// binary, re-executed with practicumMainEnv set, so the server under test is
// built with the same flags (-race included) and needs no `go build` — and
// drive it over HTTP while Postgres goes away (faults_outage_test.go) or
// the process gets SIGTERM (faults_sigterm_test.go); multiserver_test.go
// runs two of them on one database.

const practicumMainEnv = "PRACTICUM_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(practicumMainEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

const (
	faultLesson   = "/courses/serving-incidents/work-a-serving-incident"
	faultExercise = faultLesson + "/responses/release-and-traffic"
	faultPassword = "correct horse battery"
	// faultAnswer is on topic, so the scorer does real work; each
	// submission appends its own reference so the database can be checked
	// for every one the server acknowledged.
	faultAnswer = "Compare long-prompt latency on the old and new versions at the same arrival rate, " +
		"and queue time against prefill time, because both versions slow only on long prompts. " +
		"The release and the traffic rise coincide, so a blanket rollback is not supported. " +
		"Limit long-prompt admission; recovery means oldest queue age falls and completions return."
)

const unavailablePage = "Practicum is briefly unavailable"

// serverProc is a running `practicum serve`.
type serverProc struct {
	t    *testing.T
	cmd  *exec.Cmd
	URL  string
	done chan struct{} // closed when the process has exited
	err  error         // its exit status, once done is closed
	addr chan string   // the address it listens on, once it does

	mu    sync.Mutex
	lines []string // its log, for failures and for waitLog
	seen  chan struct{}
}

var servingRE = regexp.MustCompile(`msg=serving addr=(\S+)`)

// startServer runs `practicum serve` on a free loopback port against dsn
// and waits until it listens.
func startServer(t *testing.T, dsn string, flags ...string) *serverProc {
	t.Helper()
	p := launchServer(t, dsn, flags...)
	p.waitServing()
	return p
}

// launchServer starts `practicum serve` as startServer does, without
// waiting: waitServing waits until it listens, and sets URL.
func launchServer(t *testing.T, dsn string, flags ...string) *serverProc {
	t.Helper()
	// One account posts every answer of a load run: lift its limit.
	args := append([]string{"serve", "-addr", "127.0.0.1:0", "-database-url", dsn, "-base-url", "http://127.0.0.1",
		"-answers-per-minute", "1000000000"}, flags...)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), practicumMainEnv+"=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serverProc{t: t, cmd: cmd, done: make(chan struct{}), seen: make(chan struct{}, 1), addr: make(chan string, 1)}
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if m := servingRE.FindStringSubmatch(line); m != nil {
				p.addr <- m[1]
			}
			p.mu.Lock()
			p.lines = append(p.lines, line)
			p.mu.Unlock()
			select {
			case p.seen <- struct{}{}:
			default:
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
		p.err = cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = cmd.Process.Kill()
			<-p.done
		}
		if t.Failed() {
			t.Logf("server log (last 30 lines):\n%s", p.tail(30))
		}
	})
	return p
}

// waitServing waits until the server listens, and sets URL.
func (p *serverProc) waitServing() {
	p.t.Helper()
	select {
	case a := <-p.addr:
		p.URL = "http://" + a
	case <-p.done:
		p.t.Fatalf("practicum serve exited: %v\n%s", p.err, p.tail(30))
	case <-time.After(60 * time.Second):
		p.t.Fatalf("practicum serve did not start in 60 s\n%s", p.tail(30))
	}
}

func (p *serverProc) tail(n int) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.lines[max(0, len(p.lines)-n):], "\n")
}

// waitLog waits until the server logs a line containing msg.
func (p *serverProc) waitLog(msg string, within time.Duration) {
	p.t.Helper()
	deadline := time.After(within)
	for {
		p.mu.Lock()
		for _, l := range p.lines {
			if strings.Contains(l, msg) {
				p.mu.Unlock()
				return
			}
		}
		p.mu.Unlock()
		select {
		case <-p.seen:
		case <-p.done:
			p.t.Fatalf("server exited before logging %q", msg)
		case <-deadline:
			p.t.Fatalf("server did not log %q within %v", msg, within)
		}
	}
}

func (p *serverProc) signal(sig syscall.Signal) {
	p.t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		p.t.Fatal(err)
	}
}

// learner is a signed-in browser of its own.
type learner struct {
	client   *http.Client
	base     string
	revision string
}

// signInLearners creates a learner account directly in the database, signs
// it in over HTTP and returns n browsers sharing that session, each with
// its own connections. One sign-in keeps the argon2 work (slow under
// -race) and the sign-in rate limits out of the way.
func signInLearners(t *testing.T, srv *serverProc, pool *pgxpool.Pool, n int, timeout time.Duration) []*learner {
	t.Helper()
	const email = "fault@example.com"
	if _, err := auth.NewStore(pool).Create(context.Background(), email, "Fault", faultPassword, auth.Learner); err != nil {
		t.Fatal(err)
	}
	base, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]*learner, n)
	for i := range out {
		jar, _ := cookiejar.New(nil)
		out[i] = &learner{base: srv.URL, client: &http.Client{
			Jar:       jar,
			Timeout:   timeout,
			Transport: &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 4},
			// A 303 after a POST is the answer, not something to follow.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}}
		t.Cleanup(out[i].client.CloseIdleConnections)
	}
	// A server with a deliberately short request timeout may time out
	// hashing the password on a busy machine: that is a 503, try again.
	form := url.Values{"email": {email}, "password": {faultPassword}}
	status, _, err := out[0].post("/signin", form)
	for try := 1; try < 4 && err == nil && status == http.StatusServiceUnavailable; try++ {
		status, _, err = out[0].post("/signin", form)
	}
	if err != nil || status != http.StatusSeeOther {
		t.Fatalf("signing in %s: status %d, %v", email, status, err)
	}
	for _, l := range out[1:] {
		l.client.Jar.SetCookies(base, out[0].client.Jar.Cookies(base))
	}
	// Before any fault, as with signing in above: a busy machine may time
	// a first render out, which is not what these tests are about.
	rev, err := lessonRevision(out[0])
	for try := 1; try < 4 && err != nil; try++ {
		time.Sleep(time.Duration(try) * 500 * time.Millisecond)
		rev, err = lessonRevision(out[0])
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range out {
		l.revision = rev
	}
	return out
}

var revisionRE = regexp.MustCompile(`name="revision" value="([0-9]+)"`)

func lessonRevision(l *learner) (string, error) {
	resp, err := l.client.Get(l.base + faultLesson)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	m := revisionRE.FindSubmatch(b)
	if resp.StatusCode != http.StatusOK || m == nil {
		return "", fmt.Errorf("GET %s: status %d, revision found: %v", faultLesson, resp.StatusCode, m != nil)
	}
	return string(m[1]), nil
}

func (l *learner) post(path string, form url.Values) (status int, body string, err error) {
	req, err := http.NewRequest(http.MethodPost, l.base+path, strings.NewReader(form.Encode()))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := l.client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}

func submissionForm(revision, ref string) url.Values {
	return url.Values{"revision": {revision}, "confidence": {"confident"}, "answer": {faultAnswer + " Ref " + ref + "."}}
}

// outcome is what one submission got back.
type outcome struct {
	ref        string
	start, end time.Time
	status     int // 0: no response
	err        error
	friendly   bool // the body is the "briefly unavailable" page
	retryAfter bool
}

func (o outcome) acked() bool { return o.status == http.StatusSeeOther }

// ledger records every submission the workers made.
type ledger struct {
	mu   sync.Mutex
	seq  atomic.Int64
	list []outcome
}

func (g *ledger) submit(l *learner) outcome {
	o := outcome{ref: fmt.Sprintf("ref%06d", g.seq.Add(1)), start: time.Now()}
	req, err := http.NewRequest(http.MethodPost, l.base+faultExercise, strings.NewReader(submissionForm(l.revision, o.ref).Encode()))
	if err == nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		var resp *http.Response
		if resp, err = l.client.Do(req); err == nil {
			var b []byte
			b, err = io.ReadAll(resp.Body)
			resp.Body.Close()
			o.status = resp.StatusCode
			o.friendly = strings.Contains(string(b), unavailablePage)
			o.retryAfter = resp.Header.Get("Retry-After") != ""
		}
	}
	o.end, o.err = time.Now(), err
	g.mu.Lock()
	g.list = append(g.list, o)
	g.mu.Unlock()
	return o
}

// run has each learner submit one answer after another until stop closes.
func (g *ledger) run(learners []*learner, stop <-chan struct{}) *sync.WaitGroup {
	var wg sync.WaitGroup
	for _, l := range learners {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				// Fast failures would spin: pause a little, as a person would.
				if o := g.submit(l); !o.acked() {
					time.Sleep(20 * time.Millisecond)
				}
			}
		})
	}
	return &wg
}

func (g *ledger) outcomes() []outcome {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]outcome(nil), g.list...)
}

func (g *ledger) acked() int {
	n := 0
	for _, o := range g.outcomes() {
		if o.acked() {
			n++
		}
	}
	return n
}

// waitAcked waits until the workers have had n submissions acknowledged.
func (g *ledger) waitAcked(t *testing.T, n int, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for g.acked() < n {
		if time.Now().After(deadline) {
			t.Fatalf("only %d submissions acknowledged in %v, want %d", g.acked(), within, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func openPool(t *testing.T, dsn string) *pgxpool.Pool {
	t.Helper()
	pool, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

var refRE = regexp.MustCompile(`Ref (ref[0-9]+)\.`)

// storedRefs reads the reference of every stored answer.
func storedRefs(t *testing.T, dsn string) map[string]bool {
	t.Helper()
	rows, err := openPool(t, dsn).Query(context.Background(), "SELECT answer FROM responses WHERE item_key = 'release-and-traffic'")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	refs := map[string]bool{}
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			t.Fatal(err)
		}
		if m := refRE.FindStringSubmatch(a); m != nil {
			refs[m[1]] = true
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return refs
}

// checkNoneLost fails for every acknowledged submission missing from the
// database, and reports how many were stored without an acknowledgement
// (the response was lost; allowed, a retry adds a new version).
func checkNoneLost(t *testing.T, dsn string, outcomes []outcome) {
	t.Helper()
	stored := storedRefs(t, dsn)
	acked, unacked := 0, 0
	for _, o := range outcomes {
		switch {
		case o.acked():
			acked++
			if !stored[o.ref] {
				t.Errorf("submission %s got %d at %s but is not in the database", o.ref, o.status, o.end.Format(time.StampMilli))
			}
		case stored[o.ref]:
			unacked++
		}
	}
	t.Logf("%d submissions, %d acknowledged, %d stored (%d stored without an acknowledgement)", len(outcomes), acked, len(stored), unacked)
}
