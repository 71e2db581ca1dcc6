package compress

import (
	"bytes"
	stdgzip "compress/gzip"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// TestAssemblySend: a page assembled from kept pieces and the request's
// own bytes reads, once decoded, as the pieces and bytes in order, in
// every coding a client may ask for, however the parts fall: pieces next
// to each other, runs of the request's bytes short (stored) and long
// (compressed), a piece too random to compress and longer than a stored
// block holds, and nothing of the request's at all.
func TestAssemblySend(t *testing.T) {
	t.Parallel()
	html := strings.Repeat(`<div class="option"><input type="radio" name="option" value="1" required><label>An option</label></div>`, 60)
	noise := make([]byte, 70_000) // over one stored block's 65,535 bytes
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(rng.IntN(256))
	}
	pieces := NewPieces("text/html; charset=utf-8")
	head, body, tail, random := pieces.Add([]byte("<!DOCTYPE html><html><head>"+html[:300])), pieces.Add([]byte(html)),
		pieces.Add([]byte("</main></body></html>")), pieces.Add(noise)
	long := strings.Repeat("Your answer, with the words that earned points: compare long prompts on each version. ", 40)

	for _, c := range []struct {
		name  string
		parts []any // int: a piece; string: the request's own bytes
	}{
		{"pieces only", []any{head, body, tail}},
		{"short own bytes between pieces", []any{head, " checked", body, "Check again", tail}},
		{"own bytes first and last", []any{"<p>", head, body, tail, "</p>"}},
		{"a long run of own bytes", []any{head, long, body, long + long, tail}},
		{"the same piece twice", []any{body, "x", body}},
		{"an incompressible piece", []any{head, random, "y", tail}},
		{"own bytes in several writes", []any{head, "a", "b", long, "c", tail}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var want bytes.Buffer
			assemble := func() *Assembly {
				a := pieces.Assemble()
				for _, p := range c.parts {
					switch p := p.(type) {
					case int:
						a.Piece(p)
					case string:
						_, _ = a.WriteString(p)
					}
				}
				return a
			}
			for _, p := range c.parts {
				switch p := p.(type) {
				case int:
					want.Write(pieces.raw[p])
				case string:
					want.WriteString(p)
				}
			}
			for _, ae := range []string{"gzip, deflate, br", "gzip", "br", ""} {
				a := assemble()
				if !bytes.Equal(a.Bytes(), want.Bytes()) {
					t.Fatalf("Bytes() is not the parts in order")
				}
				rec := httptest.NewRecorder()
				req := httptest.NewRequest(http.MethodGet, "/", nil)
				req.Header.Set("Accept-Encoding", ae)
				a.Send(rec, req, http.StatusOK)
				a.Release()
				res := rec.Result()
				got := rec.Body.Bytes()
				if n, _ := strconv.Atoi(res.Header.Get("Content-Length")); n != len(got) {
					t.Errorf("Accept-Encoding %q: Content-Length %d for %d bytes", ae, n, len(got))
				}
				enc, ok := ParseToken(res.Header.Get("Content-Encoding"))
				if !ok {
					t.Fatalf("Accept-Encoding %q: Content-Encoding %q", ae, res.Header.Get("Content-Encoding"))
				}
				if wantEnc := NegotiateEach(ae); enc != wantEnc {
					t.Errorf("Accept-Encoding %q: sent %q, want %q", ae, enc.Token(), wantEnc.Token())
				}
				var err error
				if enc == Gzip {
					// The standard library's reader, which checks the
					// CRC and the length too.
					var zr *stdgzip.Reader
					if zr, err = stdgzip.NewReader(bytes.NewReader(got)); err == nil {
						got, err = io.ReadAll(zr)
					}
				} else {
					got, err = Decode(enc, got)
				}
				if err != nil {
					t.Fatalf("Accept-Encoding %q: decoding: %v", ae, err)
				}
				if !bytes.Equal(got, want.Bytes()) {
					t.Errorf("Accept-Encoding %q: the page decodes to %d bytes that differ from the %d sent", ae, len(got), want.Len())
				}
				if res.Header.Get("Vary") != "Accept-Encoding" {
					t.Errorf("Accept-Encoding %q: Vary %q", ae, res.Header.Get("Vary"))
				}
			}
		})
	}
}

// TestAssemblyHeadAndSmall: HEAD gets the headers alone, and a page under
// MinSize goes out as it is.
func TestAssemblyHeadAndSmall(t *testing.T) {
	t.Parallel()
	pieces := NewPieces("text/html; charset=utf-8")
	big, small := pieces.Add([]byte(strings.Repeat("<p>lesson</p>", 200))), pieces.Add([]byte("<p>hi</p>"))

	a := pieces.Assemble()
	a.Piece(big)
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodHead, "/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	a.Send(rec, req, http.StatusOK)
	if rec.Body.Len() != 0 || rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("Content-Length") == "0" {
		t.Errorf("HEAD: %d body bytes, Content-Encoding %q, Content-Length %q; want none, gzip and the gzip length",
			rec.Body.Len(), rec.Header().Get("Content-Encoding"), rec.Header().Get("Content-Length"))
	}

	a = pieces.Assemble()
	a.Piece(small)
	_, _ = a.WriteString("!")
	rec = httptest.NewRecorder()
	req = httptest.NewRequest(http.MethodGet, "/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	a.Send(rec, req, http.StatusOK)
	if got := rec.Body.String(); got != "<p>hi</p>!" || rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("a small page: %q with Content-Encoding %q, want it plain", got, rec.Header().Get("Content-Encoding"))
	}
}
