package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestHealth(t *testing.T) {
	t.Parallel()
	status := map[string]int{"/readyz": http.StatusOK, "/down": http.StatusServiceUnavailable}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(status[r.URL.Path])
	}))
	defer srv.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()

	tests := []struct {
		url     string
		wantErr string // "" for healthy
	}{
		{srv.URL + "/readyz", ""},
		{srv.URL + "/down", "503"},
		{closed.URL + "/readyz", "not healthy"},
	}
	for _, tt := range tests {
		out, _, err := runCmd(t, "health", "-url", tt.url)
		switch {
		case tt.wantErr == "" && (err != nil || strings.TrimSpace(out) != "ok"):
			t.Errorf("health %s: %q, %v; want ok", tt.url, out, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("health %s: %v; want an error saying %q", tt.url, err, tt.wantErr)
		}
	}
}

func TestReadyURL(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]string{
		":8080":          "http://127.0.0.1:8080/readyz",
		"127.0.0.1:9000": "http://127.0.0.1:9000/readyz",
		"[::1]:8080":     "http://[::1]:8080/readyz",
	} {
		if got := readyURL(addr); got != want {
			t.Errorf("readyURL(%q) = %q, want %q", addr, got, want)
		}
	}
}
