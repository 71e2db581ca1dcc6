package web

import "net/http"

// NewWhole is New, but every lesson page is rendered whole, as before
// frames (lesson_frame.go), and read in full: the page a framed view
// must equal.
func NewWhole(d Deps) http.Handler {
	s := newServer(d)
	s.wholeLessons = true
	return s.router
}
