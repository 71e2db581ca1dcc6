package web

import "testing"

func TestLocalPath(t *testing.T) {
	t.Parallel()
	tests := []struct {
		next, want string
	}{
		{"", ""},
		{"/", "/"},
		{"/me", "/me"},
		{"/courses/serving-incidents?x=1#top", "/courses/serving-incidents?x=1#top"},
		{"/admin/users?changed=2", "/admin/users?changed=2"},
		{"//evil.example/", ""},
		{`/\evil.example/`, ""},
		{"/\t/evil.example", ""},
		{"/\n/evil.example", ""},
		{"https://evil.example/", ""},
		{"javascript:alert(1)", ""},
		{"evil.example", ""},
		{"me", ""},
	}
	for _, tt := range tests {
		if got := localPath(tt.next); got != tt.want {
			t.Errorf("localPath(%q) = %q, want %q", tt.next, got, tt.want)
		}
	}
}
