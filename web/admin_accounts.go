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

// disableUser disables an account: its sessions end at once and it
// cannot sign in until an admin enables it again.
func (s *Server) disableUser(w http.ResponseWriter, r *http.Request) error {
	return s.setDisabled(w, r, true)
}

func (s *Server) enableUser(w http.ResponseWriter, r *http.Request) error {
	return s.setDisabled(w, r, false)
}

var errDisableSelf = errors.New("disabling one's own account")

func (s *Server) setDisabled(w http.ResponseWriter, r *http.Request, disabled bool) error {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return errNotFound
	}
	var msg string
	var u auth.User
	if disabled && id == s.currentUser(r).ID {
		// An admin who disabled themselves by a slip would need another
		// admin, or the command line, to get back in.
		err = errDisableSelf
	} else {
		u, err = s.users.SetDisabled(r.Context(), id, disabled)
	}
	switch {
	case errors.Is(err, errDisableSelf):
		msg = "You cannot disable your own account."
	case errors.Is(err, auth.ErrLastAdmin):
		msg = "This is the only admin. Make another user an admin first, so someone can still manage accounts."
	case err != nil:
		return err // an unknown user is a 404
	default:
		event := "account enabled"
		if disabled {
			event = "account disabled"
		}
		s.securityEvent(r, event, slog.Int64("user_id", u.ID))
		http.Redirect(w, r, views.AccountChangedURL(u.ID), http.StatusSeeOther)
		return nil
	}
	v, err := s.adminUsersView(r)
	if err != nil {
		return err
	}
	v.Errors[id] = msg
	w.Header().Set("Cache-Control", "no-store")
	return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.AdminUsers(v))
}
