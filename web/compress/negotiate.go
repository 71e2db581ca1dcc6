// Package compress picks a response's content coding from the request's
// Accept-Encoding (br or gzip, else identity), compresses rendered pages on
// the way out, and keeps the compressed forms of bodies that never change
// (static files, cached public pages) so that serving one again costs no
// compression. It also answers If-None-Match for those bodies.
//
// It knows HTTP and nothing of the site: web and static use it.
package compress

import (
	"mime"
	"strconv"
	"strings"
)

// Encoding is a content coding this package produces.
type Encoding uint8

const (
	Identity Encoding = iota
	Gzip
	Brotli
)

// Token is the coding's name in Content-Encoding ("" for identity, which
// is never named there).
func (e Encoding) Token() string {
	switch e {
	case Gzip:
		return "gzip"
	case Brotli:
		return "br"
	}
	return ""
}

// Negotiate chooses the coding of a kept body (Variants) for a request
// whose Accept-Encoding header is header (RFC 9110 §12.5.3): the
// acceptable coding with the highest q-value, br before gzip when they tie
// because it is smaller. "*" stands for every coding the header does not
// name. Identity is chosen when neither br nor gzip is acceptable, and
// when the client ranks identity above both; a client that refuses
// identity too (identity;q=0) still gets it, since a page it can read
// beats a 406 it cannot.
func Negotiate(header string) Encoding { return negotiate(header, Brotli) }

// NegotiateEach is Negotiate for a body compressed for this one request
// (Write): on a tie it is gzip, not br. Pure-Go brotli at a level fast
// enough to run per request is slower than gzip and no smaller (on the
// lesson page, brotli 1 took ~2.5× gzip 2's time for a larger result, and
// brotli 2 ~5× for 6% less), so br is sent only to a client that ranks it
// above gzip or accepts no gzip.
func NegotiateEach(header string) Encoding { return negotiate(header, Gzip) }

func negotiate(header string, onTie Encoding) Encoding {
	if header == "" {
		return Identity
	}
	q := map[string]float64{} // coding → q, for the codings named
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		if name == "x-gzip" { // the old name, still equivalent
			name = "gzip"
		}
		q[name] = qValue(params)
	}
	star, hasStar := q["*"]
	weight := func(coding string) float64 {
		if v, ok := q[coding]; ok {
			return v
		}
		if hasStar {
			return star
		}
		return 0
	}
	br, gz := weight("br"), weight("gzip")
	best, enc := br, Brotli
	if gz > br || (gz == br && onTie == Gzip) {
		best, enc = gz, Gzip
	}
	if best <= 0 {
		return Identity
	}
	// Identity unnamed is acceptable but unranked: any compressed coding
	// the client accepts is preferred to it. Named, its q competes.
	if id, ok := q["identity"]; ok && id > best {
		return Identity
	}
	return enc
}

// qValue reads "q=0.5" from a coding's parameters; a missing or malformed
// q is 1, as if the client had not weighted the coding.
func qValue(params string) float64 {
	for p := range strings.SplitSeq(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || f < 0 || f > 1 {
			return 1
		}
		return f
	}
	return 1
}

// MinSize is the smallest body worth compressing: below about one TCP
// segment, compression saves no round trip and costs CPU and header bytes.
const MinSize = 1024

// Compressible reports whether a body of this Content-Type shrinks when
// compressed: text and the textual application types. Images other than
// SVG, fonts in woff2, archives and the like are compressed already.
func Compressible(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	switch {
	case strings.HasPrefix(mt, "text/"):
		return true
	case strings.HasSuffix(mt, "+xml"), strings.HasSuffix(mt, "+json"):
		return true // image/svg+xml, application/atom+xml, …
	}
	switch mt {
	case "application/javascript", "application/json", "application/xml", "application/wasm",
		"application/manifest+json", "font/ttf", "font/otf":
		return true
	}
	return false
}
