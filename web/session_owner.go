package web

import (
	"context"
	"time"

	"github.com/alexedwards/scs/v2"
)

// ownedCommitter is a session store that records whose session a row is
// (auth.NewSessionStore), so that every session of one account can be
// ended at once: a password change, "Sign out everywhere", disabling or
// deleting the account.
type ownedCommitter interface {
	CommitOwnedCtx(ctx context.Context, token string, b []byte, expiry time.Time, userID int64) error
}

// ownedStore commits each session with the account signed in to it, read
// back from the encoded session: scs hands a store only bytes.
type ownedStore struct {
	scs.CtxStore
	owned ownedCommitter
}

// withOwners wraps store when it can record owners; any other store (a
// test's memory store) is used as it is.
func withOwners(store scs.Store) scs.Store {
	cs, ok1 := store.(scs.CtxStore)
	oc, ok2 := store.(ownedCommitter)
	if !ok1 || !ok2 {
		return store
	}
	return ownedStore{CtxStore: cs, owned: oc}
}

func (s ownedStore) CommitCtx(ctx context.Context, token string, b []byte, expiry time.Time) error {
	var owner int64
	if _, values, err := (sessionCodec{}).Decode(b); err == nil {
		owner, _ = values[sessionUserID].(int64)
	}
	return s.owned.CommitOwnedCtx(ctx, token, b, expiry, owner)
}
