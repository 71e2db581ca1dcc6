package compress

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestNegotiate(t *testing.T) {
	t.Parallel()
	// want is for a kept body (Negotiate), each for one compressed per
	// request (NegotiateEach): they differ only where br and gzip tie.
	tests := []struct {
		header     string
		want, each Encoding
	}{
		{"", Identity, Identity},
		{"gzip", Gzip, Gzip},
		{"br", Brotli, Brotli},
		{"gzip, deflate, br", Brotli, Gzip}, // a browser's: both at q=1
		{"br, gzip", Brotli, Gzip},          // order is no preference
		{"deflate", Identity, Identity},     // not a coding we make
		{"GZIP", Gzip, Gzip},                // names are case-insensitive
		{"x-gzip", Gzip, Gzip},
		{" gzip ; q=1 , br ; q=0.5 ", Gzip, Gzip},
		{"gzip;q=0.8, br;q=0.9", Brotli, Brotli},
		{"gzip;q=0.9, br;q=0.8", Gzip, Gzip},
		{"br;q=0, gzip", Gzip, Gzip},
		{"br;q=0, gzip;q=0", Identity, Identity},
		{"gzip;Q=0.5", Gzip, Gzip}, // the parameter name is case-insensitive
		{"gzip;q=abc", Gzip, Gzip}, // a malformed q counts as 1
		{"gzip;q=0.000", Identity, Identity},
		{"*", Brotli, Gzip},
		{"*;q=0", Identity, Identity},
		{"*;q=0.5, gzip", Gzip, Gzip},                    // gzip named above the rest
		{"*;q=0.5, br", Brotli, Brotli},                  // br named above the rest
		{"*, br;q=0", Gzip, Gzip},                        // br refused, gzip via *
		{"*, br;q=0, gzip;q=0", Identity, Identity},      // both refused by name
		{"identity", Identity, Identity},                 // only identity named
		{"identity, gzip", Gzip, Gzip},                   // a tie goes to compression
		{"identity;q=1, gzip;q=0.5", Identity, Identity}, // the client ranks identity first
		{"identity;q=0, gzip;q=0.5", Gzip, Gzip},
		{"identity;q=0", Identity, Identity}, // nothing else acceptable: send it anyway
		{",,, ;q=1, gzip", Gzip, Gzip},       // empty elements are ignored
	}
	for _, tt := range tests {
		if got := Negotiate(tt.header); got != tt.want {
			t.Errorf("Negotiate(%q) = %q, want %q", tt.header, got.Token(), tt.want.Token())
		}
		if got := NegotiateEach(tt.header); got != tt.each {
			t.Errorf("NegotiateEach(%q) = %q, want %q", tt.header, got.Token(), tt.each.Token())
		}
	}
}

func TestCompressible(t *testing.T) {
	t.Parallel()
	tests := []struct {
		contentType string
		want        bool
	}{
		{"text/html; charset=utf-8", true},
		{"text/css; charset=utf-8", true},
		{"text/javascript; charset=utf-8", true},
		{"application/javascript", true},
		{"application/json", true},
		{"image/svg+xml", true},
		{"text/csv", true},
		{"image/png", false},
		{"image/jpeg", false},
		{"font/woff2", false},
		{"application/gzip", false},
		{"application/octet-stream", false},
		{"", false},
		{"not a type", false},
	}
	for _, tt := range tests {
		if got := Compressible(tt.contentType); got != tt.want {
			t.Errorf("Compressible(%q) = %v, want %v", tt.contentType, got, tt.want)
		}
	}
}

func TestNoneMatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		header, etag string
		want         bool
	}{
		{"", `"a"`, false},
		{`"a"`, `"a"`, true},
		{`"b"`, `"a"`, false},
		{`"b", "a"`, `"a"`, true},
		{`W/"a"`, `"a"`, true}, // weak comparison
		{`"a"`, `W/"a"`, true},
		{`*`, `"a"`, true},
		{`"a-br"`, `"a"`, false}, // another coding's form is another representation
		{`"a"`, `"a-gzip"`, false},
	}
	for _, tt := range tests {
		if got := NoneMatch(tt.header, tt.etag); got != tt.want {
			t.Errorf("NoneMatch(%q, %q) = %v, want %v", tt.header, tt.etag, got, tt.want)
		}
	}
}

// page is a body large and repetitive enough to be worth compressing.
var page = []byte("<!doctype html><title>x</title>" + strings.Repeat("<p>A lesson paragraph about queues.</p>\n", 200))

func TestWrite(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name           string
		contentType    string
		body           []byte
		acceptEncoding string
		method         string
		wantEncoding   string
		wantVary       bool
	}{
		{"a browser's header", "text/html; charset=utf-8", page, "gzip, deflate, br", "GET", "gzip", true},
		{"br ranked first", "text/html; charset=utf-8", page, "gzip;q=0.5, br", "GET", "br", true},
		{"gzip only", "text/html; charset=utf-8", page, "gzip", "GET", "gzip", true},
		{"no header", "text/html; charset=utf-8", page, "", "GET", "", true},
		{"identity only", "text/html; charset=utf-8", page, "identity", "GET", "", true},
		{"tiny page", "text/html; charset=utf-8", []byte("<p>hi</p>"), "br", "GET", "", false},
		{"already compressed", "image/png", page, "br, gzip", "GET", "", false},
		{"head", "text/html; charset=utf-8", page, "br", "HEAD", "br", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req := httptest.NewRequest(tt.method, "/", nil)
			if tt.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", tt.acceptEncoding)
			}
			rec := httptest.NewRecorder()
			rec.Header().Set("Content-Type", tt.contentType)
			Write(rec, req, http.StatusTeapot, tt.body)

			if rec.Code != http.StatusTeapot {
				t.Errorf("status %d, want the one given", rec.Code)
			}
			if got := rec.Header().Get("Content-Encoding"); got != tt.wantEncoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.wantEncoding)
			}
			if got := rec.Header().Get("Vary") == "Accept-Encoding"; got != tt.wantVary {
				t.Errorf("Vary %q, want Accept-Encoding: %v", rec.Header().Get("Vary"), tt.wantVary)
			}
			if tt.method == "HEAD" {
				if rec.Body.Len() != 0 {
					t.Errorf("HEAD sent a body of %d bytes", rec.Body.Len())
				}
				return
			}
			if got := rec.Header().Get("Content-Length"); got != strconv.Itoa(rec.Body.Len()) {
				t.Errorf("Content-Length %s, body %d bytes", got, rec.Body.Len())
			}
			enc, _ := ParseToken(tt.wantEncoding)
			got, err := Decode(enc, rec.Body.Bytes())
			if err != nil || !bytes.Equal(got, tt.body) {
				t.Errorf("decoded body differs from the page (err %v)", err)
			}
			if enc != Identity && rec.Body.Len() >= len(tt.body)/2 {
				t.Errorf("%s body is %d bytes of %d: not compressed", tt.wantEncoding, rec.Body.Len(), len(tt.body))
			}
			// Encoded once and sent again, it is the same response.
			again := httptest.NewRecorder()
			Encode(req, tt.contentType, tt.body).Send(again, req, http.StatusTeapot)
			if !bytes.Equal(again.Body.Bytes(), rec.Body.Bytes()) || !reflect.DeepEqual(again.Header(), rec.Header()) {
				t.Errorf("Encode then Send: %d bytes with %v; Write: %d bytes with %v", again.Body.Len(), again.Header(), rec.Body.Len(), rec.Header())
			}
		})
	}
}

func TestVariantsServe(t *testing.T) {
	t.Parallel()
	v := NewVariants("text/html; charset=utf-8", page)
	serve := func(acceptEncoding, ifNoneMatch string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/", nil)
		req.Header.Set("Accept-Encoding", acceptEncoding)
		if ifNoneMatch != "" {
			req.Header.Set("If-None-Match", ifNoneMatch)
		}
		rec := httptest.NewRecorder()
		v.Serve(rec, req, http.StatusOK)
		return rec
	}
	tags := map[string]string{}
	for _, ae := range []string{"br", "gzip", "identity"} {
		rec := serve(ae, "")
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d", ae, rec.Code)
		}
		etag := rec.Header().Get("ETag")
		for other, tag := range tags {
			if tag == etag {
				t.Errorf("%s and %s forms share the ETag %s", ae, other, etag)
			}
		}
		tags[ae] = etag
		if rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", ae, rec.Header().Get("Vary"))
		}

		again := serve(ae, etag)
		if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
			t.Errorf("%s with If-None-Match %s: status %d, %d bytes; want an empty 304", ae, etag, again.Code, again.Body.Len())
		}
		if again.Header().Get("ETag") != etag || again.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s: 304 carries ETag %q, Vary %q; want the form's and Accept-Encoding",
				ae, again.Header().Get("ETag"), again.Header().Get("Vary"))
		}
	}
	// A browser that now accepts br must not be told its identity copy is
	// current: it would decode it as br.
	if rec := serve("br", tags["identity"]); rec.Code != http.StatusOK {
		t.Errorf("br request with the identity form's ETag: status %d, want 200", rec.Code)
	}
	// The kept forms are made once: serving again returns the same bytes.
	a, b := serve("br", "").Body.Bytes(), serve("br", "").Body.Bytes()
	if v.forms[Brotli].body == nil || !bytes.Equal(a, b) {
		t.Error("the br form changed between two requests")
	}
}
