package postgres_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// TestEnsureDatabaseTakesPoolSettings: a database URL that sets the pool's
// size (which Open honours) creates its database as one without does, and
// a second call finds it there.
func TestEnsureDatabaseTakesPoolSettings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	name := fmt.Sprintf("practicum_ensure_%d", time.Now().UnixNano())
	dsn := withDatabase(pgtest.NewDSN(t), name) + " pool_max_conns=4"
	pool := pgtest.New(t)
	t.Cleanup(func() { _, _ = pool.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name) })
	for i, want := range []bool{true, false} {
		created, err := postgres.EnsureDatabase(ctx, dsn)
		if err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
		if created != want {
			t.Errorf("call %d: created %v, want %v", i+1, created, want)
		}
	}
}

// withDatabase is a keyword/value DSN naming database name instead.
func withDatabase(dsn, name string) string {
	fields := strings.Fields(dsn)
	for i, f := range fields {
		if strings.HasPrefix(f, "dbname=") {
			fields[i] = "dbname=" + name
		}
	}
	return strings.Join(fields, " ")
}
