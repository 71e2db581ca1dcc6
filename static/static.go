// Package static embeds the site's CSS and images and serves them under
// content-hash URLs, so browsers may cache every file forever: a changed file
// gets a new URL, and a page always links the version it was rendered with.
package static

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/practicum-dev/practicum/web/compress"
)

// Prefix is the URL path under which Handler must be mounted.
const Prefix = "/static/"

//go:embed css img js
var files embed.FS

// asset is one embedded file and the URL it is served under.
type asset struct {
	url         string // e.g. /static/css/app.3f2a9c1b0d.css
	etag        string
	contentType string
	data        []byte
	// forms keeps the gzip and br forms of a text file once first asked
	// for, so a hit costs no compression.
	forms *compress.Variants
}

var (
	byName = map[string]*asset{} // "css/app.css" → asset
	byURL  = map[string]*asset{} // "/static/css/app.3f2a9c1b0d.css" → asset
)

// Hashing at init rather than in a build step keeps the binary the only
// artifact: the URLs can never disagree with the bytes embedded beside them.
func init() {
	err := fs.WalkDir(files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := files.ReadFile(name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		hash := hex.EncodeToString(sum[:])[:10]
		ext := path.Ext(name)
		ctype := mime.TypeByExtension(ext)
		if ctype == "" {
			ctype = http.DetectContentType(data)
		}
		a := &asset{
			url:         Prefix + strings.TrimSuffix(name, ext) + "." + hash + ext,
			etag:        `"` + hash + `"`,
			contentType: ctype,
			data:        data,
			forms:       compress.NewVariantsTagged(ctype, data, hash),
		}
		byName[name] = a
		byURL[a.url] = a
		return nil
	})
	if err != nil {
		panic(fmt.Sprintf("static: reading embedded files: %v", err))
	}
}

// Path returns the content-hashed URL of the embedded file name, e.g.
// Path("css/app.css") is "/static/css/app.3f2a9c1b0d.css". It panics when
// there is no such file: that is a typo in a template, which render tests
// catch, not something a request can cause.
func Path(name string) string {
	a, ok := byName[name]
	if !ok {
		panic(fmt.Sprintf("static: no embedded file %q", name))
	}
	return a.url
}

// Handler serves the embedded files at their hashed URLs. Mount it at Prefix;
// it expects the full request path. Unhashed or stale URLs are 404s rather
// than redirects so that an old page never silently gets a new stylesheet
// cached as immutable under its old URL.
func Handler() http.Handler {
	return http.HandlerFunc(serve)
}

func serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	a, ok := byURL[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Content-Type", a.contentType)
	body, enc, etag := a.forms.Select(w, r)
	h.Set("ETag", etag)
	if enc != compress.Identity {
		// ServeContent leaves out Content-Length once a coding is set, and
		// ranges of a compressed form serve no browser: send it whole.
		h.Set("Content-Encoding", enc.Token())
		h.Set("Content-Length", strconv.Itoa(len(body)))
		if r.Header.Get("Range") != "" {
			r = r.Clone(r.Context())
			r.Header.Del("Range")
		}
	}
	// ServeContent handles HEAD, Range and If-None-Match; the zero modtime
	// leaves Last-Modified out, since the ETag already identifies the bytes.
	http.ServeContent(w, r, a.url, time.Time{}, bytes.NewReader(body))
}
