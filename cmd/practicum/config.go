package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"os"
	"strings"
	"time"
)

// defaultDatabaseURL leaves host, port and user to libpq's rules (PGHOST,
// PGUSER, the Unix socket, the OS user), the way psql finds a server.
const defaultDatabaseURL = "dbname=practicum"

func envOr(key, fallback string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return fallback
}

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("practicum "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseFlags turns -h into a clean exit and a bad flag into a usage error.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelpShown
		}
		return usageError{err.Error()}
	}
	return nil
}

// refuseArguments is for commands that take flags only: an argument they
// would ignore is refused, so that a flag written after it ("grade X
// --explain") or an answer typed as an argument is not silently lost.
func refuseArguments(fs *flag.FlagSet) error {
	if fs.NArg() == 0 {
		return nil
	}
	msg := fmt.Sprintf("unexpected argument %q", fs.Arg(0))
	for _, a := range fs.Args() {
		if strings.HasPrefix(a, "-") {
			msg += fmt.Sprintf(" (flags go before arguments: %q was read as an argument)", a)
			break
		}
	}
	return usageError{msg}
}

func databaseFlag(fs *flag.FlagSet) *string {
	return fs.String("database-url", envOr("DATABASE_URL", defaultDatabaseURL),
		"Postgres connection string or URL (env DATABASE_URL)")
}

// durationFlag is a duration flag whose default is env's value when set,
// such as "45m" or "8h"; a malformed env value is a usage error.
func durationFlag(fs *flag.FlagSet, name, env string, fallback time.Duration, usage string) (*time.Duration, error) {
	if v := envOr(env, ""); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return nil, usageError{fmt.Sprintf("%s=%q: use a duration such as 30m or 12h", env, v)}
		}
		fallback = d
	}
	return fs.Duration(name, fallback, usage+" (env "+env+")"), nil
}

type logFlags struct{ level, format *string }

func addLogFlags(fs *flag.FlagSet) logFlags {
	return logFlags{
		level:  fs.String("log-level", envOr("LOG_LEVEL", "info"), "debug, info, warn or error (env LOG_LEVEL)"),
		format: fs.String("log-format", envOr("LOG_FORMAT", "text"), "text or json (env LOG_FORMAT)"),
	}
}

func (f logFlags) logger(w io.Writer) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(*f.level)); err != nil {
		return nil, usageError{fmt.Sprintf("log level %q: use debug, info, warn or error", *f.level)}
	}
	opts := &slog.HandlerOptions{Level: level}
	switch strings.ToLower(*f.format) {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, usageError{fmt.Sprintf("log format %q: use text or json", *f.format)}
}

// parseCIDRs reads a comma-separated list of CIDRs, such as
// "10.0.0.0/8, 2001:db8::/32"; a bare address stands for itself alone.
func parseCIDRs(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for f := range strings.SplitSeq(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if a, err := netip.ParseAddr(f); err == nil {
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not a CIDR such as 10.0.0.0/8 or an address", f)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}
