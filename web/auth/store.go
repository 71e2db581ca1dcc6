package auth

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/alexedwards/argon2id"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Store keeps accounts in Postgres.
type Store struct {
	pool *pgxpool.Pool
	// hash is the argon2id settings new passwords are hashed with:
	// hashParams unless a test chose CheapHashingForTests.
	hash *argon2id.Params
	// dummyHash is verified against when a sign-in names an unknown email,
	// so that answering "no such account" costs as long as a wrong
	// password and response times do not reveal which emails are
	// registered. It uses the store's settings, which is what makes the two
	// paths cost the same.
	dummyHash func() string
	// now is the time the store decides expiries by (WithClock).
	now func() time.Time
	// kept is this process's kept sessions (WithKeptSessions), or nil.
	kept *KeptSessions
}

// NewStore returns the account store on pool.
func NewStore(pool *pgxpool.Pool, opts ...Option) *Store {
	s := &Store{pool: pool, hash: hashParams, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	s.dummyHash = sync.OnceValue(func() string {
		h, err := hashPassword(s.hash, rand.Text())
		if err != nil {
			panic(err) // crypto/rand does not fail on supported platforms
		}
		return h
	})
	return s
}

// Option changes how a Store works.
type Option func(*Store)

// CheapHashingForTests makes the store hash new passwords with argon2id's
// cheapest settings (64 KiB, one pass) instead of hashParams (19 MiB, two
// passes), for tests that create and sign in accounts by the dozen: a hash
// records its settings, so signing in verifies at the same low cost. For
// tests only: `practicum serve` and `practicum user` never pass it, and
// auth's own tests keep the real settings (TestCreateStoresArgon2idHash).
func CheapHashingForTests() Option {
	return func(s *Store) {
		s.hash = &argon2id.Params{Memory: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}
	}
}

// WithKeptSessions makes the store forget, in this process, the sessions
// kept of an account as soon as it has changed the account or ended its
// sessions, so that this server's very next request is right; the other
// servers forget them when they hear the triggers' announcement
// (KeptSessions).
func WithKeptSessions(k *KeptSessions) Option {
	return func(s *Store) { s.kept = k }
}

const userColumns = "id, email, display_name, role, created_at, disabled_at IS NOT NULL"

func scanUser(row pgx.Row, extra ...any) (User, error) {
	var u User
	err := row.Scan(append([]any{&u.ID, &u.Email, &u.DisplayName, &u.Role, &u.CreatedAt, &u.Disabled}, extra...)...)
	return u, err
}

// Create validates the input, hashes the password and adds the account.
// A bad field is an *InputError; an email already in use, in any case, is
// ErrEmailTaken.
func (s *Store) Create(ctx context.Context, email, displayName, password string, role Role) (User, error) {
	email, err := NormalizeEmail(email)
	if err != nil {
		return User{}, err
	}
	displayName, err = NormalizeDisplayName(displayName)
	if err != nil {
		return User{}, err
	}
	if err := CheckPassword(password, email, displayName); err != nil {
		return User{}, err
	}
	if !role.Valid() {
		return User{}, errInvalidRole()
	}
	hash, err := hashPassword(s.hash, password)
	if err != nil {
		return User{}, err
	}
	u, err := scanUser(s.pool.QueryRow(ctx, `
		INSERT INTO users (email, display_name, password_hash, role)
		VALUES ($1, $2, $3, $4)
		RETURNING `+userColumns, email, displayName, hash, role))
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == "users_email_key" {
		return User{}, ErrEmailTaken
	}
	if err != nil {
		return User{}, fmt.Errorf("creating user %s: %w", email, err)
	}
	return u, nil
}

// Authenticate returns the account whose email and password these are.
// Every failure that is the visitor's (unknown email, wrong password, a
// malformed address) is ErrBadCredentials, and each costs one password
// verification, so neither the answer nor its timing says whether the
// email has an account.
func (s *Store) Authenticate(ctx context.Context, email, password string) (User, error) {
	// No stored password can be this long, and hashing it would let one
	// request buy a lot of CPU.
	if utf8.RuneCountInString(password) > MaxPasswordLen {
		return User{}, ErrBadCredentials
	}
	hash := s.dummyHash()
	var u User
	email, err := NormalizeEmail(email)
	if err == nil {
		u, err = scanUser(s.pool.QueryRow(ctx,
			"SELECT "+userColumns+", password_hash FROM users WHERE email = $1", email), &hash)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return User{}, fmt.Errorf("reading user %s: %w", email, err)
		}
	}
	known := err == nil
	ok, verr := verifyPassword(password, hash)
	if verr != nil {
		return User{}, verr
	}
	if !known || !ok {
		return User{}, ErrBadCredentials
	}
	if u.Disabled {
		return User{}, ErrAccountDisabled
	}
	return u, nil
}

// ByID returns the account with this id.
func (s *Store) ByID(ctx context.Context, id int64) (User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, fmt.Errorf("user %d: %w", id, postgres.ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("reading user %d: %w", id, err)
	}
	return u, nil
}

// ByEmail returns the account with this email, in any case.
func (s *Store) ByEmail(ctx context.Context, email string) (User, error) {
	norm, err := NormalizeEmail(email)
	if err != nil {
		// No account can have an address that does not validate.
		return User{}, fmt.Errorf("user %q: %w", email, postgres.ErrNotFound)
	}
	u, err := scanUser(s.pool.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE email = $1", norm))
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, fmt.Errorf("user %s: %w", norm, postgres.ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("reading user %s: %w", norm, err)
	}
	return u, nil
}

// List returns every account, oldest first.
func (s *Store) List(ctx context.Context) ([]User, error) {
	rows, err := s.pool.Query(ctx, "SELECT "+userColumns+" FROM users ORDER BY created_at, id")
	if err != nil {
		return nil, fmt.Errorf("listing users: %w", err)
	}
	users, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (User, error) { return scanUser(row) })
	if err != nil {
		return nil, fmt.Errorf("listing users: %w", err)
	}
	return users, nil
}

// SetRole changes an account's role and returns the updated account. It
// refuses with ErrLastAdmin to demote the only admin.
func (s *Store) SetRole(ctx context.Context, id int64, role Role) (User, error) {
	if !role.Valid() {
		return User{}, errInvalidRole()
	}
	defer s.kept.forget(id)
	var u User
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if role != Admin {
			if err := refuseLastAdmin(ctx, tx, id); err != nil {
				return err
			}
		}
		var err error
		u, err = scanUser(tx.QueryRow(ctx, "UPDATE users SET role = $2 WHERE id = $1 RETURNING "+userColumns, id, role))
		return err
	})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return User{}, fmt.Errorf("user %d: %w", id, postgres.ErrNotFound)
	case errors.Is(err, ErrLastAdmin):
		return User{}, err
	case err != nil:
		return User{}, fmt.Errorf("setting role of user %d: %w", id, err)
	}
	return u, nil
}

// refuseLastAdmin returns ErrLastAdmin when id is the only enabled admin,
// whom demoting, disabling or deleting would leave nobody to manage
// accounts from the site. Locking every admin row serialises concurrent
// changes: two admins demoting each other at once cannot both succeed.
func refuseLastAdmin(ctx context.Context, tx pgx.Tx, id int64) error {
	rows, err := tx.Query(ctx, "SELECT id, disabled_at IS NULL FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE")
	if err != nil {
		return err
	}
	type admin struct {
		id      int64
		enabled bool
	}
	admins, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (admin, error) {
		var a admin
		return a, row.Scan(&a.id, &a.enabled)
	})
	if err != nil {
		return err
	}
	others := 0
	isAdmin := false
	for _, a := range admins {
		switch {
		case a.id == id:
			isAdmin = true
		case a.enabled:
			others++
		}
	}
	if isAdmin && others == 0 {
		return ErrLastAdmin
	}
	return nil
}
