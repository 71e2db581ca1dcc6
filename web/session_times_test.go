package web_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestSessionTimes: a signed-in session ends after the idle timeout
// without a request and after its lifetime however busy; requests keep it
// alive until then.
func TestSessionTimes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name           string
		idle, lifetime time.Duration
		// requests are made this far apart, after signing in
		gaps     []time.Duration
		wantLast bool // still signed in at the last request
	}{
		// Seconds, not fractions: on a loaded machine (CI under -race) a
		// request can take longer than the margin a 1 s timeout leaves.
		{name: "idle past the timeout", idle: 3 * time.Second, lifetime: time.Hour,
			gaps: []time.Duration{3900 * time.Millisecond}, wantLast: false},
		{name: "busy within the idle timeout", idle: 3 * time.Second, lifetime: time.Hour,
			gaps: []time.Duration{1800 * time.Millisecond, 1800 * time.Millisecond, 1800 * time.Millisecond}, wantLast: true},
		{name: "busy past the lifetime", idle: time.Hour, lifetime: 3600 * time.Millisecond,
			gaps: []time.Duration{1500 * time.Millisecond, 1500 * time.Millisecond, 1500 * time.Millisecond}, wantLast: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := newSiteWith(t, func(d *web.Deps) { d.SessionIdleTimeout, d.SessionLifetime = tc.idle, tc.lifetime })
			v := signedInAs(t, s, createAccount(t, s, "Tim", auth.Learner).Email)
			for i, gap := range tc.gaps {
				time.Sleep(gap)
				want := i < len(tc.gaps)-1 || tc.wantLast
				if got := stillSignedIn(t, v); got != want {
					t.Fatalf("request %d, %v after the one before: signed in = %v, want %v", i+1, gap, got, want)
				}
			}
		})
	}
}

// TestSessionRowIsNotRewrittenPerRequest: page views within a minute of
// each other leave the session row as it is; its expiry is the idle
// timeout from signing in.
func TestSessionRowIsNotRewrittenPerRequest(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	u := createAccount(t, s, "Rowan", auth.Learner)
	v := signedInAs(t, s, u.Email)
	read := func() ([]byte, time.Time) {
		var data []byte
		var expiry time.Time
		err := s.pool.QueryRow(context.Background(), "SELECT data, expiry FROM sessions WHERE user_id = $1", u.ID).Scan(&data, &expiry)
		if err != nil {
			t.Fatal(err)
		}
		return data, expiry
	}
	if got := strings.Join(strings.Fields(v.get("/account").doc.Find(`[data-testid="session-rule"]`).Text()), " "); got !=
		"You are signed out after 30 minutes without using the site, and 12 hours after signing in." {
		t.Errorf("account page says %q", got)
	}
	data, expiry := read()
	if left := time.Until(expiry); left > 30*time.Minute || left < 29*time.Minute {
		t.Errorf("session expires in %v, want the 30-minute idle timeout", left)
	}
	for range 5 {
		if !stillSignedIn(t, v) {
			t.Fatal("signed out")
		}
	}
	if data2, expiry2 := read(); !bytes.Equal(data, data2) || !expiry.Equal(expiry2) {
		t.Error("the session row was rewritten by page views")
	}
}
