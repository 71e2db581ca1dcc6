package auth_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web/auth"
)

const goodPassword = "correct horse battery"

func newStore(t *testing.T) (*auth.Store, *pgxpool.Pool) {
	t.Helper()
	pool := pgtest.New(t)
	return auth.NewStore(pool), pool
}

func mustCreate(t *testing.T, s *auth.Store, email, name string, role auth.Role) auth.User {
	t.Helper()
	u, err := s.Create(context.Background(), email, name, goodPassword, role)
	if err != nil {
		t.Fatalf("Create(%q): %v", email, err)
	}
	return u
}

// ignoreTimes compares users without their creation times.
var ignoreTimes = cmpopts.IgnoreFields(auth.User{}, "CreatedAt")

func TestCreate(t *testing.T) {
	t.Parallel()
	s, pool := newStore(t)
	ctx := context.Background()
	mustCreate(t, s, "taken@example.com", "First", auth.Learner)

	tests := []struct {
		name                      string
		email, display, password  string
		role                      auth.Role
		want                      auth.User
		wantErr                   error
		wantField, wantFieldError string
	}{
		{
			name:  "normalises email and name",
			email: "  Ada@Example.COM ", display: " Ada Lovelace ", password: goodPassword, role: auth.Instructor,
			want: auth.User{Email: "ada@example.com", DisplayName: "Ada Lovelace", Role: auth.Instructor},
		},
		{
			name:  "longest password",
			email: "long@example.com", display: "Long", password: strings.Repeat("é", 128), role: auth.Learner,
			want: auth.User{Email: "long@example.com", DisplayName: "Long", Role: auth.Learner},
		},
		{
			name:  "duplicate email",
			email: "taken@example.com", display: "Second", password: goodPassword, role: auth.Learner,
			wantErr: auth.ErrEmailTaken,
		},
		{
			name:  "duplicate email in another case",
			email: "TAKEN@Example.com", display: "Second", password: goodPassword, role: auth.Learner,
			wantErr: auth.ErrEmailTaken,
		},
		{
			name:  "short password",
			email: "short@example.com", display: "Short", password: "elevenchars", role: auth.Learner,
			wantField: "password", wantFieldError: "Use at least 12 characters.",
		},
		{
			name:  "long password",
			email: "long2@example.com", display: "Long", password: strings.Repeat("x", 129), role: auth.Learner,
			wantField: "password", wantFieldError: "Use at most 128 characters.",
		},
		{
			name:  "bad email",
			email: "not-an-email", display: "Bad", password: goodPassword, role: auth.Learner,
			wantField: "email", wantFieldError: "Enter an email address like name@example.com.",
		},
		{
			name:  "no name",
			email: "noname@example.com", display: "  ", password: goodPassword, role: auth.Learner,
			wantField: "display_name", wantFieldError: "Enter your name.",
		},
		{
			name:  "unknown role",
			email: "root@example.com", display: "Root", password: goodPassword, role: "root",
			wantField: "role", wantFieldError: "Choose learner, instructor or admin.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.Create(ctx, tt.email, tt.display, tt.password, tt.role)
			if tt.wantErr != nil || tt.wantField != "" {
				field, msg := inputErr(err)
				if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
					t.Fatalf("Create error = %v, want %v", err, tt.wantErr)
				}
				if tt.wantField != "" && (field != tt.wantField || msg != tt.wantFieldError) {
					t.Fatalf("Create error = %q on %q, want %q on %q", msg, field, tt.wantFieldError, tt.wantField)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, ignoreTimes, cmpopts.IgnoreFields(auth.User{}, "ID")); diff != "" {
				t.Errorf("created user (-want +got):\n%s", diff)
			}
			if got.ID == 0 || got.CreatedAt.IsZero() {
				t.Errorf("created user has ID %d and CreatedAt %v, want both set", got.ID, got.CreatedAt)
			}
		})
	}

	// The first user and the two good cases; no failed case wrote a row.
	var n int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM users").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Errorf("users table holds %d rows, want 3", n)
	}
}

func TestCreateStoresArgon2idHash(t *testing.T) {
	t.Parallel()
	s, pool := newStore(t)
	ctx := context.Background()
	a := mustCreate(t, s, "a@example.com", "A", auth.Learner)
	b := mustCreate(t, s, "b@example.com", "B", auth.Learner)

	hashes := map[int64]string{}
	for _, id := range []int64{a.ID, b.ID} {
		var h string
		if err := pool.QueryRow(ctx, "SELECT password_hash FROM users WHERE id = $1", id).Scan(&h); err != nil {
			t.Fatal(err)
		}
		hashes[id] = h
	}
	for id, h := range hashes {
		// OWASP's parameters: 19 MiB, two passes, one lane.
		if want := "$argon2id$v=19$m=19456,t=2,p=1$"; !strings.HasPrefix(h, want) {
			t.Errorf("user %d hash = %q, want prefix %q", id, h, want)
		}
		if strings.Contains(h, goodPassword) {
			t.Errorf("user %d hash %q contains the password", id, h)
		}
	}
	if hashes[a.ID] == hashes[b.ID] {
		t.Errorf("two users with the same password have the same hash %q: salts are not random", hashes[a.ID])
	}
}

func TestAuthenticate(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ada := mustCreate(t, s, "ada@example.com", "Ada", auth.Admin)

	tests := []struct {
		name, email, password string
		wantErr               error
	}{
		{"right password", "ada@example.com", goodPassword, nil},
		{"email in another case with spaces", " ADA@example.com ", goodPassword, nil},
		{"wrong password", "ada@example.com", goodPassword + "!", auth.ErrBadCredentials},
		{"password in another case", "ada@example.com", strings.ToUpper(goodPassword), auth.ErrBadCredentials},
		{"empty password", "ada@example.com", "", auth.ErrBadCredentials},
		{"unknown email", "grace@example.com", goodPassword, auth.ErrBadCredentials},
		{"malformed email", "ada", goodPassword, auth.ErrBadCredentials},
		{"empty email", "", goodPassword, auth.ErrBadCredentials},
		{"password longer than any stored", "ada@example.com", strings.Repeat("x", 10000), auth.ErrBadCredentials},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := s.Authenticate(context.Background(), tt.email, tt.password)
			if tt.wantErr != nil {
				// The same error value, so no caller can tell the cases apart.
				if err != tt.wantErr {
					t.Fatalf("Authenticate error = %v, want exactly %v", err, tt.wantErr)
				}
				if got != (auth.User{}) {
					t.Errorf("Authenticate returned %+v with its error, want the zero User", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(ada, got, cmpopts.EquateApproxTime(0)); diff != "" {
				t.Errorf("Authenticate (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLookups(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := context.Background()
	ada := mustCreate(t, s, "ada@example.com", "Ada", auth.Admin)
	grace := mustCreate(t, s, "grace@example.com", "Grace", auth.Learner)

	t.Run("ByID", func(t *testing.T) {
		t.Parallel()
		got, err := s.ByID(ctx, grace.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(grace, got, cmpopts.EquateApproxTime(0)); diff != "" {
			t.Errorf("ByID (-want +got):\n%s", diff)
		}
		if _, err := s.ByID(ctx, grace.ID+100); !errors.Is(err, postgres.ErrNotFound) {
			t.Errorf("ByID(unknown) error = %v, want ErrNotFound", err)
		}
	})
	t.Run("ByEmail", func(t *testing.T) {
		t.Parallel()
		got, err := s.ByEmail(ctx, "Ada@Example.com")
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != ada.ID {
			t.Errorf("ByEmail(Ada@Example.com) = user %d, want %d", got.ID, ada.ID)
		}
		for _, email := range []string{"nobody@example.com", "not an email"} {
			if _, err := s.ByEmail(ctx, email); !errors.Is(err, postgres.ErrNotFound) {
				t.Errorf("ByEmail(%q) error = %v, want ErrNotFound", email, err)
			}
		}
	})
	t.Run("List oldest first", func(t *testing.T) {
		t.Parallel()
		got, err := s.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]auth.User{ada, grace}, got, cmpopts.EquateApproxTime(0)); diff != "" {
			t.Errorf("List (-want +got):\n%s", diff)
		}
	})
}

func TestSetRole(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := context.Background()
	ada := mustCreate(t, s, "ada@example.com", "Ada", auth.Admin)
	grace := mustCreate(t, s, "grace@example.com", "Grace", auth.Learner)

	// Steps run in order, each from the state the last one left.
	steps := []struct {
		name      string
		id        int64
		role      auth.Role
		want      auth.Role // the user's stored role afterwards
		wantErr   error
		wantField string
	}{
		{"promote", grace.ID, auth.Instructor, auth.Instructor, nil, ""},
		{"second admin", grace.ID, auth.Admin, auth.Admin, nil, ""},
		{"unknown role changes nothing", grace.ID, "owner", auth.Admin, nil, "role"},
		{"admin steps down while another remains", grace.ID, auth.Learner, auth.Learner, nil, ""},
		{"only admin cannot step down", ada.ID, auth.Instructor, auth.Admin, auth.ErrLastAdmin, ""},
		{"only admin stays admin", ada.ID, auth.Admin, auth.Admin, nil, ""},
		{"unknown user", grace.ID + 100, auth.Admin, "", postgres.ErrNotFound, ""},
	}
	for _, st := range steps {
		got, err := s.SetRole(ctx, st.id, st.role)
		field, _ := inputErr(err)
		switch {
		case st.wantErr != nil:
			if !errors.Is(err, st.wantErr) {
				t.Errorf("%s: SetRole error = %v, want %v", st.name, err, st.wantErr)
			}
		case st.wantField != "":
			if field != st.wantField {
				t.Errorf("%s: SetRole error = %v, want an InputError on %s", st.name, err, st.wantField)
			}
		case err != nil || got.ID != st.id || got.Role != st.role:
			t.Errorf("%s: SetRole = %+v, %v; want user %d with role %s", st.name, got, err, st.id, st.role)
		}
		if st.want == "" {
			continue
		}
		stored, err := s.ByID(ctx, st.id)
		if err != nil {
			t.Fatal(err)
		}
		if stored.Role != st.want {
			t.Errorf("%s: stored role = %s, want %s", st.name, stored.Role, st.want)
		}
	}
}
