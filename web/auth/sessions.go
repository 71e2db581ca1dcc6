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
// processes can share them.
func NewSessionStore(pool *pgxpool.Pool) scs.Store {
	return sessionStore{Store: pgxstore.NewWithCleanupInterval(pool, 30*time.Minute), pool: pool}
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
}

// findSession reads a live session and, in the same statement, the
// account its row names (sessions.user_id), as Store.ByID would.
const findSession = `
	SELECT s.data, s.user_id, u.id, u.email, u.display_name, u.role, u.created_at, u.disabled_at IS NOT NULL
	FROM sessions s LEFT JOIN users u ON u.id = s.user_id
	WHERE s.token = $1 AND current_timestamp < s.expiry`

func (s sessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	var b []byte
	var owner, id *int64
	var email, name, role *string
	var created *time.Time
	var disabled bool
	err := s.pool.QueryRow(ctx, findSession, token).Scan(&b, &owner, &id, &email, &name, &role, &created, &disabled)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if a, ok := ctx.Value(sessionAccountKey{}).(*SessionAccount); ok && owner != nil {
		a.Owner, a.read = *owner, true
		if id != nil {
			a.User = User{ID: *id, Email: *email, DisplayName: *name, Role: Role(*role), CreatedAt: *created, Disabled: disabled}
			a.Err = nil
		} else {
			a.User, a.Err = User{}, fmt.Errorf("user %d: %w", *owner, postgres.ErrNotFound)
		}
	}
	return b, true, nil
}

type sessionAccountKey struct{}

// SessionAccount is the account a request's session row names, read with
// the session (the session store's FindCtx) so that a signed-in request
// needs no query of its own for who is asking: as fresh as Store.ByID's
// read, and in the same statement as the session.
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
// deleting the account can find every session of one user.
func (s sessionStore) CommitOwnedCtx(ctx context.Context, token string, b []byte, expiry time.Time, userID int64) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO sessions (token, data, expiry, user_id) VALUES ($1, $2, $3, nullif($4, 0))
		ON CONFLICT (token) DO UPDATE SET data = EXCLUDED.data, expiry = EXCLUDED.expiry, user_id = EXCLUDED.user_id`,
		token, b, expiry, userID)
	return err
}

func (s sessionStore) DeleteCtx(ctx context.Context, token string) error {
	_, err := s.pool.Exec(ctx, "DELETE FROM sessions WHERE token = $1", token)
	return err
}
