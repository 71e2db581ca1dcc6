package web

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestLocalPath checks redirect targets without a database: the route
// table is all localPath reads. TestHostileNextStaysOnSite sends the same
// kinds of value through a running server.
func TestLocalPath(t *testing.T) {
	t.Parallel()
	s := newServer(Deps{Registry: prometheus.NewRegistry(), Users: auth.NewStore(nil)})
	tests := []struct {
		next, want string
	}{
		{"", ""},
		{"/", "/"},
		{"/me", "/me"},
		{"/courses/serving-incidents?x=1#top", "/courses/serving-incidents?x=1#top"},
		{"/admin/users?changed=2", "/admin/users?changed=2"},
		// Cleaned as http.Redirect would, and kept when the result is ours.
		{"/courses/./serving-incidents", "/courses/serving-incidents"},
		{"/courses/x/../serving-incidents", "/courses/serving-incidents"},
		{"/courses//serving-incidents", "/courses/serving-incidents"},
		// Not a page: no GET route, or a POST-only one.
		{"/nowhere", ""},
		{"/signout", ""},
		{"//evil.example/", ""},
		{`/\evil.example/`, ""},
		{`/./\evil.example/`, ""},
		{`/a/../\evil.example/`, ""},
		{"/./../evil.example", ""},
		{"/..", ""},
		{"/%2Fevil.example", ""},
		{"/%2fevil.example", ""},
		{"/%5Cevil.example", ""},
		{"/%09/evil.example", ""},
		{"/me%0d%0aSet-Cookie:x=1", ""},
		{"/\t/evil.example", ""},
		{"/\n/evil.example", ""},
		{"/\r/evil.example", ""},
		{"/\x00/evil.example", ""},
		{"/ /evil.example", ""},
		{"https://evil.example/", ""},
		{"HTTPS://evil.example/", ""},
		{"javascript:alert(1)", ""},
		{"evil.example", ""},
		{"me", ""},
		{"/me%", ""},
	}
	for _, tt := range tests {
		if got := s.localPath(tt.next); got != tt.want {
			t.Errorf("localPath(%q) = %q, want %q", tt.next, got, tt.want)
		}
	}
}
