package web_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/compress"
)

// encoded is a response as the browser received it, before decoding.
type encoded struct {
	status int
	header http.Header
	body   string // decoded from its Content-Encoding
}

// getEncoded sends GET path from v's browser with the given request
// headers. Setting Accept-Encoding ourselves stops Go's client from
// decoding the body behind our back, so the test sees what was sent.
func getEncoded(t *testing.T, v *visitor, path string, header ...string) encoded {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, v.site.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "identity")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := v.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	enc, ok := compress.ParseToken(resp.Header.Get("Content-Encoding"))
	if !ok {
		t.Fatalf("GET %s: Content-Encoding %q", path, resp.Header.Get("Content-Encoding"))
	}
	body, err := compress.Decode(enc, raw)
	if err != nil {
		t.Fatalf("GET %s: decoding %s: %v", path, enc.Token(), err)
	}
	return encoded{status: resp.StatusCode, header: resp.Header, body: string(body)}
}

func varies(h http.Header, name string) bool {
	for _, v := range h.Values("Vary") {
		for f := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(f), name) {
				return true
			}
		}
	}
	return false
}

// TestPagesAreCompressed checks the coding each kind of visitor gets for
// the lesson page and another page, and that the answer varies on
// Accept-Encoding: the kept public page prefers br, pages compressed per
// request gzip.
func TestPagesAreCompressed(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Tara", auth.Learner)
	anon, tara := s.visitor(t), signedInAs(t, s, "tara@example.com")
	plain := getEncoded(t, anon, lesson3).body

	tests := []struct {
		name           string
		v              *visitor
		path           string
		acceptEncoding string
		wantEncoding   string
	}{
		{"anonymous, a browser's header", anon, lesson3, "gzip, deflate, br", "br"},
		{"anonymous, gzip only", anon, lesson3, "gzip", "gzip"},
		{"anonymous, br refused", anon, lesson3, "br;q=0, *", "gzip"},
		{"anonymous, identity", anon, lesson3, "identity", ""},
		// Pages compressed per request take gzip on a tie (NegotiateEach).
		{"signed in, a browser's header", tara, lesson3, "gzip, deflate, br", "gzip"},
		{"signed in, br ranked first", tara, lesson3, "gzip;q=0.9, br", "br"},
		// An anonymous visitor's course page is public and kept too.
		{"course page", anon, "/courses/serving-incidents", "gzip, br", "br"},
		{"course page, signed in", tara, "/courses/serving-incidents", "gzip, br", "gzip"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := getEncoded(t, tt.v, tt.path, "Accept-Encoding", tt.acceptEncoding)
			if p.status != http.StatusOK {
				t.Fatalf("status %d", p.status)
			}
			if got := p.header.Get("Content-Encoding"); got != tt.wantEncoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.wantEncoding)
			}
			if !varies(p.header, "Accept-Encoding") || !varies(p.header, "Cookie") {
				t.Errorf("Vary %q, want Accept-Encoding and Cookie", p.header.Values("Vary"))
			}
			if tt.v == anon && tt.path == lesson3 && p.body != plain {
				t.Error("decoded page differs from the uncompressed one")
			}
		})
	}
}

// TestConditionalLessonPage checks that the page an anonymous visitor
// with no answers sees carries an ETag answering 304, and that a page
// personal to its visitor (signed in, or with answers in the session)
// carries none and is never stored (no-store, issue 13).
func TestConditionalLessonPage(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Tara", auth.Learner)
	anon := s.visitor(t)
	first := getEncoded(t, anon, lesson3, "Accept-Encoding", "gzip, deflate, br")
	etag := first.header.Get("ETag")
	if etag == "" || first.header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("anonymous lesson page: ETag %q, Cache-Control %q; want an ETag and no-cache", etag, first.header.Get("Cache-Control"))
	}

	answered := s.visitor(t)
	cps, rev := s.checkpoints(t)
	answered.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true))
	tara := signedInAs(t, s, "tara@example.com")

	tests := []struct {
		name           string
		v              *visitor
		acceptEncoding string
		ifNoneMatch    string
		wantStatus     int
		wantETag       bool
		wantCache      string
	}{
		{"anonymous, same form", s.visitor(t), "gzip, deflate, br", etag, http.StatusNotModified, true, "no-cache"},
		{"anonymous, weak tag from a proxy", s.visitor(t), "gzip, deflate, br", "W/" + etag, http.StatusNotModified, true, "no-cache"},
		{"anonymous, among others", s.visitor(t), "gzip, deflate, br", `"other", ` + etag, http.StatusNotModified, true, "no-cache"},
		{"anonymous, another coding", s.visitor(t), "gzip", etag, http.StatusOK, true, "no-cache"},
		{"anonymous, stale tag", s.visitor(t), "gzip, deflate, br", `"stale"`, http.StatusOK, true, "no-cache"},
		{"anonymous with answers", answered, "gzip, deflate, br", etag, http.StatusOK, false, "no-store"},
		{"signed in", tara, "gzip, deflate, br", etag, http.StatusOK, false, "no-store"},
		{"signed in, any tag", tara, "gzip, deflate, br", "*", http.StatusOK, false, "no-store"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := getEncoded(t, tt.v, lesson3, "Accept-Encoding", tt.acceptEncoding, "If-None-Match", tt.ifNoneMatch)
			if p.status != tt.wantStatus {
				t.Errorf("status %d, want %d", p.status, tt.wantStatus)
			}
			if got := p.header.Get("ETag") != ""; got != tt.wantETag {
				t.Errorf("ETag %q; want one: %v", p.header.Get("ETag"), tt.wantETag)
			}
			if got := p.header.Get("Cache-Control"); got != tt.wantCache {
				t.Errorf("Cache-Control %q, want %q", got, tt.wantCache)
			}
			if !varies(p.header, "Accept-Encoding") || !varies(p.header, "Cookie") {
				t.Errorf("Vary %q, want Accept-Encoding and Cookie", p.header.Values("Vary"))
			}
			if p.status == http.StatusNotModified && p.body != "" {
				t.Errorf("304 with a body of %d bytes", len(p.body))
			}
		})
	}
}
