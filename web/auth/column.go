package auth

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// UserColumn reads one account in another query (catalog.Lesson's), so
// that a page can read who is looking together with what it shows: the row
// is as fresh as a separate read, so a role change applies at once. It is a
// catalog.Column.
type UserColumn struct {
	id  int64
	raw []byte
}

// NewUserColumn reads the account with this id.
func NewUserColumn(id int64) *UserColumn { return &UserColumn{id: id} }

func (c *UserColumn) Expr(arg func(any) string) string {
	return `(SELECT json_build_object('id', u.id, 'email', u.email, 'display_name', u.display_name,
		'role', u.role, 'created_at', u.created_at) FROM users u WHERE u.id = ` + arg(c.id) + `)`
}

func (c *UserColumn) Dest() any { return &c.raw }

// User is the account read; ErrNotFound when there is none.
func (c *UserColumn) User() (User, error) {
	if c.raw == nil {
		return User{}, fmt.Errorf("user %d: %w", c.id, postgres.ErrNotFound)
	}
	var raw struct {
		ID          int64     `json:"id"`
		Email       string    `json:"email"`
		DisplayName string    `json:"display_name"`
		Role        Role      `json:"role"`
		CreatedAt   time.Time `json:"created_at"`
	}
	if err := json.Unmarshal(c.raw, &raw); err != nil {
		return User{}, fmt.Errorf("decoding user %d: %w", c.id, err)
	}
	return User{ID: raw.ID, Email: raw.Email, DisplayName: raw.DisplayName, Role: raw.Role, CreatedAt: raw.CreatedAt}, nil
}
