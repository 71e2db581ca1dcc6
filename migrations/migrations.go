// Package migrations holds the database schema as SQL files, embedded in the
// binary, and applies them with goose.
package migrations

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed *.sql
var files embed.FS

// FS is the embedded migration files.
func FS() fs.FS { return files }

// Migrator applies the embedded migrations to one database.
type Migrator struct {
	db       *sql.DB
	provider *goose.Provider
}

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
	return &Migrator{db: db, provider: p}, nil
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
	return nil
}

// Up applies every pending migration, refusing when the schema is ahead.
func (m *Migrator) Up(ctx context.Context) ([]*goose.MigrationResult, error) {
	if err := m.Check(ctx); errors.Is(err, ErrSchemaAhead) {
		return nil, err
	}
	res, err := m.provider.Up(ctx)
	if err != nil {
		return res, fmt.Errorf("applying migrations: %w", err)
	}
	return res, nil
}

// DownTo rolls back to version.
func (m *Migrator) DownTo(ctx context.Context, version int64) ([]*goose.MigrationResult, error) {
	return m.provider.DownTo(ctx, version)
}

// Status lists every migration and whether it is applied.
func (m *Migrator) Status(ctx context.Context) ([]*goose.MigrationStatus, error) {
	return m.provider.Status(ctx)
}
