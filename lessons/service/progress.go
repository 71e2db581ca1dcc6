package service

import (
	"context"

	"github.com/practicum-dev/practicum/lessons/progress"
)

// Where a learner's answers are read from depends on who they are: an
// account's from the database, an anonymous visitor's from their session.
// These reads make that choice once, so pages need not.

// Answered lists, per lesson slug, the item keys who has answered in a
// course.
func (s *Service) Answered(ctx context.Context, who Learner, course string) (map[string]map[string]bool, error) {
	if who.UserID != 0 {
		return s.progress.Answered(ctx, who.UserID, course)
	}
	anon, err := s.anonymousAnswers(ctx, who)
	return progress.AnsweredFrom(anon, course), err
}

// Resume is where who left off: the lesson of their latest answer, with
// its course's and its own title; ok is false when they have answered
// nothing yet.
func (s *Service) Resume(ctx context.Context, who Learner) (progress.Resume, bool, error) {
	if who.UserID != 0 {
		return s.progress.Continue(ctx, who.UserID)
	}
	anon, err := s.anonymousAnswers(ctx, who)
	if err != nil {
		return progress.Resume{}, false, err
	}
	resume, ok := progress.ContinueFrom(anon)
	if !ok {
		return resume, false, nil
	}
	// The session knows only slugs; the titles come from the course.
	d, err := s.catalog.Course(ctx, resume.Course)
	if err != nil {
		return resume, false, err
	}
	resume.CourseTitle = d.Course.Title
	for _, l := range d.Lessons {
		if l.Slug == resume.Lesson {
			resume.LessonTitle = l.Title
		}
	}
	return resume, true, nil
}

// anonymousAnswers reads an anonymous visitor's answers, if they have any.
func (s *Service) anonymousAnswers(ctx context.Context, who Learner) (progress.Anonymous, error) {
	if who.Visitor == "" {
		return progress.Anonymous{}, nil
	}
	return s.progress.Anonymous(ctx, who.Visitor)
}
