// Package pgtest gives each test its own Postgres database, cloned from a
// template that the migrations ran into once. The server comes from
// TEST_DATABASE_URL (default: the local server, found the way psql finds
// it). With no reachable server, tests skip loudly, and fail when CI is set.
//
// Cloning a database and dropping one wait on the disk far longer than
// they use the CPU, so both happen off the tests' path: a few clones are
// kept ready ahead of the tests that will take them, and a finished test's
// database is dropped after it, in the background. The spares nobody took
// and the drops still queued when a test process exits are dropped by the
// next one to start: each process holds an advisory lock for as long as it
// runs, so a database whose owner's lock is free is known to be abandoned.
package pgtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

const (
	// templateLock serialises template builds across test processes.
	templateLock = 727274
	// ownerLock, with a process's run id as the second key, is held by that
	// process while it runs (two-key advisory locks are a separate space
	// from templateLock's one-key lock).
	ownerLock = 727275
	// prefix names the databases this package clones:
	// practicum_t_<run id>_<n>.
	prefix = "practicum_t_"
)

var (
	setupOnce sync.Once
	admin     *pgxpool.Pool
	owner     *pgx.Conn // holds ownerLock for runID until the process exits
	template  string
	setupErr  error
	runID     = rand.Int32()
	counter   atomic.Int64
	// spares receives databases cloned ahead of need, one for each test
	// that may run at once (go test's -parallel default); each one taken
	// starts another clone.
	spares chan clone
	ahead  = min(max(runtime.GOMAXPROCS(0), 2), 8)
	// drops receives the databases of finished tests (dropFinished).
	drops chan string
)

type clone struct {
	name string
	err  error
}

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
	c := <-spares
	go cloneTemplate()
	if c.err != nil {
		t.Fatalf("pgtest: cloning %s: %v", template, c.err)
	}
	t.Cleanup(func() { drops <- c.name })
	cfg, err := pgx.ParseConfig(serverDSN())
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return fmt.Sprintf("host=%s port=%d user=%s dbname=%s", cfg.Host, cfg.Port, cfg.User, c.name) + password(cfg)
}

// cloneTemplate creates a database from the template and hands it to the
// next test that asks. Its commits do not wait for the WAL to reach the
// disk (synchronous_commit off, for this database only): what one commits
// is visible to every other connection at once as before, and only a
// crash of the server, which no test causes, could lose the last few.
// Waiting cost about a millisecond a commit, and tests commit a lot.
func cloneTemplate() {
	name := fmt.Sprintf("%s%d_%d", prefix, runID, counter.Add(1))
	_, err := admin.Exec(context.Background(), fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, template))
	if err == nil {
		_, err = admin.Exec(context.Background(), "ALTER DATABASE "+name+" SET synchronous_commit = off")
	}
	spares <- clone{name, err}
}

// dropFinished drops the databases of finished tests, one at a time. A test
// does not wait for its own: DROP DATABASE forces a checkpoint, which on a
// busy machine took a third of a second of every test's time. The queue
// is short, so a test waits only when drops fall behind; what is still
// queued when the process exits is dropped by the next one (sweep).
func dropFinished() {
	for name := range drops {
		if err := drop(name); err != nil {
			fmt.Fprintf(os.Stderr, "pgtest: %v (the next test run drops it)\n", err)
		}
	}
}

// drop removes a database this package cloned.
func drop(name string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		return fmt.Errorf("dropping %s: %w", name, err)
	}
	return nil
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
	// Own the run id before making any database named for it.
	owner, setupErr = pgx.ConnectConfig(ctx, admin.Config().ConnConfig.Copy())
	if setupErr != nil {
		return
	}
	if _, setupErr = owner.Exec(ctx, "SELECT pg_advisory_lock($1, $2)", ownerLock, runID); setupErr != nil {
		return
	}
	template, setupErr = migrationTemplate(ctx)
	if setupErr != nil {
		return
	}
	spares = make(chan clone, ahead)
	for range ahead {
		go cloneTemplate()
	}
	drops = make(chan string, 2*ahead)
	go dropFinished()
	go sweep()
}

// sweep drops the databases of test processes that have exited.
func sweep() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	rows, err := admin.Query(ctx, `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, prefix)
	if err != nil {
		return
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return
	}
	byRun := map[int32][]string{}
	for _, name := range names {
		id, _, ok := strings.Cut(strings.TrimPrefix(name, prefix), "_")
		if n, err := strconv.ParseInt(id, 10, 32); ok && err == nil && int32(n) != runID {
			byRun[int32(n)] = append(byRun[int32(n)], name)
		}
	}
	if len(byRun) == 0 {
		return
	}
	conn, err := admin.Acquire(ctx)
	if err != nil {
		return
	}
	defer conn.Release()
	for id, names := range byRun {
		var abandoned bool
		if err := conn.QueryRow(ctx, "SELECT pg_try_advisory_lock($1, $2)", ownerLock, id).Scan(&abandoned); err != nil || !abandoned {
			continue
		}
		for _, name := range names {
			drop(name) //nolint:errcheck // the next sweep tries again
		}
		conn.Exec(ctx, "SELECT pg_advisory_unlock($1, $2)", ownerLock, id) //nolint:errcheck
	}
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
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", templateLock); err != nil {
		return "", err
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", templateLock) //nolint:errcheck
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
	// River's tables are part of the template too.
	fmt.Fprintf(h, "river\x00%d\x00", migrations.RiverLatest())
	return hex.EncodeToString(h.Sum(nil))[:16], err
}
