package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/web/auth"
)

// runUserPassword sets an account's password from standard input (or
// generates one), through the same strength check as the site, and ends
// the account's sessions: the operator's way back in for a locked-out
// admin, and for anyone whose password may have leaked.
func runUserPassword(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newUserFlagSet("password", stderr)
	email := fs.String("email", "", "the account's email address (required)")
	dbURL := databaseFlag(fs)
	if err := parseUserFlags(fs, args); err != nil {
		return err
	}
	if *email == "" {
		return usageError{"user password needs --email"}
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
	u, err := accountByEmail(ctx, store, *email)
	if err != nil {
		return err
	}
	err = store.SetPassword(ctx, u.ID, password)
	var input *auth.InputError
	if errors.As(err, &input) {
		return inputProblem(input)
	}
	if err != nil {
		return err
	}
	securityEvent(stderr, "password changed", u.ID)
	fmt.Fprintf(stdout, "set a new password for %s; every session of it has ended\n", u.Email)
	if generated {
		fmt.Fprintf(stdout, "password (shown only this once; store it now): %s\n", password)
	}
	return nil
}

// runUserDisable disables (action "disable") or enables an account.
func runUserDisable(ctx context.Context, action string, args []string, stdout, stderr io.Writer) error {
	fs := newUserFlagSet(action, stderr)
	email := fs.String("email", "", "the account's email address (required)")
	dbURL := databaseFlag(fs)
	if err := parseUserFlags(fs, args); err != nil {
		return err
	}
	if *email == "" {
		return usageError{"user " + action + " needs --email"}
	}
	store, closeDB, err := openUsers(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer closeDB()
	before, err := accountByEmail(ctx, store, *email)
	if err != nil {
		return err
	}
	disable := action == "disable"
	u, err := store.SetDisabled(ctx, before.ID, disable)
	if errors.Is(err, auth.ErrLastAdmin) {
		return fmt.Errorf("%s is the only enabled admin; make another user an admin first", before.Email)
	}
	if err != nil {
		return err
	}
	switch {
	case before.Disabled == u.Disabled:
		fmt.Fprintf(stdout, "%s is already %sd\n", u.Email, action)
	case disable:
		securityEvent(stderr, "account disabled", u.ID)
		fmt.Fprintf(stdout, "%s is disabled: signed out everywhere, and cannot sign in until enabled\n", u.Email)
	default:
		securityEvent(stderr, "account enabled", u.ID)
		fmt.Fprintf(stdout, "%s is enabled\n", u.Email)
	}
	return nil
}

func accountByEmail(ctx context.Context, store *auth.Store, email string) (auth.User, error) {
	u, err := store.ByEmail(ctx, email)
	if errors.Is(err, postgres.ErrNotFound) {
		return auth.User{}, fmt.Errorf("no account has email %s", strings.ToLower(strings.TrimSpace(email)))
	}
	return u, err
}

// securityEvent logs a change made from the command line the way the
// site logs its own (web's securityEvent): at warn, security=true, with
// the account id, and "cli" where the site names the client's address.
func securityEvent(stderr io.Writer, msg string, userID int64) {
	slog.New(slog.NewTextHandler(stderr, nil)).Warn(msg,
		slog.Bool("security", true), slog.String("client", "cli"), slog.Int64("user_id", userID))
}
