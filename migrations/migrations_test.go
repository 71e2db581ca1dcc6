package migrations_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/migrations"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

func TestCheckNamesTheCommand(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	m, err := migrations.New(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := m.Check(ctx); err != nil {
		t.Fatalf("a freshly migrated database: %v", err)
	}

	// A newer binary applied a migration this one does not know.
	if _, err := pool.Exec(ctx, "INSERT INTO goose_db_version (version_id, is_applied) VALUES ($1, true)", m.Latest()+1); err != nil {
		t.Fatal(err)
	}
	err = m.Check(ctx)
	if !errors.Is(err, migrations.ErrSchemaAhead) || !strings.Contains(err.Error(), "practicum migrate down-to") {
		t.Errorf("schema ahead: err = %v, want ErrSchemaAhead naming `practicum migrate down-to`", err)
	}
	if _, err := m.Up(ctx); !errors.Is(err, migrations.ErrSchemaAhead) {
		t.Errorf("Up on a schema ahead: err = %v, want a refusal", err)
	}
}

func TestCheckWhenBehind(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	m, err := migrations.New(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if _, err := m.DownTo(ctx, 0); err != nil {
		t.Fatal(err)
	}
	err = m.Check(ctx)
	if !errors.Is(err, migrations.ErrSchemaBehind) || !strings.Contains(err.Error(), "practicum migrate up") {
		t.Errorf("schema behind: err = %v, want ErrSchemaBehind naming `practicum migrate up`", err)
	}
	if _, err := m.Up(ctx); err != nil {
		t.Fatalf("migrating back up: %v", err)
	}
}

// TestRiverTablesComeWithOurs: migrating applies River's job tables too,
// and a database whose River schema is behind is refused like ours.
func TestRiverTablesComeWithOurs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	m, err := migrations.New(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	var jobs bool
	if err := pool.QueryRow(ctx, "SELECT to_regclass('river_job') IS NOT NULL").Scan(&jobs); err != nil || !jobs {
		t.Fatalf("river_job after migrating: exists = %v, err = %v", jobs, err)
	}
	st, err := m.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if last := st[len(st)-1]; !strings.HasPrefix(last.Name, "river ") || !last.Applied {
		t.Errorf("status ends with %+v, want River's latest migration, applied", last)
	}
	if _, err := pool.Exec(ctx, "DELETE FROM river_migration WHERE version = $1", migrations.RiverLatest()); err != nil {
		t.Fatal(err)
	}
	err = m.Check(ctx)
	if !errors.Is(err, migrations.ErrSchemaBehind) || !strings.Contains(err.Error(), "River") || !strings.Contains(err.Error(), "practicum migrate up") {
		t.Errorf("River's schema behind: err = %v, want ErrSchemaBehind naming River and `practicum migrate up`", err)
	}
}
