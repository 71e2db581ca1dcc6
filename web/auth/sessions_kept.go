package auth

import (
	"context"
	"crypto/sha256"
	"strconv"
	"time"

	"github.com/practicum-dev/practicum/lessons/lru"
	"github.com/practicum-dev/practicum/web/learnercache"
)

// KeptSessions keeps, in one server process, the signed-in sessions its
// session store read (NewKeptSessionStore): the session's data, its
// expiry and the account read with it, so that a signed-in request asks
// the database nothing to know who is asking. A visitor's session (one
// that names no account) is read every time.
//
// A kept session is stale as soon as its row or its account changes, in
// any process: sign-out, "sign out everywhere", a password change or
// reset, disabling or deleting the account, a new role, name or email,
// the session's own last-seen time. Triggers announce each of these on
// ChangesChannel in the changing transaction, so the announcement cannot
// be lost between the commit and the NOTIFY; each server forgets the
// account's sessions when it hears (Heard), and the process that made the
// change forgets them at once, before it answers (the session store's
// commits and deletes; Store's writes with WithKeptSessions). So what
// bounds a revoked session's life on another server is the listener's
// delivery — milliseconds. Like web/learnercache's parts, the sessions
// are trusted only while changes are heard: nothing is kept before
// Flush(true), once the listener listens, and everything is forgotten and
// nothing trusted after Flush(false), when its connection is lost. A read
// that began before a change keeps nothing (learnercache's tickets). A
// kept session is never served past its row's expiry, and never kept
// longer than the maximum age, a net only for an announcement lost, which
// a transactional NOTIFY rules out short of the listener's connection
// dropping (and that flushes).
//
// Sessions are kept under their owner (learnercache.Key.Learner), so that
// an account's changes forget them all, and under the SHA-256 of their
// token rather than the token: a session token is a bearer credential,
// and a heap dump or a profile of a server should not hold every
// signed-in user's. A small index from that hash to the owner finds the
// key a token's session would be kept under; it is only a hint — a kept
// session is served only under the owner it was read with — learned from
// the session's commit on this server or from its first read here (that
// read keeps nothing: its ticket had to be taken for the owner before the
// read, and only the read says who that is).
type KeptSessions struct {
	cache  *learnercache.Cache[sessionKey, keptSession]
	owners *lru.Cache[sessionKey, int64]
	now    func() time.Time
}

// sessionKey is the SHA-256 of a session's token.
type sessionKey [sha256.Size]byte

func keyOf(token string) sessionKey { return sha256.Sum256([]byte(token)) }

// keptSession is what findSession read of a session naming an existing
// account. It is shared by every request that finds it: nothing may
// change it (scs only decodes data).
type keptSession struct {
	data   []byte
	expiry time.Time
	user   User
}

const (
	// DefaultSessionBudget bounds the sessions kept: a signed-in session
	// is ~150 bytes of data and ~300 of account and bookkeeping, so some
	// ten thousand sessions, the busiest first.
	DefaultSessionBudget = 4 << 20
	// DefaultSessionMaxAge is the longest a session is kept. A minute:
	// a busy session's row is written (and so forgotten) about once a
	// minute anyway (web/session_times.go, seenEvery), so a longer age
	// would save almost no reads, and it bounds the damage of an
	// announcement lost in a way nobody foresaw.
	DefaultSessionMaxAge = time.Minute
	// keptCost is what a kept session costs beyond its data; ownerCost
	// what an entry of the owners' index costs.
	keptCost  = 300
	ownerCost = 100
)

// NewKeptSessions keeps sessions within budget bytes, each at most
// maxAge. It trusts nothing until Flush(true).
func NewKeptSessions(budget int64, maxAge time.Duration) *KeptSessions {
	return &KeptSessions{
		cache:  learnercache.New[sessionKey, keptSession](budget, maxAge),
		owners: lru.New[sessionKey, int64](max(budget/4, ownerCost)),
		now:    time.Now,
	}
}

// Forget drops the kept sessions of accounts, or of every account when
// all is set, and makes reads of them under way keep nothing.
func (k *KeptSessions) Forget(ids []int64, all bool) { k.cache.Forget(ids, all) }

// Heard is the listener's hook for ChangesChannel: payload names the
// account whose sessions to forget; anything but a number forgets all.
func (k *KeptSessions) Heard(payload string) {
	id, err := strconv.ParseInt(payload, 10, 64)
	if err != nil {
		k.Forget(nil, true)
		return
	}
	k.Forget([]int64{id}, false)
}

// Flush forgets every session, and trusts what is kept from now on or
// not: see listen.Flush.
func (k *KeptSessions) Flush(trusted bool) {
	k.cache.Flush(trusted)
	k.owners.Purge()
}

// Len is how many accounts have sessions kept.
func (k *KeptSessions) Len() int { return k.cache.Len() }

// forget drops what is kept of one account's sessions; on a nil
// KeptSessions (an uncached store) it does nothing.
func (k *KeptSessions) forget(id int64) {
	if k != nil && id != 0 {
		k.cache.Forget([]int64{id}, false)
	}
}

// find is FindCtx with the sessions kept: read reads one from the
// database.
func (k *KeptSessions) find(ctx context.Context, token string,
	read func(context.Context, string) (sessionRow, bool, error)) ([]byte, bool, error) {
	key := keyOf(token)
	owner, known := k.owners.Get(key)
	var t learnercache.Ticket
	var taken time.Time
	if known {
		if v, ok := k.cache.Get(learnercache.Key[sessionKey]{Learner: owner, Of: key}); ok && k.now().Before(v.expiry) {
			fillAccount(ctx, owner, &v.user)
			return v.data, true, nil
		}
		// Before the read: a change heard while it runs keeps nothing.
		t = k.cache.Ticket(owner)
		taken = k.now()
	}
	r, found, err := read(ctx, token)
	if err != nil || !found {
		return nil, false, err
	}
	fillAccount(ctx, r.owner, r.user)
	switch {
	case r.owner == 0:
		// A visitor's session: read every time.
		if known {
			k.owners.Remove(key)
		}
	case known && r.owner == owner && r.user != nil:
		// Never served past its expiry: kept until then at most.
		if due := r.expiry.Sub(taken); due > 0 {
			k.cache.Put(t, learnercache.Key[sessionKey]{Learner: owner, Of: key},
				keptSession{data: r.data, expiry: r.expiry, user: *r.user}, int64(len(r.data))+keptCost, due)
		}
	default:
		k.owners.Add(key, r.owner, ownerCost)
	}
	return r.data, true, nil
}

// committed forgets what was kept of the session's owner, and of the
// owner the index knew it by if another, once the session is saved; the
// index learns its owner.
func (k *KeptSessions) committed(token string, owner int64) {
	if k == nil {
		return
	}
	key := keyOf(token)
	if prev, ok := k.owners.Get(key); ok && prev != owner {
		k.forget(prev)
	}
	k.forget(owner)
	if owner != 0 {
		k.owners.Add(key, owner, ownerCost)
	} else {
		k.owners.Remove(key)
	}
}

// deleted forgets what was kept of a deleted session's owner (nil: the
// row was not there, or the delete failed).
func (k *KeptSessions) deleted(token string, owner *int64) {
	if k == nil {
		return
	}
	key := keyOf(token)
	if prev, ok := k.owners.Get(key); ok {
		k.forget(prev)
	}
	if owner != nil {
		k.forget(*owner)
	}
	k.owners.Remove(key)
}
