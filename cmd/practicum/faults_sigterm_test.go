package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// TestSIGTERMFinishesInFlight sends SIGTERM to a real `practicum serve`
// while learners submit answers. Requests the server had already accepted
// finish with their normal answer, the process exits 0 within its
// shutdown timeout, and every acknowledged submission is in the database.
func TestSIGTERMFinishesInFlight(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("fault test: runs a server process")
	}
	dsn := pgtest.NewDSN(t)
	const shutdownTimeout = 10 * time.Second
	srv := startServer(t, dsn, "-shutdown-timeout", shutdownTimeout.String())
	learners := signInLearners(t, srv, openPool(t, dsn), 4, 10*time.Second)

	var g ledger
	stop := make(chan struct{})
	workers := g.run(learners[2:], stop)
	t.Cleanup(func() {
		select {
		case <-stop:
		default:
			close(stop)
		}
		workers.Wait()
	})
	g.waitAcked(t, 20, 30*time.Second)

	// Two submissions in the middle of their handler when SIGTERM comes:
	// the server has read their headers, loaded the session and asked for
	// the body (100 Continue), which is sent only once shutdown is under way.
	held := []*heldRequest{holdSubmission(t, learners[0], "ref900001"), holdSubmission(t, learners[1], "ref900002")}
	signalled := time.Now()
	srv.signal(syscall.SIGTERM)
	srv.waitLog("shutting down", 10*time.Second)
	waitRefused(t, srv.URL)
	var finished []outcome
	for _, h := range held {
		o := h.finish()
		if o.err != nil || o.status != http.StatusSeeOther {
			t.Errorf("in-flight %s: status %d, %v; want 303", o.ref, o.status, o.err)
		}
		finished = append(finished, o)
	}
	close(stop)
	workers.Wait()

	select {
	case <-srv.done:
	case <-time.After(shutdownTimeout + 5*time.Second):
		t.Fatalf("the server had not exited %v after SIGTERM", time.Since(signalled).Round(time.Millisecond))
	}
	if srv.err != nil {
		t.Errorf("the server exited with %v, want status 0", srv.err)
	}
	t.Logf("exited %v after SIGTERM", time.Since(signalled).Round(time.Millisecond))
	srv.waitLog("stopped", time.Second)

	outcomes := append(g.outcomes(), finished...)
	refused := 0
	for _, o := range outcomes {
		switch {
		case o.err != nil:
			refused++ // sent after the listener closed, or on a keep-alive connection shutdown closed while idle
		case o.status != http.StatusSeeOther:
			t.Errorf("%s: status %d during shutdown, want 303", o.ref, o.status)
		}
	}
	t.Logf("%d submissions got no response once shutdown began (connection refused or closed while idle)", refused)
	checkNoneLost(t, dsn, outcomes)
}

// heldRequest is a submission whose body waits until finish.
type heldRequest struct {
	ref   string
	conn  net.Conn
	br    *bufio.Reader
	body  string
	start time.Time
}

// holdSubmission sends a submission's headers with Expect: 100-continue
// and returns once the handler has asked for the body.
func holdSubmission(t *testing.T, l *learner, ref string) *heldRequest {
	t.Helper()
	u, err := url.Parse(l.base)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	var cookies []string
	for _, c := range l.client.Jar.Cookies(u) {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	h := &heldRequest{ref: ref, conn: conn, br: bufio.NewReader(conn), body: submissionForm(l.revision, ref).Encode(), start: time.Now()}
	_, err = fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\n"+
		"Content-Length: %d\r\nSec-Fetch-Site: same-origin\r\nCookie: %s\r\nExpect: 100-continue\r\n\r\n",
		faultExercise, u.Host, len(h.body), strings.Join(cookies, "; "))
	if err != nil {
		t.Fatal(err)
	}
	status, err := h.br.ReadString('\n')
	if err != nil || !strings.HasPrefix(status, "HTTP/1.1 100 ") {
		t.Fatalf("holding %s: got %q, %v; want 100 Continue", ref, status, err)
	}
	if blank, err := h.br.ReadString('\n'); err != nil || blank != "\r\n" {
		t.Fatalf("holding %s: got %q, %v after 100 Continue", ref, blank, err)
	}
	return h
}

// finish sends the body and reads the answer.
func (h *heldRequest) finish() outcome {
	o := outcome{ref: h.ref, start: h.start}
	_, err := io.WriteString(h.conn, h.body)
	var resp *http.Response
	if err == nil {
		resp, err = http.ReadResponse(h.br, nil)
	}
	if err == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		o.status = resp.StatusCode
	}
	o.end, o.err = time.Now(), err
	return o
}

// waitRefused waits until the server stops accepting connections, which
// it does as the first step of shutting down.
func waitRefused(t *testing.T, base string) {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.Dial("tcp", u.Host)
		if err != nil {
			return
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatalf("%s still accepts connections 10 s into shutdown", u.Host)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
