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

// MaxAnswer bounds a free response, in characters.
const MaxAnswer = 10000

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
	answer = strings.TrimSpace(strings.ReplaceAll(answer, "\r\n", "\n"))
	switch {
	case !kind.Written():
		return Response{}, fmt.Errorf("a %s takes no written answer", kind)
	case answer == "":
		return Response{}, &InputError{"Write your answer before saving it."}
	case utf8.RuneCountInString(answer) > MaxAnswer:
		return Response{}, &InputError{fmt.Sprintf("Your answer is %d characters long; the limit is %d. Shorten it and save again — nothing was saved.", utf8.RuneCountInString(answer), MaxAnswer)}
	case confidence.Level() < 0:
		return Response{}, &InputError{"Say how confident you are: Not yet, Getting there or Confident."}
	}
	return Response{Kind: kind, Answer: answer, Confidence: confidence}, nil
}

// Anonymous is what a visitor answered before having an account. It is
// kept in the session, so it is bounded.
type Anonymous struct {
	Attempts  []Attempt
	Responses []Response
}

const (
	maxAnonymousAttempts  = 500
	maxAnonymousResponses = 100
)

// ErrAnonymousFull means the session holds as much as it may; the visitor
// must create an account to keep going.
var ErrAnonymousFull = errors.New("create a free account to keep saving answers: this browser session holds as many as it can")

func (a Anonymous) Empty() bool { return len(a.Attempts) == 0 && len(a.Responses) == 0 }

func (a *Anonymous) AddAttempt(at Attempt) error {
	if len(a.Attempts) >= maxAnonymousAttempts {
		return ErrAnonymousFull
	}
	a.Attempts = append(a.Attempts, at)
	return nil
}

func (a *Anonymous) AddResponse(r Response) error {
	if len(a.Responses) >= maxAnonymousResponses {
		return ErrAnonymousFull
	}
	a.Responses = append(a.Responses, r)
	return nil
}
