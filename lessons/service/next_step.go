package service

import (
	"context"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// NextStep is where a learner goes next in a course: the first lesson, in
// the course's order, that they have not finished (progress.StatusOf), at
// its first item they have not answered (lessons.Lesson.NextItem).
type NextStep struct {
	Course, CourseTitle string
	Lesson, LessonTitle string
	// Item is the item to answer next, and Section its heading on the
	// lesson page ("Checkpoint 2 of 5"): the section of the lesson the
	// learner goes to. Item's Kind is "" when the lesson changed between
	// reading the course and reading the lesson and has nothing left to
	// answer; the step is then the lesson itself.
	Item    lessons.Block
	Section string
	// Started is true when the learner has answered something in the
	// course: the step continues rather than starts it.
	Started bool
}

// NextStep is the learner's next step in course d, given what they
// answered in it (Answered); ok is false when they have answered every
// item of every lesson. Lessons with nothing to answer are read, not
// finished, so they are never the next step.
func (s *Service) NextStep(ctx context.Context, d catalog.CourseDetail, answered map[string]map[string]bool) (n NextStep, ok bool, err error) {
	for _, l := range d.Lessons {
		if len(l.Answerable) == 0 || progress.StatusOf(l.Answerable, answered[l.Slug]) == progress.Complete {
			continue
		}
		n = NextStep{Course: d.Course.Slug, CourseTitle: d.Course.Title, Lesson: l.Slug, LessonTitle: l.Title, Started: len(answered) > 0}
		p, err := s.catalog.Lesson(ctx, d.Course.Slug, l.Slug)
		if err != nil {
			return n, false, err
		}
		if b, ok := p.Lesson.NextItem(answered[l.Slug]); ok {
			n.Item, n.Section = b, p.Lesson.ItemHeading(b)
		}
		return n, true, nil
	}
	return NextStep{}, false, nil
}
