package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestSignUpRefusesGuessablePasswords: the form says why a password is
// refused, beside the field, in zxcvbn's terms; no account is made.
func TestSignUpRefusesGuessablePasswords(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	for _, tt := range []struct{ password, want string }{
		{"password1234", "It is close to a commonly used password."},
		{"aaaaaaaaaaaa", "Repeated characters such as aaa or abcabc are easy to guess."},
		{"lovelace1815!", "It contains your name or email address."},
	} {
		p := s.visitor(t).post("/signup", signUpForm("Ada Lovelace", "ada@example.com", tt.password))
		msg := fieldError(t, p, "password")
		if p.status != http.StatusUnprocessableEntity || !strings.HasPrefix(msg, "This password is too easy to guess. "+tt.want) ||
			!strings.Contains(msg, "Use a longer passphrase") {
			t.Errorf("%q: status %d, message %q; want 422 and %q", tt.password, p.status, msg, tt.want)
		}
		if strings.Contains(p.body, tt.password) {
			t.Errorf("%q: the password was written back into the page", tt.password)
		}
	}
	p := s.visitor(t).post("/signup", signUpForm("Ada Lovelace", "ada@example.com", "sleepy kettle orbits granite"))
	if p.status != http.StatusSeeOther {
		t.Errorf("a long random passphrase: status %d, want 303", p.status)
	}
}
