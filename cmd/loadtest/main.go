// Command loadtest is a small HTTP load generator for measuring a local
// practicum serve: N keep-alive connections, each its own http.Client with
// a cookie jar, send one request after another for a bounded time and
// count. It prints one line per run (aligned text, or JSON with -json), and
// with -report turns a file of JSON lines into a table with each
// scenario's rate as a ratio of the /healthz ceiling.
//
// It only talks to loopback addresses: it is for `make bench`, not for
// load-testing other people's servers.
//
//	loadtest -url http://127.0.0.1:18080/healthz -c 64 -d 10s
//	loadtest -url http://127.0.0.1:18080/courses/c/l/checkpoints/{checkpoint} \
//	    -method POST -form 'revision={revision}&option=0' \
//	    -page http://127.0.0.1:18080/courses/c/l -signin bench@example.com:secret
//
// {revision} and {checkpoint} in -url and -form are filled from the page
// named by -page (fetched once, signed in if -signin is set): the first
// name="revision" value and the first /checkpoints/<key> form action.
// {seq} in -form becomes a number unique to each request, and -log writes
// one line per measured request (start in Unix ms, duration in ms, status
// with 0 for no response, seq), so a fault run (faults.sh) can tell which
// submissions were acknowledged and when the server recovered.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type config struct {
	name     string
	url      string
	conns    int
	duration time.Duration
	max      int64
	method   string
	form     string
	signin   string
	page     string
	warmup   time.Duration
	expect   int
	timeout  time.Duration
	json     bool
	log      string
	accept   string
	seq      atomic.Int64
}

// Result is one run's figures; -json prints it and -report reads it.
type Result struct {
	Name        string         `json:"name"`
	Method      string         `json:"method"`
	URL         string         `json:"url"`
	Conns       int            `json:"conns"`
	Seconds     float64        `json:"seconds"`
	Requests    int64          `json:"requests"`
	Errors      int64          `json:"errors"`
	RPS         float64        `json:"rps"`
	P50ms       float64        `json:"p50_ms"`
	P90ms       float64        `json:"p90_ms"`
	P99ms       float64        `json:"p99_ms"`
	Maxms       float64        `json:"max_ms"`
	Statuses    map[string]int `json:"statuses"`
	FirstError  string         `json:"first_error,omitempty"`
	StoppedByN  bool           `json:"stopped_by_n,omitempty"`
	WarmupCount int64          `json:"warmup_requests"`
}

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	var c config
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.name, "name", "", "scenario name for the output (default: method and path)")
	fs.StringVar(&c.url, "url", "", "URL to request; loopback hosts only (required)")
	fs.IntVar(&c.conns, "c", 64, "concurrent connections, one client and cookie jar each")
	fs.DurationVar(&c.duration, "d", 10*time.Second, "how long to measure")
	fs.Int64Var(&c.max, "n", 1_000_000, "stop after this many measured requests (0: no limit)")
	fs.StringVar(&c.method, "method", "GET", "HTTP method")
	fs.StringVar(&c.form, "form", "", "URL-encoded form body, sent as application/x-www-form-urlencoded")
	fs.StringVar(&c.signin, "signin", "", "email:password to sign in with (POST /signin) before the run")
	fs.StringVar(&c.page, "page", "", "page to read {revision} and {checkpoint} from")
	fs.DurationVar(&c.warmup, "warmup", 2*time.Second, "unmeasured traffic before the run")
	fs.IntVar(&c.expect, "expect", 0, "status every response must have (0: any 2xx or 3xx)")
	fs.DurationVar(&c.timeout, "timeout", 10*time.Second, "per-request timeout")
	fs.BoolVar(&c.json, "json", false, "print the result as one line of JSON")
	fs.StringVar(&c.log, "log", "", "write one line per measured request to this file: start_unix_ms duration_ms status seq")
	fs.StringVar(&c.accept, "accept-encoding", "gzip, deflate, br",
		"Accept-Encoding sent with every request, as a browser's; the body is read as sent, not decoded (\"\": none)")
	report := fs.String("report", "", "print a table from a file of -json lines (baseline: the scenario named healthz) and exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *report != "" {
		return printReport(*report, stdout)
	}
	if c.url == "" {
		return errors.New("-url is required")
	}
	if c.conns < 1 || c.duration <= 0 {
		return errors.New("-c and -d must be positive")
	}
	res, err := load(&c)
	if err != nil {
		return err
	}
	if c.json {
		return json.NewEncoder(stdout).Encode(res)
	}
	fmt.Fprintf(stdout, "%-28s %6d conns %9.0f req/s  p50 %7.2f ms  p99 %7.2f ms  errors %d/%d  %v\n",
		res.Name, res.Conns, res.RPS, res.P50ms, res.P99ms, res.Errors, res.Requests, res.Statuses)
	return nil
}

// checkLoopback refuses any URL whose host is not a loopback address.
func checkLoopback(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("%s: use an http or https URL", raw)
	}
	host := u.Hostname()
	if host == "localhost" {
		return u, nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("%s: only loopback addresses (127.0.0.1, ::1, localhost) are allowed", raw)
	}
	return u, nil
}

func newClient(jar http.CookieJar, timeout time.Duration) *http.Client {
	return &http.Client{
		Jar:     jar,
		Timeout: timeout,
		Transport: &http.Transport{
			Proxy: nil,
			// Without -accept-encoding the client must not ask for gzip
			// and decode it on its own: the generator's CPU is the
			// server's (same machine), and a browser header is what we
			// measure.
			DisableCompression:  true,
			MaxIdleConns:        1,
			MaxIdleConnsPerHost: 1,
			MaxConnsPerHost:     1,
			IdleConnTimeout:     time.Minute,
			DialContext:         (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		},
		// Redirects are the answer (303 after a POST), not something to follow.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

func load(c *config) (*Result, error) {
	target, err := checkLoopback(c.url)
	if err != nil {
		return nil, err
	}
	base := &url.URL{Scheme: target.Scheme, Host: target.Host}

	// Sign in once and give every connection a copy of the session cookie.
	// One sign-in per connection would trip the server's limit of five
	// sign-ins per account in five minutes; sharing the session keeps the
	// per-request work (session read, user read) the same.
	seed, _ := cookiejar.New(nil)
	if c.signin != "" {
		if err := signIn(newClient(seed, c.timeout), base, c.signin); err != nil {
			return nil, err
		}
	}
	// {seq} is filled per request; the others once, from the page.
	unfilled := func() bool { return strings.Contains(c.url+strings.ReplaceAll(c.form, "{seq}", ""), "{") }
	if unfilled() {
		if c.page == "" {
			return nil, errors.New("-url or -form has a {placeholder}: name the page to read it from with -page")
		}
		if _, err := checkLoopback(c.page); err != nil {
			return nil, err
		}
		vars, err := pageVars(newClient(seed, c.timeout), c.page)
		if err != nil {
			return nil, err
		}
		for k, v := range vars {
			c.url = strings.ReplaceAll(c.url, "{"+k+"}", v)
			c.form = strings.ReplaceAll(c.form, "{"+k+"}", url.QueryEscape(v))
		}
		if unfilled() {
			return nil, fmt.Errorf("unfilled placeholder in %s %s", c.url, c.form)
		}
		if target, err = checkLoopback(c.url); err != nil {
			return nil, err
		}
	}
	if c.name == "" {
		c.name = c.method + " " + target.Path
	}

	workers := make([]*worker, c.conns)
	for i := range workers {
		jar, _ := cookiejar.New(nil)
		jar.SetCookies(base, seed.Cookies(base))
		workers[i] = &worker{c: c, client: newClient(jar, c.timeout), statuses: map[int]int{}}
	}

	res := &Result{Name: c.name, Method: c.method, URL: c.url, Conns: c.conns, Statuses: map[string]int{}}
	if c.warmup > 0 {
		runAll(workers, time.Now().Add(c.warmup), nil, false)
		for _, w := range workers {
			res.WarmupCount += w.done
			w.reset()
		}
	}
	var budget *atomic.Int64
	if c.max > 0 {
		budget = new(atomic.Int64)
		budget.Store(c.max)
	}
	start := time.Now()
	runAll(workers, start.Add(c.duration), budget, true)
	elapsed := time.Since(start)

	var lat []time.Duration
	for _, w := range workers {
		lat = append(lat, w.lat...)
		res.Errors += w.errors
		for code, n := range w.statuses {
			res.Statuses[statusKey(code)] += n
		}
		if res.FirstError == "" && w.firstErr != "" {
			res.FirstError = w.firstErr
		}
	}
	if c.log != "" {
		if err := writeLog(c.log, workers); err != nil {
			return nil, err
		}
	}
	res.StoppedByN = c.max > 0 && int64(len(lat)) >= c.max
	res.Requests = int64(len(lat))
	res.Seconds = elapsed.Seconds()
	if elapsed > 0 {
		res.RPS = float64(res.Requests) / elapsed.Seconds()
	}
	slices.Sort(lat)
	res.P50ms, res.P90ms, res.P99ms = ms(percentile(lat, 50)), ms(percentile(lat, 90)), ms(percentile(lat, 99))
	if len(lat) > 0 {
		res.Maxms = ms(lat[len(lat)-1])
	}
	return res, nil
}

func statusKey(code int) string {
	if code == 0 {
		return "transport"
	}
	return strconv.Itoa(code)
}

// percentile is the nearest-rank percentile of sorted latencies.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(float64(len(sorted))*p/100+0.999999) - 1
	return sorted[max(0, min(rank, len(sorted)-1))]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

type worker struct {
	c        *config
	client   *http.Client
	lat      []time.Duration
	records  []record // with -log
	done     int64
	errors   int64
	statuses map[int]int
	firstErr string
}

func (w *worker) reset() {
	w.lat, w.records, w.done, w.errors, w.firstErr = w.lat[:0], w.records[:0], 0, 0, ""
	clear(w.statuses)
}

// runAll runs every worker until the deadline or, when budget is not nil,
// until it is spent.
func runAll(workers []*worker, deadline time.Time, budget *atomic.Int64, record bool) {
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				if budget != nil && budget.Add(-1) < 0 {
					return
				}
				w.one(record)
			}
		})
	}
	wg.Wait()
}

// record is one request, for -log.
type record struct {
	start  time.Time
	took   time.Duration
	status int // 0: no response
	seq    int64
}

func (w *worker) one(measured bool) {
	var body io.Reader
	seq := w.c.seq.Add(1)
	if w.c.form != "" {
		body = strings.NewReader(strings.ReplaceAll(w.c.form, "{seq}", strconv.FormatInt(seq, 10)))
	}
	req, err := http.NewRequestWithContext(context.Background(), w.c.method, w.c.url, body)
	if err != nil {
		w.fail(0, err.Error())
		return
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if w.c.accept != "" {
		req.Header.Set("Accept-Encoding", w.c.accept)
	}
	if w.c.method != http.MethodGet && w.c.method != http.MethodHead {
		// The server refuses cross-origin POSTs (net/http CrossOriginProtection).
		req.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	t0 := time.Now()
	resp, err := w.client.Do(req)
	if err == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	d := time.Since(t0)
	w.done++
	if measured {
		w.lat = append(w.lat, d)
		if w.c.log != "" {
			r := record{start: t0, took: d, seq: seq}
			if err == nil {
				r.status = resp.StatusCode
			}
			w.records = append(w.records, r)
		}
	}
	if err != nil {
		w.fail(0, err.Error())
		// A server that is gone refuses in microseconds; a tight loop of
		// refusals would only fill the log.
		time.Sleep(10 * time.Millisecond)
		return
	}
	w.statuses[resp.StatusCode]++
	ok := resp.StatusCode >= 200 && resp.StatusCode < 400
	if w.c.expect != 0 {
		ok = resp.StatusCode == w.c.expect
	}
	if !ok {
		w.fail(-1, fmt.Sprintf("status %d", resp.StatusCode))
	}
}

func (w *worker) fail(code int, msg string) {
	if code == 0 {
		w.statuses[0]++
	}
	w.errors++
	if w.firstErr == "" {
		w.firstErr = msg
	}
}

func writeLog(path string, workers []*worker) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	for _, w := range workers {
		for _, r := range w.records {
			fmt.Fprintf(bw, "%d %.3f %d %d\n", r.start.UnixMilli(), float64(r.took.Microseconds())/1000, r.status, r.seq)
		}
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func signIn(client *http.Client, base *url.URL, cred string) error {
	email, password, ok := strings.Cut(cred, ":")
	if !ok {
		return errors.New("-signin: use email:password")
	}
	form := url.Values{"email": {email}, "password": {password}}.Encode()
	req, err := http.NewRequest(http.MethodPost, base.JoinPath("/signin").String(), strings.NewReader(form))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("signing in: %w", err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther && resp.StatusCode != http.StatusFound {
		return fmt.Errorf("signing in as %s: got %s, want a redirect", email, resp.Status)
	}
	if len(client.Jar.Cookies(base)) == 0 {
		return fmt.Errorf("signing in as %s: no session cookie", email)
	}
	return nil
}

var (
	revisionRE   = regexp.MustCompile(`name="revision" value="([0-9]+)"`)
	checkpointRE = regexp.MustCompile(`action="[^"]*/checkpoints/([^"/?]+)"`)
)

// pageVars reads the values the placeholders stand for from a lesson page.
func pageVars(client *http.Client, page string) (map[string]string, error) {
	resp, err := client.Get(page)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", page, resp.Status)
	}
	vars := map[string]string{}
	if m := revisionRE.FindSubmatch(b); m != nil {
		vars["revision"] = string(m[1])
	}
	if m := checkpointRE.FindSubmatch(b); m != nil {
		key, err := url.PathUnescape(string(m[1]))
		if err != nil {
			return nil, err
		}
		vars["checkpoint"] = key
	}
	return vars, nil
}

// Targets from issue 14 ("Done means"): each lesson page's rate as a
// share of /healthz in the same run, its p99, and checkpoint answers a
// second.
var lessonRatioTargets = []struct {
	name  string
	ratio float64
}{{"lesson-anon", 0.50}, {"lesson-signed-in", 0.30}, {"lesson-signed-in-answered", 0.30}}

const (
	lessonP99Target = 25.0 // ms
	answerRPSTarget = 3000.0
)

func printReport(path string, w io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var results []Result
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var r Result
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		results = append(results, r)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	var ceiling float64
	for _, r := range results {
		if r.Name == "healthz" {
			ceiling = r.RPS
		}
	}
	fmt.Fprintf(w, "| %-25s | %5s | %10s | %8s | %8s | %10s | %8s |\n", "scenario", "conns", "requests/s", "p50 ms", "p99 ms", "errors", "× healthz")
	fmt.Fprintf(w, "|%s|%s:|%s:|%s:|%s:|%s:|%s:|\n", strings.Repeat("-", 27), strings.Repeat("-", 6), strings.Repeat("-", 11),
		strings.Repeat("-", 9), strings.Repeat("-", 9), strings.Repeat("-", 11), strings.Repeat("-", 9))
	for _, r := range results {
		ratio := "–"
		if ceiling > 0 {
			ratio = fmt.Sprintf("%.3f", r.RPS/ceiling)
		}
		fmt.Fprintf(w, "| %-25s | %5d | %10s | %8.2f | %8.2f | %10s | %8s |\n",
			r.Name, r.Conns, thousands(r.RPS), r.P50ms, r.P99ms, fmt.Sprintf("%d/%s", r.Errors, thousands(float64(r.Requests))), ratio)
	}
	fmt.Fprintln(w)
	byName := map[string]Result{}
	for _, r := range results {
		byName[r.Name] = r
	}
	verdict := func(ok bool) string {
		if ok {
			return "met"
		}
		return "MISSED"
	}
	for _, t := range lessonRatioTargets {
		r, ok := byName[t.name]
		if !ok || ceiling == 0 {
			continue
		}
		ratio := r.RPS / ceiling
		fmt.Fprintf(w, "target %-25s ≥ %.2f× healthz: %.3f× (%s); p99 ≤ %.0f ms: %.2f ms (%s)\n",
			t.name, t.ratio, ratio, verdict(ratio >= t.ratio), lessonP99Target, r.P99ms, verdict(r.P99ms <= lessonP99Target))
	}
	if r, ok := byName["checkpoint-answer"]; ok {
		fmt.Fprintf(w, "target %-25s ≥ %s/s: %s/s (%s)\n", "checkpoint-answer", thousands(answerRPSTarget), thousands(r.RPS), verdict(r.RPS >= answerRPSTarget))
	}
	for _, r := range results {
		if r.Errors > 0 {
			fmt.Fprintf(w, "%s: %d errors, first: %s, statuses %v\n", r.Name, r.Errors, r.FirstError, r.Statuses)
		}
	}
	return nil
}

// thousands formats a rate with comma separators and no decimals.
func thousands(v float64) string {
	s := strconv.FormatInt(int64(v+0.5), 10)
	var b strings.Builder
	for i, ch := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(ch)
	}
	return b.String()
}
