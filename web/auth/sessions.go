package auth

import (
	"context"
	"errors"
	"time"

	"github.com/alexedwards/scs/pgxstore"
	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
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

func (s sessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	var b []byte
	err := s.pool.QueryRow(ctx, "SELECT data FROM sessions WHERE token = $1 AND current_timestamp < expiry", token).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	return b, err == nil, err
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
