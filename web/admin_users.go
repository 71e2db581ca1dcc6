package web

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

// adminUsers lists every account. ?changed=ID, set by changeRole's
// redirect, confirms the change it made.
func (s *Server) adminUsers(w http.ResponseWriter, r *http.Request) error {
	v, err := s.adminUsersView(r)
	if err != nil {
		return err
	}
	if id, err := strconv.ParseInt(r.URL.Query().Get("changed"), 10, 64); err == nil {
		for i := range v.Users {
			if v.Users[i].ID == id {
				v.Changed, v.What = &v.Users[i], r.URL.Query().Get("what")
			}
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.render(w, r, views.AdminUsers(v))
}

func (s *Server) adminUsersView(r *http.Request) (views.AdminUsersView, error) {
	users, err := s.users.List(r.Context())
	if err != nil {
		return views.AdminUsersView{}, err
	}
	return views.AdminUsersView{Users: users, Me: s.currentUser(r).ID, Errors: map[int64]string{}, ResetErrors: map[int64]string{}}, nil
}

func (s *Server) changeRole(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return errNotFound
	}
	if err := parseForm(r); err != nil {
		return err
	}
	// A role is the most a session can change: the admin's password is
	// asked for, so a session left open is not enough to hand out admin.
	err = s.confirmOwnPassword(w, r, r.PostFormValue("password"))
	if err != nil && !isInputError(err) {
		return err
	}
	var role auth.Role
	if err == nil {
		role, err = auth.ParseRole(r.PostFormValue("role"))
	}
	if err == nil {
		var u auth.User
		u, err = s.users.SetRole(r.Context(), id, role)
		if err == nil {
			return s.roleChanged(w, r, u)
		}
	}
	var msg string
	var input *auth.InputError
	switch {
	case errors.As(err, &input):
		msg = input.Msg
	case errors.Is(err, auth.ErrLastAdmin):
		msg = "This is the only admin. Make another user an admin first, so someone can still manage accounts."
	default:
		return err // an unknown user is a 404
	}
	v, verr := s.adminUsersView(r)
	if verr != nil {
		return verr
	}
	v.Errors[id] = msg
	w.Header().Set("Cache-Control", "no-store")
	return s.renderStatus(w, r, refusalStatus(w), views.AdminUsers(v))
}

// roleChanged logs the change and redirects to the confirmation. An admin
// who changed their own role gets a new session token, as after any change
// of privilege, and, no longer an admin, goes to their dashboard instead.
func (s *Server) roleChanged(w http.ResponseWriter, r *http.Request, u auth.User) error {
	me := s.currentUser(r)
	s.securityEvent(r, "role changed", slog.Int64("user_id", u.ID), slog.String("role", string(u.Role)))
	next := views.UserChangedURL(u.ID)
	if u.ID == me.ID {
		if err := s.renewSession(w, r); err != nil {
			return err
		}
		if !u.Role.AtLeast(auth.Admin) {
			next = afterSignIn
		}
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
	return nil
}
