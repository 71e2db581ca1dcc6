package compress

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"io"
	"net/http"
	"strconv"
	"sync"

	"github.com/klauspost/compress/flate"
)

// A page made for one visitor can be mostly the same as everyone's: a
// signed-in learner's lesson page is the lesson's own HTML, which changes
// only with a new revision, with their answers in a few places. Pieces
// keeps the parts that never change, each with its deflate form made
// once; an Assembly is one response made of pieces and bytes written for
// it. Sent as gzip, only the request's own bytes are compressed: each
// kept piece is deflate blocks that refer to nothing before them and end
// on a byte boundary, and so are the request's bytes (stored, or
// compressed by a fresh writer), so they can follow one another in one
// stream; the stream's CRC-32 is taken over the whole page per request
// (~1 µs for 32 KB).

// storeBelow is the size under which the request's own bytes are sent as
// stored deflate blocks instead of being compressed: a compressed block
// costs ~3 µs of Huffman tables whatever its length, and most of what a
// learner adds (a checked attribute, a button's words) is a few dozen
// bytes.
const storeBelow = 1024

// dynamicLevel compresses the request's own longer runs (a score card, a
// checkpoint's explanation): level 1 resets without clearing its tables.
const dynamicLevel = 1

// Pieces are the unchanging parts of one kind of page, of one content
// type. Add them all before assembling. The zero value is not usable;
// NewPieces.
type Pieces struct {
	contentType string
	raw         [][]byte
	packed      [][]byte // deflate blocks: none final, byte-aligned, self-contained
	size        int64
}

// NewPieces returns an empty set of pieces of contentType.
func NewPieces(contentType string) *Pieces { return &Pieces{contentType: contentType} }

// Add keeps b (which the caller must not change afterwards) and returns
// its number for Assembly.Piece.
func (p *Pieces) Add(b []byte) int {
	p.raw = append(p.raw, b)
	p.packed = append(p.packed, pack(b))
	p.size += int64(len(b) + len(p.packed[len(p.packed)-1]))
	return len(p.raw) - 1
}

// Size is roughly the memory the pieces hold, in bytes.
func (p *Pieces) Size() int64 { return p.size }

// pack is b as self-contained deflate blocks, compressed at the best level
// or stored, whichever is shorter, ending on a byte boundary (a sync
// flush) and not final.
func pack(b []byte) []byte {
	var out bytes.Buffer
	w := packWriters.Get().(*flate.Writer)
	defer packWriters.Put(w)
	w.Reset(&out)
	_, _ = w.Write(b) // to memory: cannot fail
	_ = w.Flush()
	w.Reset(io.Discard) // let go of out
	if stored := appendStored(nil, b); len(stored) <= out.Len() {
		return stored
	}
	return out.Bytes()
}

// packWriters are reused: a writer at the best level allocates ~1 MB, and
// a page has a hundred pieces or more.
var packWriters = sync.Pool{New: func() any { w, _ := flate.NewWriter(io.Discard, flate.BestCompression); return w }}

// appendStored appends b as stored deflate blocks (RFC 1951 §3.2.4), not
// final, starting on a byte boundary.
func appendStored(dst, b []byte) []byte {
	for len(b) > 0 {
		n := min(len(b), 0xffff)
		dst = append(dst, 0, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
		dst = append(dst, b[:n]...)
		b = b[n:]
	}
	return dst
}

// Assembly is one response: pieces and the request's own bytes (written
// to it as an io.Writer), in order. Get one with Assemble, and Send it.
type Assembly struct {
	pieces *Pieces
	own    []byte // every byte written, in order
	seq    []span
}

// span is a piece (piece >= 0) or a run of own[from:to].
type span struct {
	piece    int
	from, to int
}

var assemblies = sync.Pool{New: func() any { return new(Assembly) }}

// Assemble starts a response made of p's pieces.
func (p *Pieces) Assemble() *Assembly {
	a := assemblies.Get().(*Assembly)
	a.pieces = p
	return a
}

// Release returns a to be reused; it must not be used after.
func (a *Assembly) Release() {
	if cap(a.own) > 1<<20 {
		return
	}
	a.pieces, a.own, a.seq = nil, a.own[:0], a.seq[:0]
	assemblies.Put(a)
}

// Piece appends kept piece i.
func (a *Assembly) Piece(i int) { a.seq = append(a.seq, span{piece: i}) }

// Write appends the request's own bytes.
func (a *Assembly) Write(b []byte) (int, error) {
	from := len(a.own)
	a.own = append(a.own, b...)
	a.grew(from)
	return len(b), nil
}

// WriteString is Write for a string.
func (a *Assembly) WriteString(s string) (int, error) {
	from := len(a.own)
	a.own = append(a.own, s...)
	a.grew(from)
	return len(s), nil
}

// grew records own[from:] in the sequence, extending the run it follows.
func (a *Assembly) grew(from int) {
	if n := len(a.seq); n > 0 && a.seq[n-1].piece < 0 && a.seq[n-1].to == from {
		a.seq[n-1].to = len(a.own)
		return
	}
	if from < len(a.own) {
		a.seq = append(a.seq, span{piece: -1, from: from, to: len(a.own)})
	}
}

// Bytes is the page as it reads, uncompressed.
func (a *Assembly) Bytes() []byte {
	var out []byte
	for _, s := range a.seq {
		out = append(out, a.bytes(s)...)
	}
	return out
}

func (a *Assembly) bytes(s span) []byte {
	if s.piece >= 0 {
		return a.pieces.raw[s.piece]
	}
	return a.own[s.from:s.to]
}

// Send writes the page with status, gzip'd by stitching when the request
// accepts gzip as well as br (NegotiateEach), else as Write would. The
// caller sets the caching headers first; Content-Type is the pieces'.
func (a *Assembly) Send(w http.ResponseWriter, r *http.Request, status int) {
	buf := buffers.Get().(*bytes.Buffer)
	defer putBuffer(buf)
	a.encode(r, buf).Send(w, r, status)
}

// encode is the page's response for r, its body written to buf when it
// is made (gzip'd, br'd) there.
func (a *Assembly) encode(r *http.Request, buf *bytes.Buffer) Response {
	length := 0
	for _, s := range a.seq {
		length += len(a.bytes(s))
	}
	if !worthIt(a.pieces.contentType, length) || NegotiateEach(r.Header.Get("Accept-Encoding")) != Gzip {
		// Identity, or br for a client that ranks it first (rare): as
		// Write sends it.
		return encode(r, a.pieces.contentType, a.Bytes(), buf)
	}
	a.gzip(buf, length)
	return Response{ContentType: a.pieces.contentType, Body: buf.Bytes(), Encoding: Gzip, Vary: true}
}

// Response is a body in its coding, and what its headers say of it
// (Encode, Assembly.Send).
type Response struct {
	ContentType string
	Body        []byte
	Encoding    Encoding
	// Vary: the coding depends on Accept-Encoding (the body is worth
	// compressing).
	Vary bool
}

// Send writes the response with status; HEAD gets the headers alone. The
// caller sets the caching headers first.
func (p Response) Send(w http.ResponseWriter, r *http.Request, status int) {
	h := w.Header()
	h.Set("Content-Type", p.ContentType)
	if p.Vary {
		h.Add("Vary", "Accept-Encoding")
	}
	if p.Encoding != Identity {
		h.Set("Content-Encoding", p.Encoding.Token())
	}
	h.Set("Content-Length", strconv.Itoa(len(p.Body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(p.Body)
	}
}

// gzipHeader is RFC 1952's member header: deflate, no name or time, and
// "unknown" operating system, as compress/gzip writes it.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

// finalBlock is an empty fixed-Huffman block marked final: three header
// bits and the seven-bit end-of-block code.
var finalBlock = []byte{0x03, 0x00}

var dynamicWriters = sync.Pool{New: func() any { w, _ := flate.NewWriter(io.Discard, dynamicLevel); return w }}

// gzip writes the page to dst as one gzip member of length bytes.
func (a *Assembly) gzip(dst *bytes.Buffer, length int) {
	dst.Write(gzipHeader)
	var crc uint32
	for _, s := range a.seq {
		b := a.bytes(s)
		crc = crc32.Update(crc, crc32.IEEETable, b)
		switch {
		case s.piece >= 0:
			dst.Write(a.pieces.packed[s.piece])
		case len(b) < storeBelow:
			dst.Write(appendStored(dst.AvailableBuffer(), b))
		default:
			fw := dynamicWriters.Get().(*flate.Writer)
			fw.Reset(dst)
			_, _ = fw.Write(b) // to memory: cannot fail
			_ = fw.Flush()
			fw.Reset(io.Discard) // let go of dst
			dynamicWriters.Put(fw)
		}
	}
	dst.Write(finalBlock)
	dst.Write(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(dst.AvailableBuffer(), crc), uint32(length)))
}
