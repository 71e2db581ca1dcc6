package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestMetricsAreNotOnTheSite: /metrics is served on its own listener
// (practicum serve -metrics-addr), never on the public site.
func TestMetricsAreNotOnTheSite(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Root", auth.Admin)
	for who, v := range map[string]*visitor{"anonymous": s.visitor(t), "admin": signedInAs(t, s, "root@example.com")} {
		if p := v.get("/metrics"); p.status != http.StatusNotFound || strings.Contains(p.body, "practicum_http_requests_total") {
			t.Errorf("GET /metrics as %s: status %d; want 404 and no metrics", who, p.status)
		}
	}
}

// TestHSTSWhenThePublicAddressIsHTTPS: behind a TLS-terminating proxy the
// request arrives over plain HTTP, yet the browser saw https, so HSTS is
// sent on every response, pages and operations alike.
func TestHSTSWhenThePublicAddressIsHTTPS(t *testing.T) {
	t.Parallel()
	https := newSiteWith(t, func(d *web.Deps) { d.HTTPS = true })
	for _, path := range []string{"/", "/signin", "/healthz", "/nowhere"} {
		if got := https.get(t, path).header.Get("Strict-Transport-Security"); got != "max-age=31536000" {
			t.Errorf("https site, GET %s: Strict-Transport-Security %q", path, got)
		}
	}
	if got := newSite(t).get(t, "/").header.Get("Strict-Transport-Security"); got != "" {
		t.Errorf("http site: Strict-Transport-Security %q, want none", got)
	}
}

// TestNoStoreOnPersonalPages: every response to a signed-in user, and to
// an anonymous visitor once their session holds answers, is no-store;
// a page for nobody in particular is not.
func TestNoStoreOnPersonalPages(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Lea", auth.Learner)
	lea := signedInAs(t, s, "lea@example.com")
	noStore := func(p rawPage) bool { return strings.Contains(p.header.Get("Cache-Control"), "no-store") }
	for _, path := range []string{"/", "/me", "/me/progress.csv", "/practice", "/courses/serving-incidents", lesson3, "/review", "/review/queue", "/nowhere", "/signin"} {
		if p := rawRequest(t, lea, http.MethodGet, path, nil); !noStore(p) {
			t.Errorf("signed in, GET %s (%d): Cache-Control %q, want no-store", path, p.status, p.header.Get("Cache-Control"))
		}
	}
	anon := s.visitor(t)
	if p := rawRequest(t, anon, http.MethodGet, lesson3, nil); noStore(p) {
		t.Errorf("a blank lesson for a new visitor is no-store: %q", p.header.Get("Cache-Control"))
	}
	_, rev := s.checkpoints(t)
	anon.post(lesson3+"/responses/explain-back", answerForm(rev, "MY-OWN-WORDS"))
	for _, path := range []string{"/", lesson3} {
		if p := rawRequest(t, anon, http.MethodGet, path, nil); !noStore(p) {
			t.Errorf("anonymous with answers, GET %s: Cache-Control %q, want no-store", path, p.header.Get("Cache-Control"))
		}
	}
}

// TestSignedInSignUpMakesNoAccount: a signed-in user's POST /signup, even
// a valid one, creates nothing and leaves them signed in as themselves.
func TestSignedInSignUpMakesNoAccount(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Lea", auth.Learner)
	lea := signedInAs(t, s, "lea@example.com")
	p := lea.post("/signup", signUpForm("Other", "other@example.com", password))
	if p.status != http.StatusSeeOther || p.header.Get("Location") != "/me" {
		t.Errorf("status %d, Location %q; want 303 to /me", p.status, p.header.Get("Location"))
	}
	if _, err := s.users.ByEmail(context.Background(), "other@example.com"); err == nil {
		t.Error("an account was created")
	}
	if got := lea.get("/me").doc.Find("header").Text(); !strings.Contains(got, "Lea") {
		t.Errorf("header %q; want Lea still signed in", strings.Join(strings.Fields(got), " "))
	}
}

// logLines collects a site's JSON log lines.
type logLines struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// find returns the lines whose msg is msg.
func (l *logLines) find(t *testing.T, msg string) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for line := range strings.SplitSeq(strings.TrimSpace(l.buf.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if m["msg"] == msg {
			out = append(out, m)
		}
	}
	return out
}

// TestSecurityEventsAreLogged: failed and delayed sign-ins, denied
// requests and role changes are logged at warn with the client's address
// (through the trusted proxy), the accounts involved and the request id.
func TestSecurityEventsAreLogged(t *testing.T) {
	t.Parallel()
	logs := &logLines{}
	s := newSiteWith(t, behindProxy, func(d *web.Deps) { d.Log = slog.New(slog.NewJSONHandler(logs, nil)) })
	ada := createAccount(t, s, "Ada", auth.Learner)
	root := createAccount(t, s, "Root", auth.Admin)
	v := s.visitor(t)
	for range 6 {
		signInFrom(v, "203.0.113.9", "ada@example.com", "wrong guess here")
	}
	lea := signedInAs(t, s, "ada@example.com")
	lea.get("/admin/users")
	admin := signedInAs(t, s, "root@example.com")
	admin.post("/admin/users/"+strconv.FormatInt(ada.ID, 10)+"/role", roleForm("instructor"))

	check := func(msg string, wantN int, want map[string]any) {
		t.Helper()
		lines := logs.find(t, msg)
		if len(lines) != wantN {
			t.Fatalf("%d %q lines, want %d", len(lines), msg, wantN)
		}
		for _, l := range lines {
			if l["level"] != "WARN" || l["security"] != true || l["request_id"] == "" || l["request_id"] == nil || l["client"] == "" {
				t.Errorf("%q: %v; want warn, security, request id and client", msg, l)
			}
			for k, v := range want {
				if l[k] != v {
					t.Errorf("%q: %s = %v, want %v (%v)", msg, k, l[k], v, l)
				}
			}
		}
	}
	id := func(u auth.User) float64 { return float64(u.ID) }
	check("sign-in failed", 5, map[string]any{"client": "203.0.113.9", "user_id": id(ada)})
	check("sign-in delayed", 1, map[string]any{"client": "203.0.113.9", "user_id": id(ada)})
	check("access denied", 1, map[string]any{"session_user_id": id(ada), "path": "/admin/users", "needs": "admin"})
	check("role changed", 1, map[string]any{"session_user_id": id(root), "user_id": id(ada), "role": "instructor"})
}
