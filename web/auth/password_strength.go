package auth

import (
	"strings"

	"github.com/trustelem/zxcvbn"
	"github.com/trustelem/zxcvbn/match"
)

// MinPasswordScore is the least zxcvbn score (0–4) a new password needs:
// 3 is "safely unguessable: moderate protection from offline
// slow-hash scenario" (about 10^8 guesses or more).
const MinPasswordScore = 3

// checkStrength refuses a password zxcvbn scores below MinPasswordScore,
// with what made it guessable. The person's name and email are part of
// the estimate, so "Ada Lovelace" cannot choose "adalovelace2024".
func checkStrength(password string, about []string) error {
	r := zxcvbn.PasswordStrength(password, userInputs(about))
	if r.Score >= MinPasswordScore {
		return nil
	}
	return &InputError{Field: "password", Msg: "This password is too easy to guess. " + advice(r.Sequence)}
}

// userInputs splits a name and email into the words zxcvbn looks for:
// the whole of each, and its parts ("ada.lovelace@example.com" gives
// "ada", "lovelace", "example" too), lowercased as its dictionaries are.
func userInputs(about []string) []string {
	var out []string
	for _, s := range about {
		s = strings.ToLower(strings.TrimSpace(s))
		if s == "" {
			continue
		}
		out = append(out, s)
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" .-_+@'", r) }) {
			if len(w) >= 3 {
				out = append(out, w)
			}
		}
	}
	return out
}

// advice says why the password was guessable and what to do instead. The
// Go port of zxcvbn returns its matches but not zxcvbn's feedback, so this
// is that feedback's logic (zxcvbn's feedback.coffee): a warning about the
// longest match that made it guessable, then suggestions.
func advice(seq []*match.Match) string {
	var longest *match.Match
	for _, m := range seq {
		if m.Pattern != "bruteforce" && (longest == nil || len(m.Token) > len(longest.Token)) {
			longest = m
		}
	}
	suggest := "Use a longer passphrase: four or more uncommon words, not a famous phrase, with no names, dates or keyboard patterns."
	if longest == nil {
		return suggest
	}
	return warning(longest) + " " + suggest
}

func warning(m *match.Match) string {
	switch m.Pattern {
	case "dictionary":
		switch {
		case m.DictionaryName == "user_inputs":
			return "It contains your name or email address."
		case m.DictionaryName == "passwords" && m.Rank <= 100:
			return "It is one of the most common passwords."
		case m.DictionaryName == "passwords":
			return "It is close to a commonly used password."
		case m.DictionaryName == "surnames" || m.DictionaryName == "male_names" || m.DictionaryName == "female_names":
			return "Names and surnames are easy to guess."
		case m.L33t || m.Reversed:
			return "Swapping letters for symbols or writing words backwards does not make them much harder to guess."
		default:
			return "Common words and phrases are easy to guess."
		}
	case "spatial":
		return "Keyboard patterns such as qwerty or zxcvbn are easy to guess."
	case "repeat":
		return "Repeated characters such as aaa or abcabc are easy to guess."
	case "sequence":
		return "Sequences such as abcd or 6543 are easy to guess."
	case "regex", "date":
		return "Years and dates are easy to guess."
	}
	return "It follows a pattern that is easy to guess."
}
