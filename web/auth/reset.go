package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Password-reset links an admin issues for a user who cannot sign in.
// The token is shown once, to the admin; only its SHA-256 is stored, so a
// copy of the database (a backup, a read replica) holds no usable link.
// A token is 128 random bits, so a hash without a salt is enough: nothing
// can be guessed from it, and the lookup stays one index read.

// ResetLinkLifetime is how long a password-reset link works.
const ResetLinkLifetime = 24 * time.Hour

// WithClock makes the store read the time from now instead of the
// system's, for the things whose time it decides itself (password-reset
// links' expiry), so tests can move past 24 hours without waiting.
func WithClock(now func() time.Time) Option {
	return func(s *Store) { s.now = now }
}

// ResetLink is a password-reset link just issued: Token goes in its
// address, and is nowhere else.
type ResetLink struct {
	User    User
	Token   string
	Expires time.Time
}

// ErrResetDisabledAccount refuses a reset link for a disabled account:
// its new password could not sign in, and disabling removes the links.
var ErrResetDisabledAccount = errors.New("this account is disabled; enable it before issuing a reset link")

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// IssueReset makes a password-reset link for user id, issued by admin.
// The account's earlier unused links stop working: the newest link is the
// one the admin just handed over, and an older one may have gone astray.
func (s *Store) IssueReset(ctx context.Context, id, admin int64) (ResetLink, error) {
	link := ResetLink{Token: rand.Text(), Expires: s.now().Add(ResetLinkLifetime)}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		link.User, err = scanUser(tx.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = $1 FOR UPDATE", id))
		if err != nil {
			return err
		}
		if link.User.Disabled {
			return ErrResetDisabledAccount
		}
		if err := dropUnusedResets(ctx, tx, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO password_resets (token_hash, user_id, created_by, created_at, expires_at)
			VALUES ($1, $2, nullif($3, 0), $4, $5)`, hashToken(link.Token), id, admin, s.now(), link.Expires)
		return err
	})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return ResetLink{}, fmt.Errorf("user %d: %w", id, postgres.ErrNotFound)
	case errors.Is(err, ErrResetDisabledAccount):
		return ResetLink{}, err
	case err != nil:
		return ResetLink{}, fmt.Errorf("issuing a reset link for user %d: %w", id, err)
	}
	return link, nil
}

// resetAccount reads the enabled account an unused, unexpired token
// resets, locking the link inside a transaction so that two uses of one
// link cannot both succeed. Anything else is ErrResetInvalid, one answer
// for unknown, used and expired links alike.
func (s *Store) resetAccount(ctx context.Context, q postgres.Querier, token string) (User, error) {
	lock := ""
	if _, inTx := q.(pgx.Tx); inTx {
		// A second use waiting here finds the link used once the first
		// commits: Postgres checks the locked row's used_at again.
		lock = " FOR UPDATE"
	}
	u, err := scanUser(q.QueryRow(ctx, `SELECT `+userColumns+` FROM users
		WHERE disabled_at IS NULL AND id = (SELECT user_id FROM password_resets
			WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`+lock+`)`,
		hashToken(token), s.now()))
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, ErrResetInvalid
	}
	if err != nil {
		return User{}, fmt.Errorf("reading a password-reset link: %w", err)
	}
	return u, nil
}

// ResetTarget returns the account a reset link would set the password
// of, or ErrResetInvalid.
func (s *Store) ResetTarget(ctx context.Context, token string) (User, error) {
	return s.resetAccount(ctx, s.pool, token)
}

// UseReset sets the account's password from a reset link, checked for
// strength against its name and email, marks the link used and ends every
// session of the account, in one transaction. A weak password is an
// *InputError and leaves the link unused, to try again.
func (s *Store) UseReset(ctx context.Context, token, password string) (User, error) {
	var u User
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if u, err = s.resetAccount(ctx, tx, token); err != nil {
			return err
		}
		if err := s.setPassword(ctx, tx, u, password); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "UPDATE password_resets SET used_at = $2 WHERE token_hash = $1", hashToken(token), s.now())
		return err
	})
	s.kept.forget(u.ID)
	if err != nil {
		return User{}, err
	}
	return u, nil
}
