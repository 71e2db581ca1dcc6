package auth_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestAccountChangesAreAnnounced: every change to an account, and to a
// session that names one, is announced on auth.ChangesChannel with the
// account's id when it commits, whoever writes it (here, plain SQL as an
// operator's psql would); a new session, a visitor's session and the
// cleanup of an expired one are not, nor is a change rolled back.
func TestAccountChangesAreAnnounced(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, pool := newStore(t)
	kim := mustCreate(t, s, "kim@example.com", "Kim", auth.Instructor)
	lou := mustCreate(t, s, "lou@example.com", "Lou", auth.Learner)
	listener, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig.Copy())
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close(ctx)
	if _, err := listener.Exec(ctx, "LISTEN "+auth.ChangesChannel); err != nil {
		t.Fatal(err)
	}
	// heard is the payloads of the notifications that arrive within wait.
	heard := func(wait time.Duration) []string {
		var got []string
		for {
			waitCtx, cancel := context.WithTimeout(ctx, wait)
			n, err := listener.WaitForNotification(waitCtx)
			cancel()
			if err != nil {
				return got
			}
			got = append(got, n.Payload)
			wait = 100 * time.Millisecond
		}
	}
	exec := func(sql string, args ...any) func() error {
		return func() error { _, err := pool.Exec(ctx, sql, args...); return err }
	}
	session := func(token string, owner any, expiry string) func() error {
		return exec("INSERT INTO sessions (token, data, expiry, user_id) VALUES ($1, '\\x7b7d', now() + $2::interval, $3)", token, expiry, owner)
	}
	kimID, louID := strconv.FormatInt(kim.ID, 10), strconv.FormatInt(lou.ID, 10)
	for _, c := range []struct {
		name   string
		before func() error
		change func() error
		want   []string
	}{
		{"a role changed", nil, exec("UPDATE users SET role = 'learner' WHERE id = $1", kim.ID), []string{kimID}},
		{"a name changed", nil, exec("UPDATE users SET display_name = 'Kimberly' WHERE id = $1", kim.ID), []string{kimID}},
		{"a new session", nil, session("k1", kim.ID, "1 hour"), nil},
		{"a session's data rewritten", nil, exec("UPDATE sessions SET data = '\\x7b2278223a317d' WHERE token = 'k1'"), []string{kimID}},
		{"a session moved to another account", nil, exec("UPDATE sessions SET user_id = $1 WHERE token = 'k1'", lou.ID), []string{louID, kimID}},
		{"a session signed out in place", nil, exec("UPDATE sessions SET user_id = NULL WHERE token = 'k1'"), []string{louID}},
		{"every session of an account ended", func() error {
			for _, tok := range []string{"k2", "k3", "k4"} {
				if err := session(tok, kim.ID, "1 hour")(); err != nil {
					return err
				}
			}
			return nil
		}, exec("DELETE FROM sessions WHERE user_id = $1", kim.ID), []string{kimID}},
		{"a visitor's session written", session("v1", nil, "1 hour"), exec("UPDATE sessions SET data = '\\x7b7d' WHERE token = 'v1'"), nil},
		{"a visitor's session deleted", nil, exec("DELETE FROM sessions WHERE token = 'v1'"), nil},
		{"an expired session cleaned up", session("k5", kim.ID, "-1 second"), exec("DELETE FROM sessions WHERE expiry < current_timestamp"), nil},
		{"a change rolled back", nil, func() error {
			tx, err := pool.Begin(ctx)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, "UPDATE users SET role = 'admin' WHERE id = $1", lou.ID); err != nil {
				return err
			}
			return tx.Rollback(ctx)
		}, nil},
		{"an account deleted", nil, exec("DELETE FROM users WHERE id = $1", lou.ID), []string{louID}},
	} {
		if c.before != nil {
			if err := c.before(); err != nil {
				t.Fatalf("%s, before: %v", c.name, err)
			}
			heard(100 * time.Millisecond)
		}
		if err := c.change(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		wait := 2 * time.Second
		if c.want == nil {
			wait = 200 * time.Millisecond
		}
		got := heard(wait)
		if len(got) != len(c.want) || (len(got) > 0 && !sameSet(got, c.want)) {
			t.Errorf("%s: heard %q, want %q", c.name, got, c.want)
		}
	}
}

func sameSet(a, b []string) bool {
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		seen[s]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}
