package auth_test

import (
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestWeakPasswordsRefused: zxcvbn's estimate, with the person's name and
// email as context, refuses what a guesser tries first, and says why.
func TestWeakPasswordsRefused(t *testing.T) {
	t.Parallel()
	const name, email = "Ximena Quetzalcoatl", "xq.vantablack@example.com"
	const advice = "Use a longer passphrase: four or more uncommon words"
	tests := []struct {
		password, warning string
	}{
		{"password1234", "It is close to a commonly used password."},
		{"aaaaaaaaaaaa", "Repeated characters such as aaa or abcabc are easy to guess."},
		{"abcdefghijklmnop", "Sequences such as abcd or 6543 are easy to guess."},
		{"qwertyuiopasdf", "It is one of the most common passwords."},
		{"asdfghjkl;'\\", "Keyboard patterns such as qwerty or zxcvbn are easy to guess."},
		{"quetzalcoatl12", "It contains your name or email address."},
		{"vantablack2024", "It contains your name or email address."},
	}
	for _, tt := range tests {
		field, msg := inputErr(auth.CheckPassword(tt.password, name, email))
		if field != "password" || !strings.HasPrefix(msg, "This password is too easy to guess. "+tt.warning) || !strings.Contains(msg, advice) {
			t.Errorf("CheckPassword(%q) = %s: %q; want the warning %q and the advice", tt.password, field, msg, tt.warning)
		}
	}
	for _, strong := range []string{"sleepy kettle orbits granite", "correct horse battery", "tBq3-vY8w-Lr2n-Hx6s"} {
		if err := auth.CheckPassword(strong, name, email); err != nil {
			t.Errorf("CheckPassword(%q) = %v, want it accepted", strong, err)
		}
	}
	// The name is what made these weak: without it they pass.
	for _, p := range []string{"quetzalcoatl12", "vantablack2024"} {
		if err := auth.CheckPassword(p); err != nil {
			t.Errorf("CheckPassword(%q) with no context = %v; the name test above proves nothing", p, err)
		}
	}
}
