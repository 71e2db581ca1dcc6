package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestUserPasswordDisableEnable: `user password` sets a strong password
// and ends the account's sessions; `user disable` ends them and refuses
// sign-in until `user enable`.
func TestUserPasswordDisableEnable(t *testing.T) {
	t.Parallel()
	dsn := pgtest.NewDSN(t)
	ctx := context.Background()
	store := users(t, dsn)
	pool, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	for _, email := range []string{"ada@example.com", "lea@example.com"} {
		if _, err := runWithStdin(t, "correct horse battery\n", "user", "add", "--database-url", dsn, "--email", email, "--role", "admin"); err != nil {
			t.Fatal(err)
		}
	}
	lea, err := store.ByEmail(ctx, "lea@example.com")
	if err != nil {
		t.Fatal(err)
	}
	// openSession stands for Lea signed in somewhere.
	openSession := func(t *testing.T) {
		_, err := pool.Exec(ctx, "INSERT INTO sessions (token, data, expiry, user_id) VALUES ($1, '{}', $2, $3)",
			"t"+time.Now().Format(time.RFC3339Nano), time.Now().Add(time.Hour), lea.ID)
		if err != nil {
			t.Fatal(err)
		}
	}
	sessions := func(t *testing.T) int {
		var n int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM sessions WHERE user_id = $1", lea.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	for _, tc := range []struct {
		name, stdin  string
		args         []string
		wantOut      string
		wantErr      string
		wantUsage    bool
		wantSessions int    // Lea's sessions after
		signIn       string // a password that must now sign in, "" for none
		wantDisabled bool
	}{
		{name: "weak password", stdin: "password1234\n", args: []string{"password", "--email", "lea@example.com"},
			wantErr: "the password: This password is too easy to guess", wantSessions: 1, signIn: "correct horse battery"},
		{name: "unknown account", stdin: "lantern quietly orbits marble\n", args: []string{"password", "--email", "nobody@example.com"},
			wantErr: "no account has email nobody@example.com", wantSessions: 1},
		{name: "no email", args: []string{"disable"}, wantErr: "user disable needs --email", wantUsage: true, wantSessions: 1},
		{name: "new password", stdin: "lantern quietly orbits marble\n", args: []string{"password", "--email", "LEA@example.com"},
			wantOut: "set a new password for lea@example.com; every session of it has ended", signIn: "lantern quietly orbits marble"},
		{name: "disable", args: []string{"disable", "--email", "lea@example.com"},
			wantOut: "lea@example.com is disabled", wantDisabled: true},
		{name: "disable again", args: []string{"disable", "--email", "lea@example.com"},
			wantOut: "lea@example.com is already disabled", wantDisabled: true},
		{name: "enable", args: []string{"enable", "--email", "lea@example.com"},
			wantOut: "lea@example.com is enabled", signIn: "lantern quietly orbits marble"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for sessions(t) < 1 {
				openSession(t)
			}
			out, err := runWithStdin(t, tc.stdin, append([]string{"user", tc.args[0], "--database-url", dsn}, tc.args[1:]...)...)
			if tc.wantErr != "" {
				var usage usageError
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || errors.As(err, &usage) != tc.wantUsage {
					t.Fatalf("error = %v, want one containing %q (usage %t)", err, tc.wantErr, tc.wantUsage)
				}
			} else if err != nil {
				t.Fatal(err)
			} else if !strings.Contains(out, tc.wantOut) {
				t.Errorf("stdout %q, want %q", out, tc.wantOut)
			}
			if tc.name != "enable" && tc.name != "disable again" {
				if got := sessions(t); got != tc.wantSessions {
					t.Errorf("%d sessions of Lea's, want %d", got, tc.wantSessions)
				}
			}
			_, err = store.Authenticate(ctx, "lea@example.com", "lantern quietly orbits marble")
			if tc.wantDisabled && !errors.Is(err, auth.ErrAccountDisabled) {
				t.Errorf("signing in while disabled: %v, want ErrAccountDisabled", err)
			}
			if tc.signIn != "" {
				if _, err := store.Authenticate(ctx, "lea@example.com", tc.signIn); err != nil {
					t.Errorf("signing in with %q: %v", tc.signIn, err)
				}
			}
		})
	}
}
