package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/alexedwards/scs/pgxstore"
	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// NewSessionStore keeps sessions in Postgres, so any number of server
// processes can share them, and reads every session from it: what tests
// and the command line use, and `serve` when it cannot hear changes.
func NewSessionStore(pool *pgxpool.Pool) scs.Store { return NewKeptSessionStore(pool, nil) }

// NewKeptSessionStore is NewSessionStore that also serves the signed-in
// sessions it read from kept while kept is trusted (KeptSessions says
// when that is, and what bounds a kept session's staleness); a nil kept
// keeps none.
func NewKeptSessionStore(pool *pgxpool.Pool, kept *KeptSessions) scs.Store {
	return sessionStore{Store: pgxstore.NewWithCleanupInterval(pool, 30*time.Minute), pool: pool, kept: kept}
}

// sessionStore is scs/pgxstore's table read and written with the request's
// context. pgxstore uses context.Background, so with the database stalled
// a session read outlived the request timeout (a 5 s connect timeout, or
// no bound at all on a connection that stopped answering). scs calls the
// *Ctx methods when a store has them; the embedded store keeps All and
// pgxstore's cleanup of expired rows.
type sessionStore struct {
	scs.Store
	pool *pgxpool.Pool
	// kept keeps signed-in sessions in this process; nil keeps none.
	kept *KeptSessions
}

// findSession reads a live session and, in the same statement, the
// account its row names (sessions.user_id), as Store.ByID would, and when
// the session expires, which bounds how long a kept copy may be served.
const findSession = `
	SELECT s.data, s.expiry, s.user_id, u.id, u.email, u.display_name, u.role, u.created_at, u.disabled_at IS NOT NULL
	FROM sessions s LEFT JOIN users u ON u.id = s.user_id
	WHERE s.token = $1 AND current_timestamp < s.expiry`

// sessionRow is a session as findSession reads it.
type sessionRow struct {
	data   []byte
	expiry time.Time
	// owner is the account the row names (0: none); user is that
	// account, nil when it does not exist.
	owner int64
	user  *User
}

func (s sessionStore) read(ctx context.Context, token string) (sessionRow, bool, error) {
	var r sessionRow
	var owner, id *int64
	var email, name, role *string
	var created *time.Time
	var disabled bool
	err := s.pool.QueryRow(ctx, findSession, token).Scan(&r.data, &r.expiry, &owner, &id, &email, &name, &role, &created, &disabled)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, err
	}
	if owner != nil {
		r.owner = *owner
	}
	if id != nil {
		r.user = &User{ID: *id, Email: *email, DisplayName: *name, Role: Role(*role), CreatedAt: *created, Disabled: disabled}
	}
	return r, true, nil
}

func (s sessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	if s.kept == nil || !s.kept.cache.Trusted() {
		r, found, err := s.read(ctx, token)
		if found {
			fillAccount(ctx, r.owner, r.user)
		}
		return r.data, found, err
	}
	return s.kept.find(ctx, token, s.read)
}

// fillAccount puts the account a session row names (owner, 0 for none)
// into the request's SessionAccount, if it has one: user, or ErrNotFound
// when that account is gone.
func fillAccount(ctx context.Context, owner int64, user *User) {
	a, ok := ctx.Value(sessionAccountKey{}).(*SessionAccount)
	if !ok || owner == 0 {
		return
	}
	a.Owner, a.read = owner, true
	if user != nil {
		a.User, a.Err = *user, nil
	} else {
		a.User, a.Err = User{}, fmt.Errorf("user %d: %w", owner, postgres.ErrNotFound)
	}
}

type sessionAccountKey struct{}

// SessionAccount is the account a request's session row names, read with
// the session (the session store's FindCtx) so that a signed-in request
// needs no query of its own for who is asking: as fresh as Store.ByID's
// read, and in the same statement as the session (or kept with it, and
// forgotten when either changes: KeptSessions).
type SessionAccount struct {
	// Owner is the account the session row names (0: none, or no session
	// was read); the session's own data says who is signed in, and the
	// caller compares the two.
	Owner int64
	// User is Store.ByID(Owner), or Err is ErrNotFound when that account
	// is gone.
	User User
	Err  error
	read bool
}

// Read reports whether a session row naming an account was read.
func (a *SessionAccount) Read() bool { return a != nil && a.read }

// WithSessionAccount returns ctx with an empty SessionAccount that a
// session read on ctx (or a context derived from it) fills in.
func WithSessionAccount(ctx context.Context) (context.Context, *SessionAccount) {
	a := &SessionAccount{}
	return context.WithValue(ctx, sessionAccountKey{}, a), a
}

// SessionAccountFrom is the SessionAccount WithSessionAccount put in ctx,
// or nil.
func SessionAccountFrom(ctx context.Context) *SessionAccount {
	a, _ := ctx.Value(sessionAccountKey{}).(*SessionAccount)
	return a
}

// CommitCtx saves a session that belongs to nobody; the web package
// commits through CommitOwnedCtx, which names the account.
func (s sessionStore) CommitCtx(ctx context.Context, token string, b []byte, expiry time.Time) error {
	return s.CommitOwnedCtx(ctx, token, b, expiry, 0)
}

// CommitOwnedCtx saves a session with the id of the account signed in to
// it (0 for none), so that EndSessions, a password change, disabling and
// deleting the account can find every session of one user. What this
// process kept of the account's sessions is forgotten once it is saved
// (the other servers hear of it: migration 00019).
func (s sessionStore) CommitOwnedCtx(ctx context.Context, token string, b []byte, expiry time.Time, userID int64) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO sessions (token, data, expiry, user_id) VALUES ($1, $2, $3, nullif($4, 0))
		ON CONFLICT (token) DO UPDATE SET data = EXCLUDED.data, expiry = EXCLUDED.expiry, user_id = EXCLUDED.user_id`,
		token, b, expiry, userID)
	// Forgotten even after an error: the row may have been written.
	s.kept.committed(token, userID)
	return err
}

// DeleteCtx ends a session; this process forgets what it kept of its
// owner's sessions once it is gone.
func (s sessionStore) DeleteCtx(ctx context.Context, token string) error {
	var owner *int64
	err := s.pool.QueryRow(ctx, "DELETE FROM sessions WHERE token = $1 RETURNING user_id", token).Scan(&owner)
	if errors.Is(err, pgx.ErrNoRows) {
		err = nil
	}
	s.kept.deleted(token, owner)
	return err
}
