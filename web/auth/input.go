package auth

import (
	"fmt"
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	// MaxEmailLen is the longest address SMTP can deliver to (RFC 5321's
	// 256-octet path less its angle brackets).
	MaxEmailLen = 254
	// MaxDisplayNameLen is counted in characters.
	MaxDisplayNameLen = 60
)

// NormalizeEmail trims and lowercases an email address and checks that it
// is a single plain address. Accounts are keyed by the result, so
// "Ada@Example.com " and "ada@example.com" are the same account.
func NormalizeEmail(email string) (string, error) {
	e := strings.ToLower(strings.TrimSpace(email))
	switch {
	case e == "":
		return "", &InputError{Field: "email", Msg: "Enter your email address."}
	case len(e) > MaxEmailLen:
		return "", &InputError{Field: "email", Msg: fmt.Sprintf("Use an email address of at most %d characters.", MaxEmailLen)}
	}
	// ParseAddress also accepts `Name <addr>` and comments; requiring the
	// parsed address to be the whole input rejects those forms.
	a, err := mail.ParseAddress(e)
	if err != nil || a.Address != e || a.Name != "" || strings.ContainsFunc(e, isDirectionOverride) {
		return "", &InputError{Field: "email", Msg: "Enter an email address like name@example.com."}
	}
	return e, nil
}

// NormalizeDisplayName trims a display name and checks its length and
// characters. It is shown to other people (reviewers, admins), so it may
// not hide line breaks or other control characters.
func NormalizeDisplayName(name string) (string, error) {
	n := strings.TrimSpace(name)
	switch count := utf8.RuneCountInString(n); {
	case count == 0:
		return "", &InputError{Field: "display_name", Msg: "Enter your name."}
	case count > MaxDisplayNameLen:
		return "", &InputError{Field: "display_name", Msg: fmt.Sprintf("Use at most %d characters.", MaxDisplayNameLen)}
	}
	if !utf8.ValidString(n) || strings.ContainsFunc(n, unicode.IsControl) {
		return "", &InputError{Field: "display_name", Msg: "Use letters, numbers, spaces and punctuation only: no line breaks, tabs or other control characters."}
	}
	if strings.ContainsFunc(n, isDirectionOverride) {
		return "", &InputError{Field: "display_name", Msg: "Use your name without text-direction controls (such as U+202E): they make a name read differently from what it says."}
	}
	return n, nil
}

// isDirectionOverride is a Unicode bidi embedding, override or isolate
// control. In a name shown to others it could reverse the text around it
// ("Reviewed by X on 3 May" read backwards), so names may not hold them.
func isDirectionOverride(r rune) bool {
	return (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069')
}

// ParseRole turns a form or flag value into a Role.
func ParseRole(s string) (Role, error) {
	r := Role(strings.ToLower(strings.TrimSpace(s)))
	if !r.Valid() {
		return "", errInvalidRole()
	}
	return r, nil
}

func errInvalidRole() error {
	return &InputError{Field: "role", Msg: "Choose learner, instructor or admin."}
}
