package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

const newPassword = "lantern quietly orbits marble"

// signedInTwice signs one new learner in from two browsers: "here", where
// they change things, and "elsewhere", their other device.
func signedInTwice(t *testing.T, s *site, name string) (u auth.User, here, elsewhere *visitor) {
	t.Helper()
	u = createAccount(t, s, name, auth.Learner)
	return u, signedInAs(t, s, u.Email), signedInAs(t, s, u.Email)
}

// stillSignedIn reports whether v's session is alive: /me answers it
// rather than sending it to sign in.
func stillSignedIn(t *testing.T, v *visitor) bool {
	t.Helper()
	p := v.get("/me")
	switch p.status {
	case http.StatusOK:
		return true
	case http.StatusSeeOther:
		return false
	}
	t.Fatalf("GET /me: status %d", p.status)
	return false
}

// letters keeps the letters of a subtest's name, for an account name that
// is also a valid email's local part.
func letters(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return -1
	}, s)
}

func canSignIn(t *testing.T, s *site, email, pw string) bool {
	t.Helper()
	return s.visitor(t).post("/signin", signInForm(email, pw)).status == http.StatusSeeOther
}

func sessionRows(t *testing.T, s *site, userID int64) int {
	t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), "SELECT count(*) FROM sessions WHERE user_id = $1", userID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestChangePassword: the current password is asked for, the new one
// must be strong, and a change ends the account's other sessions while
// keeping this one.
func TestChangePassword(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	for _, tc := range []struct {
		name           string
		current, next  string
		wantStatus     int
		wantError      string // in the error summary
		wantChanged    bool
		wantOtherAlive bool
	}{
		{name: "wrong current password", current: "not my password at all", next: newPassword,
			wantStatus: http.StatusUnprocessableEntity, wantError: "That is not your current password.", wantOtherAlive: true},
		{name: "no current password", current: "", next: newPassword,
			wantStatus: http.StatusUnprocessableEntity, wantError: "Enter your current password.", wantOtherAlive: true},
		{name: "weak new password", current: password, next: "password1234",
			wantStatus: http.StatusUnprocessableEntity, wantError: "too easy to guess", wantOtherAlive: true},
		{name: "new password is the email", current: password, next: "{email}",
			wantStatus: http.StatusUnprocessableEntity, wantError: "too easy to guess", wantOtherAlive: true},
		{name: "strong new password", current: password, next: newPassword,
			wantStatus: http.StatusSeeOther, wantChanged: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, here, elsewhere := signedInTwice(t, s, "Quentin"+letters(tc.name))
			tc.next = strings.ReplaceAll(tc.next, "{email}", u.Email)
			p := here.post("/account/password", url.Values{"current_password": {tc.current}, "password": {tc.next}})
			if p.status != tc.wantStatus {
				t.Fatalf("status %d, want %d", p.status, tc.wantStatus)
			}
			if tc.wantError != "" {
				if got := p.doc.Find(`[data-testid="error-summary"]`).Text(); !strings.Contains(got, tc.wantError) {
					t.Errorf("error summary %q, want it to say %q", got, tc.wantError)
				}
				if n := p.doc.Find(`input[type="password"][value]`).Length(); n > 0 {
					t.Errorf("%d password fields are filled in again", n)
				}
			} else if loc := p.header.Get("Location"); loc != "/account?done=password" {
				t.Errorf("Location %q", loc)
			}
			if !stillSignedIn(t, here) {
				t.Error("the browser that changed the password was signed out")
			}
			if got := stillSignedIn(t, elsewhere); got != tc.wantOtherAlive {
				t.Errorf("other session alive = %v, want %v", got, tc.wantOtherAlive)
			}
			if got := canSignIn(t, s, u.Email, password); got == tc.wantChanged {
				t.Errorf("old password signs in = %v, want %v", got, !tc.wantChanged)
			}
			if tc.wantChanged && !canSignIn(t, s, u.Email, tc.next) {
				t.Error("the new password does not sign in")
			}
		})
	}
}

// TestChangeNameAndEmail: names and emails are checked, an email is
// unique whatever its case, and a saved change shows on the page.
func TestChangeNameAndEmail(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Taken", auth.Learner)
	for _, tc := range []struct {
		name, newName, newEmail string
		wantStatus              int
		wantError               string
	}{
		{name: "email of another account", newName: "Rhea", newEmail: "TAKEN@example.com",
			wantStatus: http.StatusUnprocessableEntity, wantError: "Another account already uses this email"},
		{name: "not an email", newName: "Rhea", newEmail: "rhea-at-example",
			wantStatus: http.StatusUnprocessableEntity, wantError: "email"},
		{name: "empty name", newName: "  ", newEmail: "rhea2@example.com",
			wantStatus: http.StatusUnprocessableEntity, wantError: "name"},
		{name: "own email, new name", newName: "Rhea Silva", newEmail: "",
			wantStatus: http.StatusSeeOther},
		{name: "new email", newName: "Rhea", newEmail: "Rhea.New@Example.com",
			wantStatus: http.StatusSeeOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := createAccount(t, s, "Rhea"+letters(tc.name), auth.Learner)
			v := signedInAs(t, s, u.Email)
			email := tc.newEmail
			if email == "" {
				email = u.Email
			}
			p := v.post("/account/profile", url.Values{"display_name": {tc.newName}, "email": {email}})
			if p.status != tc.wantStatus {
				t.Fatalf("status %d, want %d", p.status, tc.wantStatus)
			}
			if tc.wantStatus != http.StatusSeeOther {
				if got := strings.ToLower(p.doc.Find(`[data-testid="error-summary"]`).Text()); !strings.Contains(got, strings.ToLower(tc.wantError)) {
					t.Errorf("error summary %q, want it to mention %q", got, tc.wantError)
				}
				// What was typed comes back, and the form warns before it is left.
				if got, _ := p.doc.Find("#account-email").Attr("value"); got != email {
					t.Errorf("email field %q, want what was typed, %q", got, email)
				}
				if p.doc.Find("form[data-unsaved]").Length() != 1 {
					t.Error("the refused form is not marked unsaved")
				}
				return
			}
			page := v.get("/account?done=profile")
			if got, _ := page.doc.Find("#account-email").Attr("value"); got != strings.ToLower(email) {
				t.Errorf("email now %q, want %q", got, strings.ToLower(email))
			}
			if got := page.doc.Find(`[data-testid="notice"]`).Text(); got != "Your name and email are saved." {
				t.Errorf("notice %q", got)
			}
			if !canSignIn(t, s, email, password) {
				t.Error("cannot sign in with the new email")
			}
		})
	}
}

// TestSignOutEverywhere ends every session of the account, this one
// included, and no other account's.
func TestSignOutEverywhere(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	u, here, elsewhere := signedInTwice(t, s, "Soren")
	other := signedInAs(t, s, createAccount(t, s, "Oda", auth.Learner).Email)
	if n := sessionRows(t, s, u.ID); n != 2 {
		t.Fatalf("%d session rows before, want 2", n)
	}
	p := here.post("/account/signout-everywhere", url.Values{})
	if p.status != http.StatusSeeOther || p.header.Get("Location") != "/signin?signedout=everywhere" {
		t.Fatalf("status %d, Location %q", p.status, p.header.Get("Location"))
	}
	for name, v := range map[string]*visitor{"this browser": here, "the other browser": elsewhere} {
		if stillSignedIn(t, v) {
			t.Errorf("%s is still signed in", name)
		}
	}
	if n := sessionRows(t, s, u.ID); n != 0 {
		t.Errorf("%d session rows left", n)
	}
	if !stillSignedIn(t, other) {
		t.Error("another account's session ended too")
	}
	if got := here.get("/signin?signedout=everywhere").doc.Find(`[data-testid="notice"]`).Text(); !strings.Contains(got, "signed out on every device") {
		t.Errorf("sign-in notice %q", got)
	}
}
