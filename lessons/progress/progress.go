// Package progress records what each learner answered — checkpoint attempts
// and free responses — and derives lesson status, accuracy and the
// dashboard from it. Anonymous visitors' answers live in their session as an
// Anonymous value until they sign in and it is merged into their account.
package progress

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/practicum-dev/practicum/lessons"
)

// Attempt is one answer to a checkpoint. Every attempt is kept.
type Attempt struct {
	Course, Lesson string // slugs, so anonymous attempts can be placed without a query
	RevisionID     int64
	Key            string
	Option         int
	Correct        bool
	At             time.Time
}

// Response is one saved free response; saving again adds another.
type Response struct {
	Course, Lesson string
	RevisionID     int64
	Key            string
	Kind           lessons.Kind // exercise, probe or explain
	Answer         string
	Confidence     Confidence
	At             time.Time
	// AfterReveal marks a version written after the learner had seen the
	// item's model answer (reveals.go): decided when it is stored.
	AfterReveal bool
}

// Confidence is a learner's own rating of an answer.
type Confidence string

const (
	NotYet       Confidence = "not-yet"
	GettingThere Confidence = "getting-there"
	Confident    Confidence = "confident"
)

// Confidences lists the levels from lowest to highest.
var Confidences = []Confidence{NotYet, GettingThere, Confident}

// Level is 0, 1 or 2; -1 for an unknown value.
func (c Confidence) Level() int {
	for i, k := range Confidences {
		if k == c {
			return i
		}
	}
	return -1
}

func (c Confidence) Label() string {
	if l := c.Level(); l >= 0 {
		return lessons.ConfidenceLevels[l]
	}
	return string(c)
}

// MaxAnswer bounds a free response in characters, and MaxAnswerBytes in
// bytes of UTF-8: characters alone let 10,000 four-byte characters through
// as 40 KB. 10,000 characters of Latin or Cyrillic text fit both; the
// byte limit is what a form carrying it, percent-encoded at up to three
// bytes a byte, fits in the site's 64 KB body limit (web.maxBody).
const (
	MaxAnswer      = 10000
	MaxAnswerBytes = 20 << 10
)

// InputError is a problem with what the learner sent, for showing beside
// the form.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// CheckOption grades a checkpoint answer.
func CheckOption(cp *lessons.Checkpoint, option int) (correct bool, err error) {
	if option < 0 || option >= len(cp.Options) {
		return false, &InputError{"Choose one of the options, then check your answer."}
	}
	return cp.Options[option].Correct, nil
}

// NewResponse validates a free response.
func NewResponse(kind lessons.Kind, answer string, confidence Confidence) (Response, error) {
	if !kind.Written() {
		return Response{}, fmt.Errorf("a %s takes no written answer", kind)
	}
	answer, err := CheckAnswerText(answer)
	if err != nil {
		return Response{}, err
	}
	if confidence.Level() < 0 {
		return Response{}, &InputError{"Say how confident you are: Not yet, Getting there or Confident."}
	}
	return Response{Kind: kind, Answer: answer, Confidence: confidence}, nil
}

// CheckAnswerText is a written answer as stored (trimmed, with Unix line
// ends), or an *InputError saying why it cannot be: empty, not text, or
// past MaxAnswer characters or MaxAnswerBytes.
func CheckAnswerText(answer string) (string, error) {
	answer = strings.TrimSpace(strings.ReplaceAll(answer, "\r\n", "\n"))
	switch {
	case answer == "":
		return "", &InputError{"Write your answer before saving it."}
	case !utf8.ValidString(answer):
		return "", &InputError{"Your answer holds bytes that are not text (invalid UTF-8). Paste it as plain text and save again — nothing was saved."}
	case len(answer) > MaxAnswerBytes:
		return "", &InputError{fmt.Sprintf("Your answer takes %s; the limit is %s (%d characters, some taking several bytes). Shorten it and save again — nothing was saved.",
			kib(len(answer)), kib(MaxAnswerBytes), utf8.RuneCountInString(answer))}
	case utf8.RuneCountInString(answer) > MaxAnswer:
		return "", &InputError{fmt.Sprintf("Your answer is %d characters long; the limit is %d. Shorten it and save again — nothing was saved.", utf8.RuneCountInString(answer), MaxAnswer)}
	}
	return answer, nil
}

func kib(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }

// Anonymous is what a visitor answered before having an account, as read
// from the anonymous answers (anonymous_store.go): each checkpoint's first
// and latest attempt, and each written item's latest answer.
type Anonymous struct {
	Attempts  []Attempt
	Responses []Response
	// Counts is how many times each checkpoint was answered, by
	// anonymousItem; only the first and latest attempts are kept.
	Counts map[string]int
	// Reveals are the items whose answer the visitor has seen.
	Reveals []Reveal
}

func anonymousItem(course, lesson, key string) string { return course + "\x00" + lesson + "\x00" + key }

// The most an anonymous visitor's answers may hold: MaxAnonymousBytes of
// answer text in all (each item's latest answer counts, earlier ones are
// replaced), and MaxAnonymousItems items. A visitor's rows cost at most
// about MaxAnonymousBytes plus MaxAnonymousItems small rows. A course's
// dozen written items answered at length take a fraction of it; more
// than that is kept with an account.
const (
	MaxAnonymousBytes = 128 << 10
	MaxAnonymousItems = 200
)

// ErrAnonymousFull means the visitor's answers hold as much as they may;
// the visitor must create an account to keep going.
var ErrAnonymousFull = errors.New("create a free account to keep saving answers: this browser's answers hold as much as they can")

func (a Anonymous) Empty() bool { return len(a.Attempts) == 0 && len(a.Responses) == 0 }
