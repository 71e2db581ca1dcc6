package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"testing"

	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
)

// behindProxy trusts the test client's own address as a proxy, so that a
// request's X-Forwarded-For says which client it comes from.
func behindProxy(d *web.Deps) {
	d.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("10.0.0.0/8")}
}

// signInFrom posts a sign-in as if from client, through the trusted proxy.
func signInFrom(v *visitor, client, email, pw string) page {
	v.t.Helper()
	return v.post("/signin", signInForm(email, pw), "X-Forwarded-For", client)
}

// ageFailures moves every failure back by secs, as if that time had passed.
func ageFailures(t *testing.T, s *site, secs int) {
	t.Helper()
	_, err := s.pool.Exec(context.Background(), `UPDATE sign_in_failures
		SET last_failed_at = last_failed_at - $1 * interval '1 second',
		    prev_failed_at = prev_failed_at - $1 * interval '1 second'`, secs)
	if err != nil {
		t.Fatal(err)
	}
}

// retryAfterIn checks p is the sign-in form refused for now, and that
// Retry-After is in (lo, hi] seconds.
func retryAfterIn(t *testing.T, what string, p page, lo, hi int) {
	t.Helper()
	secs, err := strconv.Atoi(p.header.Get("Retry-After"))
	if p.status != http.StatusTooManyRequests || err != nil || secs <= lo || secs > hi {
		t.Fatalf("%s: status %d, Retry-After %q; want 429 with (%d, %d] seconds", what, p.status, p.header.Get("Retry-After"), lo, hi)
	}
	want := "Too many failed sign-ins from your network. Try again in " + strconv.Itoa(secs) + " seconds."
	if got := summary(p); len(got) != 1 || got[0] != want {
		t.Errorf("%s: summary = %q, want %q", what, got, want)
	}
	if p.doc.Find(`form[action="/signin"]`).Length() != 1 {
		t.Errorf("%s: the 429 page has no sign-in form", what)
	}
}

// TestSignInCountsFailuresOnly: signing in, however often, is never
// limited; only wrong passwords are.
func TestSignInCountsFailuresOnly(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Ada", auth.Learner)
	for i := range 30 {
		if p := s.visitor(t).post("/signin", signInForm("ada@example.com", password)); p.status != http.StatusSeeOther {
			t.Fatalf("sign-in %d: status %d, want 303", i+1, p.status)
		}
	}
}

// TestSignInDelaysGrow: after five failures the next attempt waits, even
// with the right password, and each further failure doubles the wait;
// once it has passed, the right password works and clears the count.
func TestSignInDelaysGrow(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Ada", auth.Learner)
	v := s.visitor(t)
	for i := range 5 {
		if p := v.post("/signin", signInForm("ada@example.com", fmt.Sprint("wrong guess ", i))); p.status != http.StatusUnprocessableEntity {
			t.Fatalf("failure %d: status %d, want 422", i+1, p.status)
		}
	}
	// However the email is written, the right password waits 30 s.
	retryAfterIn(t, "right password after 5 failures", v.post("/signin", signInForm(" ADA@example.com", password)), 0, 30)

	ageFailures(t, s, 31)
	if p := v.post("/signin", signInForm("ada@example.com", "wrong guess 6")); p.status != http.StatusUnprocessableEntity {
		t.Fatalf("failure 6, after the wait: status %d, want 422", p.status)
	}
	retryAfterIn(t, "after 6 failures", v.post("/signin", signInForm("ada@example.com", password)), 30, 60)

	ageFailures(t, s, 61)
	if p := v.post("/signin", signInForm("ada@example.com", password)); p.status != http.StatusSeeOther {
		t.Fatalf("right password after the wait: status %d, want 303", p.status)
	}
	// Signing in forgot the failures: a mistake now is only a mistake.
	if p := s.visitor(t).post("/signin", signInForm("ada@example.com", "one more typo")); p.status != http.StatusUnprocessableEntity {
		t.Errorf("a typo after signing in: status %d, want 422", p.status)
	}
}

// TestOthersCannotLockTheAdminOut: guessing at the only admin's password
// from one address delays that address, not the admin signing in from
// theirs.
func TestOthersCannotLockTheAdminOut(t *testing.T) {
	t.Parallel()
	s := newSiteWith(t, behindProxy)
	createAccount(t, s, "Root", auth.Admin)
	attacker := s.visitor(t)
	for i := range 12 {
		p := signInFrom(attacker, "203.0.113.9", "root@example.com", fmt.Sprint("guess ", i))
		want := http.StatusUnprocessableEntity
		if i >= 5 {
			want = http.StatusTooManyRequests
		}
		if p.status != want {
			t.Fatalf("guess %d: status %d, want %d", i+1, p.status, want)
		}
	}
	if p := signInFrom(s.visitor(t), "198.51.100.7", "root@example.com", password); p.status != http.StatusSeeOther {
		t.Fatalf("the admin from their own address: status %d, want 303", p.status)
	}
	// A spoofed hop to the left of the proxy's own entry changes nothing:
	// the client is the rightmost address no trusted proxy owns.
	p := attacker.post("/signin", signInForm("root@example.com", password), "X-Forwarded-For", "198.51.100.7, 203.0.113.9, 10.1.2.3")
	retryAfterIn(t, "the attacker, naming the admin's address on the left", p, 0, 30)
}

// TestForwardedForIgnoredWithoutTrustedProxies: with no proxy trusted, an
// X-Forwarded-For header is the client's own say-so, and cannot buy
// fresh attempts.
func TestForwardedForIgnoredWithoutTrustedProxies(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Ada", auth.Learner)
	v := s.visitor(t)
	for i := range 5 {
		signInFrom(v, fmt.Sprintf("192.0.2.%d", i), "ada@example.com", "wrong guess")
	}
	retryAfterIn(t, "a sixth address in X-Forwarded-For", signInFrom(v, "192.0.2.99", "ada@example.com", password), 0, 30)
}

// TestSignInFailuresPerAddress: one address failing on many accounts (one
// password sprayed across them) is slowed after 20 failures, on any
// account; other addresses are not.
func TestSignInFailuresPerAddress(t *testing.T) {
	t.Parallel()
	s := newSiteWith(t, behindProxy)
	createAccount(t, s, "Ada", auth.Learner)
	v := s.visitor(t)
	for i := range 20 {
		if p := signInFrom(v, "203.0.113.9", fmt.Sprintf("user%d@example.com", i), password); p.status != http.StatusUnprocessableEntity {
			t.Fatalf("attempt %d: status %d, want 422", i+1, p.status)
		}
	}
	retryAfterIn(t, "a 21st account", signInFrom(v, "203.0.113.9", "ada@example.com", password), 0, 30)
	if p := signInFrom(s.visitor(t), "198.51.100.7", "ada@example.com", password); p.status != http.StatusSeeOther {
		t.Errorf("from another address: status %d, want 303", p.status)
	}
}
