package web_test

import (
	"context"
	"crypto/sha256"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
)

// testClock is the time the site's account store decides expiries by:
// the real time moved on by what the test says has passed.
type testClock struct{ passed atomic.Int64 }

func (c *testClock) now() time.Time          { return time.Now().Add(time.Duration(c.passed.Load())) }
func (c *testClock) advance(d time.Duration) { c.passed.Add(int64(d)) }
func (c *testClock) rewind()                 { c.passed.Store(0) }

// resetForm sends a new password from a reset link; confirmForm confirms
// a reset link's making with the admin's password.
func resetForm(pw string) url.Values   { return url.Values{"password": {pw}} }
func confirmForm(pw string) url.Values { return url.Values{"password": {pw}} }

func resetLinkPath(u auth.User) string { return accountPath(u, "reset-link") }

func pageSays(p page, sel string) string {
	return strings.Join(strings.Fields(p.doc.Find(sel).Text()), " ")
}

// issuedLinkOf is the reset link a page shows the admin, if any.
func issuedLinkOf(p page) string {
	v, _ := p.doc.Find(`[data-testid="issued-link-url"]`).Attr("value")
	return v
}

func linkPath(s *site, link string) string { return strings.TrimPrefix(link, s.URL) }

func newClockedSite(t *testing.T) (*site, *testClock) { return newClockedSiteWith(t) }

// newClockedSiteWith is a site whose account store reads the time from a
// clock the test moves (auth.WithClock).
func newClockedSiteWith(t *testing.T, change ...func(*web.Deps)) (*site, *testClock) {
	t.Helper()
	clock := &testClock{}
	pool := pgtest.New(t)
	withClock := func(d *web.Deps) {
		d.Users = auth.NewStore(pool, auth.CheapHashingForTests(), auth.WithClock(clock.now))
	}
	return newSiteOn(t, pool, append([]func(*web.Deps){withClock}, change...)...), clock
}

// issueLink has admin make a reset link for u and returns its path.
func issueLink(t *testing.T, s *site, admin *visitor, u auth.User) string {
	t.Helper()
	p := admin.post(resetLinkPath(u), confirmForm(password))
	link := issuedLinkOf(p)
	if p.status != http.StatusOK || !strings.HasPrefix(link, s.URL+"/reset/") {
		t.Fatalf("making a reset link: status %d, link %q, summary %q", p.status, link, summary(p))
	}
	return linkPath(s, link)
}

// TestPasswordResetLinkWorksOnce: an admin makes a link, shown once; the
// user opens it, is refused a weak password, sets a strong one, every
// session of theirs ends, and they sign in with it; the link then works
// no more, and only its hash was ever stored.
func TestPasswordResetLinkWorksOnce(t *testing.T) {
	t.Parallel()
	s, _ := newClockedSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin, "Lea": auth.Learner})
	lea := users["Lea"]
	leaElsewhere := signedInAs(t, s, lea.Email)

	issued := as["Ada"].post(resetLinkPath(lea), confirmForm(password))
	if got := issued.header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("the page with the link: Cache-Control %q", got)
	}
	if got := pageSays(issued, `[data-testid="issued-link"] h2`); got != "Password-reset link for Lea" {
		t.Errorf("issued heading %q", got)
	}
	path := issueLink(t, s, as["Ada"], lea) // a second link: the first stops working
	if p := s.visitor(t).get(linkPath(s, issuedLinkOf(issued))); p.status != http.StatusNotFound {
		t.Errorf("the first link after a second was made: status %d, want 404", p.status)
	}
	if as["Ada"].get("/admin/users").doc.Find(`[data-testid="issued-link"]`).Length() != 0 {
		t.Error("the user list shows a link again")
	}
	token := strings.TrimPrefix(path, "/reset/")
	var stored, plain int
	err := s.pool.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE token_hash = $1), count(*) FILTER (WHERE position($2::bytea IN token_hash) > 0)
		FROM password_resets`, sha256Of(token), []byte(token)).Scan(&stored, &plain)
	if err != nil || stored != 1 || plain != 0 {
		t.Errorf("password_resets holds the hash %d times and the token %d times (%v); want 1 and 0", stored, plain, err)
	}

	v := s.visitor(t) // Lea, in a browser not signed in
	form := v.get(path)
	if form.status != http.StatusOK || pageSays(form, `[data-testid="reset-for"]`) != "For the account lea@example.com." {
		t.Fatalf("opening the link: status %d, %q", form.status, pageSays(form, `[data-testid="reset-for"]`))
	}
	if form.header.Get("Referrer-Policy") != "no-referrer" || form.header.Get("Cache-Control") != "no-store" {
		t.Errorf("link page headers: Referrer-Policy %q, Cache-Control %q", form.header.Get("Referrer-Policy"), form.header.Get("Cache-Control"))
	}
	for _, weak := range []string{"password1234", "lea@example.com"} {
		p := v.post(path, resetForm(weak))
		if got := summary(p); p.status != http.StatusUnprocessableEntity || len(got) != 1 || !strings.Contains(got[0], "too easy to guess") {
			t.Errorf("weak password %q: status %d, summary %q", weak, p.status, got)
		}
	}
	if !stillSignedIn(t, leaElsewhere) {
		t.Fatal("a refused password ended Lea's sessions")
	}
	done := v.post(path, resetForm(newPassword))
	if done.status != http.StatusSeeOther || done.header.Get("Location") != "/signin?reset=done" {
		t.Fatalf("setting the password: status %d, Location %q", done.status, done.header.Get("Location"))
	}
	for name, b := range map[string]*visitor{"Lea's browser": as["Lea"], "Lea's other browser": leaElsewhere} {
		if stillSignedIn(t, b) {
			t.Errorf("%s is still signed in", name)
		}
	}
	if got := pageSays(v.get("/signin?reset=done"), `[data-testid="notice"]`); !strings.HasPrefix(got, "Your new password is set") {
		t.Errorf("sign-in notice %q", got)
	}
	if canSignIn(t, s, lea.Email, password) || !canSignIn(t, s, lea.Email, newPassword) {
		t.Error("after the reset the new password should sign in and the old one not")
	}
	if p := v.post(path, resetForm("another fine long passphrase")); p.status != http.StatusNotFound {
		t.Errorf("using the link twice: status %d, want 404", p.status)
	}
	if !stillSignedIn(t, as["Ada"]) {
		t.Error("the admin was signed out")
	}
}

func sha256Of(s string) []byte { h := sha256.Sum256([]byte(s)); return h[:] }

// TestPasswordResetLinkRefusedAlike: an unknown, a used, an expired link
// and one whose account was disabled get the same page, to open or to
// send; a link works until 24 hours have passed.
func TestPasswordResetLinkRefusedAlike(t *testing.T) {
	t.Parallel()
	s, clock := newClockedSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin})
	admin := as["Ada"]
	for _, tc := range []struct {
		name string
		// link makes the link and does to it what the case says
		link      func(t *testing.T, u auth.User) string
		wantWorks bool
	}{
		{name: "unknown", link: func(t *testing.T, u auth.User) string { return "/reset/NOTATOKENWEEVERISSUEDXYZ2" }},
		{name: "used", link: func(t *testing.T, u auth.User) string {
			path := issueLink(t, s, admin, u)
			if p := s.visitor(t).post(path, resetForm(newPassword)); p.status != http.StatusSeeOther {
				t.Fatalf("first use: status %d", p.status)
			}
			return path
		}},
		{name: "expired", link: func(t *testing.T, u auth.User) string {
			path := issueLink(t, s, admin, u)
			clock.advance(24*time.Hour + time.Minute)
			return path
		}},
		{name: "account disabled since", link: func(t *testing.T, u auth.User) string {
			path := issueLink(t, s, admin, u)
			if p := admin.post(accountPath(u, "disable"), url.Values{}); p.status != http.StatusSeeOther {
				t.Fatalf("disabling: status %d", p.status)
			}
			return path
		}},
		{name: "a minute before 24 hours", wantWorks: true, link: func(t *testing.T, u auth.User) string {
			path := issueLink(t, s, admin, u)
			clock.advance(24*time.Hour - time.Minute)
			return path
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer clock.rewind()
			u := createAccount(t, s, "Rae"+letters(tc.name), auth.Learner)
			path := tc.link(t, u)
			v := s.visitor(t)
			opened, sent := v.get(path), v.post(path, resetForm("a different fine passphrase"))
			if tc.wantWorks {
				if opened.status != http.StatusOK || sent.status != http.StatusSeeOther {
					t.Fatalf("open: %d, send: %d; want 200, 303", opened.status, sent.status)
				}
				return
			}
			for what, p := range map[string]page{"opening": opened, "sending": sent} {
				if p.status != http.StatusNotFound || pageSays(p, "h1") != "This link does not work" ||
					!strings.Contains(pageSays(p, "main"), "has expired, has been used already, or was never issued") {
					t.Errorf("%s: status %d, h1 %q", what, p.status, pageSays(p, "h1"))
				}
			}
			if canSignIn(t, s, u.Email, "a different fine passphrase") {
				t.Error("the refused link set the password")
			}
		})
	}
}

// TestIssuingAResetLinkIsRefused: the admin's own password is asked for,
// and a disabled account gets no link.
func TestIssuingAResetLinkIsRefused(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin, "Dan": auth.Learner, "Lea": auth.Learner})
	if p := as["Ada"].post(accountPath(users["Dan"], "disable"), url.Values{}); p.status != http.StatusSeeOther {
		t.Fatalf("disabling Dan: status %d", p.status)
	}
	for _, tc := range []struct {
		name     string
		user     auth.User
		password string
		want     string
	}{
		{"wrong password", users["Lea"], "not my password at all", "That is not your current password."},
		{"no password", users["Lea"], "", "Enter your password to confirm."},
		{"disabled account", users["Dan"], password, "This account is disabled. Enable it first, then make a reset link."},
	} {
		p := as["Ada"].post(resetLinkPath(tc.user), confirmForm(tc.password))
		if got := summary(p); p.status != http.StatusUnprocessableEntity || len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: status %d, summary %q; want 422, %q", tc.name, p.status, got, tc.want)
		}
		if issuedLinkOf(p) != "" {
			t.Errorf("%s: a link was shown", tc.name)
		}
	}
	var n int
	if err := s.pool.QueryRow(context.Background(), "SELECT count(*) FROM password_resets").Scan(&n); err != nil || n != 0 {
		t.Errorf("%d reset links stored (%v), want none", n, err)
	}
}

// TestPasswordResetIsLogged: making and using a link, and a refused one,
// are security events with the accounts involved; no log line holds the
// token, which would be a working link for whoever reads the logs.
func TestPasswordResetIsLogged(t *testing.T) {
	t.Parallel()
	logs := &logLines{}
	s := newSiteWith(t, func(d *web.Deps) { d.Log = slog.New(slog.NewJSONHandler(logs, nil)) })
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin, "Lea": auth.Learner})
	path := issueLink(t, s, as["Ada"], users["Lea"])
	v := s.visitor(t)
	v.get(path)
	v.post(path, resetForm(newPassword))
	v.get(path) // used: refused

	id := func(u auth.User) float64 { return float64(u.ID) }
	for _, tc := range []struct {
		msg  string
		want map[string]any
	}{
		{"password reset link issued", map[string]any{"session_user_id": id(users["Ada"]), "user_id": id(users["Lea"])}},
		{"password reset link used", map[string]any{"user_id": id(users["Lea"])}},
		{"password reset link refused", map[string]any{}},
	} {
		lines := logs.find(t, tc.msg)
		if len(lines) != 1 {
			t.Errorf("%d %q lines, want 1", len(lines), tc.msg)
			continue
		}
		for k, want := range tc.want {
			if got := lines[0][k]; got != want || lines[0]["security"] != true {
				t.Errorf("%q: %s = %v, want %v (%v)", tc.msg, k, got, want, lines[0])
			}
		}
	}
	logs.mu.Lock()
	defer logs.mu.Unlock()
	if token := strings.TrimPrefix(path, "/reset/"); strings.Contains(logs.buf.String(), token) {
		t.Error("the log holds the link's token")
	}
}
