package web

import (
	"context"
	"encoding/gob"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

const (
	sessionUserID = "user_id"
	// legacyAnonymous is where sessions from before anonymous_answers
	// kept a visitor's answers; loadUser drops it (anonymous.go).
	legacyAnonymous = "anonymous_progress"
)

func init() {
	// sessionCodec falls back to scs's gob for values it does not know;
	// sessions from before may hold this one.
	gob.Register(progress.Anonymous{})
}

// newSessions keeps sessions in store (auth.NewSessionStore: Postgres, so
// any number of server processes can share them). A session nobody signs
// in to lasts anonymousLifetime at most, and less once its visitor answers
// (anonymous.go).
func newSessions(store scs.Store, secure bool, anonymousLifetime time.Duration) *scs.SessionManager {
	sm := scs.New()
	sm.Store = withOwners(store)
	sm.Codec = sessionCodec{}
	// Both kinds of session have idle and lifetime limits of their own
	// (session_times.go, anonymous.go), because scs's IdleTimeout would
	// rewrite the session row on every request to extend it, one database
	// write per page view.
	sm.Lifetime = anonymousLifetime
	sm.Cookie.Name = "practicum_session"
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = secure
	sm.Cookie.Persist = true
	return sm
}

type accountKey struct{}

// account is who the session says is signed in. Their row is read fresh
// once per request, so a role change applies at once, but only when first
// needed: by s.handle before its handler runs, by requireRole, or by the
// lesson page in the same query as the lesson (handleOwnAccount).
type account struct {
	id   int64
	read bool
	user *auth.User // once read: nil when the account no longer exists
	// news is the navigation's count of review news, when a page has read
	// it with its own data (the lesson page, the dashboard); else the
	// layout's viewer reads it (viewer.go).
	news *scores.NewsCount
	// dueReviews is the navigation's count of due review cards, when the
	// page read it with its own data (review_nav.go).
	dueReviews *int
}

func accountOf(r *http.Request) *account {
	a, _ := r.Context().Value(accountKey{}).(*account)
	return a
}

// loadUser notes the signed-in user's id, if any, for readAccount and
// pages that read the account themselves.
func (s *Server) loadUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := s.checkSessionTimes(r); err != nil {
			s.renderError(w, r, err)
			return
		}
		s.dropLegacyAnonymous(r)
		if id := s.sessions.GetInt64(r.Context(), sessionUserID); id != 0 {
			r = r.WithContext(context.WithValue(r.Context(), accountKey{}, &account{id: id}))
			// The session's own statement read the account its row names
			// (withSessionAccount); when that is who the session says is
			// signed in, the account is read.
			if sa := auth.SessionAccountFrom(r.Context()); sa.Read() && sa.Owner == id {
				if err := s.settleAccount(r, sa.User, sa.Err); err != nil {
					s.renderError(w, r, err)
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// withSessionAccount lets the session store read the signed-in account
// in the session's own statement (auth.SessionAccount): it goes before
// the sessions' LoadAndSave, and loadUser takes the account from it.
func withSessionAccount(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, _ := auth.WithSessionAccount(r.Context())
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// readAccount reads the signed-in user's row, unless this request already
// has.
func (s *Server) readAccount(r *http.Request) error {
	a := accountOf(r)
	if a == nil || a.read {
		return nil
	}
	u, err := s.users.ByID(r.Context(), a.id)
	return s.settleAccount(r, u, err)
}

// settleAccount records the signed-in account as read: u, or none when
// err says it is gone or u is disabled.
func (s *Server) settleAccount(r *http.Request, u auth.User, err error) error {
	switch {
	case errors.Is(err, postgres.ErrNotFound):
		s.setAccount(r, nil)
	case err != nil:
		return err
	case u.Disabled:
		// Disabling ends the account's sessions; this one was in flight,
		// or written back after. Either way it is over.
		s.setAccount(r, nil)
	default:
		s.setAccount(r, &u)
	}
	return nil
}

// signedInID is the id of the account the session is signed in to, while
// not known to be gone; 0 for an anonymous visitor.
func (s *Server) signedInID(r *http.Request) int64 {
	if a := accountOf(r); a != nil && (!a.read || a.user != nil) {
		return a.id
	}
	return 0
}

// setAccount records the signed-in user's row, read by the page itself; nil
// means the account was deleted, and the visitor is signed out.
func (s *Server) setAccount(r *http.Request, u *auth.User) {
	a := accountOf(r)
	if a == nil {
		return
	}
	a.read, a.user = true, u
	if u == nil {
		s.sessions.Remove(r.Context(), sessionUserID)
	}
}

// currentUser is the signed-in user, or nil for an anonymous visitor. Only
// meaningful once the account is read (see account).
func (s *Server) currentUser(r *http.Request) *auth.User {
	if a := accountOf(r); a != nil {
		return a.user
	}
	return nil
}

// requireRole lets through users with at least role min; anonymous visitors
// are sent to sign in and come back, everyone else gets 403.
func (s *Server) requireRole(min auth.Role) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if err := s.readAccount(r); err != nil {
				s.renderError(w, r, err)
				return
			}
			u := s.currentUser(r)
			if u == nil {
				// Only a page can be returned to: after signing in, the browser
				// follows next with a GET.
				target := views.SignInURL("")
				if r.Method == http.MethodGet || r.Method == http.MethodHead {
					target = views.SignInURL(r.URL.RequestURI())
				}
				http.Redirect(w, r, target, http.StatusSeeOther)
				return
			}
			if !u.Role.AtLeast(min) {
				s.securityEvent(r, "access denied", slog.String("role", string(u.Role)), slog.String("needs", string(min)),
					slog.String("method", r.Method), slog.String("path", r.URL.Path))
				s.renderError(w, r, errForbidden)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// startSession signs u in: a new session token (against fixation), the
// user's id, and whatever the visitor answered before signing in, merged
// into the account in one transaction.
func (s *Server) startSession(_ http.ResponseWriter, r *http.Request, u auth.User) error {
	ctx := r.Context()
	if err := s.sessions.RenewToken(ctx); err != nil {
		return err
	}
	if err := s.svc.MergeAnonymous(ctx, u.ID, s.sessions.GetString(ctx, sessionVisitor)); err != nil {
		return err
	}
	s.forgetVisitor(r)
	s.sessions.Put(ctx, sessionUserID, u.ID)
	s.markSignedIn(r)
	return nil
}

// endSession signs out with a new token; the old one is dead.
func (s *Server) endSession(_ http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.sessions.RenewToken(ctx); err != nil {
		return err
	}
	for _, k := range []string{sessionUserID, sessionVisitor, sessionVisitorSince, sessionSignedInAt, sessionSeenAt} {
		s.sessions.Remove(ctx, k)
	}
	return nil
}

// renewSession issues a new token for the same session, after a change of
// privilege such as the user's own role.
func (s *Server) renewSession(_ http.ResponseWriter, r *http.Request) error {
	if err := s.sessions.RenewToken(r.Context()); err != nil {
		return err
	}
	s.keepDeadline(r)
	return nil
}

// noStoreWhenPersonal marks every response to a signed-in user, and to an
// anonymous visitor who has answered something, Cache-Control:
// no-store, so that neither a shared cache nor the browser's keeps a page
// with someone's answers, scores or account on it (a shared computer's
// back button, a proxy). Pages for nobody in particular stay cacheable.
func (s *Server) noStoreWhenPersonal(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.signedInID(r) != 0 || s.visitor(r) != "" {
			w.Header().Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}
