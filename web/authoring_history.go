package web

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/views"
)

// lessonHistory lists a lesson's revisions and its change log.
func (s *Server) lessonHistory(w http.ResponseWriter, r *http.Request) error {
	ctx, course, lesson := r.Context(), chi.URLParam(r, "course"), chi.URLParam(r, "lesson")
	d, err := s.catalog.Draft(ctx, course, lesson)
	if err != nil {
		return err
	}
	revs, err := s.catalog.Revisions(ctx, course, lesson)
	if err != nil {
		return err
	}
	audit, err := s.catalog.Audit(ctx, course, lesson, auditLimit)
	if err != nil {
		return err
	}
	return s.render(w, r, views.LessonHistory(views.LessonHistoryView{Draft: d, Revisions: revs, Audit: audit}))
}

// lessonRevision shows one revision's file, read-only, and what it
// changed from the one before.
func (s *Server) lessonRevision(w http.ResponseWriter, r *http.Request) error {
	ctx, course, lesson := r.Context(), chi.URLParam(r, "course"), chi.URLParam(r, "lesson")
	n, err := strconv.Atoi(chi.URLParam(r, "n"))
	if err != nil || n < 1 {
		return errNotFound
	}
	d, err := s.catalog.Draft(ctx, course, lesson)
	if err != nil {
		return err
	}
	rev, src, err := s.catalog.RevisionSource(ctx, course, lesson, n)
	if err != nil {
		return err
	}
	v := views.RevisionView{Draft: d, Revision: rev, Source: string(src)}
	if n > 1 {
		_, prev, err := s.catalog.RevisionSource(ctx, course, lesson, n-1)
		if err != nil {
			return err
		}
		v.Diff = lessons.Diff(string(prev), string(src), lessons.DiffContext)
	}
	return s.render(w, r, views.Revision(v))
}
