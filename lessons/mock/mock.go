// Package mock keeps learners' mock interviews: a few interview probes
// asked one after another against a clock, each followed by the
// interviewer's follow-up, chosen by what the answer missed. It owns the
// tables mock_interviews and mock_questions
// (migrations/00016_mock_interviews.sql).
//
// An interview belongs to an account or to an anonymous visitor; a
// visitor's interviews expire with the visitor and move into their account
// when they sign in (Adopt, in service.MergeAnonymous's transaction). The
// writes that go with others take the caller's transaction; lessons/service
// begins it. Which probes are asked, which follow-up, and how answers are
// scored are the service's: this package keeps what was asked, typed and
// answered, and the clock of each question (clock.go).
package mock

import (
	"time"

	"github.com/practicum-dev/practicum/grading"
)

// MaxProbes is the longest interview: with a follow-up each, ten
// questions.
const MaxProbes = 5

// MaxAnonymous is how many interviews a visitor without an account may
// keep. Each holds at most ten answers and one draft of 20 KB, so a
// visitor keeps at most about 3 × 11 × 20 KB, whatever they post.
const MaxAnonymous = 3

// Owner is who runs an interview: an account (UserID), or an anonymous
// visitor (Visitor, when UserID is 0).
type Owner struct {
	UserID  int64
	Visitor string
}

// Interview is one mock interview and the questions asked so far.
type Interview struct {
	ID    int64
	Owner Owner
	// Course is the course the probes were drawn from; "" for all.
	Course     string
	Probes     int
	StartedAt  time.Time
	FinishedAt time.Time // zero until the last follow-up is answered
	// Questions are by position: probe n at 2n, its follow-up at 2n+1
	// once the probe is answered.
	Questions []Question
}

// Finished reports whether every question was answered.
func (iv Interview) Finished() bool { return !iv.FinishedAt.IsZero() }

// Current is the question being asked: the first one not answered; ok is
// false once the interview is finished.
func (iv Interview) Current() (q Question, ok bool) {
	for _, q := range iv.Questions {
		if !q.Answered() {
			return q, true
		}
	}
	return Question{}, false
}

// AnsweredCount counts the questions answered: where the learner is.
func (iv Interview) AnsweredCount() int {
	n := 0
	for _, q := range iv.Questions {
		if q.Answered() {
			n++
		}
	}
	return n
}

// Question is a probe or a follow-up as asked in an interview.
type Question struct {
	Position int
	// The probe's item, in the revision it was asked from.
	Course, Lesson string
	RevisionID     int64
	Key            string
	// Criterion is the criterion a follow-up follows up, the one its
	// probe's answer missed that chose it; "" for the probe's own
	// follow_up, and for a probe.
	Criterion grading.Criterion
	Limit     time.Duration
	// The clock (clock.go).
	AskedAt, PausedAt time.Time
	Paused            time.Duration
	// Draft is what the learner has typed, until they answer.
	Draft      string
	Answer     string
	AnsweredAt time.Time
	Taken      time.Duration
	Score      grading.Score
}

// FollowUp reports whether the question is a follow-up, not a probe.
func (q Question) FollowUp() bool { return q.Position%2 == 1 }

// Probe is the number of the probe the question is, or follows up, from 0.
func (q Question) Probe() int { return q.Position / 2 }

// Answered reports whether the learner answered the question.
func (q Question) Answered() bool { return !q.AnsweredAt.IsZero() }

// NewProbe is a probe to ask in a new interview.
type NewProbe struct {
	Course, Lesson string
	RevisionID     int64
	Key            string
	Limit          time.Duration
}

// Listed is one of a learner's interviews in a list: where it stands and
// what it scored so far.
type Listed struct {
	ID         int64
	Course     string
	Probes     int
	StartedAt  time.Time
	FinishedAt time.Time
	// Answered counts the questions answered, Points their scores' sum
	// (out of 4 each).
	Answered, Points int
}

// Finished reports whether every question was answered.
func (l Listed) Finished() bool { return !l.FinishedAt.IsZero() }

// Questions is how many questions the interview asks in all.
func (l Listed) Questions() int { return 2 * l.Probes }

// InputError is a request the learner can fix, with the form field it is
// about ("" for none in particular).
type InputError struct{ Field, Msg string }

func (e *InputError) Error() string { return e.Msg }

// StaleError is a write for a question that is no longer being asked (it
// was answered since, in another tab or by a second click), or for an
// interview that is finished: nothing was written.
type StaleError struct{}

func (e *StaleError) Error() string { return "that question is no longer being asked" }
