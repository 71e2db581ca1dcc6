package web

import (
	"context"
	"errors"
	"net/http"
)

// setDueReviews records the navigation's count of due review cards, read
// by the page with its own data (the lesson page, the Review page), so
// that the layout does not read it again.
func (s *Server) setDueReviews(r *http.Request, n int) {
	if a := accountOf(r); a != nil {
		a.dueReviews = &n
	}
}

// errorPageKey marks a request whose error page is being rendered.
type errorPageKey struct{}

// errorPage marks r as rendering an error page, which reads nothing more
// from the database: the database may be what failed, and the page renders
// past the request's deadline (renderError), so a query could hang it.
func errorPage(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), errorPageKey{}, true))
}

// navDueReviews is the count of due review cards beside "Review": as the
// page read it, else read now (one query). A fragment has no navigation,
// and an error page goes without the count (errorPage). The count is a
// convenience: when it cannot be read, the page goes out without it
// rather than fail.
func (s *Server) navDueReviews(r *http.Request) int {
	a := accountOf(r)
	if a == nil || a.user == nil || isHTMX(r) || r.Context().Value(errorPageKey{}) != nil {
		return 0
	}
	if a.dueReviews == nil {
		n, err := s.svc.DueCount(r.Context(), a.id)
		if err != nil {
			if !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
				s.log.WarnContext(r.Context(), "counting due review cards failed", "err", err)
			}
			return 0
		}
		a.dueReviews = &n
	}
	return *a.dueReviews
}
