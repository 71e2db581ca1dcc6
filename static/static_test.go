package static

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

func TestHandler(t *testing.T) {
	t.Parallel()
	css := Path("css/app.css")
	svg := Path("img/favicon.svg")
	const stale = "/static/css/app.0000000000.css"

	tests := []struct {
		name       string
		method     string
		path       string
		wantStatus int
		wantType   string // checked as a prefix, since it may carry a charset
		wantCache  string
		wantBody   string // a file on disk whose bytes must be served
	}{
		{"hashed css", http.MethodGet, css, http.StatusOK, "text/css", "public, max-age=31536000, immutable", "css/app.css"},
		{"hashed svg", http.MethodGet, svg, http.StatusOK, "image/svg+xml", "public, max-age=31536000, immutable", "img/favicon.svg"},
		{"head", http.MethodHead, css, http.StatusOK, "text/css", "public, max-age=31536000, immutable", ""},
		{"stale hash", http.MethodGet, stale, http.StatusNotFound, "", "", ""},
		{"unhashed name", http.MethodGet, "/static/css/app.css", http.StatusNotFound, "", "", ""},
		{"unknown file", http.MethodGet, "/static/css/nope.0123456789.css", http.StatusNotFound, "", "", ""},
		{"directory", http.MethodGet, "/static/css/", http.StatusNotFound, "", "", ""},
		{"post", http.MethodPost, css, http.StatusMethodNotAllowed, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rec := httptest.NewRecorder()
			Handler().ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
			res := rec.Result()

			if got, want := res.StatusCode, tt.wantStatus; got != want {
				t.Fatalf("%s %s: status = %d, want %d", tt.method, tt.path, got, want)
			}
			if got := res.Header.Get("Cache-Control"); got != tt.wantCache {
				t.Errorf("Cache-Control = %q, want %q", got, tt.wantCache)
			}
			if got := res.Header.Get("Content-Type"); tt.wantType != "" && !strings.HasPrefix(got, tt.wantType) {
				t.Errorf("Content-Type = %q, want %s…", got, tt.wantType)
			}
			if tt.wantBody != "" {
				want, err := os.ReadFile(tt.wantBody)
				if err != nil {
					t.Fatal(err)
				}
				got, _ := io.ReadAll(res.Body)
				if string(got) != string(want) {
					t.Errorf("body is %d bytes, want the %d bytes of %s", len(got), len(want), tt.wantBody)
				}
			}
		})
	}
}

func TestNotModified(t *testing.T) {
	t.Parallel()
	css := Path("css/app.css")
	req := httptest.NewRequest(http.MethodGet, css, nil)
	req.Header.Set("If-None-Match", byName["css/app.css"].etag)
	rec := httptest.NewRecorder()
	Handler().ServeHTTP(rec, req)
	if got, want := rec.Code, http.StatusNotModified; got != want {
		t.Errorf("status = %d, want %d", got, want)
	}
}

// TestPath checks that a URL depends only on the file's bytes, so every
// process behind a load balancer links the same URL for the same build.
func TestPath(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		wantPrefix string
		wantSuffix string
	}{
		{"css/app.css", "/static/css/app.", ".css"},
		{"img/favicon.svg", "/static/img/favicon.", ".svg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(data)
			want := tt.wantPrefix + hex.EncodeToString(sum[:])[:10] + tt.wantSuffix

			if got := Path(tt.name); got != want {
				t.Errorf("Path(%q) = %q, want %q", tt.name, got, want)
			}
			if got := Path(tt.name); got != want {
				t.Errorf("second Path(%q) = %q, want %q", tt.name, got, want)
			}
		})
	}
}

func TestPathUnknownPanics(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("Path(\"css/missing.css\") did not panic")
		}
	}()
	Path("css/missing.css")
}
