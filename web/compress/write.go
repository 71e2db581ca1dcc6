package compress

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// Write sends body, already rendered and with its Content-Type set, with
// status; compressed for the request when the type and size are worth it.
// With the length known, net/http sends it in one piece, not in chunks.
func Write(w http.ResponseWriter, r *http.Request, status int, body []byte) {
	buf := buffers.Get().(*bytes.Buffer)
	defer putBuffer(buf)
	encode(r, w.Header().Get("Content-Type"), body, buf).Send(w, r, status)
}

// Encode is body, of type contentType, as Write would send it for r, for
// a caller that keeps the response and sends it again (Response.Send) to
// requests with the same Accept-Encoding, while the body is the same.
func Encode(r *http.Request, contentType string, body []byte) Response {
	return encode(r, contentType, body, new(bytes.Buffer))
}

// encode is body's response for r, compressed into buf when it is.
func encode(r *http.Request, contentType string, body []byte, buf *bytes.Buffer) Response {
	resp := Response{ContentType: contentType, Body: body}
	if !worthIt(contentType, len(body)) {
		return resp
	}
	resp.Vary = true
	enc := NegotiateEach(r.Header.Get("Accept-Encoding"))
	if enc == Identity {
		return resp
	}
	if err := encodeTo(buf, enc, body); err == nil {
		resp.Body, resp.Encoding = buf.Bytes(), enc
	} // else: cannot happen writing to memory; send it plain
	return resp
}

func worthIt(contentType string, size int) bool {
	return size >= MinSize && Compressible(contentType)
}

var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func putBuffer(b *bytes.Buffer) {
	if b.Cap() > 1<<20 { // an outsized body; let it go
		return
	}
	b.Reset()
	buffers.Put(b)
}

// Variants is a body that never changes, with its compressed forms made
// the first time each is asked for and kept. Each form has its own strong
// ETag (the body's hash, with the coding appended), as RFC 9110 asks of
// different representations.
type Variants struct {
	contentType string
	etag        string // of the identity form, quoted
	identity    []byte
	worthIt     bool
	forms       [3]form // by Encoding; [Identity] unused
}

type form struct {
	once sync.Once
	body []byte // nil: compressing failed, or came out no smaller
}

// NewVariants keeps body, of type contentType. Its ETag is taken from its
// SHA-256, so two processes serving the same bytes agree on it.
func NewVariants(contentType string, body []byte) *Variants {
	sum := sha256.Sum256(body)
	return NewVariantsTagged(contentType, body, hex.EncodeToString(sum[:])[:20])
}

// NewVariantsTagged is NewVariants with the tag already known (e.g. the
// content hash in a static file's URL); tag is used unquoted.
func NewVariantsTagged(contentType string, body []byte, tag string) *Variants {
	return &Variants{contentType: contentType, etag: `"` + tag + `"`, identity: body,
		worthIt: worthIt(contentType, len(body))}
}

// Select is the form of the body for r: its bytes, its coding and its ETag.
// It sets Vary when the answer depends on Accept-Encoding.
func (v *Variants) Select(w http.ResponseWriter, r *http.Request) ([]byte, Encoding, string) {
	if !v.worthIt {
		return v.identity, Identity, v.etag
	}
	w.Header().Add("Vary", "Accept-Encoding")
	enc := Negotiate(r.Header.Get("Accept-Encoding"))
	if enc == Identity {
		return v.identity, Identity, v.etag
	}
	f := &v.forms[enc]
	f.once.Do(func() {
		b, err := encodeOnce(enc, v.identity)
		if err == nil && len(b) < len(v.identity) {
			f.body = b
		}
	})
	if f.body == nil {
		return v.identity, Identity, v.etag
	}
	return f.body, enc, strings.TrimSuffix(v.etag, `"`) + "-" + enc.Token() + `"`
}

// Serve sends the body's form for r with status, or 304 Not Modified when
// the request's If-None-Match names that form. The caller sets the
// caching headers (Cache-Control) first.
func (v *Variants) Serve(w http.ResponseWriter, r *http.Request, status int) {
	body, enc, etag := v.Select(w, r)
	h := w.Header()
	h.Set("ETag", etag)
	if NoneMatch(r.Header.Get("If-None-Match"), etag) && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", v.contentType)
	if enc != Identity {
		h.Set("Content-Encoding", enc.Token())
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// Identity is the body as given.
func (v *Variants) Identity() []byte { return v.identity }

// NoneMatch reports whether an If-None-Match header names etag, compared
// weakly (RFC 9110 §13.1.2): W/"x" matches "x", since a proxy that
// compresses on its own turns strong tags weak. "*" matches any.
func NoneMatch(header, etag string) bool {
	if header == "" {
		return false
	}
	etag = strings.TrimPrefix(etag, "W/")
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
			return true
		}
	}
	return false
}

// ETag is the identity form's ETag, quoted: a name for the body's bytes.
func (v *Variants) ETag() string { return v.etag }
