package main

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web/auth"
)

func runWithStdin(t *testing.T, stdin string, args ...string) (stdout string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), err
}

func users(t *testing.T, dsn string) *auth.Store {
	t.Helper()
	pool, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return auth.NewStore(pool)
}

func TestUserAdd(t *testing.T) {
	t.Parallel()
	dsn := pgtest.NewDSN(t)
	store := users(t, dsn)
	if _, err := runWithStdin(t, "an existing password\n", "user", "add", "--database-url", dsn, "--email", "taken@example.com"); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name      string
		stdin     string
		args      []string
		wantOut   string // a line of stdout
		wantErr   string // part of the error
		wantUsage bool   // the error is a usage error (exit 2)
		signIn    string // a password that must now work
		want      auth.User
	}{
		{
			name:    "password from stdin",
			stdin:   "correct horse battery\n",
			args:    []string{"--email", "Ada@Example.com", "--role", "admin", "--name", "Ada Lovelace"},
			wantOut: "created admin ada@example.com (Ada Lovelace), user 2",
			signIn:  "correct horse battery",
			want:    auth.User{Email: "ada@example.com", DisplayName: "Ada Lovelace", Role: auth.Admin},
		},
		{
			name:    "only the line ending is trimmed",
			stdin:   "  spaces at both ends  \r\nsecond line ignored\n",
			args:    []string{"--email", "grace@example.com"},
			wantOut: "created learner grace@example.com (grace), user 3",
			signIn:  "  spaces at both ends  ",
			want:    auth.User{Email: "grace@example.com", DisplayName: "grace", Role: auth.Learner},
		},
		{
			name:    "taken email in another case",
			stdin:   "correct horse battery\n",
			args:    []string{"--email", "TAKEN@example.com"},
			wantErr: "an account with email taken@example.com already exists",
		},
		{
			name:    "short password",
			stdin:   "too short\n",
			args:    []string{"--email", "short@example.com"},
			wantErr: "the password: Use at least 12 characters.",
		},
		{
			name:    "common password",
			stdin:   "password1234\n",
			args:    []string{"--email", "weak@example.com"},
			wantErr: "the password: This password is too easy to guess. It is close to a commonly used password. Use a longer passphrase",
		},
		{
			name:    "the account's own name",
			stdin:   "maximilianvoss\n",
			args:    []string{"--email", "max@example.com", "--name", "Maximilian Voss"},
			wantErr: "the password: This password is too easy to guess. It contains your name or email address.",
		},
		{
			name:    "bad email",
			stdin:   "correct horse battery\n",
			args:    []string{"--email", "nobody"},
			wantErr: "--email: Enter an email address like name@example.com.",
		},
		{
			name:      "bad role",
			args:      []string{"--email", "root@example.com", "--role", "root"},
			wantErr:   `role "root": use learner, instructor or admin`,
			wantUsage: true,
		},
		{
			name:      "no email",
			args:      []string{"--role", "admin"},
			wantErr:   "user add needs --email",
			wantUsage: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runWithStdin(t, tt.stdin, append([]string{"user", "add", "--database-url", dsn}, tt.args...)...)
			if tt.wantErr != "" {
				var usage usageError
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || errors.As(err, &usage) != tt.wantUsage {
					t.Fatalf("error = %v, want one containing %q (usage error: %t)", err, tt.wantErr, tt.wantUsage)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, tt.wantOut+"\n") {
				t.Errorf("stdout = %q, want the line %q", out, tt.wantOut)
			}
			if strings.Contains(out, "password") {
				t.Errorf("stdout = %q mentions a password, though one was given", out)
			}
			got, err := store.Authenticate(context.Background(), tt.want.Email, tt.signIn)
			if err != nil {
				t.Fatalf("signing in with the new password: %v", err)
			}
			if got.Email != tt.want.Email || got.DisplayName != tt.want.DisplayName || got.Role != tt.want.Role {
				t.Errorf("created %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestUserAddGeneratesPassword(t *testing.T) {
	t.Parallel()
	dsn := pgtest.NewDSN(t)
	store := users(t, dsn)
	out, err := runWithStdin(t, "", "user", "add", "--database-url", dsn, "--email", "ops@example.com", "--role", "admin")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^password \(shown only this once; store it now\): (\S+)$`).FindAllStringSubmatch(out, -1)
	if len(m) != 1 {
		t.Fatalf("stdout = %q, want one line giving the generated password", out)
	}
	password := m[0][1]
	if len(password) < 20 {
		t.Errorf("generated password %q has %d characters, want at least 20", password, len(password))
	}
	if n := strings.Count(out, password); n != 1 {
		t.Errorf("the password appears %d times in stdout, want once", n)
	}
	if _, err := store.Authenticate(context.Background(), "ops@example.com", password); err != nil {
		t.Errorf("signing in with the printed password: %v", err)
	}

	// A second account gets a different password.
	out2, err := runWithStdin(t, "", "user", "add", "--database-url", dsn, "--email", "ops2@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out2, password) {
		t.Errorf("two generated passwords are the same: %q", password)
	}
}

func TestUserRole(t *testing.T) {
	t.Parallel()
	dsn := pgtest.NewDSN(t)
	store := users(t, dsn)
	for _, email := range []string{"ada@example.com", "grace@example.com"} {
		if _, err := runWithStdin(t, "correct horse battery\n", "user", "add", "--database-url", dsn, "--email", email); err != nil {
			t.Fatal(err)
		}
	}

	// Steps run in order, each from the state the last one left.
	steps := []struct {
		name      string
		args      []string
		wantOut   string
		wantErr   string
		wantUsage bool
		wantRoles map[string]auth.Role
	}{
		{
			name:      "promote",
			args:      []string{"--email", "ADA@example.com", "--role", "admin"},
			wantOut:   "ada@example.com is now admin (was learner)\n",
			wantRoles: map[string]auth.Role{"ada@example.com": auth.Admin, "grace@example.com": auth.Learner},
		},
		{
			name:      "same role again",
			args:      []string{"--email", "ada@example.com", "--role", "Admin"},
			wantOut:   "ada@example.com is already admin\n",
			wantRoles: map[string]auth.Role{"ada@example.com": auth.Admin},
		},
		{
			name:      "the only admin stays",
			args:      []string{"--email", "ada@example.com", "--role", "learner"},
			wantErr:   "ada@example.com is the only admin; make another user an admin first",
			wantRoles: map[string]auth.Role{"ada@example.com": auth.Admin},
		},
		{
			name:    "unknown email",
			args:    []string{"--email", "nobody@example.com", "--role", "admin"},
			wantErr: "no account has email nobody@example.com",
		},
		{
			name:      "bad role",
			args:      []string{"--email", "grace@example.com", "--role", "superuser"},
			wantErr:   `role "superuser": use learner, instructor or admin`,
			wantUsage: true,
			wantRoles: map[string]auth.Role{"grace@example.com": auth.Learner},
		},
		{
			name:      "no role",
			args:      []string{"--email", "grace@example.com"},
			wantErr:   "user role needs --email and --role",
			wantUsage: true,
		},
		{
			name:      "stray argument",
			args:      []string{"--email", "grace@example.com", "admin"},
			wantErr:   `unexpected argument "admin"`,
			wantUsage: true,
		},
	}
	for _, st := range steps {
		out, err := runWithStdin(t, "", append([]string{"user", "role", "--database-url", dsn}, st.args...)...)
		var usage usageError
		switch {
		case st.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), st.wantErr) || errors.As(err, &usage) != st.wantUsage {
				t.Errorf("%s: error = %v, want one containing %q (usage error: %t)", st.name, err, st.wantErr, st.wantUsage)
			}
		case err != nil:
			t.Errorf("%s: %v", st.name, err)
		case out != st.wantOut:
			t.Errorf("%s: stdout = %q, want %q", st.name, out, st.wantOut)
		}
		for email, want := range st.wantRoles {
			u, err := store.ByEmail(context.Background(), email)
			if err != nil {
				t.Fatal(err)
			}
			if u.Role != want {
				t.Errorf("%s: %s has role %s, want %s", st.name, email, u.Role, want)
			}
		}
	}
}
