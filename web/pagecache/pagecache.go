// Package pagecache keeps the public pages — the same for every visitor
// who is not signed in and has no answers — rendered and compressed, so
// that a warm view asks the database nothing.
//
// Two layers. Pages are kept by what they show (a lesson's revision and
// its course's listing; a page's own hash): such an entry can never be
// stale, only evicted. Routes point at the page each currently shows; that
// is what can go stale, so it is trusted only while a listener
// (migrations/postgres/listen) is sure to hear of changes, and forgotten
// whenever content changes. Flushing routes costs one query per route on
// its next view; the rendered, compressed pages of unchanged lessons stay.
//
// Frames are kept beside the pages, under the same keys and budget: a
// frame is what a page is filled in from for a visitor who does not get
// the public page (a signed-in learner: web/lesson_frame.go), made once
// for what it shows. A route's current key names the page or the frame
// that route shows now, so a view that finds both trusted skips reading
// what the page shows; the learner's own part is still read per view.
package pagecache

import (
	"sync"

	"github.com/practicum-dev/practicum/lessons/lru"
	"github.com/practicum-dev/practicum/web/compress"
)

// DefaultBudget bounds the kept pages and frames: a lesson page with its
// br and gzip forms is about 45 KB, a lesson's frame about as much, so
// some 700 lessons seen both ways.
const DefaultBudget = 64 << 20

// routesBudget bounds the route table; an entry is a few dozen bytes.
const routesBudget = 1 << 20

// Cache is a process's public pages. The zero value is not usable; New.
type Cache struct {
	// kept holds pages (*compress.Variants) under their keys and frames
	// under frameKey(key).
	kept *lru.Cache[string, any]
	// mu orders Flush against Keep, so a page read from the database
	// before a change cannot be made current after the change was heard.
	mu      sync.RWMutex
	gen     uint64
	trusted bool
	routes  *lru.Cache[string, string] // route → key in pages
}

// New returns a cache holding at most budget bytes of pages. It trusts no
// route until Flush(true) says changes will be heard.
func New(budget int64) *Cache {
	return &Cache{kept: lru.New[string, any](budget), routes: lru.New[string, string](routesBudget)}
}

// Flush forgets every route's current page, and trusts routes from now
// on or not (see listen.Flush). Kept pages stay: they are never stale.
func (c *Cache) Flush(trusted bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.trusted = trusted
	c.routes.Purge()
}

// Trusted reports whether routes are being trusted, i.e. whether changes
// are being heard.
func (c *Cache) Trusted() bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.trusted
}

// Current is the page route shows, when it is known without asking the
// database.
func (c *Cache) Current(route string) (*compress.Variants, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if !c.trusted {
		return nil, false
	}
	key, ok := c.routes.Get(route)
	if !ok {
		return nil, false
	}
	return c.Page(key)
}

// CurrentKey is the key of what route shows, when it is known without
// asking the database.
func (c *Cache) CurrentKey(route string) (string, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if !c.trusted {
		return "", false
	}
	return c.routes.Get(route)
}

// Generation is taken before reading what a page shows from the database
// and handed to Keep.
func (c *Cache) Generation() uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.gen
}

// Page is the page kept under key, if any.
func (c *Cache) Page(key string) (*compress.Variants, bool) {
	v, ok := c.kept.Get(key)
	page, isPage := v.(*compress.Variants)
	return page, ok && isPage
}

// Frame is what a page is filled in from for one visitor. The cache only
// needs its size; its kind is the caller's.
type Frame interface {
	Size() int64
}

// frameKey keeps frames apart from pages in kept; a NUL never starts a
// page's key.
func frameKey(key string) string { return "\x00frame\x00" + key }

// Frame is the frame kept under key, if any.
func (c *Cache) Frame(key string) (Frame, bool) {
	v, ok := c.kept.Get(frameKey(key))
	f, isFrame := v.(Frame)
	return f, ok && isFrame
}

// KeepFrame keeps f under key, unless a frame is kept there already (that
// one is returned), and makes key route's current key as Keep does.
func (c *Cache) KeepFrame(route string, gen uint64, key string, f Frame) Frame {
	if kept, ok := c.Frame(key); ok {
		f = kept
	} else {
		c.kept.Add(frameKey(key), f, int64(len(key))+f.Size())
	}
	c.setRoute(route, gen, key)
	return f
}

// Keep keeps page under key (unless a page is already kept there: that one
// is returned, with whatever compressed forms it has made) and makes it
// route's current page — unless content changed since gen was taken, when
// what was read may already be old.
func (c *Cache) Keep(route string, gen uint64, key string, page *compress.Variants) *compress.Variants {
	if kept, ok := c.Page(key); ok {
		page = kept
	} else {
		// The identity body, and the br and gzip forms made on demand
		// (together about half its size again).
		c.kept.Add(key, page, int64(len(key)+len(page.Identity())*3/2))
	}
	c.setRoute(route, gen, key)
	return page
}

// setRoute makes key route's current key, unless content changed since
// gen was taken.
func (c *Cache) setRoute(route string, gen uint64, key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.trusted && gen == c.gen {
		c.routes.Add(route, key, int64(len(route)+len(key)+64))
	}
}
