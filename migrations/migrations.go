// Package migrations holds the database schema as SQL files, embedded in the
// binary, and applies them with goose; River's own tables (the background
// job queue) are applied after them by River's migrator, so every command
// that migrates — serve, migrate, the tests' template — gets both.
package migrations

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

//go:embed *.sql
var files embed.FS

// FS is the embedded migration files.
func FS() fs.FS { return files }

// Migrator applies the embedded migrations, then River's, to one database.
type Migrator struct {
	pool     *pgxpool.Pool
	db       *sql.DB
	provider *goose.Provider
	river    *rivermigrate.Migrator[pgx.Tx]
}

// riverLock makes concurrent starts take turns at River's migrations, as
// goose's session lock does at ours.
const riverLock = 727276

// New prepares a migrator on pool. Close it when done; the pool stays open.
func New(pool *pgxpool.Pool, log *slog.Logger) (*Migrator, error) {
	// A session lock makes concurrent "practicum serve" starts take turns.
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return nil, err
	}
	db := stdlib.OpenDBFromPool(pool)
	opts := []goose.ProviderOption{goose.WithSessionLocker(locker)}
	if log != nil {
		opts = append(opts, goose.WithSlog(log))
	}
	p, err := goose.NewProvider(goose.DialectPostgres, db, files, opts...)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("loading migrations: %w", err)
	}
	riverLog := log
	if riverLog == nil {
		riverLog = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	rm, err := rivermigrate.New(riverpgxv5.New(pool), &rivermigrate.Config{Logger: riverLog})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("loading River's migrations: %w", err)
	}
	return &Migrator{pool: pool, db: db, provider: p, river: rm}, nil
}

// RiverLatest is the newest version of River's schema this binary knows;
// the tests' template is rebuilt when it changes.
func RiverLatest() int {
	rm, err := rivermigrate.New(riverpgxv5.New(nil), &rivermigrate.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		panic(err) // River's own embedded migrations: a build problem
	}
	all := rm.AllVersions()
	return all[len(all)-1].Version
}

func (m *Migrator) Close() error { return m.db.Close() }

// Latest is the newest version this binary knows.
func (m *Migrator) Latest() int64 {
	src := m.provider.ListSources()
	return src[len(src)-1].Version
}

// Version is the database's schema version, 0 for an empty database.
func (m *Migrator) Version(ctx context.Context) (int64, error) {
	v, err := m.provider.GetDBVersion(ctx)
	if err != nil {
		return 0, fmt.Errorf("reading schema version: %w", err)
	}
	return v, nil
}

// ErrSchemaAhead means the database was migrated by a newer binary.
var ErrSchemaAhead = errors.New("database schema is newer than this binary")

// ErrSchemaBehind means migrations are pending.
var ErrSchemaBehind = errors.New("database schema is older than this binary")

// Check compares the database's schema with this binary's migrations and
// says which command fixes a mismatch.
func (m *Migrator) Check(ctx context.Context) error {
	v, err := m.Version(ctx)
	if err != nil {
		return err
	}
	switch latest := m.Latest(); {
	case v > latest:
		return fmt.Errorf("%w: the database is at version %d and this binary knows up to %d; deploy the newer practicum binary, or roll the schema back with that binary's `practicum migrate down-to %d`", ErrSchemaAhead, v, latest, latest)
	case v < latest:
		return fmt.Errorf("%w: the database is at version %d and this binary needs %d; run `practicum migrate up`", ErrSchemaBehind, v, latest)
	}
	res, err := m.river.Validate(ctx, nil)
	if err != nil {
		return fmt.Errorf("reading River's schema version: %w", err)
	}
	if !res.OK {
		return fmt.Errorf("%w: River's job tables are not current (%v); run `practicum migrate up`", ErrSchemaBehind, res.Messages)
	}
	return nil
}

// Applied is one migration applied by Up: a file of ours, or one of
// River's versions.
type Applied struct {
	Name     string
	Duration time.Duration
}

// Up applies every pending migration, ours then River's, refusing when our
// schema is ahead.
func (m *Migrator) Up(ctx context.Context) ([]Applied, error) {
	if err := m.Check(ctx); errors.Is(err, ErrSchemaAhead) {
		return nil, err
	}
	res, err := m.provider.Up(ctx)
	var out []Applied
	for _, r := range res {
		out = append(out, Applied{Name: r.Source.Path, Duration: r.Duration})
	}
	if err != nil {
		return out, fmt.Errorf("applying migrations: %w", err)
	}
	river, err := m.riverUp(ctx)
	out = append(out, river...)
	return out, err
}

// riverUp applies River's pending migrations, one process at a time.
func (m *Migrator) riverUp(ctx context.Context) ([]Applied, error) {
	conn, err := m.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", riverLock); err != nil {
		return nil, fmt.Errorf("waiting for River's migrations: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", riverLock) //nolint:errcheck
	res, err := m.river.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return nil, fmt.Errorf("applying River's migrations: %w", err)
	}
	var out []Applied
	for _, v := range res.Versions {
		out = append(out, Applied{Name: fmt.Sprintf("river %03d %s", v.Version, v.Name), Duration: v.Duration})
	}
	return out, nil
}

// DownTo rolls back our migrations to version. River's tables stay: they
// hold the job queue, and nothing of ours refers to them.
func (m *Migrator) DownTo(ctx context.Context, version int64) ([]*goose.MigrationResult, error) {
	return m.provider.DownTo(ctx, version)
}

// Status is one migration and when it was applied (zero: pending; River's
// versions record no time, so an applied one has Applied set instead).
type Status struct {
	Name      string
	AppliedAt time.Time
	Applied   bool
}

// Status lists every migration, ours then River's, and whether it is
// applied.
func (m *Migrator) Status(ctx context.Context) ([]Status, error) {
	st, err := m.provider.Status(ctx)
	if err != nil {
		return nil, err
	}
	var out []Status
	for _, s := range st {
		out = append(out, Status{Name: s.Source.Path, AppliedAt: s.AppliedAt, Applied: s.State == goose.StateApplied})
	}
	existing, err := m.river.ExistingVersions(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading River's schema version: %w", err)
	}
	applied := map[int]bool{}
	for _, v := range existing {
		applied[v.Version] = true
	}
	for _, v := range m.river.AllVersions() {
		out = append(out, Status{Name: fmt.Sprintf("river %03d %s", v.Version, v.Name), Applied: applied[v.Version]})
	}
	return out, nil
}
