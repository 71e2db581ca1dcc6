package service

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/mock"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// A mock interview (lessons/mock keeps it): probes drawn at random, each
// asked against its clock and then followed up on what its answer missed
// (lessons.Probe.FollowUpAfter); every answer, the follow-ups' too, is
// scored on the probe's rubric by the path every written answer takes
// (Service.grade). Nothing of it reaches the learner's lesson answers or
// review cards: it is a rehearsal, kept and listed on its own.

// MockStart is what a learner asks for: probes from one course ("" for
// every course), how many.
type MockStart struct {
	Course string
	Probes int
}

// StartMock starts a mock interview for who and returns its id. The first
// probe's clock starts now. A request the learner can fix (no such
// course, more probes than it has, a visitor's interviews at
// mock.MaxAnonymous) is a *mock.InputError.
func (s *Service) StartMock(ctx context.Context, who Learner, start MockStart) (int64, error) {
	if start.Probes < 1 || start.Probes > mock.MaxProbes {
		return 0, &mock.InputError{Field: "probes", Msg: fmt.Sprintf("Choose from 1 to %d probes.", mock.MaxProbes)}
	}
	chosen, err := s.drawProbes(ctx, start)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.mockWrite(ctx, who, func(q pgx.Tx) error {
		if who.anonymous() {
			n, err := mock.CountAnonymous(ctx, q, who.Visitor)
			if err != nil {
				return err
			}
			if n >= mock.MaxAnonymous {
				return &mock.InputError{Msg: fmt.Sprintf("Without an account you can keep %d mock interviews, and you have. "+
					"Create a free account to run more: the ones you have come with you.", mock.MaxAnonymous)}
			}
		}
		id, err = mock.Create(ctx, q, mockOwner(who), start.Course, chosen, s.now())
		return err
	})
	return id, err
}

// drawProbes picks start.Probes of the published probes at random, from
// the course asked for, each with its time limit.
func (s *Service) drawProbes(ctx context.Context, start MockStart) ([]mock.NewProbe, error) {
	all, err := s.catalog.Probes(ctx)
	if err != nil {
		return nil, err
	}
	var pool []catalog.ProbeRef
	title := ""
	for _, p := range all {
		if start.Course == "" || p.Course == start.Course {
			pool = append(pool, p)
			title = p.CourseTitle
		}
	}
	switch {
	case start.Course == "" && len(pool) == 0:
		return nil, &mock.InputError{Msg: "No interview probes are published yet, so there is nothing to ask."}
	case len(pool) == 0:
		return nil, &mock.InputError{Field: "course", Msg: "That course has no interview probes. Choose another, or all courses."}
	case len(pool) < start.Probes && start.Course == "":
		return nil, &mock.InputError{Field: "probes", Msg: fmt.Sprintf("There are %d interview probes in all: choose %d or fewer.", len(pool), len(pool))}
	case len(pool) < start.Probes:
		return nil, &mock.InputError{Field: "probes", Msg: fmt.Sprintf("%s has %d interview probes: choose %d or fewer, or all courses.", title, len(pool), len(pool))}
	}
	var out []mock.NewProbe
	for _, i := range rand.Perm(len(pool))[:start.Probes] {
		p := pool[i]
		doc, err := s.catalog.Revision(ctx, p.Course, p.Lesson, p.RevisionID)
		if err != nil {
			return nil, err
		}
		b, ok := doc.Item(p.Key)
		if !ok || b.Probe == nil {
			return nil, fmt.Errorf("probe %q of %s/%s: %w", p.Key, p.Course, p.Lesson, postgres.ErrNotFound)
		}
		out = append(out, mock.NewProbe{Course: p.Course, Lesson: p.Lesson, RevisionID: p.RevisionID, Key: p.Key, Limit: b.Probe.Limit()})
	}
	return out, nil
}

// MockInterview is an interview with what its questions ask, as of Now.
type MockInterview struct {
	mock.Interview
	Now time.Time
	// Items are the questions' probes and lessons, by position.
	Items []MockItem
}

// MockItem is the probe a question asks or follows up, in the revision it
// was asked from.
type MockItem struct {
	Block       lessons.Block
	LessonTitle string
}

// Question is the question being asked with its item; ok is false once
// the interview is finished.
func (m MockInterview) Question() (mock.Question, MockItem, bool) {
	q, ok := m.Current()
	if !ok {
		return q, MockItem{}, false
	}
	return q, m.Items[q.Position], true
}

// MockInterview reads who's interview id; ErrNotFound when it is not
// theirs.
func (s *Service) MockInterview(ctx context.Context, who Learner, id int64) (MockInterview, error) {
	iv, err := s.mock.Get(ctx, mockOwner(who), id)
	if err != nil {
		return MockInterview{}, err
	}
	m := MockInterview{Interview: iv, Now: s.now()}
	for _, q := range iv.Questions {
		it, err := s.mockItem(ctx, q)
		if err != nil {
			return m, err
		}
		m.Items = append(m.Items, it)
	}
	return m, nil
}

// mockItem is question q's probe, from the revision it was asked from.
func (s *Service) mockItem(ctx context.Context, q mock.Question) (MockItem, error) {
	doc, err := s.catalog.Revision(ctx, q.Course, q.Lesson, q.RevisionID)
	if err != nil {
		return MockItem{}, err
	}
	b, ok := doc.Item(q.Key)
	if !ok || b.Probe == nil {
		return MockItem{}, fmt.Errorf("probe %q of %s/%s: %w", q.Key, q.Course, q.Lesson, postgres.ErrNotFound)
	}
	return MockItem{Block: b, LessonTitle: doc.Title}, nil
}

// AnswerMock scores who's answer to the question at position of their
// interview id and asks the next: after a probe, its follow-up, chosen by
// what the answer missed; after a follow-up, the next probe, or, after
// the last, nothing: the interview is finished. An answer sent after the
// time limit is kept, marked over time. It fails with a *mock.InputError
// for an answer that cannot be kept as sent, and with a *mock.StaleError
// when that question is no longer being asked; nothing is written then.
func (s *Service) AnswerMock(ctx context.Context, who Learner, id int64, position int, answer string) error {
	text, err := progress.CheckAnswerText(answer)
	var input *progress.InputError
	if errors.As(err, &input) {
		return &mock.InputError{Field: "answer", Msg: input.Msg}
	}
	owner := mockOwner(who)
	iv, err := s.mock.Get(ctx, owner, id)
	if err != nil {
		return err
	}
	q, ok := iv.Current()
	if !ok || q.Position != position {
		return &mock.StaleError{}
	}
	it, err := s.mockItem(ctx, q)
	if err != nil {
		return err
	}
	// Scored before the transaction: the scorer's time holds no lock.
	sc, err := s.grade(ctx, it.Block, q.RevisionID, text)
	if err != nil {
		return err
	}
	now := s.now()
	return s.mockWrite(ctx, who, func(tx pgx.Tx) error {
		iv, err := mock.Lock(ctx, tx, owner, id)
		if err != nil {
			return err
		}
		q, ok := iv.Current()
		if !ok || q.Position != position {
			return &mock.StaleError{}
		}
		if err := mock.Answer(ctx, tx, id, mock.Answered{Position: position, Answer: text, At: now, Taken: q.OnClock(now), Score: sc}); err != nil {
			return err
		}
		switch {
		case !q.FollowUp():
			criterion, _ := it.Block.Probe.FollowUpAfter(sc)
			return mock.AskFollowUp(ctx, tx, id, q, criterion, now)
		case q.Probe()+1 < iv.Probes:
			return mock.AskNext(ctx, tx, id, q.Position+1, now)
		}
		return mock.Finish(ctx, tx, id, now)
	})
}

// SaveMockDraft keeps what who has typed for the question at position of
// their interview id, so that a reload or a lost connection loses nothing.
func (s *Service) SaveMockDraft(ctx context.Context, who Learner, id int64, position int, draft string) error {
	return s.mockClock(ctx, who, id, draft, func(tx pgx.Tx, draft string) error {
		return mock.SaveDraft(ctx, tx, id, position, draft)
	})
}

// MockClock is a question's clock as it stands: the time left (negative
// past the limit) and whether it is paused.
type MockClock struct {
	Left   time.Duration
	Paused bool
}

// PauseMock stops (pause) or restarts the clock of the question at
// position of who's interview id, keeping draft: a pause sent by a form
// without JavaScript carries the text typed so far. It returns the clock
// as it then stands. A *mock.StaleError when the question is not being
// asked, or its clock already stands so.
func (s *Service) PauseMock(ctx context.Context, who Learner, id int64, position int, draft string, pause bool) (MockClock, error) {
	now := s.now()
	var c MockClock
	err := s.mockClock(ctx, who, id, draft, func(tx pgx.Tx, draft string) error {
		var err error
		if pause {
			err = mock.Pause(ctx, tx, id, position, draft, now)
		} else {
			err = mock.Resume(ctx, tx, id, position, draft, now)
		}
		if err != nil {
			return err
		}
		iv, err := mock.Read(ctx, tx, mockOwner(who), id)
		if q, ok := iv.Current(); ok {
			c = MockClock{Left: q.Left(now), Paused: q.IsPaused()}
		}
		return err
	})
	return c, err
}

// mockClock checks that interview id is who's and draft can be kept, then
// runs write.
func (s *Service) mockClock(ctx context.Context, who Learner, id int64, draft string, write func(pgx.Tx, string) error) error {
	draft = string(lessons.NormalizeNewlines([]byte(draft)))
	if !utf8.ValidString(draft) || len(draft) > progress.MaxAnswerBytes || utf8.RuneCountInString(draft) > progress.MaxAnswer {
		return &mock.InputError{Field: "answer", Msg: fmt.Sprintf("Your answer is past the limit of %d characters (20 KB), so it cannot be kept. Shorten it.", progress.MaxAnswer)}
	}
	if _, err := s.mock.Get(ctx, mockOwner(who), id); err != nil {
		return err
	}
	return s.mockWrite(ctx, who, func(tx pgx.Tx) error { return write(tx, draft) })
}

// mockWrite runs write in one transaction, for an anonymous visitor with
// their visitor row, which holds their interviews and whose expiry every
// post of theirs moves on.
func (s *Service) mockWrite(ctx context.Context, who Learner, write func(pgx.Tx) error) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if who.anonymous() {
			if who.Visitor == "" {
				return fmt.Errorf("a mock interview of a visitor without an id: %w", postgres.ErrNotFound)
			}
			if err := progress.KeepVisitor(ctx, tx, who.Visitor, who.Term); err != nil {
				return err
			}
		}
		return write(tx)
	})
}

// MockInterviews lists who's latest interviews, newest first, at most
// limit, with their courses' titles.
func (s *Service) MockInterviews(ctx context.Context, who Learner, limit int) ([]MockListed, error) {
	return s.mockInterviews(ctx, who, limit, nil)
}

// mockInterviews is MockInterviews, with the courses' titles when the
// caller has read them already (nil: read here, when there is a list).
func (s *Service) mockInterviews(ctx context.Context, who Learner, limit int, titles map[string]string) ([]MockListed, error) {
	if who.anonymous() && who.Visitor == "" {
		return nil, nil
	}
	listed, err := s.mock.List(ctx, mockOwner(who), limit)
	if err != nil || len(listed) == 0 {
		return nil, err
	}
	if titles == nil {
		courses, err := s.catalog.Courses(ctx)
		if err != nil {
			return nil, err
		}
		titles = map[string]string{}
		for _, c := range courses {
			titles[c.Slug] = c.Title
		}
	}
	out := make([]MockListed, len(listed))
	for i, l := range listed {
		out[i] = MockListed{Listed: l, CourseTitle: titles[l.Course]}
	}
	return out, nil
}

// MockListed is an interview in a list, with its course's title ("" for
// all courses, or a course since removed).
type MockListed struct {
	mock.Listed
	CourseTitle string
}

func mockOwner(who Learner) mock.Owner { return mock.Owner{UserID: who.UserID, Visitor: who.Visitor} }

// MockHome is the Mock interview page's: the courses that have probes to
// draw from, in the catalogue's order, and who's latest interviews.
type MockHome struct {
	Courses    []MockCourse
	Interviews []MockListed
}

// MockCourse is a course with interview probes.
type MockCourse struct {
	Slug, Title string
	Probes      int
}

// MockHome reads the Mock interview page for who, listing at most limit
// of their interviews.
func (s *Service) MockHome(ctx context.Context, who Learner, limit int) (MockHome, error) {
	var h MockHome
	probes, err := s.catalog.Probes(ctx)
	if err != nil {
		return h, err
	}
	for _, p := range probes {
		if n := len(h.Courses); n > 0 && h.Courses[n-1].Slug == p.Course {
			h.Courses[n-1].Probes++
			continue
		}
		h.Courses = append(h.Courses, MockCourse{Slug: p.Course, Title: p.CourseTitle, Probes: 1})
	}
	h.Interviews, err = s.MockInterviews(ctx, who, limit)
	return h, err
}
