package auth_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestAccountFunction: the account auth_account reads for the lesson page
// is the account ByID reads, field for field; a missing one is ErrNotFound.
func TestAccountFunction(t *testing.T) {
	t.Parallel()
	s, pool := newStore(t)
	ctx := context.Background()
	u := mustCreate(t, s, "ivy@example.com", "Ivy", auth.Instructor)
	read := func(id int64) (auth.User, error) {
		var b []byte
		if err := pool.QueryRow(ctx, "SELECT (SELECT account FROM auth_account($1))", id).Scan(&b); err != nil {
			t.Fatal(err)
		}
		return auth.DecodeAccount(id, b)
	}
	got, err := read(u.ID)
	if err != nil {
		t.Fatal(err)
	}
	want, err := s.ByID(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("auth_account against ByID (-want +got):\n%s", diff)
	}
	if _, err := read(u.ID + 1000); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("a missing account: %v, want ErrNotFound", err)
	}
}
