package web

import (
	"net/http"
	"time"
)

// A signed-in session ends after SessionIdleTimeout without a request, and
// SessionLifetime after signing in however busy it is (OWASP ASVS 3.3:
// 30 minutes idle and 12 hours in all by default). scs's own IdleTimeout
// would rewrite the session row on every request to move its expiry; here
// the session notes when it was last seen at most once every
// seenEvery, and its row's expiry (which the store checks on every read,
// and which removes the row for good) moves with it. So a session's idle
// time is counted from a moment at most seenEvery before its last request.
const (
	defaultSessionIdleTimeout = 30 * time.Minute
	defaultSessionLifetime    = 12 * time.Hour
	seenEveryAtMost           = time.Minute
)

// Session keys, as Unix milliseconds.
const (
	sessionSignedInAt = "signed_in_at"
	sessionSeenAt     = "seen_at"
)

// seenEvery is how often a busy session's last-seen time is written: once
// a minute, or more often when the idle timeout is so short (tests) that
// a minute would be a large part of it.
func (s *Server) seenEvery() time.Duration { return min(seenEveryAtMost, s.idleTimeout/4) }

// checkSessionTimes signs the visitor out when their session has been
// idle or alive too long, and otherwise notes that it was seen, if it was
// last noted more than seenEvery ago. It runs before the account id is
// read, so an expired session is anonymous for this whole request.
func (s *Server) checkSessionTimes(r *http.Request) error {
	ctx := r.Context()
	if s.sessions.GetInt64(ctx, sessionUserID) == 0 {
		return nil
	}
	now := time.Now()
	signedIn := time.UnixMilli(s.sessions.GetInt64(ctx, sessionSignedInAt))
	seen := time.UnixMilli(s.sessions.GetInt64(ctx, sessionSeenAt))
	// A session signed in before these times were kept has neither: it
	// is treated as expired, and its owner signs in once more.
	if s.sessions.GetInt64(ctx, sessionSignedInAt) == 0 || now.Sub(seen) > s.idleTimeout || now.Sub(signedIn) > s.sessionLifetime {
		return s.endSession(nil, r)
	}
	if now.Sub(seen) >= s.seenEvery() {
		s.sessions.Put(ctx, sessionSeenAt, now.UnixMilli())
		s.keepDeadline(r)
	}
	return nil
}

// markSignedIn starts the session's clocks, at sign-in.
func (s *Server) markSignedIn(r *http.Request) {
	now := time.Now().UnixMilli()
	s.sessions.Put(r.Context(), sessionSignedInAt, now)
	s.sessions.Put(r.Context(), sessionSeenAt, now)
	s.keepDeadline(r)
}

// keepDeadline sets the session's expiry (its row's, and its cookie's)
// to when it would end unused: idle timeout after it was last seen, and
// never past its lifetime. scs moves the deadline whenever it issues a
// new token, so this runs after each.
func (s *Server) keepDeadline(r *http.Request) {
	ctx := r.Context()
	signedIn := time.UnixMilli(s.sessions.GetInt64(ctx, sessionSignedInAt))
	seen := time.UnixMilli(s.sessions.GetInt64(ctx, sessionSeenAt))
	deadline := seen.Add(s.idleTimeout)
	if end := signedIn.Add(s.sessionLifetime); end.Before(deadline) {
		deadline = end
	}
	s.sessions.SetDeadline(ctx, deadline)
}
