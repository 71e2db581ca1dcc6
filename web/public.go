package web

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"net/http"

	"github.com/a-h/templ"

	"github.com/practicum-dev/practicum/web/compress"
	"github.com/practicum-dev/practicum/web/views"
)

// Public pages are the same for every visitor who is not signed in and has
// no answers (in general, or in the lesson shown): the home page, a course
// page, a lesson page. They are kept in s.pages, rendered and compressed
// once, and served with an ETag; while changes are being heard, a warm
// view runs no query at all (pagecache).

// Routes name public pages in s.pages; a NUL cannot occur in a slug.
const homeRoute = "home"

func courseRoute(course string) string         { return "course\x00" + course }
func lessonRoute(course, lesson string) string { return "lesson\x00" + course + "\x00" + lesson }

// publicVisitor reports whether r is from a visitor who gets the public
// pages: not signed in, and no answers at all (no visitor id in their
// session). Reading the session runs a query only when the request
// carries its cookie.
func (s *Server) publicVisitor(r *http.Request) bool {
	if s.signedInID(r) != 0 {
		return false
	}
	return s.visitor(r) == ""
}

// servePublic serves route's page from memory when it is known to be
// current, reporting whether it did.
func (s *Server) servePublic(w http.ResponseWriter, r *http.Request, route string) bool {
	page, ok := s.pages.Current(route)
	if ok {
		writePublicPage(w, r, page)
	}
	return ok
}

// renderPublic renders c as route's public page and keeps it, under key
// when the caller knows what the page shows (a lesson's revisions), else
// under its content's hash; gen is s.pages.Generation() from before the
// page's data was read.
func (s *Server) renderPublic(w http.ResponseWriter, r *http.Request, route string, gen uint64, key string, c templ.Component) error {
	page, ok := s.pages.Page(key)
	if key == "" || !ok {
		// The page is kept for every visitor: signing in from it returns
		// to its path, without this visitor's query string.
		r = returnAfter(r, r.URL.EscapedPath())
		var buf bytes.Buffer
		if err := c.Render(s.viewContext(r, http.StatusOK), &buf); err != nil {
			return err
		}
		page = compress.NewVariants(htmlType, buf.Bytes())
		if key == "" {
			key = "body\x00" + page.ETag()
		}
	}
	writePublicPage(w, r, s.pages.Keep(route, gen, key, page))
	return nil
}

// blankLessonKey names the lesson page a visitor with no answers sees: it
// depends only on the revision (immutable) and on what the page shows of
// its course — title and the other lessons' titles and places.
func blankLessonKey(v views.LessonView) string {
	h := fnv.New64a()
	fmt.Fprint(h, v.Course.Title)
	for _, l := range v.Siblings {
		fmt.Fprint(h, "\x00", l.Slug, "\x00", l.Title, "\x00", l.Position, "\x00", l.Minutes)
	}
	return fmt.Sprintf("lesson\x00%d\x00%x", v.RevisionID, h.Sum64())
}
