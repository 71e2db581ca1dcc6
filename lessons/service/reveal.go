package service

import (
	"context"
	"errors"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// revealable is a kind whose answer a learner may ask to see: a
// checkpoint's correct option, a scored item's model answer.
func revealable(k lessons.Kind) bool { return k == lessons.KindCheckpoint || k.Scored() }

// RevealAnswer shows who the answer of an item they have attempted — a
// checkpoint's correct option, an exercise's model solution, a probe's
// strong answer — from now on; versions of their answer written after it
// are marked so. It returns the block whenever it was found, also with a
// *progress.InputError when who has not attempted the item yet (nothing
// is revealed then).
func (s *Service) RevealAnswer(ctx context.Context, who Learner, it Item) (lessons.Block, error) {
	b, err := s.item(ctx, it, revealable)
	if err != nil {
		return b, err
	}
	v := progress.Reveal{Course: it.Course, Lesson: it.Lesson, RevisionID: it.RevisionID, Key: b.Key, At: s.now()}
	if who.anonymous() {
		err = s.progress.RevealForVisitor(ctx, who.Visitor, who.Term, v)
	} else {
		err = s.progress.RevealFor(ctx, who.UserID, v)
		s.changed(who.UserID)
	}
	if errors.Is(err, progress.ErrNotAttempted) {
		return b, &progress.InputError{Msg: notAttempted(b.Kind)}
	}
	return b, err
}

// notAttempted is why an answer is not shown yet, in the item's terms.
func notAttempted(k lessons.Kind) string {
	switch k {
	case lessons.KindCheckpoint:
		return "Choose an option and check it first: the answer is shown after your first attempt."
	case lessons.KindProbe:
		return "Submit your own answer first: the strong answer opens after your first attempt."
	}
	return "Submit your own answer first: the model solution opens after your first attempt."
}
