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
package pagecache

import (
	"sync"

	"github.com/practicum-dev/practicum/lessons/lru"
	"github.com/practicum-dev/practicum/web/compress"
)

// DefaultBudget bounds the kept pages: a lesson page with its br and gzip
// forms is about 45 KB, so some 1,400 of them.
const DefaultBudget = 64 << 20

// routesBudget bounds the route table; an entry is a few dozen bytes.
const routesBudget = 1 << 20

// Cache is a process's public pages. The zero value is not usable; New.
type Cache struct {
	pages *lru.Cache[string, *compress.Variants]
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
	return &Cache{pages: lru.New[string, *compress.Variants](budget), routes: lru.New[string, string](routesBudget)}
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
	return c.pages.Get(key)
}

// Generation is taken before reading what a page shows from the database
// and handed to Keep.
func (c *Cache) Generation() uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.gen
}

// Page is the page kept under key, if any.
func (c *Cache) Page(key string) (*compress.Variants, bool) { return c.pages.Get(key) }

// Keep keeps page under key (unless a page is already kept there: that one
// is returned, with whatever compressed forms it has made) and makes it
// route's current page — unless content changed since gen was taken, when
// what was read may already be old.
func (c *Cache) Keep(route string, gen uint64, key string, page *compress.Variants) *compress.Variants {
	if kept, ok := c.pages.Get(key); ok {
		page = kept
	} else {
		// The identity body, and the br and gzip forms made on demand
		// (together about half its size again).
		c.pages.Add(key, page, int64(len(key)+len(page.Identity())*3/2))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.trusted && gen == c.gen {
		c.routes.Add(route, key, int64(len(route)+len(key)+64))
	}
	return page
}
