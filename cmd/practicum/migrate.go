package main

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

func runMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("migrate", stderr)
	dbURL := databaseFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: practicum migrate [flags] [up | status | down-to VERSION]\n\nCreates the database if it is missing, then applies (up, the default), lists or rolls back migrations. Flags:")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	action := "up"
	if fs.NArg() > 0 {
		action = fs.Arg(0)
	}
	if _, err := postgres.EnsureDatabase(ctx, *dbURL); err != nil {
		return err
	}
	pool, err := postgres.Open(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	m, err := migrations.New(pool, nil)
	if err != nil {
		return err
	}
	defer m.Close()
	switch action {
	case "up":
		res, err := m.Up(ctx)
		for _, r := range res {
			fmt.Fprintf(stdout, "applied %s (%s)\n", r.Name, r.Duration.Round(1e6))
		}
		if err != nil {
			return err
		}
		v, err := m.Version(ctx)
		fmt.Fprintf(stdout, "schema is at version %d\n", v)
		return err
	case "status":
		st, err := m.Status(ctx)
		if err != nil {
			return err
		}
		for _, s := range st {
			when := "pending"
			switch {
			case !s.AppliedAt.IsZero():
				when = "applied " + s.AppliedAt.Format("2006-01-02 15:04:05")
			case s.Applied:
				when = "applied"
			}
			fmt.Fprintf(stdout, "%-30s %s\n", s.Name, when)
		}
		return nil
	case "down-to":
		if fs.NArg() != 2 {
			return usageError{"down-to needs a version number"}
		}
		v, err := strconv.ParseInt(fs.Arg(1), 10, 64)
		if err != nil {
			return usageError{fmt.Sprintf("version %q is not a number", fs.Arg(1))}
		}
		res, err := m.DownTo(ctx, v)
		for _, r := range res {
			fmt.Fprintf(stdout, "rolled back %s\n", r.Source.Path)
		}
		return err
	}
	return usageError{fmt.Sprintf("unknown migrate action %q: use up, status or down-to", action)}
}

// checkSchema refuses to work on a database whose schema differs from the
// binary's, naming the command that fixes it.
func checkSchema(ctx context.Context, pool *pgxpool.Pool) error {
	m, err := migrations.New(pool, nil)
	if err != nil {
		return err
	}
	defer m.Close()
	return m.Check(ctx)
}
