package web

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

// sessionAccountDeleted marks the browser that just deleted its account,
// so that the confirmation page is shown to it and to nobody else.
const sessionAccountDeleted = "account_deleted"

// deleteAccount deletes the signed-in user's account once they have typed
// their password again (counted like a sign-in, as for a password
// change), and signs this browser out; every other session of the
// account ends with it.
func (s *Server) deleteAccount(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	me := s.currentUser(r)
	v := s.accountView(r)
	pw := r.PostFormValue("password")
	if pw == "" {
		// Nothing was tried, so nothing is counted.
		v.Delete.Errors["password"] = "Enter your password to confirm."
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.Account(v))
	}
	attempt, wait, err := s.ownPasswordAttempt(r, me)
	if err != nil {
		return err
	}
	if wait > 0 {
		v.Delete.Problem = tooManyTries(w, wait)
		return s.renderStatus(w, r, http.StatusTooManyRequests, views.Account(v))
	}
	_, err = s.users.DeleteAccount(r.Context(), me.ID, pw)
	if err == nil {
		// Their reviews of others' answers now name no reviewer.
		s.changes.ChangedAll()
	}
	switch {
	case errors.Is(err, auth.ErrLastAdmin):
		v.Delete.Problem = "You are the only admin. Make another user an admin first, so someone can still manage accounts."
		if err := attempt.Succeeded(r.Context()); err != nil {
			return err
		}
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.Account(v))
	case addInputError(v.Delete.Errors, err):
		s.securityEvent(r, "account deletion refused: wrong password", slog.Int64("user_id", me.ID))
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.Account(v))
	case err != nil:
		attempt.Abandon(r.Context())
		return err
	}
	s.securityEvent(r, "account deleted", slog.Int64("user_id", me.ID))
	if err := s.endSession(w, r); err != nil {
		return err
	}
	s.sessions.Put(r.Context(), sessionAccountDeleted, true)
	http.Redirect(w, r, views.AccountDeletedURL, http.StatusSeeOther)
	return nil
}

// accountDeleted confirms the deletion to the browser that made it; anyone
// else is sent home.
func (s *Server) accountDeleted(w http.ResponseWriter, r *http.Request) error {
	if !s.sessions.PopBool(r.Context(), sessionAccountDeleted) {
		http.Redirect(w, r, views.HomeURL, http.StatusSeeOther)
		return nil
	}
	return s.render(w, r, views.AccountDeleted())
}
