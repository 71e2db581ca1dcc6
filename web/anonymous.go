package web

import (
	"crypto/rand"
	"net/http"
	"time"

	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/service"
)

// An anonymous visitor's answers are kept in the database under a visitor
// id (progress's anonymous answers), which their session holds with the
// time of their first answer; the session itself stays a few dozen bytes.
const (
	sessionVisitor      = "visitor"
	sessionVisitorSince = "visitor_since" // Unix milliseconds
)

// An anonymous visitor's answers, and their session, end sooner than a
// signed-in session: after defaultAnonymousIdleTimeout without an answer,
// and defaultAnonymousLifetime after the first, however busy. Anyone who
// wants to keep their answers longer creates an account, which takes them.
const (
	defaultAnonymousIdleTimeout = 20 * time.Minute
	defaultAnonymousLifetime    = 3 * time.Hour
)

// visitor is the id of the anonymous visitor's answers; "" before their
// first answer.
func (s *Server) visitor(r *http.Request) string {
	return s.sessions.GetString(r.Context(), sessionVisitor)
}

// newVisitorID is 128 random bits: the id is as good as a session token
// for reading someone's answers, though only the server ever sees it.
func newVisitorID() string { return rand.Text() }

// keepVisitor, after an anonymous visitor's answer was saved, keeps their
// visitor id in the session (new on their first answer) and moves the
// session's expiry with their answers'.
func (s *Server) keepVisitor(r *http.Request, who service.Learner) {
	if who.UserID != 0 {
		return
	}
	ctx := r.Context()
	since := time.UnixMilli(s.sessions.GetInt64(ctx, sessionVisitorSince))
	if s.visitor(r) != who.Visitor || since.Unix() <= 0 {
		since = time.Now()
		s.sessions.Put(ctx, sessionVisitor, who.Visitor)
		s.sessions.Put(ctx, sessionVisitorSince, since.UnixMilli())
	}
	s.sessions.SetDeadline(ctx, who.Term.Expiry(since, time.Now()))
}

// forgetVisitor removes the visitor id from the session, once their
// answers are merged into an account.
func (s *Server) forgetVisitor(r *http.Request) {
	s.sessions.Remove(r.Context(), sessionVisitor)
	s.sessions.Remove(r.Context(), sessionVisitorSince)
}

// dropLegacyAnonymous removes the answers a session from before this
// release kept in itself: they are not read any more, and would be
// written back whole on every change to the session.
func (s *Server) dropLegacyAnonymous(r *http.Request) {
	if s.sessions.Exists(r.Context(), legacyAnonymous) {
		s.sessions.Remove(r.Context(), legacyAnonymous)
	}
}

// anonymousLearner is an anonymous visitor as the service sees them; one
// who has not answered yet gets a new visitor id, kept in the session
// only once an answer of theirs is saved (keepVisitor).
func (s *Server) anonymousLearner(r *http.Request, forAnswer bool) service.Learner {
	who := service.Learner{Visitor: s.visitor(r), Term: s.anonymousTerm}
	if who.Visitor == "" && forAnswer {
		who.Visitor = newVisitorID()
	}
	return who
}

// anonymousLesson is an anonymous visitor's answers on one lesson.
func (s *Server) anonymousLesson(r *http.Request, course, lesson string) (progress.LessonState, error) {
	return s.svc.AnonymousLesson(r.Context(), s.anonymousLearner(r, false), course, lesson)
}
