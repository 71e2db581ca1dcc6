package web

import (
	"context"
	"errors"
	"net/http"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/web/views"
)

// viewContext tells the layout who is looking, what the navigation counts
// for them, and which page signing in or up from this one returns to.
// status is the page's: an error page of the server's own (5xx) reads
// nothing more, since the database may be what failed.
func (s *Server) viewContext(r *http.Request, status int) context.Context {
	return views.WithViewer(r.Context(), s.viewerOf(r, status))
}

// viewerOf is the viewer viewContext gives the layout.
func (s *Server) viewerOf(r *http.Request, status int) views.Viewer {
	v := views.Viewer{Here: s.returnTo(r)}
	if u := s.currentUser(r); u != nil {
		v.SignedIn, v.DisplayName, v.Role = true, u.DisplayName, u.Role
		if status < 500 && !isHTMX(r) { // a fragment has no navigation
			v.News, v.DueReviews = s.navNews(r), s.navDueReviews(r)
		}
	}
	return v
}

// setNews records the signed-in learner's review news, read by the page
// with its own data, so that the navigation does not read it again.
func (s *Server) setNews(r *http.Request, n scores.NewsCount) {
	if a := accountOf(r); a != nil {
		a.news = &n
	}
}

// navNews is the count of review news beside "Dashboard": as the page read
// it, else read now. The count is a convenience: when it cannot be read,
// the page goes out without it rather than fail.
func (s *Server) navNews(r *http.Request) scores.NewsCount {
	a := accountOf(r)
	if a == nil || a.user == nil {
		return scores.NewsCount{}
	}
	if a.news == nil {
		n, err := s.scores.NewsCount(r.Context(), a.id)
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				s.log.WarnContext(r.Context(), "counting review news failed", "err", err)
			}
			return scores.NewsCount{}
		}
		a.news = &n
	}
	return *a.news
}

// noReturnKey marks a request whose page no sign-in link may name as the
// page to return to (stayHere).
type noReturnKey struct{}

// stayHere is middleware for pages that signing in must never return to:
// a password-reset link, whose address is its secret, and the
// confirmation of a deleted account.
func stayHere(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), noReturnKey{}, true)))
	})
}

// returnKey holds a page that a handler names as the one to return to,
// for a page rendered in answer to a form (returnAfter).
type returnKey struct{}

// returnAfter names path as the page that signing in from r's page
// returns to: a page rendered in answer to a post has no address of its
// own to return to.
func returnAfter(r *http.Request, path string) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), returnKey{}, path))
}

// returnTo is the page that signing in or up from r's page returns to, ""
// for none (the dashboard): the page itself, when a browser can GET it
// (localPath); on the sign-in and sign-up pages, the page they were
// opened from, so that switching between them keeps it.
func (s *Server) returnTo(r *http.Request) string {
	if path, ok := r.Context().Value(returnKey{}).(string); ok {
		return s.localPath(path)
	}
	if r.Context().Value(noReturnKey{}) != nil {
		return ""
	}
	switch r.URL.Path {
	case "/signin", "/signup":
		if r.Method == http.MethodPost {
			return s.localPath(r.PostFormValue("next"))
		}
		return s.localPath(r.URL.Query().Get("next"))
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return ""
	}
	return s.localPath(r.URL.RequestURI())
}
