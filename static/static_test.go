package static

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/compress"
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

// TestCompressedForms checks that text files go out in the coding the
// browser prefers, that each form has its own ETag answering 304, and that
// a file too small to gain is sent as it is.
func TestCompressedForms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file, acceptEncoding string
		wantEncoding         string
		wantVary             bool
	}{
		{"css/app.css", "gzip, deflate, br", "br", true},
		{"css/app.css", "gzip", "gzip", true},
		{"css/app.css", "", "", true},
		{"js/htmx-2.0.11.min.js", "br;q=0.5, gzip", "gzip", true},
		{"img/favicon.svg", "br", "", false}, // 246 bytes: not worth it
	}
	for _, tt := range tests {
		t.Run(tt.file+" "+tt.acceptEncoding, func(t *testing.T) {
			t.Parallel()
			get := func(ifNoneMatch string) *http.Response {
				req := httptest.NewRequest(http.MethodGet, Path(tt.file), nil)
				req.Header.Set("Accept-Encoding", tt.acceptEncoding)
				if ifNoneMatch != "" {
					req.Header.Set("If-None-Match", ifNoneMatch)
				}
				rec := httptest.NewRecorder()
				Handler().ServeHTTP(rec, req)
				return rec.Result()
			}
			res := get("")
			if got := res.Header.Get("Content-Encoding"); got != tt.wantEncoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.wantEncoding)
			}
			if got := res.Header.Get("Vary") == "Accept-Encoding"; got != tt.wantVary {
				t.Errorf("Vary %q; want Accept-Encoding: %v", res.Header.Get("Vary"), tt.wantVary)
			}
			body, _ := io.ReadAll(res.Body)
			enc, _ := compress.ParseToken(tt.wantEncoding)
			plain, err := compress.Decode(enc, body)
			want, _ := os.ReadFile(tt.file)
			if err != nil || string(plain) != string(want) {
				t.Errorf("decoded body is not %s (err %v)", tt.file, err)
			}
			if res.Header.Get("Content-Length") != strconv.Itoa(len(body)) {
				t.Errorf("Content-Length %s for %d bytes", res.Header.Get("Content-Length"), len(body))
			}

			etag := res.Header.Get("ETag")
			again := get(etag)
			if again.StatusCode != http.StatusNotModified {
				t.Errorf("If-None-Match %s: status %d, want 304", etag, again.StatusCode)
			}
			if tt.wantVary && again.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("304 without Vary: Accept-Encoding")
			}
		})
	}
}
