// Package review keeps signed-in learners' review cards: one per checkpoint
// they answered and one per criterion of each exercise or probe scored for
// them, scheduled by lessons/fsrs from the results of their answers (never
// from their own grading). It owns the tables review_cards and review_log
// (migrations/00015_review_cards.sql).
//
// Cards change only inside the transaction that stores what drives them: a
// checkpoint attempt, a scored answer, an anonymous visitor's answers merged
// into their account, a reviewer's override (Record and Reverdict take the
// caller's transaction; lessons/service begins it). Which answers count as
// reviews is decided here (sitting.go), the options' order on the Review
// page too (order.go); the reads are the Review page's queue and the
// navigation's count (queue.go).
//
// The review log is append-only: each row is one review with the card as it
// was before, so that an override can re-decide the review its answer drove
// (reverdict.go) and the history stays whole.
package review

import (
	"fmt"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/fsrs"
)

// Card is one thing a learner reviews: a checkpoint (Criterion "") or one
// criterion of a scored item, with its FSRS schedule.
type Card struct {
	ID, UserID, LessonID int64
	Key                  string       // the item's key in its lesson
	Kind                 lessons.Kind // the item's kind when the card was made
	Criterion            grading.Criterion
	fsrs.Card
	// SittingWrong: an answer of the card's current sitting was wrong
	// (sitting.go).
	SittingWrong bool
}

// Checkpoint reports whether the card is a checkpoint's.
func (c Card) Checkpoint() bool { return c.Criterion == "" }

// Result is one card's result in an answer: the checkpoint answered right,
// or the criterion earned.
type Result struct {
	Criterion grading.Criterion // "" for a checkpoint
	Correct   bool
	// NotYet: the learner rated a written answer "Not yet".
	NotYet bool
}

// Source is what drove a review.
type Source string

const (
	FromLesson Source = "lesson" // answered on the lesson page
	FromReview Source = "review" // answered on the Review page
	FromMerge  Source = "merge"  // answered anonymously, moved into the account at sign-in
	// FromOverride is a reviewer's decision re-deciding the review its
	// answer drove (Reverdict).
	FromOverride Source = "override"
)

// Answer is what a learner's answer gives the cards of its item: one
// checkpoint attempt or one scored response, and its results.
type Answer struct {
	UserID int64
	// RevisionID is the revision answered, which names the lesson.
	RevisionID int64
	Key        string
	Kind       lessons.Kind
	At         time.Time
	Source     Source
	// AttemptID is the checkpoint attempt's id; ResponseID the scored
	// response's. One of them is set.
	AttemptID, ResponseID int64
	Results               []Result
}

// check refuses an answer no caller should send.
func (a Answer) check() error {
	switch {
	case a.UserID == 0 || a.RevisionID == 0 || a.Key == "":
		return fmt.Errorf("review: an answer needs its learner, revision and item (got %d, %d, %q)", a.UserID, a.RevisionID, a.Key)
	case (a.AttemptID == 0) == (a.ResponseID == 0):
		return fmt.Errorf("review: an answer is one checkpoint attempt or one response (attempt %d, response %d)", a.AttemptID, a.ResponseID)
	case a.Source == FromOverride:
		return fmt.Errorf("review: an override re-decides a review (Reverdict); it is not an answer")
	case a.At.IsZero():
		return fmt.Errorf("review: answer to %q has no time", a.Key)
	}
	for _, r := range a.Results {
		if (r.Criterion == "") != (a.AttemptID != 0) || (r.Criterion != "" && !r.Criterion.Valid()) {
			return fmt.Errorf("review: result for criterion %q does not fit an answer to %q", r.Criterion, a.Key)
		}
	}
	return nil
}

// CriterionResults are a scored answer's results: each criterion earned or
// not, as its points say (an auto score, or a reviewer's decision).
func CriterionResults(points map[grading.Criterion]int, notYet bool) []Result {
	out := make([]Result, 0, len(grading.Criteria))
	for _, c := range grading.Criteria {
		if p, ok := points[c]; ok {
			out = append(out, Result{Criterion: c, Correct: p > 0, NotYet: notYet})
		}
	}
	return out
}

// ScoreResults are CriterionResults for an auto score.
func ScoreResults(sc grading.Score, notYet bool) []Result {
	points := map[grading.Criterion]int{}
	for _, c := range sc.Criteria {
		if c.Criterion.Valid() {
			points[c.Criterion] = 0
			if c.Awarded {
				points[c.Criterion] = 1
			}
		}
	}
	return CriterionResults(points, notYet)
}

// NotDueError refuses a review on the Review page of a card not due yet.
type NotDueError struct{ Due time.Time }

func (e *NotDueError) Error() string {
	return "this card is not due for review until " + e.Due.UTC().Format(time.RFC3339)
}

// StaleError refuses a review answered on a form that no longer matches
// the card: it was reviewed since, or its lesson republished.
type StaleError struct{}

func (e *StaleError) Error() string {
	return "this card changed since the page was shown: it was reviewed again, or its lesson was updated"
}
