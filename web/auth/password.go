package auth

import (
	"fmt"
	"unicode/utf8"

	"github.com/alexedwards/argon2id"
)

// Password length limits, counted in characters (runes) so that people
// typing in any script get the same allowance.
const (
	MinPasswordLen = 12
	// MaxPasswordLen keeps one sign-in attempt from costing the server an
	// unbounded amount of hashing.
	MaxPasswordLen = 128
)

// hashParams are OWASP's recommended argon2id settings (Password Storage
// Cheat Sheet): 19 MiB of memory, two passes, one lane. Each hash records
// its own parameters, so raising these later leaves old hashes verifiable.
var hashParams = &argon2id.Params{
	Memory:      19 * 1024, // KiB
	Iterations:  2,
	Parallelism: 1,
	SaltLength:  16,
	KeyLength:   32,
}

// CheckPassword reports whether password may be chosen, with a message
// for the person choosing it: the length rules, then zxcvbn's estimate of
// how guessable it is (checkStrength). about is what the password must
// not be made of: the person's name and email address.
func CheckPassword(password string, about ...string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case n < MinPasswordLen:
		return &InputError{Field: "password", Msg: fmt.Sprintf("Use at least %d characters.", MinPasswordLen)}
	case n > MaxPasswordLen:
		return &InputError{Field: "password", Msg: fmt.Sprintf("Use at most %d characters.", MaxPasswordLen)}
	}
	return checkStrength(password, about)
}

// hashPassword returns password as an argon2id PHC string with a fresh
// salt, hashed with params.
func hashPassword(params *argon2id.Params, password string) (string, error) {
	h, err := argon2id.CreateHash(password, params)
	if err != nil {
		return "", fmt.Errorf("hashing password: %w", err)
	}
	return h, nil
}

// verifyPassword reports whether password matches hash.
func verifyPassword(password, hash string) (bool, error) {
	ok, err := argon2id.ComparePasswordAndHash(password, hash)
	if err != nil {
		return false, fmt.Errorf("verifying password: %w", err)
	}
	return ok, nil
}
