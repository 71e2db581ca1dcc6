// Package auth holds accounts: users and their roles, password hashing and
// the checks sign-up and sign-in need. It knows nothing of HTTP handlers;
// the web package calls it.
package auth

import (
	"errors"
	"time"
)

// Role is what a user may do. Each role can do everything the ones before
// it can.
type Role string

const (
	Learner    Role = "learner"
	Instructor Role = "instructor"
	Admin      Role = "admin"
)

// Roles lists every role, least to most privileged.
var Roles = []Role{Learner, Instructor, Admin}

func (r Role) rank() int {
	for i, k := range Roles {
		if k == r {
			return i
		}
	}
	return -1
}

// Valid reports whether r is a known role.
func (r Role) Valid() bool { return r.rank() >= 0 }

// AtLeast reports whether r includes everything min may do.
func (r Role) AtLeast(min Role) bool { return r.Valid() && r.rank() >= min.rank() }

// Label is the role's name as people read it.
func (r Role) Label() string {
	switch r {
	case Learner:
		return "Learner"
	case Instructor:
		return "Instructor"
	case Admin:
		return "Admin"
	}
	return string(r)
}

// User is an account.
type User struct {
	ID          int64
	Email       string
	DisplayName string
	Role        Role
	CreatedAt   time.Time
	// Disabled accounts cannot sign in and have no sessions (SetDisabled).
	Disabled bool
}

var (
	// ErrBadCredentials is the one answer to a failed sign-in, whatever the
	// reason, so that nobody can learn which emails have accounts.
	ErrBadCredentials = errors.New("email or password is incorrect")
	// ErrEmailTaken means sign-up found an account with that email.
	ErrEmailTaken = errors.New("an account with that email already exists")
	// ErrLastAdmin refuses to take the admin role from the only admin, which
	// would leave nobody able to manage accounts from the site.
	ErrLastAdmin = errors.New("this is the only admin; make another user an admin first")
	// ErrAccountDisabled answers a sign-in with the right password to a
	// disabled account. Only someone who knows the password learns it.
	ErrAccountDisabled = errors.New("this account is disabled")
	// ErrResetInvalid is a password-reset link that is unknown, used or
	// expired: the three are one answer, so a link says nothing of others.
	ErrResetInvalid = errors.New("this password-reset link is not valid")
)

// InputError is a problem with what someone typed, for showing beside the
// field.
type InputError struct {
	Field string // "email", "password", "display_name", "role"
	Msg   string
}

func (e *InputError) Error() string { return e.Field + ": " + e.Msg }
