package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/web/auth"
)

const userUsage = `Usage:
  practicum user add --email EMAIL [--role ROLE] [--name NAME] [flags]
  practicum user role --email EMAIL --role ROLE [flags]
  practicum user password --email EMAIL [flags]
  practicum user disable --email EMAIL [flags]
  practicum user enable --email EMAIL [flags]

add creates an account. Its password is the first line of standard input;
when standard input is a terminal or empty, a strong password is generated
and printed once. role changes an existing account's role. ROLE is learner,
instructor or admin. password sets a new password, read (or generated) the
same way, and signs the account out everywhere. disable signs the account
out everywhere and refuses its sign-ins until enable.
`

func runUser(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, userUsage)
		return usageError{"user needs an action: " + userActions}
	}
	switch args[0] {
	case "add":
		return runUserAdd(ctx, args[1:], stdin, stdout, stderr)
	case "role":
		return runUserRole(ctx, args[1:], stdout, stderr)
	case "password":
		return runUserPassword(ctx, args[1:], stdin, stdout, stderr)
	case "disable", "enable":
		return runUserDisable(ctx, args[0], args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, userUsage)
		return nil
	}
	fmt.Fprint(stderr, userUsage)
	return usageError{fmt.Sprintf("unknown user action %q: use %s", args[0], userActions)}
}

const userActions = "add, role, password, disable or enable"

func runUserAdd(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newUserFlagSet("add", stderr)
	email := fs.String("email", "", "the account's email address (required)")
	roleName := fs.String("role", string(auth.Learner), "learner, instructor or admin")
	name := fs.String("name", "", "display name (default: the part of the email before @)")
	dbURL := databaseFlag(fs)
	if err := parseUserFlags(fs, args); err != nil {
		return err
	}
	if *email == "" {
		return usageError{"user add needs --email"}
	}
	role, err := parseRoleFlag(*roleName)
	if err != nil {
		return err
	}
	if *name == "" {
		*name, _, _ = strings.Cut(strings.TrimSpace(*email), "@")
	}
	password, generated, err := readPassword(stdin)
	if err != nil {
		return err
	}

	store, closeDB, err := openUsers(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer closeDB()
	u, err := store.Create(ctx, *email, *name, password, role)
	var input *auth.InputError
	switch {
	case errors.Is(err, auth.ErrEmailTaken):
		return fmt.Errorf("an account with email %s already exists; to change its role, use: practicum user role --email %s --role ROLE",
			strings.ToLower(strings.TrimSpace(*email)), strings.ToLower(strings.TrimSpace(*email)))
	case errors.As(err, &input):
		return inputProblem(input)
	case err != nil:
		return err
	}
	fmt.Fprintf(stdout, "created %s %s (%s), user %d\n", u.Role, u.Email, u.DisplayName, u.ID)
	if generated {
		fmt.Fprintf(stdout, "password (shown only this once; store it now): %s\n", password)
	}
	return nil
}

func runUserRole(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newUserFlagSet("role", stderr)
	email := fs.String("email", "", "the account's email address (required)")
	roleName := fs.String("role", "", "learner, instructor or admin (required)")
	dbURL := databaseFlag(fs)
	if err := parseUserFlags(fs, args); err != nil {
		return err
	}
	if *email == "" || *roleName == "" {
		return usageError{"user role needs --email and --role"}
	}
	role, err := parseRoleFlag(*roleName)
	if err != nil {
		return err
	}

	store, closeDB, err := openUsers(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer closeDB()
	before, err := store.ByEmail(ctx, *email)
	if errors.Is(err, postgres.ErrNotFound) {
		return fmt.Errorf("no account has email %s", strings.ToLower(strings.TrimSpace(*email)))
	}
	if err != nil {
		return err
	}
	u, err := store.SetRole(ctx, before.ID, role)
	if errors.Is(err, auth.ErrLastAdmin) {
		return fmt.Errorf("%s is the only admin; make another user an admin first", before.Email)
	}
	if err != nil {
		return err
	}
	if before.Role == u.Role {
		fmt.Fprintf(stdout, "%s is already %s\n", u.Email, u.Role)
		return nil
	}
	fmt.Fprintf(stdout, "%s is now %s (was %s)\n", u.Email, u.Role, before.Role)
	return nil
}

func newUserFlagSet(action string, stderr io.Writer) *flag.FlagSet {
	fs := newFlagSet("user "+action, stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, userUsage, "\nFlags:\n")
		fs.PrintDefaults()
	}
	return fs
}

// parseUserFlags also refuses stray arguments, which are usually a flag
// whose value was forgotten.
func parseUserFlags(fs *flag.FlagSet, args []string) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	return nil
}

func parseRoleFlag(s string) (auth.Role, error) {
	role, err := auth.ParseRole(s)
	if err != nil {
		return "", usageError{fmt.Sprintf("role %q: use learner, instructor or admin", s)}
	}
	return role, nil
}

// inputProblem words a validation message for the command line.
func inputProblem(e *auth.InputError) error {
	source := map[string]string{"email": "--email", "display_name": "--name", "password": "the password"}[e.Field]
	return fmt.Errorf("%s: %s", source, e.Msg)
}

func openUsers(ctx context.Context, dsn string) (*auth.Store, func(), error) {
	pool, err := postgres.Open(ctx, dsn)
	if err != nil {
		return nil, nil, err
	}
	if err := checkSchema(ctx, pool); err != nil {
		pool.Close()
		return nil, nil, err
	}
	return auth.NewStore(pool), pool.Close, nil
}

// maxPasswordInput bounds what is read from standard input: the longest
// password allowed, in any script, plus its line ending. A longer line is
// cut, but what remains is still too long and is refused.
const maxPasswordInput = auth.MaxPasswordLen*4 + 2

// readPassword takes the password from the first line of stdin. A terminal
// is not read, so that a password typed there is never echoed; then, and
// when stdin is empty, it generates one instead.
func readPassword(stdin io.Reader) (password string, generated bool, err error) {
	if f, ok := stdin.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode()&os.ModeCharDevice != 0 {
			return generatePassword(), true, nil
		}
	}
	line, err := bufio.NewReader(io.LimitReader(stdin, maxPasswordInput)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", false, fmt.Errorf("reading the password from standard input: %w", err)
	}
	// Only the line ending is trimmed: spaces may be part of a password.
	line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	if line == "" {
		return generatePassword(), true, nil
	}
	return line, false, nil
}

// generatePassword returns 26 random base32 characters: 130 bits, far
// beyond guessing, and easy to copy since it has no punctuation.
func generatePassword() string { return rand.Text() }
