package service

import (
	"context"

	"github.com/practicum-dev/practicum/lessons/catalog"
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

// Dashboard is a signed-in learner's progress across every course.
type Dashboard struct {
	Courses []CourseProgress
	First   []progress.FirstAttempt
	Ratings []progress.Rating
	Scored  progress.ScoredSummary
}

// CourseProgress is one course with what the learner answered in it.
type CourseProgress struct {
	Course   catalog.CourseDetail
	Answered map[string]map[string]bool
}

// Dashboard reads a learner's progress: per course, then accuracy,
// confidence ratings and scored answers.
func (s *Service) Dashboard(ctx context.Context, userID int64) (Dashboard, error) {
	var d Dashboard
	courses, err := s.catalog.Courses(ctx)
	if err != nil {
		return d, err
	}
	for _, c := range courses {
		detail, err := s.catalog.Course(ctx, c.Slug)
		if err != nil {
			return d, err
		}
		answered, err := s.progress.Answered(ctx, userID, c.Slug)
		if err != nil {
			return d, err
		}
		d.Courses = append(d.Courses, CourseProgress{Course: detail, Answered: answered})
	}
	if d.First, err = s.progress.FirstAttempts(ctx, userID); err != nil {
		return d, err
	}
	if d.Ratings, err = s.progress.Ratings(ctx, userID); err != nil {
		return d, err
	}
	d.Scored, err = s.progress.Scored(ctx, userID)
	return d, err
}
