package web

import (
	"net/http"
	"sync"

	"github.com/practicum-dev/practicum/web/compress"
	"github.com/practicum-dev/practicum/web/views"
)

// A kept learner part (learner_part.go) is filled into the same frame for
// the same viewer view after view: the learner rereading a lesson,
// reloading it, coming back to it. Filling the frame and compressing the
// learner's bytes were a fifth of the server's time on such a view, for
// the same bytes each time; so the response last sent from a kept part is
// kept with it, and sent again while the frame, the viewer (who they are,
// their navigation's counts, the page signing in returns to) and the
// request's Accept-Encoding are the same. Being sent again, it is
// compressed whole rather than stitched (lesson_frame.go): a third fewer
// bytes to write, which is most of what such a view costs then. A part
// read afresh (not kept) has none: its response is made and sent once.

// keptLesson sends the lesson page of frame f (the route's, kept while
// changes are heard) to the signed-in learner whose account the session
// read: their part kept, or read and kept (learnerWork), and the response
// last sent from it when it fits this view, else filled, kept and sent.
func (s *Server) keptLesson(w http.ResponseWriter, r *http.Request, f *lessonFrame, course, lesson string) error {
	part, err := s.learnerWork(r, f.view.Page, course, lesson, s.signedInID(r))
	if err != nil {
		return err
	}
	// The navigation's counts, for the viewer, are the part's.
	s.setNews(r, part.news)
	s.setDueReviews(r, part.due)
	key := sentKey{frame: f, viewer: s.viewerOf(r, http.StatusOK), acceptEncoding: r.Header.Get("Accept-Encoding")}
	resp, ok := part.sent.get(key)
	if !ok {
		a := f.pieces.Assemble()
		defer a.Release()
		if err := f.view.Fill(views.WithViewer(r.Context(), key.viewer), s.learnerView(r, f.view.Page, part), a); err != nil {
			s.fillFailed(w, r, err)
			return nil
		}
		// Sent again, it is compressed whole (a third smaller than
		// stitched from pieces, for ~0.1 ms once).
		resp = compress.Encode(r, htmlType, a.Bytes())
		part.sent.put(key, resp)
	}
	privatePage(w)
	resp.Send(w, r, http.StatusOK)
	return nil
}

// sentPage is the response last sent from one kept learner part.
type sentPage struct {
	mu   sync.Mutex
	key  sentKey
	resp compress.Response // its Body shared by the views that send it: never changed
	ok   bool
}

// sentKey is everything a filled page depends on besides the part: the
// frame (a revision's page, and the pieces it is stitched from), the
// layout's viewer, and the Accept-Encoding the coding was chosen for.
type sentKey struct {
	frame          *lessonFrame
	viewer         views.Viewer
	acceptEncoding string
}

// sentPageCost is what a part's kept response holds, about: a lesson page
// in gzip is ~10 KB, a learner's answers and scores adding some.
const sentPageCost = 16 << 10

// get is the response kept for k, if any.
func (p *sentPage) get(k sentKey) (compress.Response, bool) {
	if p == nil {
		return compress.Response{}, false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.resp, p.ok && p.key == k
}

// put keeps resp as the response for k, in place of the last.
func (p *sentPage) put(k sentKey, resp compress.Response) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.key, p.resp, p.ok = k, resp, true
}
