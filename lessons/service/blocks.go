package service

import (
	"context"
	"errors"
	"strings"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
)

// BlockEdit is one block form's change to a lesson: the block keyed Key
// replaced by Text, or, with no Key, a new block of Kind added.
type BlockEdit struct {
	Course, Lesson string
	Key            string // the block replaced; empty to add one
	Kind           lessons.Kind
	Text           string // the block's YAML, as lessons.BlockDraft.YAML writes it
	Base           int    // the revision the form was opened on
}

// BlockProblems is a block edit the parser refused. FenceLine is the file
// line of the edited block's opening fence, so problems can be placed
// beside the form's fields.
type BlockProblems struct {
	lessons.Problems
	FenceLine int
}

func (e *BlockProblems) Unwrap() error { return e.Problems }

// BlockConflict is a block edit refused because someone saved a newer
// revision since the form was opened. Diff is how saving the form over
// that revision would change it; Gone, that the newer revision no longer
// has the block, so there is nothing to compare.
type BlockConflict struct {
	Stale *catalog.StaleError
	Diff  []lessons.DiffLine
	Gone  bool
}

func (e *BlockConflict) Error() string { return e.Stale.Error() }

// SaveBlock makes the edit in parts, the newest revision's file as the
// form read it, and saves the result as a new draft of the lesson,
// returning it and what the scorer makes of its calibration examples. It
// is refused with *BlockProblems or *BlockConflict; nothing is saved then.
func (s *Service) SaveBlock(ctx context.Context, authorID int64, parts lessons.SourceParts, e BlockEdit) (catalog.SaveResult, error) {
	src, fenceLine, err := e.apply(parts)
	if err != nil {
		return catalog.SaveResult{}, err
	}
	res, err := s.catalog.SaveDraft(ctx, authorID, e.Course, e.Lesson, e.Base, src)
	var ps lessons.Problems
	var stale *catalog.StaleError
	switch {
	case err == nil:
		return res, nil
	case errors.As(err, &ps):
		return res, &BlockProblems{Problems: ps, FenceLine: fenceLine}
	case errors.As(err, &stale):
		return res, e.conflict(stale)
	}
	return res, err
}

// apply returns the lesson file with the edit made, and the file line of
// the edited block's opening fence.
func (e BlockEdit) apply(parts lessons.SourceParts) ([]byte, int, error) {
	var start int
	if e.Key != "" {
		var err error
		if parts.Body, start, err = lessons.ReplaceBlock(parts.Body, e.Key, e.Text); err != nil {
			return nil, 0, err
		}
	} else {
		parts.Body, start = lessons.InsertBlock(parts.Body, e.Kind, e.Text)
	}
	return parts.Bytes(), parts.BodyLine() + strings.Count(parts.Body[:start], "\n"), nil
}

// conflict describes a refused save: who saved what, and how saving this
// form over their revision would change it.
func (e BlockEdit) conflict(stale *catalog.StaleError) *BlockConflict {
	c := &BlockConflict{Stale: stale}
	parts, err := lessons.SplitSource(stale.Source)
	if err != nil {
		c.Gone = true
		return c
	}
	if e.Key != "" {
		if _, ok := lessons.FindSourceBlock(parts.Body, e.Key); !ok {
			c.Gone = true
			return c
		}
	}
	mine, _, err := e.apply(parts)
	if err != nil {
		c.Gone = true
		return c
	}
	c.Diff = lessons.Diff(string(lessons.NormalizeNewlines(stale.Source)), string(mine), lessons.DiffContext)
	return c
}
