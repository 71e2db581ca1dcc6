package auth_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

// inputErr returns err's field and message, or "" and err's text when it
// is not an *auth.InputError.
func inputErr(err error) (field, msg string) {
	var ie *auth.InputError
	if errors.As(err, &ie) {
		return ie.Field, ie.Msg
	}
	if err != nil {
		return "", err.Error()
	}
	return "", ""
}

func TestNormalizeEmail(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want, wantMsg string
	}{
		{"ada@example.com", "ada@example.com", ""},
		{"  Ada.Lovelace@Example.COM\n", "ada.lovelace@example.com", ""},
		{"ops+alerts@localhost", "ops+alerts@localhost", ""},
		{"", "", "Enter your email address."},
		{"   ", "", "Enter your email address."},
		{"ada", "", "Enter an email address like name@example.com."},
		{"ada@", "", "Enter an email address like name@example.com."},
		{"Ada <ada@example.com>", "", "Enter an email address like name@example.com."},
		{"ada@example.com (work)", "", "Enter an email address like name@example.com."},
		{"a@b.c, d@e.f", "", "Enter an email address like name@example.com."},
		{strings.Repeat("a", 64) + "@" + strings.Repeat("b", 185) + ".com", strings.Repeat("a", 64) + "@" + strings.Repeat("b", 185) + ".com", ""},
		{strings.Repeat("a", 64) + "@" + strings.Repeat("b", 186) + ".com", "", "Use an email address of at most 254 characters."},
	}
	for _, tt := range tests {
		got, err := auth.NormalizeEmail(tt.in)
		field, msg := inputErr(err)
		if got != tt.want || msg != tt.wantMsg {
			t.Errorf("NormalizeEmail(%q) = %q, %q; want %q, %q", tt.in, got, msg, tt.want, tt.wantMsg)
		}
		if err != nil && field != "email" {
			t.Errorf("NormalizeEmail(%q) error field = %q, want email", tt.in, field)
		}
	}
}

func TestNormalizeDisplayName(t *testing.T) {
	t.Parallel()
	const controls = "Use letters, numbers, spaces and punctuation only: no line breaks, tabs or other control characters."
	tests := []struct {
		in, want, wantMsg string
	}{
		{"Ada Lovelace", "Ada Lovelace", ""},
		{"  Grace Hopper ", "Grace Hopper", ""},
		{"李小龍", "李小龍", ""},
		{strings.Repeat("é", 60), strings.Repeat("é", 60), ""},
		{strings.Repeat("é", 61), "", "Use at most 60 characters."},
		{"", "", "Enter your name."},
		{" \t ", "", "Enter your name."},
		{"Ada\nLovelace", "", controls},
		{"Ada\tLovelace", "", controls},
		{"Ada\x00", "", controls},
		{"Ada\xff", "", controls},
	}
	for _, tt := range tests {
		got, err := auth.NormalizeDisplayName(tt.in)
		field, msg := inputErr(err)
		if got != tt.want || msg != tt.wantMsg {
			t.Errorf("NormalizeDisplayName(%q) = %q, %q; want %q, %q", tt.in, got, msg, tt.want, tt.wantMsg)
		}
		if err != nil && field != "display_name" {
			t.Errorf("NormalizeDisplayName(%q) error field = %q, want display_name", tt.in, field)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, wantMsg string
	}{
		{strings.Repeat("x", 11), "Use at least 12 characters."},
		{"vq7 kettle orbit", ""},
		// Characters, not bytes: 11 two-byte runes are still too short.
		{strings.Repeat("é", 11), "Use at least 12 characters."},
		{"é" + strings.Repeat("ü9ß", 42), ""},
		{strings.Repeat("x", 129), "Use at most 128 characters."},
	}
	for _, tt := range tests {
		field, msg := inputErr(auth.CheckPassword(tt.in))
		if msg != tt.wantMsg {
			t.Errorf("CheckPassword(%d bytes) = %q, want %q", len(tt.in), msg, tt.wantMsg)
		}
		if msg != "" && field != "password" {
			t.Errorf("CheckPassword(%d bytes) field = %q, want password", len(tt.in), field)
		}
	}
}

func TestParseRole(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    auth.Role
		wantErr bool
	}{
		{"learner", auth.Learner, false},
		{" Instructor ", auth.Instructor, false},
		{"ADMIN", auth.Admin, false},
		{"root", "", true},
		{"", "", true},
	}
	for _, tt := range tests {
		got, err := auth.ParseRole(tt.in)
		if field, _ := inputErr(err); got != tt.want || (err != nil) != tt.wantErr || (err != nil && field != "role") {
			t.Errorf("ParseRole(%q) = %q, %v; want %q, error %t", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}
