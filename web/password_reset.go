package web

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

// A password-reset link an admin issued (admin_reset.go) opens a form for
// a new password. Unknown, used and expired links get one answer, so that
// trying links says nothing about which were ever issued.

// errResetLinkInvalid is that one answer.
var errResetLinkInvalid = &httpError{http.StatusNotFound, "This link does not work",
	"This password-reset link has expired, has been used already, or was never issued. A link works once, for 24 hours: ask an administrator for a new one."}

// resetLinkHeaders keeps the token in the address out of other sites'
// Referer headers and out of caches.
func resetLinkHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}

func (s *Server) passwordResetPage(w http.ResponseWriter, r *http.Request) error {
	token := chi.URLParam(r, "token")
	u, err := s.users.ResetTarget(r.Context(), token)
	if errors.Is(err, auth.ErrResetInvalid) {
		s.securityEvent(r, "password reset link refused")
		return errResetLinkInvalid
	}
	if err != nil {
		return err
	}
	return s.render(w, r, views.PasswordReset(resetView(u, token, views.Form{})))
}

func resetView(u auth.User, token string, f views.Form) views.PasswordResetView {
	if f.Errors == nil {
		f.Errors = map[string]string{}
	}
	return views.PasswordResetView{User: u, Action: views.PasswordResetURL(token), Form: f}
}

// usePasswordReset sets the new password. The account's sessions end with
// it; this browser's too when it was signed in to that account, so that
// its session is not written back. The user then signs in with the new
// password, which also lets a password manager save it.
func (s *Server) usePasswordReset(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	token := chi.URLParam(r, "token")
	u, err := s.users.ResetTarget(r.Context(), token)
	if err == nil {
		_, err = s.users.UseReset(r.Context(), token, r.PostFormValue("password"))
	}
	f := views.Form{Errors: map[string]string{}}
	switch {
	case errors.Is(err, auth.ErrResetInvalid):
		s.securityEvent(r, "password reset link refused")
		return errResetLinkInvalid
	case addInputError(f.Errors, err):
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.PasswordReset(resetView(u, token, f)))
	case err != nil:
		return err
	}
	s.securityEvent(r, "password reset link used", slog.Int64("user_id", u.ID))
	if s.signedInID(r) == u.ID {
		if err := s.endSession(w, r); err != nil {
			return err
		}
	}
	http.Redirect(w, r, views.PasswordResetDoneURL, http.StatusSeeOther)
	return nil
}
