// Command practicum serves the Practicum site and administers its database
// and content. main only wires; the work starts in run.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if errors.Is(err, errHelpShown) {
		return // asked for help, and got it
	}
	if err != nil {
		var usage usageError
		if !errors.As(err, &usage) || usage.msg != "" {
			fmt.Fprintln(os.Stderr, "practicum:", err)
		}
		if errors.As(err, &usage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// errHelpShown: the user asked for a command's flags (-h), which were
// printed; not a failure.
var errHelpShown = errors.New("help shown")

// usageError is a mistake on the command line; it exits 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

const usage = `Usage: practicum <command> [flags]

Commands:
  serve     create and migrate the database if needed, import the shipped course
            when there is none, and serve the site
  migrate   apply database migrations (migrate status | up | down-to N)
  import    load courses from a directory of lesson files (import --check DIR
            validates them without a database)
  export    write a course's published lessons back as files
            (export --course SLUG DIR; importing DIR again is a no-op)
  user      create accounts and set roles (user add --email E --role R;
            user role --email E --role R)
  health    exit 0 when a running serve answers /readyz (for container
            healthchecks; health -url URL)

  grade     score answers to an exercise or probe from stdin, without a
            database (grade --item course/lesson/key [--jsonl] [--explain])
  calibrate score answers a person scored and report agreement
            (calibrate --item course/lesson/key --answers FILE [--json])

Run "practicum help <command>" (or "practicum <command> -h") for a
command's flags.
`

// commands are run's commands by name, each given what it uses.
var commands = map[string]func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error{
	"serve": func(ctx context.Context, args []string, _ io.Reader, _, stderr io.Writer) error {
		return runServe(ctx, args, stderr)
	},
	"migrate": func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return runMigrate(ctx, args, stdout, stderr)
	},
	"import": func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return runImport(ctx, args, stdout, stderr)
	},
	"export": func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return runExport(ctx, args, stdout, stderr)
	},
	"grade": runGrade,
	"calibrate": func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return runCalibrate(ctx, args, stdout, stderr)
	},
	"user": runUser,
	"health": func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return runHealth(ctx, args, stdout, stderr)
	},
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usageError{}
	}
	cmd, rest := args[0], args[1:]
	if runCmd, ok := commands[cmd]; ok {
		return runCmd(ctx, rest, stdin, stdout, stderr)
	}
	switch cmd {
	case "help", "-h", "-help", "--help":
		if len(rest) == 1 && commands[rest[0]] != nil {
			// "practicum help grade" is "practicum grade -h", on stdout:
			// it was asked for.
			return run(ctx, []string{rest[0], "-h"}, stdin, stdout, stdout)
		}
		if len(rest) > 0 {
			fmt.Fprint(stderr, usage)
			return usageError{fmt.Sprintf("no help for %q: not a command", strings.Join(rest, " "))}
		}
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return usageError{fmt.Sprintf("unknown command %q", cmd)}
}
