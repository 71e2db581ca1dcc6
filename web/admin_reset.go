package web

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

// issueResetLink makes a one-time password-reset link for a user and shows
// it to the admin on the user list, once: the answer to this POST is the
// only place it appears (no redirect, so it is in no address, history or
// log). Like a role change it asks for the admin's own password: a link
// is a way into someone's account.
func (s *Server) issueResetLink(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return errNotFound
	}
	if err := parseForm(r); err != nil {
		return err
	}
	err = s.confirmOwnPassword(w, r, r.PostFormValue("password"))
	if err != nil && !isInputError(err) {
		return err
	}
	var link auth.ResetLink
	if err == nil {
		link, err = s.users.IssueReset(r.Context(), id, s.currentUser(r).ID)
	}
	var msg string
	var input *auth.InputError
	switch {
	case errors.As(err, &input):
		msg = input.Msg
	case errors.Is(err, auth.ErrResetDisabledAccount):
		msg = "This account is disabled. Enable it first, then make a reset link."
	case err != nil:
		return err // an unknown user is a 404
	}
	v, verr := s.adminUsersView(r)
	if verr != nil {
		return verr
	}
	w.Header().Set("Cache-Control", "no-store")
	if msg != "" {
		v.ResetErrors[id] = msg
		return s.renderStatus(w, r, refusalStatus(w), views.AdminUsers(v))
	}
	s.securityEvent(r, "password reset link issued", slog.Int64("user_id", link.User.ID), slog.Time("expires", link.Expires))
	v.Issued = &views.IssuedLink{User: link.User, URL: s.publicURL(r, views.PasswordResetURL(link.Token)), Expires: link.Expires}
	return s.render(w, r, views.AdminUsers(v))
}

// publicURL is path on the site's public address (Deps.BaseURL), so the
// link an admin copies works wherever the user opens it; without one, the
// address this request came to.
func (s *Server) publicURL(r *http.Request, path string) string {
	if s.baseURL != "" {
		return strings.TrimSuffix(s.baseURL, "/") + path
	}
	scheme := "http"
	if s.https || r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host + path
}
