package web

import (
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

// The signed-in user's own account: name and email, password, and
// signing out everywhere. Each form posts to its own address and, when
// refused, comes back on the whole page with its problems beside its
// fields; a change redirects to the page with a confirmation.

// accountNotices confirms the change named by ?done=.
var accountNotices = map[string]string{
	"profile":  "Your name and email are saved.",
	"password": "Your password is changed. You are signed out on every other device.",
}

func (s *Server) accountPage(w http.ResponseWriter, r *http.Request) error {
	v := s.accountView(r)
	v.Notice = accountNotices[r.URL.Query().Get("done")]
	return s.render(w, r, views.Account(v))
}

// accountView is the page with every form fresh: the profile form holds
// the account's current name and email.
func (s *Server) accountView(r *http.Request) views.AccountView {
	u := s.currentUser(r)
	return views.AccountView{
		User:        *u,
		Profile:     views.Form{Values: map[string]string{"display_name": u.DisplayName, "email": u.Email}, Errors: map[string]string{}},
		Password:    views.Form{Errors: map[string]string{}},
		Delete:      views.Form{Errors: map[string]string{}},
		IdleTimeout: s.idleTimeout, Lifetime: s.sessionLifetime,
	}
}

func (s *Server) updateProfile(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	me := s.currentUser(r)
	name, email := r.PostFormValue("display_name"), r.PostFormValue("email")
	v := s.accountView(r)
	v.Profile.Values = map[string]string{"display_name": name, "email": email}
	// Both fields are checked before saving, so one round trip shows every
	// problem; UpdateProfile checks them again.
	_, errName := auth.NormalizeDisplayName(name)
	_, errEmail := auth.NormalizeEmail(email)
	addInputError(v.Profile.Errors, errName)
	addInputError(v.Profile.Errors, errEmail)
	if len(v.Profile.Errors) == 0 {
		u, err := s.users.UpdateProfile(r.Context(), me.ID, name, email)
		switch {
		case errors.Is(err, auth.ErrEmailTaken):
			v.Profile.Errors["email"] = "Another account already uses this email. Use a different one."
		case addInputError(v.Profile.Errors, err):
		case err != nil:
			return err
		default:
			if u.Email != me.Email {
				s.securityEvent(r, "email changed", slog.Int64("user_id", u.ID))
			}
			if u.DisplayName != me.DisplayName {
				// Shown beside the reviews they made, on other learners'
				// lesson pages; the account's own header reads it fresh.
				s.changes.ChangedAll()
			}
			http.Redirect(w, r, views.AccountDoneURL("profile"), http.StatusSeeOther)
			return nil
		}
	}
	return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.Account(v))
}

func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	me := s.currentUser(r)
	v := s.accountView(r)
	// A wrong current password counts as a failed sign-in: a stolen
	// session must not be a way to guess the password without delays.
	attempt, wait, err := s.ownPasswordAttempt(r, me)
	if err != nil {
		return err
	}
	if wait > 0 {
		v.Password.Problem = tooManyTries(w, wait)
		return s.renderStatus(w, r, http.StatusTooManyRequests, views.Account(v))
	}
	err = s.users.ChangePassword(r.Context(), me.ID, r.PostFormValue("current_password"), r.PostFormValue("password"))
	var input *auth.InputError
	switch {
	case errors.As(err, &input) && input.Field == "current_password":
		s.securityEvent(r, "password change refused: wrong current password", slog.Int64("user_id", me.ID))
		addInputError(v.Password.Errors, err)
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.Account(v))
	case addInputError(v.Password.Errors, err):
		// The current password was right: only the new one is refused.
		if err := attempt.Succeeded(r.Context()); err != nil {
			return err
		}
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.Account(v))
	case err != nil:
		attempt.Abandon(r.Context())
		return err
	}
	if err := attempt.Succeeded(r.Context()); err != nil {
		return err
	}
	s.securityEvent(r, "password changed", slog.Int64("user_id", me.ID))
	// Every session of the account was ended with the change, this one's
	// row too; a new token keeps this browser signed in.
	if err := s.renewSession(w, r); err != nil {
		return err
	}
	http.Redirect(w, r, views.AccountDoneURL("password"), http.StatusSeeOther)
	return nil
}

// signOutEverywhere ends every session of the account, this one included.
func (s *Server) signOutEverywhere(w http.ResponseWriter, r *http.Request) error {
	me := s.currentUser(r)
	n, err := s.users.EndSessions(r.Context(), me.ID)
	if err != nil {
		return err
	}
	s.securityEvent(r, "signed out everywhere", slog.Int64("user_id", me.ID), slog.Int64("sessions", n))
	if err := s.endSession(w, r); err != nil {
		return err
	}
	http.Redirect(w, r, views.SignedOutEverywhereURL, http.StatusSeeOther)
	return nil
}

// ownPasswordAttempt counts a form's check of the signed-in user's own
// password as a sign-in attempt on their account from this address, with
// the same growing delays (auth.SignInLimits), or says how long to wait.
func (s *Server) ownPasswordAttempt(r *http.Request, me *auth.User) (*auth.SignInAttempt, time.Duration, error) {
	addr, _ := clientIP(r)
	attempt, wait, err := s.signInLimits.Begin(r.Context(), me.Email, addr)
	if wait > 0 {
		s.securityEvent(r, "password check delayed", slog.Int64("user_id", me.ID), slog.Duration("wait", wait))
	}
	return attempt, wait, err
}

// tooManyTries says how long to wait before the password may be tried
// again, and sets Retry-After to match.
func tooManyTries(w http.ResponseWriter, wait time.Duration) string {
	secs := strconv.Itoa(int(math.Ceil(wait.Seconds())))
	w.Header().Set("Retry-After", secs)
	return "Too many wrong passwords. Try again in " + secs + " seconds."
}

// refusalStatus is the status of a form refused as typed: 429 where the
// password may not be tried yet (tooManyTries set Retry-After), else 422.
func refusalStatus(w http.ResponseWriter) int {
	if w.Header().Get("Retry-After") != "" {
		return http.StatusTooManyRequests
	}
	return http.StatusUnprocessableEntity
}

// confirmOwnPassword checks a password the signed-in user typed to
// confirm a change (a role, deleting their account), counted like a
// sign-in (ownPasswordAttempt). A wrong or missing password, or one that
// may not be tried yet (with Retry-After set), is an *auth.InputError on
// "password".
func (s *Server) confirmOwnPassword(w http.ResponseWriter, r *http.Request, password string) error {
	me := s.currentUser(r)
	if password == "" {
		return &auth.InputError{Field: "password", Msg: "Enter your password to confirm."}
	}
	attempt, wait, err := s.ownPasswordAttempt(r, me)
	if err != nil {
		return err
	}
	if wait > 0 {
		return &auth.InputError{Field: "password", Msg: tooManyTries(w, wait)}
	}
	err = s.users.CheckOwnPassword(r.Context(), me.ID, password, "password")
	switch {
	case isInputError(err):
		s.securityEvent(r, "password confirmation failed", slog.Int64("user_id", me.ID))
		return err
	case err != nil:
		attempt.Abandon(r.Context())
		return err
	}
	return attempt.Succeeded(r.Context())
}

func isInputError(err error) bool {
	var ie *auth.InputError
	return errors.As(err, &ie)
}
