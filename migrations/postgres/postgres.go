// Package postgres opens the Postgres pool, creates the database when it is
// missing, and runs transactions. Every store uses its InTx and ErrNotFound.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrNotFound is the one sentinel every store returns for a missing row.
var ErrNotFound = errors.New("not found")

// Open connects a pool to dsn and pings it.
func Open(ctx context.Context, dsn string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("parsing database URL: %w", err)
	}
	// pgx defaults to max(4, CPUs) connections, which starves a busy server
	// on a small machine; a pool_max_conns in the URL still wins.
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = 16
	}
	cfg.MaxConnIdleTime = 5 * time.Minute
	cfg.ConnConfig.ConnectTimeout = 5 * time.Second
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", describe(cfg.ConnConfig), err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connecting to %s: %w", describe(cfg.ConnConfig), err)
	}
	return pool, nil
}

func describe(c *pgx.ConnConfig) string {
	return fmt.Sprintf("database %q on %s:%d as %q", c.Database, c.Host, c.Port, c.User)
}

// EnsureDatabase creates the database dsn names when it does not exist, by
// connecting to the server's "postgres" database as the same user.
func EnsureDatabase(ctx context.Context, dsn string) (created bool, err error) {
	// Parsed as the pool parses it, so that pool settings in the URL
	// (pool_max_conns, which Open honours) are not sent to the server as
	// run-time parameters, which it refuses.
	poolCfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return false, fmt.Errorf("parsing database URL: %w", err)
	}
	cfg := poolCfg.ConnConfig
	name := cfg.Database
	if name == "" {
		return false, errors.New("the database URL names no database")
	}
	cfg.Database = "postgres"
	cfg.ConnectTimeout = 5 * time.Second
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return false, fmt.Errorf("connecting to %s to create %q: %w", describe(cfg), name, err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return false, fmt.Errorf("looking for database %q: %w", name, err)
	}
	if exists {
		return false, nil
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "42P04" { // another process won the race
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("creating database %q: %w", name, err)
	}
	return true, nil
}

// Querier is what both a pool and a transaction offer.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// InTx runs fn in one transaction: committed when fn returns nil, rolled
// back otherwise. Anything that writes more than one row goes through here.
func InTx(ctx context.Context, pool *pgxpool.Pool, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, fn)
}
