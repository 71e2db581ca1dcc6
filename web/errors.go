package web

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"sync"

	"github.com/a-h/templ"

	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/web/compress"
	"github.com/practicum-dev/practicum/web/views"
)

// httpError is an error with the page a visitor should see.
type httpError struct {
	status         int
	title, message string
}

func (e *httpError) Error() string { return e.title + ": " + e.message }

var (
	errNotFound = &httpError{http.StatusNotFound, "Page not found",
		"We couldn't find that page. It may have moved, or the address may have a typo."}
	errBadForm = &httpError{http.StatusBadRequest, "That form was incomplete",
		"Something was missing from what your browser sent. Reload the page and try again."}
	errFormTooLarge = &httpError{http.StatusRequestEntityTooLarge, "That form was too large",
		"What your browser sent was much longer than this form accepts. Go back, shorten it and try again."}
	errMethodNotAllowed = &httpError{http.StatusMethodNotAllowed, "That action isn't available here",
		"This page can't handle that kind of request. Go back and try again from the page itself."}
	errForbidden = &httpError{http.StatusForbidden, "You don't have access to this page",
		"This page is for instructors or administrators. If you think you should have access, ask an administrator."}
	errCrossOrigin = &httpError{http.StatusForbidden, "That request came from another site",
		"For your safety we only accept forms sent from Practicum's own pages. Go back, reload the page and try again."}
	errUnavailable = &httpError{http.StatusServiceUnavailable, "Practicum is briefly unavailable",
		"We couldn't reach our database just now. If you were sending an answer, it may not have been saved: reload the page in a moment to check, and send it again if it isn't there."}
	errInternal = &httpError{http.StatusInternalServerError, "Something went wrong on our side",
		"We've logged the problem. Please try again; if it keeps happening, let us know what you were doing."}
)

// handlerFunc is a handler that returns its error to one adapter, which
// picks the status and the page.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

func (s *Server) handle(h handlerFunc) http.HandlerFunc {
	return s.handleOwnAccount(func(w http.ResponseWriter, r *http.Request) error {
		if err := s.readAccount(r); err != nil {
			return err
		}
		return h(w, r)
	})
}

// handleOwnAccount is handle for a page that reads the signed-in account
// itself, in the same query as its own data (see account).
func (s *Server) handleOwnAccount(h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.renderError(w, r, err)
		}
	}
}

// statusClientClosed is what the request log records for a request whose
// client went away before its page was ready (nginx's 499): nothing is
// wrong on our side, and nobody is there to read a page.
const statusClientClosed = 499

// clientGone reports a request its client cancelled (closed the
// connection), as opposed to one that ran out of its own time.
func clientGone(r *http.Request) bool {
	return errors.Is(r.Context().Err(), context.Canceled)
}

func (s *Server) renderError(w http.ResponseWriter, r *http.Request, err error) {
	if clientGone(r) {
		w.WriteHeader(statusClientClosed)
		return
	}
	he := classify(err)
	if he.status >= 500 {
		s.log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "status", he.status, "err", err)
	}
	if he.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "5")
	}
	w.Header().Set("Cache-Control", "no-store")
	// The page must render even when the error is the request's deadline:
	// templ refuses to render into a context that is done.
	r = r.WithContext(context.WithoutCancel(r.Context()))
	s.renderStatus(w, errorPage(r), he.status, views.Error(he.status, he.title, he.message))
}

func classify(err error) *httpError {
	var he *httpError
	switch {
	case errors.As(err, &he):
		return he
	case errors.Is(err, postgres.ErrNotFound):
		return errNotFound
	case postgres.Unavailable(err):
		return errUnavailable
	}
	return errInternal
}

// render writes a page with status 200.
func (s *Server) render(w http.ResponseWriter, r *http.Request, c templ.Component) error {
	return s.renderStatus(w, r, http.StatusOK, c)
}

// renderStatus renders into memory first, so that a failure half-way never
// sends half a page with a success status.
func (s *Server) renderStatus(w http.ResponseWriter, r *http.Request, status int, c templ.Component) error {
	buf := pageBuffers.Get().(*bytes.Buffer)
	defer putPageBuffer(buf)
	if err := c.Render(s.viewContext(r, status), buf); err != nil {
		if clientGone(r) {
			w.WriteHeader(statusClientClosed)
			return nil
		}
		s.log.ErrorContext(r.Context(), "rendering failed", "path", r.URL.Path, "err", err)
		http.Error(w, "Something went wrong on our side.", http.StatusInternalServerError)
		return nil
	}
	writeHTML(w, r, status, buf.Bytes())
	return nil
}

// pageBuffers reuses render buffers: growing a fresh one to a 40 KB lesson
// page allocated three times that per view.
var pageBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func putPageBuffer(b *bytes.Buffer) {
	if b.Cap() > 1<<20 { // an outsized page; let it go
		return
	}
	b.Reset()
	pageBuffers.Put(b)
}

// writeHTML sends a page rendered for this request, compressed when the
// browser accepts it. Such a page may show the visitor's own answers or
// account, so no shared cache may keep it, and with no validator the
// browser asks again rather than reuse it; a page that is the same for
// everyone goes out through writePublicPage instead.
func writeHTML(w http.ResponseWriter, r *http.Request, status int, page []byte) {
	h := w.Header()
	h.Set("Content-Type", htmlType)
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "private, no-cache")
	}
	compress.Write(w, r, status, page)
}

const htmlType = "text/html; charset=utf-8"

// writePublicPage sends a page that is the same for every visitor who
// sees it (anonymous, with no answers): its compressed forms are kept with
// it, and its ETag lets a browser or a shared cache revalidate it with a
// 304. Vary: Cookie (set by the session middleware) keeps a shared cache
// from giving it to a signed-in visitor, whose page differs.
func writePublicPage(w http.ResponseWriter, r *http.Request, page *compress.Variants) {
	w.Header().Set("Cache-Control", "no-cache")
	page.Serve(w, r, http.StatusOK)
}
