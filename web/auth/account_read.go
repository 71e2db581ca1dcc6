package auth

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// DecodeAccount decodes the account auth_account (see
// migrations/00007_lesson_page.sql) read for id, so that a page can read
// who is looking in the same query as what it shows: the row is as fresh
// as a separate read, so a role change applies at once. nil, no account,
// is ErrNotFound.
func DecodeAccount(id int64, b []byte) (User, error) {
	if b == nil {
		return User{}, fmt.Errorf("user %d: %w", id, postgres.ErrNotFound)
	}
	var raw struct {
		ID          int64     `json:"id"`
		Email       string    `json:"email"`
		DisplayName string    `json:"display_name"`
		Role        Role      `json:"role"`
		CreatedAt   time.Time `json:"created_at"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return User{}, fmt.Errorf("decoding user %d: %w", id, err)
	}
	return User{ID: raw.ID, Email: raw.Email, DisplayName: raw.DisplayName, Role: raw.Role, CreatedAt: raw.CreatedAt}, nil
}
