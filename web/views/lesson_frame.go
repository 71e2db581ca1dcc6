package views

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/a-h/templ"

	"github.com/practicum-dev/practicum/lessons/catalog"
)

// A lesson page is the lesson's own HTML, the same for every reader of a
// revision, with the reader's parts in a few places: the header's account
// links, and in each answered block the choices, answers, verdicts and
// scores. A LessonFrame is the page rendered once per revision with gaps
// at those places; Fill renders only the gaps, for one learner. The
// templates mark the gaps themselves, so a page is written once:
//
//   - @mine(p, func(v LessonView) templ.Component { … }) is a part that
//     depends on the learner, rendered for each request;
//   - @choose(p, pick, a, b, …) is one of several renderings that never
//     change (e.g. a block's model solution, shown once answered, or an
//     option with and without `checked`), pick(v) saying which.
//
// Rendered as usual (no frame being made), both render in place for p, so
// Lesson(v) is the page as it always was; TestFramedLessonIsTheLesson
// (web) holds a filled frame to it byte for byte.
//
// What a frame leaves in place was rendered for a learner with no answers
// and no refused form: a view with Errors (a refused answer, 422) is
// rendered whole instead.

// part renders a piece of a page for the learner v.
type part func(v LessonView) templ.Component

// mine is the part of the page that depends on the learner.
func mine(p LessonView, pt part) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if fb, ok := ctx.Value(frameKey{}).(*frameBuilder); ok {
			return fb.mark(w, event{part: pt})
		}
		return pt(p).Render(ctx, w)
	})
}

// choose renders alts[pick(p)]: renderings that never change, of which
// the learner decides which is shown.
func choose(p LessonView, pick func(LessonView) int, alts ...templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		fb, ok := ctx.Value(frameKey{}).(*frameBuilder)
		if !ok {
			return alts[pick(p)].Render(ctx, w)
		}
		if err := fb.mark(w, event{pick: pick, begin: true}); err != nil {
			return err
		}
		for i, alt := range alts {
			if i > 0 {
				if err := fb.mark(w, event{next: true}); err != nil {
					return err
				}
			}
			if err := alt.Render(ctx, w); err != nil {
				return err
			}
		}
		return fb.mark(w, event{end: true})
	})
}

// pickIf picks the second of two renderings when cond holds.
func pickIf(cond bool) int {
	if cond {
		return 1
	}
	return 0
}

type frameKey struct{}

// frameBuilder is in the context while a frame is rendered: each gap
// writes the same marker into the page and notes what it was, in order.
type frameBuilder struct {
	marker []byte
	events []event
}

type event struct {
	part             part                 // a learner's part
	pick             func(LessonView) int // begin: a choice
	begin, next, end bool                 // a choice's start, the next rendering, its end
}

func (fb *frameBuilder) mark(w io.Writer, e event) error {
	fb.events = append(fb.events, e)
	_, err := w.Write(fb.marker)
	return err
}

// LessonFrame is a revision's lesson page with gaps for the learner.
type LessonFrame struct {
	// Page is what the frame shows: Fill takes a view of this page.
	Page catalog.LessonPage
	// Static are the unchanging pieces, numbered as Fill names them.
	Static [][]byte
	nodes  []node
}

// node is an unchanging piece, a learner's part or a choice.
type node struct {
	static int // index in Static, when part and pick are nil
	part   part
	pick   func(LessonView) int
	alts   [][]node
}

// NewLessonFrame renders p's lesson page with gaps for the learner.
func NewLessonFrame(ctx context.Context, p catalog.LessonPage) (*LessonFrame, error) {
	nonce := make([]byte, 12)
	_, _ = rand.Read(nonce)
	// A NUL never comes out of the templates or the sanitized lesson, and
	// the nonce makes the marker impossible to write by chance.
	fb := &frameBuilder{marker: []byte("\x00gap-" + hex.EncodeToString(nonce) + "\x00")}
	var buf bytes.Buffer
	if err := Lesson(LessonView{LessonPage: p}).Render(context.WithValue(ctx, frameKey{}, fb), &buf); err != nil {
		return nil, err
	}
	chunks := bytes.Split(buf.Bytes(), fb.marker)
	if len(chunks) != len(fb.events)+1 {
		return nil, fmt.Errorf("lesson frame of %s/%s: %d gaps marked, %d found", p.Course.Slug, p.Lesson.Slug, len(fb.events), len(chunks)-1)
	}
	f := &LessonFrame{Page: p}
	// Build the tree: a choice opens a list per rendering.
	type open struct {
		outer  []node
		choice node
	}
	var stack []open
	cur := f.appendStatic(nil, chunks[0])
	for i, e := range fb.events {
		switch {
		case e.part != nil:
			cur = append(cur, node{part: e.part})
		case e.begin:
			stack = append(stack, open{outer: cur, choice: node{pick: e.pick}})
			cur = nil
		case e.next, e.end:
			if len(stack) == 0 {
				return nil, errors.New("lesson frame: a choice ends that did not begin")
			}
			top := &stack[len(stack)-1]
			top.choice.alts = append(top.choice.alts, cur)
			cur = nil
			if e.end {
				cur = append(top.outer, top.choice)
				stack = stack[:len(stack)-1]
			}
		}
		cur = f.appendStatic(cur, chunks[i+1])
	}
	if len(stack) != 0 {
		return nil, errors.New("lesson frame: a choice does not end")
	}
	f.nodes = cur
	return f, nil
}

func (f *LessonFrame) appendStatic(nodes []node, b []byte) []node {
	if len(b) == 0 {
		return nodes
	}
	f.Static = append(f.Static, bytes.Clone(b))
	return append(nodes, node{static: len(f.Static) - 1})
}

// PageWriter receives a filled page: unchanging pieces by their number in
// Static, and the learner's parts as bytes.
type PageWriter interface {
	io.Writer
	Piece(i int)
}

// ErrNotFramed is Fill's answer for a view the frame cannot show: one with
// a refused form (Errors), which may change any block.
var ErrNotFramed = errors.New("a lesson view with errors is rendered whole")

// Fill writes the page for v, a view of f.Page, to w: the same bytes as
// Lesson(v) rendered with ctx.
func (f *LessonFrame) Fill(ctx context.Context, v LessonView, w PageWriter) error {
	if len(v.Errors) > 0 {
		return ErrNotFramed
	}
	return fill(ctx, f.nodes, v, w)
}

func fill(ctx context.Context, nodes []node, v LessonView, w PageWriter) error {
	for _, n := range nodes {
		switch {
		case n.part != nil:
			if err := n.part(v).Render(ctx, w); err != nil {
				return err
			}
		case n.pick != nil:
			if err := fill(ctx, n.alts[n.pick(v)], v, w); err != nil {
				return err
			}
		default:
			w.Piece(n.static)
		}
	}
	return nil
}

// Size is roughly the memory the frame holds beyond its page, in bytes.
func (f *LessonFrame) Size() int64 {
	var n int64
	for _, b := range f.Static {
		n += int64(len(b))
	}
	return n + 64*int64(len(f.Static))
}
