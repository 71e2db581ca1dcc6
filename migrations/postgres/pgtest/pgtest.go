// Package pgtest gives each test its own Postgres database, cloned from a
// template that the migrations ran into once. The server comes from
// TEST_DATABASE_URL (default: the local server, found the way psql finds
// it). With no reachable server, tests skip loudly, and fail when CI is set.
package pgtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

var (
	setupOnce sync.Once
	admin     *pgxpool.Pool
	template  string
	setupErr  error
	counter   atomic.Int64
)

func serverDSN() string {
	if v := os.Getenv("TEST_DATABASE_URL"); v != "" {
		return v
	}
	return "dbname=postgres"
}

// New returns a pool on a fresh, migrated database of the test's own,
// dropped when the test ends.
func New(t testing.TB) *pgxpool.Pool {
	t.Helper()
	dsn := NewDSN(t)
	pool, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// NewDSN creates a fresh, migrated database and returns its connection
// string, for tests that start a server process of their own.
func NewDSN(t testing.TB) string {
	t.Helper()
	setupOnce.Do(setup)
	if setupErr != nil {
		msg := fmt.Sprintf("\n\n*** NO POSTGRES: %v\n*** Database tests need a server; set TEST_DATABASE_URL or start one (see README).\n\n", setupErr)
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	ctx := context.Background()
	name := fmt.Sprintf("practicum_test_%d_%d", os.Getpid(), counter.Add(1))
	if _, err := admin.Exec(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, template)); err != nil {
		t.Fatalf("pgtest: cloning %s: %v", template, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: dropping %s: %v", name, err)
		}
	})
	cfg, err := pgx.ParseConfig(serverDSN())
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return fmt.Sprintf("host=%s port=%d user=%s dbname=%s", cfg.Host, cfg.Port, cfg.User, name) + password(cfg)
}

func password(cfg *pgx.ConnConfig) string {
	if cfg.Password == "" {
		return ""
	}
	return " password=" + cfg.Password
}

func setup() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	admin, setupErr = postgres.Open(ctx, serverDSN())
	if setupErr != nil {
		return
	}
	template, setupErr = migrationTemplate(ctx)
}

// migrationTemplate builds the template once per set of migrations; test
// binaries run in parallel, so an advisory lock makes them take turns.
func migrationTemplate(ctx context.Context) (string, error) {
	sum, err := migrationsHash()
	if err != nil {
		return "", err
	}
	name := "practicum_tmpl_" + sum
	conn, err := admin.Acquire(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(727274)"); err != nil {
		return "", err
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(727274)") //nolint:errcheck
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	build := name + "_build"
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+build+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+build); err != nil {
		return "", err
	}
	cfg := admin.Config().ConnConfig
	dsn := fmt.Sprintf("host=%s port=%d user=%s dbname=%s", cfg.Host, cfg.Port, cfg.User, build) + password(cfg)
	if err := migrate(ctx, dsn); err != nil {
		return "", fmt.Errorf("migrating the template: %w", err)
	}
	// Renaming only when complete means no test ever clones a half-built one.
	if _, err := conn.Exec(ctx, "ALTER DATABASE "+build+" RENAME TO "+name); err != nil {
		return "", err
	}
	return name, nil
}

func migrate(ctx context.Context, dsn string) error {
	pool, err := postgres.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer pool.Close()
	m, err := migrations.New(pool, nil)
	if err != nil {
		return err
	}
	defer m.Close()
	_, err = m.Up(ctx)
	return err
}

func migrationsHash() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS(), p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%s\x00", p, b)
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:16], err
}
