package progress

// LessonState is one learner's answers on one lesson, across its
// revisions (item keys are stable between revisions). A page needs only the
// latest attempt at each checkpoint and how many there were, so that is all
// it holds, however long the learner's history; responses keep their
// history, oldest first.
type LessonState struct {
	Last      map[string]Attempt
	Attempts  map[string]int
	Responses map[string][]Response
	// Revealed holds the items whose answer the learner has asked to see
	// (reveals.go), by key.
	Revealed map[string]bool
}

func newLessonState() LessonState {
	return LessonState{Last: map[string]Attempt{}, Attempts: map[string]int{}, Responses: map[string][]Response{},
		Revealed: map[string]bool{}}
}

// Empty reports whether the learner has answered nothing on the lesson.
func (s LessonState) Empty() bool { return len(s.Last) == 0 && len(s.Responses) == 0 }

// LastAttempt is the most recent answer to a checkpoint.
func (s LessonState) LastAttempt(key string) (Attempt, bool) {
	a, ok := s.Last[key]
	return a, ok
}

func (s *LessonState) addAttempt(a Attempt) {
	if last, ok := s.Last[a.Key]; !ok || !a.At.Before(last.At) {
		s.Last[a.Key] = a
	}
	s.Attempts[a.Key]++
}

// LastResponse is the current answer to a free-response item.
func (s LessonState) LastResponse(key string) (Response, bool) {
	rs := s.Responses[key]
	if len(rs) == 0 {
		return Response{}, false
	}
	return rs[len(rs)-1], true
}

// Answered reports whether the item has any answer.
func (s LessonState) Answered(key string) bool {
	return s.Attempts[key] > 0 || len(s.Responses[key]) > 0
}

// StateFrom picks one lesson's answers out of an anonymous session.
func StateFrom(a Anonymous, course, lesson string) LessonState {
	st := newLessonState()
	for _, at := range a.Attempts {
		if at.Course == course && at.Lesson == lesson {
			st.addAttempt(at)
		}
	}
	for key := range st.Attempts {
		if n := a.Counts[anonymousItem(course, lesson, key)]; n > 0 {
			st.Attempts[key] = n
		}
	}
	for _, r := range a.Responses {
		if r.Course == course && r.Lesson == lesson {
			st.Responses[r.Key] = append(st.Responses[r.Key], r)
		}
	}
	for _, v := range a.Reveals {
		if v.Course == course && v.Lesson == lesson {
			st.Revealed[v.Key] = true
		}
	}
	return st
}

// Status is how far a learner is through a lesson.
type Status int

const (
	NotStarted Status = iota
	InProgress
	Complete
)

func (s Status) Label() string {
	switch s {
	case InProgress:
		return "In progress"
	case Complete:
		return "Complete"
	}
	return "Not started"
}

// StatusOf is complete when every answerable item has an answer.
func StatusOf(answerable []string, answered map[string]bool) Status {
	n := 0
	for _, k := range answerable {
		if answered[k] {
			n++
		}
	}
	switch {
	case n == 0:
		return NotStarted
	case n < len(answerable):
		return InProgress
	}
	return Complete
}

// AnsweredFrom lists, per lesson slug, the item keys an anonymous visitor
// has answered in one course.
func AnsweredFrom(a Anonymous, course string) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	mark := func(c, lesson, key string) {
		if c != course {
			return
		}
		if out[lesson] == nil {
			out[lesson] = map[string]bool{}
		}
		out[lesson][key] = true
	}
	for _, at := range a.Attempts {
		mark(at.Course, at.Lesson, at.Key)
	}
	for _, r := range a.Responses {
		mark(r.Course, r.Lesson, r.Key)
	}
	return out
}
