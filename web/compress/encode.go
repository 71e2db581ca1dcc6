package compress

import (
	"bytes"
	"io"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
)

// Two kinds of effort. A body compressed once and served many times is
// worth the slowest, smallest setting. A page rendered for one request is
// compressed while the visitor waits, so it gets a cheap level: on the
// 32 KB lesson page (2 shared cores), gzip 2 took ~0.1 ms for 9.7 KB
// against gzip 5's ~0.2 ms for 9.0 KB, and brotli 2 ~0.5 ms for 9.2 KB
// against brotli 4's ~1.1 ms for 8.7 KB (hence NegotiateEach); brotli 11,
// kept, gives 7.0 KB.
const (
	gzipOnce   = gzip.BestCompression
	brotliOnce = brotli.BestCompression
	gzipEach   = 2
	brotliEach = 2
)

// Writers are pooled per level: a brotli writer allocates its window and
// hash tables (hundreds of KB) when made, which a page cannot afford.
var (
	gzipEachPool   = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(io.Discard, gzipEach); return w }}
	brotliEachPool = sync.Pool{New: func() any { return brotli.NewWriterLevel(io.Discard, brotliEach) }}
)

// encodeTo appends body compressed with enc at the per-request level.
func encodeTo(dst *bytes.Buffer, enc Encoding, body []byte) error {
	switch enc {
	case Gzip:
		w := gzipEachPool.Get().(*gzip.Writer)
		defer gzipEachPool.Put(w)
		w.Reset(dst)
		return writeClose(w, body)
	case Brotli:
		w := brotliEachPool.Get().(*brotli.Writer)
		defer brotliEachPool.Put(w)
		w.Reset(dst)
		return writeClose(w, body)
	}
	_, err := dst.Write(body)
	return err
}

// encodeOnce returns body compressed with enc at the best level, for a body
// that is kept.
func encodeOnce(enc Encoding, body []byte) ([]byte, error) {
	var dst bytes.Buffer
	var w io.WriteCloser
	switch enc {
	case Gzip:
		w, _ = gzip.NewWriterLevel(&dst, gzipOnce)
	case Brotli:
		w = brotli.NewWriterLevel(&dst, brotliOnce)
	default:
		return body, nil
	}
	if err := writeClose(w, body); err != nil {
		return nil, err
	}
	return dst.Bytes(), nil
}

func writeClose(w io.WriteCloser, body []byte) error {
	if _, err := w.Write(body); err != nil {
		return err
	}
	return w.Close()
}

// Decode undoes enc, for tests and tools that read what was served.
func Decode(enc Encoding, body []byte) ([]byte, error) {
	var r io.Reader
	switch enc {
	case Gzip:
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		r = zr
	case Brotli:
		r = brotli.NewReader(bytes.NewReader(body))
	default:
		return body, nil
	}
	return io.ReadAll(r)
}

// ParseToken is the Encoding named in a Content-Encoding header, and false
// for one this package does not produce.
func ParseToken(token string) (Encoding, bool) {
	switch token {
	case "":
		return Identity, true
	case "gzip":
		return Gzip, true
	case "br":
		return Brotli, true
	}
	return Identity, false
}
