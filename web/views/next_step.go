package views

import "github.com/practicum-dev/practicum/lessons"

// NextStep is a learner's next step in a course, as the course page and
// the dashboard offer it: a lesson, at the item to answer next (its
// heading is the section), or at its top when there is none.
type NextStep struct {
	Course, CourseTitle string
	Lesson, LessonTitle string
	Kind                lessons.Kind
	Key, Section        string
	// Started: the learner has answered something in the course, so the
	// step continues it.
	Started bool
}

// URL is the item on its lesson's page, or the lesson.
func (n NextStep) URL() string {
	if n.Key == "" {
		return LessonURL(n.Course, n.Lesson)
	}
	return ItemURL(n.Course, n.Lesson, n.Kind, n.Key)
}

// Text is the link's text: "Continue: <lesson>, <section>", or "Start: …"
// in a course not yet begun.
func (n NextStep) Text() string {
	t := "Start: "
	if n.Started {
		t = "Continue: "
	}
	t += n.LessonTitle
	if n.Section != "" {
		t += ", " + n.Section
	}
	return t
}
