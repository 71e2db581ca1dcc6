package web

import (
	"context"
	"net/http"

	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/web/compress"
	"github.com/practicum-dev/practicum/web/views"
)

// A lesson page shown to anyone but a visitor with no answers (who gets
// the public page, public.go) is filled into the lesson's frame: the page
// rendered once per revision with gaps for the learner (views.LessonFrame),
// its unchanging pieces kept with their gzip forms (compress.Pieces).
// Each view renders and compresses only what is the learner's. Frames are
// kept in s.pages by the key the public page has (blankLessonKey: the
// revision and what the page shows of its course), so they are never
// stale, only evicted.

// lessonFrame is a lesson's frame and its pieces, kept compressed.
type lessonFrame struct {
	view   *views.LessonFrame
	pieces *compress.Pieces
}

// Size is what the frame holds, for the cache's budget.
func (f *lessonFrame) Size() int64 { return f.pieces.Size() + 64*int64(len(f.view.Static)) }

// currentLessonFrame is the frame of the page route shows, when that is
// known without asking the database (changes are being heard and the
// frame is kept), else nil.
func (s *Server) currentLessonFrame(route string) *lessonFrame {
	key, ok := s.pages.CurrentKey(route)
	if !ok {
		return nil
	}
	f, ok := s.pages.Frame(key)
	if !ok {
		return nil
	}
	return f.(*lessonFrame)
}

// lessonFrameFor is the frame of p, the page route shows, made and kept
// if it is not kept yet; gen is s.pages.Generation() from before p was
// read.
func (s *Server) lessonFrameFor(r *http.Request, route string, gen uint64, key string, p catalog.LessonPage) (*lessonFrame, error) {
	if f, ok := s.pages.Frame(key); ok {
		return s.pages.KeepFrame(route, gen, key, f).(*lessonFrame), nil
	}
	// Making a frame takes milliseconds (its pieces are compressed at the
	// best level): the views that arrive meanwhile wait for it rather
	// than each make their own.
	made, err, _ := s.frameMaking.Do(key, func() (any, error) {
		view, err := views.NewLessonFrame(context.WithoutCancel(r.Context()), p)
		if err != nil {
			return nil, err
		}
		f := &lessonFrame{view: view, pieces: compress.NewPieces(htmlType)}
		for _, b := range view.Static {
			f.pieces.Add(b)
		}
		return f, nil
	})
	if err != nil {
		return nil, err
	}
	return s.pages.KeepFrame(route, gen, key, made.(*lessonFrame)).(*lessonFrame), nil
}

// renderFramed sends v's page, filled into f (a frame of v's page); a view
// with a refused form is rendered whole.
func (s *Server) renderFramed(w http.ResponseWriter, r *http.Request, status int, f *lessonFrame, v views.LessonView) error {
	if len(v.Errors) > 0 {
		return s.renderStatus(w, r, status, views.Lesson(v))
	}
	a := f.pieces.Assemble()
	defer a.Release()
	if err := f.view.Fill(s.viewContext(r, status), v, a); err != nil {
		s.fillFailed(w, r, err)
		return nil
	}
	privatePage(w)
	a.Send(w, r, status)
	return nil
}

// fillFailed answers a request whose page could not be filled: past the
// point where an error page could be rendered in its place.
func (s *Server) fillFailed(w http.ResponseWriter, r *http.Request, err error) {
	if clientGone(r) {
		w.WriteHeader(statusClientClosed)
		return
	}
	s.log.ErrorContext(r.Context(), "rendering failed", "path", r.URL.Path, "err", err)
	http.Error(w, "Something went wrong on our side.", http.StatusInternalServerError)
}

// privatePage marks a page made for one visitor, as writeHTML does.
func privatePage(w http.ResponseWriter) {
	if h := w.Header(); h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "private, no-cache")
	}
}
