package service

import (
	"context"
	"slices"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// Dashboard is a signed-in learner's progress across every course.
type Dashboard struct {
	Courses []CourseProgress
	// Next is the learner's next step, in the course they last answered
	// in when it has one left, else in the first course that has;
	// HasNext is false when they have answered everything.
	Next    NextStep
	HasNext bool
	First   []progress.FirstAttempt
	Ratings []progress.Rating
	// Written is the latest answer to each written item, newest first,
	// and Scored what the scored ones among them say: one per item,
	// however often it was saved.
	Written []WrittenAnswer
	Scored  progress.ScoredSummary
	// Mocks are the learner's latest mock interviews, newest first.
	Mocks []MockListed
	// News is the learner's review news; reading the dashboard marks its
	// finished reviews seen (scores.Store.TakeNews).
	News News
}

// DashboardMocks is how many mock interviews the dashboard lists.
const DashboardMocks = 5

// CourseProgress is one course with what the learner answered in it.
type CourseProgress struct {
	Course   catalog.CourseDetail
	Answered map[string]map[string]bool
}

// WrittenAnswer is a learner's latest answer to an item, with the item's
// title: its heading in the lesson as it is now.
type WrittenAnswer struct {
	scores.Written
	Title string
}

// News is a learner's review news with each item's title and lesson.
type News struct {
	Requested, Finished []ReviewNote
	// Count is what the navigation counts once the dashboard has shown
	// this news: the reviews still in progress.
	Count scores.NewsCount
}

// ReviewNote is one review of the learner's news.
type ReviewNote struct {
	scores.ReviewNote
	Title, LessonTitle string
}

// Dashboard reads a learner's progress: per course, their next step,
// accuracy, confidence ratings, written answers and review news. Its
// queries are as many for a long history as for a short one.
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
	if d.Next, d.HasNext, err = s.nextAnywhere(ctx, userID, d.Courses); err != nil {
		return d, err
	}
	if d.First, err = s.progress.FirstAttempts(ctx, userID); err != nil {
		return d, err
	}
	if d.Ratings, err = s.progress.Ratings(ctx, userID); err != nil {
		return d, err
	}
	written, err := s.scores.WrittenBy(ctx, userID)
	if err != nil {
		return d, err
	}
	title, err := s.itemTitles(ctx, written)
	if err != nil {
		return d, err
	}
	var scored []progress.ScoredAnswer
	for _, w := range written {
		d.Written = append(d.Written, WrittenAnswer{Written: w, Title: title(w.Course, w.Lesson, w.Key, w.Kind)})
		if w.Scored() {
			scored = append(scored, progress.ScoredAnswer{Confidence: progress.Confidence(w.Confidence), Total: w.Current.Total, Scores: w.Current.Scores})
		}
	}
	d.Scored = progress.Summarize(scored)
	titles := map[string]string{}
	for _, c := range courses {
		titles[c.Slug] = c.Title
	}
	if d.Mocks, err = s.mockInterviews(ctx, Learner{UserID: userID}, DashboardMocks, titles); err != nil {
		return d, err
	}
	// Last: taking the news marks it seen, which a failure above would
	// leave unshown.
	news, err := s.scores.TakeNews(ctx, userID)
	if err != nil {
		s.changed(userID) // it may have taken them
		return d, err
	}
	if len(news.Finished) > 0 {
		s.changed(userID) // the navigation counts them no more
	}
	lessonTitles := map[[2]string]string{}
	for _, w := range written {
		lessonTitles[[2]string{w.Course, w.Lesson}] = w.LessonTitle
	}
	note := func(n scores.ReviewNote) ReviewNote {
		return ReviewNote{ReviewNote: n, Title: title(n.Course, n.Lesson, n.Key, n.Kind), LessonTitle: lessonTitles[[2]string{n.Course, n.Lesson}]}
	}
	for _, n := range news.Requested {
		d.News.Requested = append(d.News.Requested, note(n))
	}
	for _, n := range news.Finished {
		d.News.Finished = append(d.News.Finished, note(n))
	}
	// Shown, the finished reviews are no longer news.
	d.News.Count = scores.NewsCount{Requested: len(news.Requested)}
	return d, nil
}

// nextAnywhere is the learner's next step in the course they last answered
// in, else in the first course, in the catalogue's order, that has one.
func (s *Service) nextAnywhere(ctx context.Context, userID int64, courses []CourseProgress) (NextStep, bool, error) {
	last, answeredAny, err := s.progress.Continue(ctx, userID)
	if err != nil {
		return NextStep{}, false, err
	}
	order := courses
	isLast := func(c CourseProgress) bool { return c.Course.Course.Slug == last.Course }
	if i := slices.IndexFunc(courses, isLast); answeredAny && i > 0 {
		order = append([]CourseProgress{courses[i]}, slices.Delete(slices.Clone(courses), i, i+1)...)
	}
	for _, c := range order {
		n, ok, err := s.NextStep(ctx, c.Course, c.Answered)
		if err != nil || ok {
			return n, ok, err
		}
	}
	return NextStep{}, false, nil
}

// itemTitles names a learner's items by their headings in their lessons'
// current revisions (lessons.Lesson.ItemHeading), reading each lesson's
// document once (the catalog keeps decoded documents, so a warm read runs
// no query); an item no longer in its lesson is named by its kind.
func (s *Service) itemTitles(ctx context.Context, written []scores.Written) (func(course, lesson, key, kind string) string, error) {
	docs := map[[2]string]*lessons.Lesson{}
	for _, w := range written {
		at := [2]string{w.Course, w.Lesson}
		if _, read := docs[at]; read || w.CurrentRevision == 0 {
			continue
		}
		doc, err := s.catalog.Revision(ctx, w.Course, w.Lesson, w.CurrentRevision)
		if err != nil {
			return nil, err
		}
		docs[at] = doc
	}
	return func(course, lesson, key, kind string) string {
		if doc := docs[[2]string{course, lesson}]; doc != nil {
			if b, ok := doc.Item(key); ok {
				return doc.ItemHeading(b)
			}
		}
		return lessons.Kind(kind).Label() + " (no longer in the lesson)"
	}, nil
}
