package auth

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// What an account's owner and its admins change about it. Every change
// that ends sessions does so in the transaction that makes it, so no
// session outlives the password or the account it was opened with.

// errWrongCurrentPassword is the answer to a wrong password where a form
// asks for the signed-in user's own password before a change.
func errWrongCurrentPassword(field string) error {
	return &InputError{Field: field, Msg: "That is not your current password."}
}

// CheckOwnPassword reports whether password is the account's own, as an
// *InputError on field when it is not: the forms that ask for it (change
// password, delete account, change a role) show it beside that field.
func (s *Store) CheckOwnPassword(ctx context.Context, id int64, password, field string) error {
	if password == "" {
		return &InputError{Field: field, Msg: "Enter your current password."}
	}
	_, err := s.verifyOwn(ctx, s.pool, id, password, field)
	return err
}

// verifyOwn reads the account (locking its row inside a transaction) and
// checks its password.
func (s *Store) verifyOwn(ctx context.Context, q postgres.Querier, id int64, password, field string) (User, error) {
	lock := ""
	if _, inTx := q.(pgx.Tx); inTx {
		lock = " FOR UPDATE"
	}
	var hash string
	u, err := scanUser(q.QueryRow(ctx, "SELECT "+userColumns+", password_hash FROM users WHERE id = $1"+lock, id), &hash)
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, fmt.Errorf("user %d: %w", id, postgres.ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("reading user %d: %w", id, err)
	}
	ok, err := verifyPassword(password, hash)
	if err != nil {
		return User{}, err
	}
	if !ok {
		return User{}, errWrongCurrentPassword(field)
	}
	return u, nil
}

// ChangePassword sets a new password after checking the current one, and
// ends every session of the account; the caller gives the session it is
// answering a new token (and so keeps it). A wrong current password is an
// *InputError on "current_password", a weak new one on "password".
func (s *Store) ChangePassword(ctx context.Context, id int64, current, next string) error {
	defer s.kept.forget(id)
	if current == "" {
		return &InputError{Field: "current_password", Msg: "Enter your current password."}
	}
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		u, err := s.verifyOwn(ctx, tx, id, current, "current_password")
		if err != nil {
			return err
		}
		return s.setPassword(ctx, tx, u, next)
	})
}

// SetPassword sets a new password without asking for the old one (the
// command line, run by an operator) and ends every session of the account.
func (s *Store) SetPassword(ctx context.Context, id int64, password string) error {
	defer s.kept.forget(id)
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		u, err := scanUser(tx.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = $1 FOR UPDATE", id))
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("user %d: %w", id, postgres.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("reading user %d: %w", id, err)
		}
		return s.setPassword(ctx, tx, u, password)
	})
}

// setPassword checks the new password's strength against the account's
// name and email, stores its hash and ends the account's sessions.
func (s *Store) setPassword(ctx context.Context, tx pgx.Tx, u User, password string) error {
	if err := CheckPassword(password, u.Email, u.DisplayName); err != nil {
		return err
	}
	hash, err := hashPassword(s.hash, password)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "UPDATE users SET password_hash = $2 WHERE id = $1", u.ID, hash); err != nil {
		return fmt.Errorf("setting the password of user %d: %w", u.ID, err)
	}
	return endSessions(ctx, tx, u.ID)
}

// UpdateProfile changes the account's name and email. A bad field is an
// *InputError; an email another account has is ErrEmailTaken.
func (s *Store) UpdateProfile(ctx context.Context, id int64, displayName, email string) (User, error) {
	email, errEmail := NormalizeEmail(email)
	displayName, errName := NormalizeDisplayName(displayName)
	if err := errors.Join(errName, errEmail); err != nil {
		return User{}, err
	}
	defer s.kept.forget(id)
	u, err := scanUser(s.pool.QueryRow(ctx,
		"UPDATE users SET display_name = $2, email = $3 WHERE id = $1 RETURNING "+userColumns, id, displayName, email))
	var pgErr *pgconn.PgError
	switch {
	case errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == "users_email_key":
		return User{}, ErrEmailTaken
	case errors.Is(err, pgx.ErrNoRows):
		return User{}, fmt.Errorf("user %d: %w", id, postgres.ErrNotFound)
	case err != nil:
		return User{}, fmt.Errorf("updating user %d: %w", id, err)
	}
	return u, nil
}

// EndSessions ends every session of the account ("Sign out everywhere")
// and returns how many there were.
func (s *Store) EndSessions(ctx context.Context, id int64) (int64, error) {
	defer s.kept.forget(id)
	tag, err := s.pool.Exec(ctx, "DELETE FROM sessions WHERE user_id = $1", id)
	if err != nil {
		return 0, fmt.Errorf("ending the sessions of user %d: %w", id, err)
	}
	return tag.RowsAffected(), nil
}

// dropUnusedResets ends the user's password-reset links not yet used: a
// disabled account keeps none, and a new link replaces the old.
func dropUnusedResets(ctx context.Context, q postgres.Querier, id int64) error {
	_, err := q.Exec(ctx, "DELETE FROM password_resets WHERE user_id = $1 AND used_at IS NULL", id)
	return err
}

func endSessions(ctx context.Context, q postgres.Querier, id int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM sessions WHERE user_id = $1", id); err != nil {
		return fmt.Errorf("ending the sessions of user %d: %w", id, err)
	}
	return nil
}

// SetDisabled disables or re-enables an account. Disabling ends its
// sessions and its unused password-reset links at once; it refuses with
// ErrLastAdmin to disable the only enabled admin.
func (s *Store) SetDisabled(ctx context.Context, id int64, disabled bool) (User, error) {
	defer s.kept.forget(id)
	var u User
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if disabled {
			if err := refuseLastAdmin(ctx, tx, id); err != nil {
				return err
			}
		}
		var err error
		u, err = scanUser(tx.QueryRow(ctx, `
			UPDATE users SET disabled_at = CASE WHEN $2 THEN coalesce(disabled_at, now()) END
			WHERE id = $1 RETURNING `+userColumns, id, disabled))
		if err != nil || !disabled {
			return err
		}
		if err := dropUnusedResets(ctx, tx, id); err != nil {
			return err
		}
		return endSessions(ctx, tx, id)
	})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return User{}, fmt.Errorf("user %d: %w", id, postgres.ErrNotFound)
	case errors.Is(err, ErrLastAdmin):
		return User{}, err
	case err != nil:
		return User{}, fmt.Errorf("disabling user %d: %w", id, err)
	}
	return u, nil
}

// DeleteAccount deletes the account after checking its password, in one
// transaction: its sessions, its sign-in failure counts and its row, and
// with the row (ON DELETE CASCADE, migrations 00003, 00004 and 00011) its
// checkpoint answers, written answers with their score histories, its
// review requests and password-reset links. Reviews it made of others'
// answers stay in those learners' histories with no reviewer named
// (ON DELETE SET NULL), as do lesson revisions and audit rows it wrote.
// A wrong password is an *InputError on "password"; the only enabled
// admin is refused with ErrLastAdmin.
func (s *Store) DeleteAccount(ctx context.Context, id int64, password string) (User, error) {
	if password == "" {
		return User{}, &InputError{Field: "password", Msg: "Enter your password to confirm."}
	}
	defer s.kept.forget(id)
	var u User
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if u, err = s.verifyOwn(ctx, tx, id, password, "password"); err != nil {
			return err
		}
		if err := refuseLastAdmin(ctx, tx, id); err != nil {
			return err
		}
		if err := endSessions(ctx, tx, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM sign_in_failures WHERE account = $1", u.Email); err != nil {
			return fmt.Errorf("forgetting the sign-in failures of user %d: %w", id, err)
		}
		if _, err := tx.Exec(ctx, "DELETE FROM users WHERE id = $1", id); err != nil {
			return fmt.Errorf("deleting user %d: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return User{}, err
	}
	return u, nil
}
