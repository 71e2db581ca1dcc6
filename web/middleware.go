package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// contentSecurityPolicy allows nothing inline: every script and style comes
// from our own hashed static files.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers every response carries. HSTS goes out
// whenever the public address is https, not only when TLS ends here: behind
// a TLS-terminating proxy r.TLS is nil, and HSTS was never sent.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		if s.https || r.TLS != nil {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		next.ServeHTTP(w, r)
	})
}

// logRequests writes one structured line per request.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		s.log.LogAttrs(r.Context(), levelFor(ww.Status()), "request",
			slog.String("method", r.Method),
			slog.String("path", loggedPath(r)),
			slog.String("route", routePattern(r)),
			slog.Int("status", ww.Status()),
			slog.Int("bytes", ww.BytesWritten()),
			slog.Duration("duration", time.Since(start)),
			slog.String("request_id", middleware.GetReqID(r.Context())),
		)
	})
}

// recoverPanics turns a panic into the friendly 500 page and a logged stack.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic", "path", loggedPath(r), "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				s.renderError(w, r, errInternal)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// routePattern is the matched chi pattern, so metrics and logs group
// /courses/a and /courses/b together; unmatched requests share one label.
func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		if p := rc.RoutePattern(); p != "" {
			return p
		}
	}
	return "unmatched"
}

// loggedPath is the request's path for the log, except on a route whose
// path holds a secret (a password-reset link's token): its pattern then,
// so that reading the logs gives nobody a working link. Middleware that
// logs before routing has no pattern yet, hence the prefix too.
func loggedPath(r *http.Request) string {
	if p := routePattern(r); strings.Contains(p, "{token}") {
		return p
	}
	if strings.HasPrefix(r.URL.Path, "/reset/") {
		return "/reset/{token}"
	}
	return r.URL.Path
}

func levelFor(status int) slog.Level {
	if status >= 500 {
		return slog.LevelError
	}
	return slog.LevelInfo
}

// withTimeout bounds the work of a request: database calls see the deadline
// and fail, and the error adapter answers 503 instead of hanging.
func withTimeout(d time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx, cancel := context.WithTimeout(r.Context(), d)
			defer cancel()
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// crossOriginProtection refuses state-changing requests that a browser says
// came from another site (Sec-Fetch-Site, else Origin against Host): the
// standard library's CSRF defence, with our own 403 page.
func (s *Server) crossOriginProtection() func(http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(s.handle(func(_ http.ResponseWriter, r *http.Request) error {
		s.securityEvent(r, "cross-origin request refused", slog.String("method", r.Method), slog.String("path", loggedPath(r)),
			slog.String("origin", r.Header.Get("Origin")))
		return errCrossOrigin
	}))
	return cop.Handler
}

// limitBody caps request bodies at n bytes. A route's own limit replaces
// the site-wide one rather than nesting inside it, so a route can allow
// more (a lesson file) as well as less.
func limitBody(n int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body := r.Body
			if l, ok := body.(*limitedBody); ok {
				body = l.unlimited
			}
			r.Body = &limitedBody{ReadCloser: http.MaxBytesReader(w, body, n), unlimited: body}
			next.ServeHTTP(w, r)
		})
	}
}

// limitedBody is a request body under limitBody's cap, remembering the
// body without it.
type limitedBody struct {
	io.ReadCloser
	unlimited io.ReadCloser
}

// errUnstorableText refuses a form holding a NUL character or bytes that
// are not UTF-8: Postgres cannot store either, and no browser sends them
// from a page's own fields unless something pasted them in.
var errUnstorableText = &httpError{http.StatusUnprocessableEntity, "That form held characters we can't save",
	"Something you sent contains a NUL character or bytes that aren't valid text. Nothing was saved. Go back, retype the text without them, and try again."}

// parseForm parses the body, telling an oversized form from a malformed
// one; r.PostFormValue alone would hide both behind empty values. A form
// with text no field could store is refused whole, so nothing of it is
// saved.
func parseForm(r *http.Request) error {
	err := r.ParseForm()
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return errFormTooLarge
	case err != nil:
		return errBadForm
	}
	for k, vs := range r.Form {
		if !storable(k) || slices.ContainsFunc(vs, func(v string) bool { return !storable(v) }) {
			return errUnstorableText
		}
	}
	return nil
}

// storable reports whether s is text Postgres can store: UTF-8 with no NUL.
func storable(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// refuseUnreadablePaths answers 404 for a path that is not UTF-8 or holds
// a NUL: no page has such an address, and the database cannot look one up.
func (s *Server) refuseUnreadablePaths(next http.Handler) http.Handler {
	notFound := s.handle(func(http.ResponseWriter, *http.Request) error { return errNotFound })
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !storable(r.URL.Path) {
			notFound(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}
