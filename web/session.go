package web

import (
	"context"
	"encoding/gob"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/alexedwards/scs/pgxstore"
	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/web/auth"
)

const (
	sessionUserID    = "user_id"
	sessionAnonymous = "anonymous_progress"
)

func init() {
	// scs stores session values with gob.
	gob.Register(progress.Anonymous{})
}

// newSessions keeps sessions in Postgres so any number of server processes
// can share them.
func newSessions(pool *pgxpool.Pool, secure bool) *scs.SessionManager {
	sm := scs.New()
	sm.Store = pgxstore.NewWithCleanupInterval(pool, 30*time.Minute)
	// No idle timeout: scs would rewrite the session row on every request
	// to extend it, one database write per page view.
	sm.Lifetime = 14 * 24 * time.Hour
	sm.Cookie.Name = "practicum_session"
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = secure
	sm.Cookie.Persist = true
	return sm
}

type userKey struct{}

// loadUser puts the signed-in user, if any, in the request context. The
// role is read fresh each request, so a role change applies at once.
func (s *Server) loadUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := s.sessions.GetInt64(r.Context(), sessionUserID)
		if id == 0 {
			next.ServeHTTP(w, r)
			return
		}
		u, err := s.users.ByID(r.Context(), id)
		switch {
		case errors.Is(err, postgres.ErrNotFound):
			s.sessions.Remove(r.Context(), sessionUserID) // the account was deleted
		case err != nil:
			s.renderError(w, r, err)
			return
		default:
			r = r.WithContext(context.WithValue(r.Context(), userKey{}, &u))
		}
		next.ServeHTTP(w, r)
	})
}

// currentUser is the signed-in user, or nil for an anonymous visitor.
func (s *Server) currentUser(r *http.Request) *auth.User {
	u, _ := r.Context().Value(userKey{}).(*auth.User)
	return u
}

// requireRole lets through users with at least role min; anonymous visitors
// are sent to sign in and come back, everyone else gets 403.
func (s *Server) requireRole(min auth.Role) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			u := s.currentUser(r)
			if u == nil {
				// Only a page can be returned to: after signing in, the browser
				// follows next with a GET.
				target := "/signin"
				if r.Method == http.MethodGet || r.Method == http.MethodHead {
					target += "?next=" + url.QueryEscape(r.URL.RequestURI())
				}
				http.Redirect(w, r, target, http.StatusSeeOther)
				return
			}
			if !u.Role.AtLeast(min) {
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
	if anon, ok := s.sessions.Get(ctx, sessionAnonymous).(progress.Anonymous); ok && !anon.Empty() {
		if err := s.progress.Merge(ctx, u.ID, anon, s.scoreMerged); err != nil {
			return err
		}
		s.sessions.Remove(ctx, sessionAnonymous)
	}
	s.sessions.Put(ctx, sessionUserID, u.ID)
	return nil
}

// endSession signs out with a new token; the old one is dead.
func (s *Server) endSession(_ http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.sessions.RenewToken(ctx); err != nil {
		return err
	}
	s.sessions.Remove(ctx, sessionUserID)
	s.sessions.Remove(ctx, sessionAnonymous)
	return nil
}

// renewSession issues a new token for the same session, after a change of
// privilege such as the user's own role.
func (s *Server) renewSession(_ http.ResponseWriter, r *http.Request) error {
	return s.sessions.RenewToken(r.Context())
}

// anonymous returns the answers an anonymous visitor has given so far.
func (s *Server) anonymous(r *http.Request) progress.Anonymous {
	a, _ := s.sessions.Get(r.Context(), sessionAnonymous).(progress.Anonymous)
	return a
}

func (s *Server) putAnonymous(r *http.Request, a progress.Anonymous) {
	s.sessions.Put(r.Context(), sessionAnonymous, a)
}
