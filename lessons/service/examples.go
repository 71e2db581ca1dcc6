package service

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// ExampleRefused is a reviewed answer that cannot become a calibration
// example: Msg says why, for the reviewer.
type ExampleRefused struct{ Msg string }

func (e *ExampleRefused) Error() string { return e.Msg }

// ExampleAdded is a reviewed answer added to its item's calibration
// examples in a new draft of the lesson.
type ExampleAdded struct {
	Revision int // the new draft's number
	Example  int // the example's number among the item's
	// Calibration is where the scorer disagrees with the item's examples
	// in the new draft, the new one's included: the next publish is
	// refused while any remain.
	Calibration lessons.Calibration
}

// AddExample is a reviewer's request to turn a reviewed answer into a
// calibration example.
type AddExample struct {
	ResponseID, AuthorID int64
	// Decision is the review event whose scores the reviewer saw; Base
	// the lesson's newest revision when they looked.
	Decision int64
	Base     int
}

// AddCalibrationExample adds a reviewed answer, with the scores of its
// current review, as the last calibration example of the same item in a
// new draft revision of the lesson. It is saved over revision a.Base the
// way a block form saves (SaveBlock), so it is refused with
// *BlockConflict when someone saved a newer revision, and with
// *ExampleRefused when the answer has no review, another review was saved
// since, the newest revision has no such item, or the answer is already
// one of its examples. Only the new example's lines are added to the
// lesson file.
func (s *Service) AddCalibrationExample(ctx context.Context, a AddExample) (ExampleAdded, error) {
	sub, err := s.scores.Submission(ctx, a.ResponseID)
	if err != nil {
		return ExampleAdded{}, err
	}
	kind := lessons.Kind(sub.Kind)
	if !kind.Scored() {
		return ExampleAdded{}, fmt.Errorf("scored response %d: %w", a.ResponseID, postgres.ErrNotFound)
	}
	cur := sub.Current()
	switch {
	case cur.Kind != scores.KindReview:
		return ExampleAdded{}, &ExampleRefused{"This answer has no review yet. Save your review first: the example takes the scores you decide."}
	case cur.ID != a.Decision:
		return ExampleAdded{}, &ExampleRefused{fmt.Sprintf("%s saved a review of this answer after you opened it, giving %d of 4. Nothing was added: read their decision, then add the example with its scores.", reviewer(cur), cur.Total)}
	}
	d, err := s.catalog.Draft(ctx, sub.Course, sub.Lesson)
	if err != nil {
		return ExampleAdded{}, err
	}
	parts, err := lessons.SplitSource(d.Source)
	if err != nil {
		return ExampleAdded{}, err
	}
	sb, ok := lessons.FindSourceBlock(parts.Body, sub.Key)
	if !ok || sb.Kind != kind {
		return ExampleAdded{}, &ExampleRefused{fmt.Sprintf("Revision %d, the newest of the lesson, has no %s %q: it was removed or its key changed.", d.Head.Number, kind.Noun(), sub.Key)}
	}
	if n := exampleWith(sb, sub.Answer); n > 0 {
		return ExampleAdded{}, &ExampleRefused{fmt.Sprintf("This answer is already example %d of the %s in revision %d.", n, kind.Noun(), d.Head.Number)}
	}
	ex := lessons.ExampleDraft{Answer: sub.Answer, Note: exampleNote(sub, cur)}
	for i, c := range grading.Criteria {
		ex.Scores[i] = cur.Scores[c]
	}
	text, number, err := lessons.AppendExample(sb.YAML, ex)
	if err != nil {
		return ExampleAdded{}, &ExampleRefused{fmt.Sprintf("The %s's examples in revision %d can't be added to here (%v): add this answer in its form instead.", kind.Noun(), d.Head.Number, err)}
	}
	res, err := s.SaveBlock(ctx, a.AuthorID, parts, BlockEdit{Course: sub.Course, Lesson: sub.Lesson, Key: sub.Key, Kind: kind, Text: text, Base: a.Base})
	var problems *BlockProblems
	if errors.As(err, &problems) {
		return ExampleAdded{}, &ExampleRefused{"With this answer as an example the lesson does not read: " + problems.Error()}
	}
	if err != nil {
		return ExampleAdded{}, err
	}
	return ExampleAdded{Revision: res.Revision.Number, Example: number, Calibration: res.Calibration.Item(sub.Key)}, nil
}

// ExampleState is what the review screen says about a reviewed answer and
// its item's calibration examples in the lesson's newest revision.
type ExampleState struct {
	Head int // the newest revision's number, which an added example is saved over
	// HasItem: the newest revision has the answer's item, so the answer
	// can be added to it.
	HasItem bool
	// Example is the number of the item's example that is this answer,
	// 0 when none is; Calibration the scorer's disagreements with it.
	Example     int
	Calibration lessons.Calibration
}

// CalibrationState reads the lesson's newest revision for the review of
// sub: whether its item is there and whether the answer is already one of
// its examples, and if it is, whether the scorer agrees with it.
func (s *Service) CalibrationState(ctx context.Context, sub scores.Submission) (ExampleState, error) {
	d, err := s.catalog.Draft(ctx, sub.Course, sub.Lesson)
	if err != nil {
		return ExampleState{}, err
	}
	st := ExampleState{Head: d.Head.Number}
	parts, err := lessons.SplitSource(d.Source)
	if err != nil {
		return st, nil
	}
	sb, ok := lessons.FindSourceBlock(parts.Body, sub.Key)
	if !ok || sb.Kind != lessons.Kind(sub.Kind) {
		return st, nil
	}
	st.HasItem = true
	if st.Example = exampleWith(sb, sub.Answer); st.Example > 0 {
		if _, calibration, err := catalog.CheckLesson(sub.Course, sub.Lesson, d.Source); err == nil {
			for _, dis := range calibration.Item(sub.Key) {
				if dis.Example == st.Example {
					st.Calibration = append(st.Calibration, dis)
				}
			}
		}
	}
	return st, nil
}

// exampleWith is the number of the block's example whose answer is
// answer, white space aside, or 0.
func exampleWith(sb lessons.SourceBlock, answer string) int {
	d, err := lessons.DecodeBlockDraft(sb.Kind, sb.YAML)
	if err != nil {
		return 0
	}
	want := strings.Join(strings.Fields(answer), " ")
	for i, ex := range d.Examples {
		if strings.Join(strings.Fields(ex.Answer), " ") == want {
			return i + 1
		}
	}
	return 0
}

// exampleNote says where an example came from, and the reviewer's notes.
func exampleNote(sub scores.Submission, review scores.Event) string {
	note := fmt.Sprintf("From %s's review of answer %d.", reviewer(review), sub.ResponseID)
	for _, c := range grading.Criteria {
		if n := strings.Join(strings.Fields(review.Notes[c]), " "); n != "" {
			note += fmt.Sprintf(" %s: %s", c.Label(), n)
			if !strings.HasSuffix(n, ".") {
				note += "."
			}
		}
	}
	return note
}

func reviewer(e scores.Event) string {
	if e.ReviewerName == "" {
		return "another reviewer"
	}
	return e.ReviewerName
}
