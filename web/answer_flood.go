package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/practicum-dev/practicum/lessons/lru"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/compress"
	"github.com/practicum-dev/practicum/web/views"
)

// floodHold is how long the gate holds a refused request before answering.
// A client that waits for each answer before sending the next — a script
// in a loop, a browser — can then flood no faster than one post per
// connection per hold: refusing sooner only let it send more, and a flood
// took the same share of the machine however cheap each refusal was.
const floodHold = time.Second

// maxHeld bounds the requests held at once. Each holds what an idle
// keep-alive connection holds anyway (a goroutine, its buffers), so the
// bound is wide: refusing at once past it hands the fast path back to a
// flood with more connections than that.
const maxHeld = 10000

// anonymousTokensBudget bounds the session tokens the flood gate keeps:
// about 20,000 of scs's 43-byte tokens.
const anonymousTokensBudget = 1 << 20

// floodGate refuses an anonymous answer from an address whose window this
// process already knows is full, before the visitor's session is read.
//
// A flood of answers from one address is refused by the address limit
// anyway; what the gate saves is the work done before that refusal — the
// session's query, the middleware, rendering the page — so that a flood
// takes as little from other visitors as it can; and it holds each refusal
// a moment (floodHold), which slows the flood itself. It lets a request through
// to the full path unless it is surely anonymous: it carries no session
// cookie, or one whose token this process has itself read as anonymous
// and refused. A token never becomes an account's: signing in or up
// issues a new one (session.go, RenewToken).
type floodGate struct {
	counter    *auth.RateCounter
	window     time.Duration
	cookieName string

	// anonymous are tokens read as anonymous and refused, by token.
	anonymous *lru.Cache[string, struct{}]

	// held counts the requests being held (a semaphore of maxHeld).
	held chan struct{}

	// page is the refusal, the same for every anonymous visitor: rendered
	// once, with its compressed forms kept.
	page *compress.Variants
}

func newFloodGate(counter *auth.RateCounter, perAddress int, window time.Duration, cookieName string) (*floodGate, error) {
	tooMany := &httpError{http.StatusTooManyRequests, "Too many answers from your network",
		fmt.Sprintf("Your answer was not saved: more than %d answers were sent without an account from your network address "+
			"in the last %s. Wait a minute, then go back and send it again — or sign in: an account's answers are counted on their own.",
			perAddress, windowWords(window))}
	var buf bytes.Buffer
	ctx := views.WithViewer(context.Background(), views.Viewer{})
	if err := views.Error(tooMany.status, tooMany.title, tooMany.message).Render(ctx, &buf); err != nil {
		return nil, fmt.Errorf("rendering the answer limit's page: %w", err)
	}
	return &floodGate{
		counter:    counter,
		window:     window,
		cookieName: cookieName,
		anonymous:  lru.New[string, struct{}](anonymousTokensBudget),
		page:       compress.NewVariants(htmlType, buf.Bytes()),
		held:       make(chan struct{}, maxHeld),
	}, nil
}

// answerFloodGate is the gate over anonymous answers per address. Its page
// is a fixed template rendered into memory, which cannot fail but by a
// bug in the template: then no server should start.
func (s *Server) answerFloodGate() *floodGate {
	g, err := newFloodGate(s.users.RateCounter("answers-address"), s.anonymousAnswersPerMinute, time.Minute, s.sessions.Cookie.Name)
	if err != nil {
		panic(err)
	}
	return g
}

// windowWords names a limit's window as the refusal page says it.
func windowWords(window time.Duration) string {
	if window == time.Minute {
		return "minute"
	}
	return window.String()
}

// screen is the middleware, placed before the session is loaded.
func (g *floodGate) screen(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if g.surelyAnonymous(r) {
			if addr, err := clientIP(r); err == nil && g.counter.Full(addr, g.window, time.Now()) {
				g.refuse(w, r)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// hold waits floodHold, or until the request ends, if fewer than maxHeld
// requests are waiting already.
func (g *floodGate) hold(r *http.Request) {
	select {
	case g.held <- struct{}{}:
		defer func() { <-g.held }()
	default:
		return
	}
	t := time.NewTimer(floodHold)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
	}
}

func (g *floodGate) surelyAnonymous(r *http.Request) bool {
	c, err := r.Cookie(g.cookieName)
	if err != nil {
		return true // no session: nobody is signed in
	}
	_, ok := g.anonymous.Get(c.Value)
	return ok
}

// rememberAnonymous keeps the token of an anonymous visitor being refused.
func (g *floodGate) rememberAnonymous(r *http.Request) {
	if c, err := r.Cookie(g.cookieName); err == nil && c.Value != "" {
		g.anonymous.Add(c.Value, struct{}{}, int64(len(c.Value)))
	}
}

// refuse holds the request (floodHold), then sends the refusal page, as
// renderError would send it to an anonymous visitor. Every anonymous
// refusal by address is held, whether the gate or the limit behind the
// session found it: a flood sending made-up session cookies gets past the
// gate, not past the hold.
func (g *floodGate) refuse(w http.ResponseWriter, r *http.Request) {
	g.hold(r)
	w.Header().Set("Retry-After", strconv.Itoa(int(g.window.Seconds())))
	w.Header().Set("Cache-Control", "no-store")
	g.page.Serve(w, r, http.StatusTooManyRequests)
}
