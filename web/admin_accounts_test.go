package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

func accountPath(u auth.User, action string) string {
	return "/admin/users/" + strconv.FormatInt(u.ID, 10) + "/" + action
}

// TestAdminDisablesAndEnablesAnAccount: a disabled user's live session is
// refused on its next request, their sign-in is refused with a clear
// message (only given the right password), and enabling lets them back.
func TestAdminDisablesAndEnablesAnAccount(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin, "Lea": auth.Learner})
	lea, ada := users["Lea"], as["Ada"]
	leaElsewhere := signedInAs(t, s, lea.Email)

	p := ada.post(accountPath(lea, "disable"), url.Values{})
	if p.status != http.StatusSeeOther || p.header.Get("Location") != "/admin/users?changed="+strconv.FormatInt(lea.ID, 10)+"&what=account" {
		t.Fatalf("disable: status %d, Location %q", p.status, p.header.Get("Location"))
	}
	for name, v := range map[string]*visitor{"Lea's browser": as["Lea"], "Lea's other browser": leaElsewhere} {
		if stillSignedIn(t, v) {
			t.Errorf("%s is still signed in", name)
		}
	}
	if n := sessionRows(t, s, lea.ID); n != 0 {
		t.Errorf("%d session rows left", n)
	}
	notice := ada.get(p.header.Get("Location")).doc.Find(`[data-testid="notice"]`).Text()
	if !strings.Contains(notice, "Lea's account is disabled") {
		t.Errorf("notice %q", notice)
	}

	for _, tc := range []struct {
		name, password string
		wantStatus     int
		wantProblem    string
	}{
		{"right password", password, http.StatusForbidden, "This account is disabled. Ask an administrator to enable it."},
		{"wrong password", "not the password at all", http.StatusUnprocessableEntity, "Email or password is incorrect."},
	} {
		p := s.visitor(t).post("/signin", signInForm(lea.Email, tc.password))
		if p.status != tc.wantStatus || !strings.Contains(p.doc.Find(`[data-testid="error-summary"]`).Text(), tc.wantProblem) {
			t.Errorf("signing in with the %s: status %d, summary %q; want %d, %q", tc.name, p.status,
				strings.TrimSpace(p.doc.Find(`[data-testid="error-summary"]`).Text()), tc.wantStatus, tc.wantProblem)
		}
	}

	if p := ada.post(accountPath(lea, "enable"), url.Values{}); p.status != http.StatusSeeOther {
		t.Fatalf("enable: status %d", p.status)
	}
	if !canSignIn(t, s, lea.Email, password) {
		t.Error("Lea cannot sign in after being enabled")
	}
}

// TestDisabledAccountsLiveSessionIsRefused: even a session that outlived
// the disabling (a request in flight that wrote it back) is signed out
// on its next request, the lesson page's own account read included.
func TestDisabledAccountsLiveSessionIsRefused(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	u, here, _ := signedInTwice(t, s, "Dara")
	if _, err := s.pool.Exec(context.Background(), "UPDATE users SET disabled_at = now() WHERE id = $1", u.ID); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{lesson3, "/me"} {
		p := here.get(path)
		if strings.Contains(p.body, "Sign out") {
			t.Errorf("%s: still shown as signed in", path)
		}
	}
}

// TestDisablingIsRefused: not oneself, not the only admin, not nobody.
func TestDisablingIsRefused(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin})
	for _, tc := range []struct {
		name       string
		user       auth.User
		wantStatus int
		wantError  string
	}{
		{"oneself", users["Ada"], http.StatusUnprocessableEntity, "You cannot disable your own account."},
		{"unknown user", auth.User{ID: users["Ada"].ID + 100}, http.StatusNotFound, ""},
	} {
		p := as["Ada"].post(accountPath(tc.user, "disable"), url.Values{})
		if p.status != tc.wantStatus {
			t.Errorf("%s: status %d, want %d", tc.name, p.status, tc.wantStatus)
		}
		if got := summary(p); tc.wantError != "" && (len(got) != 1 || got[0] != tc.wantError) {
			t.Errorf("%s: summary %q", tc.name, got)
		}
	}
	if !stillSignedIn(t, as["Ada"]) {
		t.Error("Ada was signed out")
	}
	// The store refuses the last enabled admin whoever asks (the CLI).
	if _, err := s.users.SetDisabled(context.Background(), users["Ada"].ID, true); err != auth.ErrLastAdmin {
		t.Errorf("disabling the only admin: %v, want ErrLastAdmin", err)
	}
}
