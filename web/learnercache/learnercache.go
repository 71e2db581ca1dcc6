// Package learnercache keeps what a server may keep of each signed-in
// learner — their part of a lesson page (their answers, scores, review news
// and due review cards, as the page decoded them), so that a view of a page
// whose frame is kept (web/pagecache) asks the database only for the
// session — keyed by the learner and by what it is, and forgotten by
// learner.
//
// A kept part is stale as soon as the learner's work changes, and that
// can happen in any server process. So, like web/pagecache's routes, the
// cache is trusted only while a listener is sure to hear every change
// (Flush(true) once it listens, Flush(false) when it cannot): changes are
// announced after they commit (lessons/learnerchanges), and each server
// forgets the learners named (Forget). Two more things bound a part's
// life: the moment the learner's next review card falls due, when the
// navigation's count changes with no write at all, and a maximum age, a
// safety net for a change announced by a server that died before it could.
//
// A read that began before a change and ends after it must not keep what
// it read: Put takes the Ticket taken before the read, and keeps nothing
// when the learner (or everyone) was forgotten in between.
package learnercache

import (
	"sync"
	"time"

	"github.com/practicum-dev/practicum/lessons/lru"
)

// DefaultBudget bounds the parts kept: a learner's part on a lesson is a
// few KB (their written answers are most of it), and the web keeps the
// page last sent from it beside it (~20 KB), so some thousands.
const DefaultBudget = 64 << 20

// DefaultMaxAge is the longest a part is kept, however quiet: it bounds
// how long a lost announcement can leave a page stale.
const DefaultMaxAge = time.Minute

// stripes spread the forget counters: a read keeps what it read unless a
// learner of its stripe was forgotten meanwhile, so that learners need no
// counter each (a false alarm only costs one part not kept).
const stripes = 256

// Key names one thing kept of a learner: Of says which (their part of one
// lesson revision's page, or one of their sessions).
type Key[S comparable] struct {
	Learner int64
	Of      S
}

// learner is what is kept of one learner, by what it is. It is replaced,
// never changed, once in the cache.
type learner[S comparable, V any] struct {
	parts map[S]part[V]
	cost  int64
}

type part[V any] struct {
	v       V
	expires time.Time
	cost    int64
}

// Cache is a process's learners' parts. The zero value is not usable; New.
type Cache[S comparable, V any] struct {
	maxAge time.Duration
	now    func() time.Time

	mu       sync.Mutex
	learners *lru.Cache[int64, *learner[S, V]]
	trusted  bool
	epoch    uint64 // counts Flushes
	forgets  [stripes]uint64
}

// New returns a cache of at most budget bytes that keeps a part at most
// maxAge. It trusts nothing until Flush(true).
func New[S comparable, V any](budget int64, maxAge time.Duration) *Cache[S, V] {
	return &Cache[S, V]{maxAge: maxAge, now: time.Now, learners: lru.New[int64, *learner[S, V]](budget)}
}

// WithClock makes now the cache's clock, for tests. Call it before use.
func (c *Cache[S, V]) WithClock(now func() time.Time) *Cache[S, V] {
	c.now = now
	return c
}

func stripe(id int64) int { return int(uint64(id) % stripes) }

// Get is the part kept under k, if the cache is trusted and it has not
// expired. The caller must not change it: it is shared by every view.
func (c *Cache[S, V]) Get(k Key[S]) (V, bool) {
	var zero V
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.trusted {
		return zero, false
	}
	l, ok := c.learners.Get(k.Learner)
	if !ok {
		return zero, false
	}
	p, ok := l.parts[k.Of]
	if !ok || !c.now().Before(p.expires) {
		return zero, false
	}
	return p.v, true
}

// Ticket is taken before reading a learner's part from the database, and
// handed to Put.
type Ticket struct {
	learner       int64
	epoch, forget uint64
	trusted       bool
	taken         time.Time
}

// Ticket is what Put checks that nothing changed since.
func (c *Cache[S, V]) Ticket(learnerID int64) Ticket {
	c.mu.Lock()
	defer c.mu.Unlock()
	return Ticket{learner: learnerID, epoch: c.epoch, forget: c.forgets[stripe(learnerID)], trusted: c.trusted, taken: c.now()}
}

// Put keeps v, read after t was taken, under k at cost bytes — unless
// the learner may have changed since (or changes were not being heard) —
// for at most the cache's maximum age, and no longer than dueIn after t
// was taken when dueIn is above 0 (their next review card falls due).
func (c *Cache[S, V]) Put(t Ticket, k Key[S], v V, cost int64, dueIn time.Duration) {
	life := c.maxAge
	if dueIn > 0 {
		life = min(life, dueIn)
	}
	expires := t.taken.Add(life)
	c.mu.Lock()
	defer c.mu.Unlock()
	if !t.trusted || !c.trusted || t.learner != k.Learner || t.epoch != c.epoch || t.forget != c.forgets[stripe(k.Learner)] {
		return
	}
	next := &learner[S, V]{parts: map[S]part[V]{}}
	now := c.now()
	if l, ok := c.learners.Get(k.Learner); ok {
		for key, p := range l.parts {
			if now.Before(p.expires) {
				next.parts[key] = p
				next.cost += p.cost
			}
		}
	}
	next.cost -= next.parts[k.Of].cost
	next.parts[k.Of] = part[V]{v: v, expires: expires, cost: cost}
	next.cost += cost
	c.learners.Add(k.Learner, next, next.cost+64)
}

// Forget drops what is kept of learners, or of everyone when all is set,
// and makes reads already under way for them keep nothing: their work
// changed. It is a learnerchanges hook (and the listener's, for changes
// announced by other servers).
func (c *Cache[S, V]) Forget(learners []int64, all bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if all {
		c.epoch++
		c.learners.Purge()
		return
	}
	for _, id := range learners {
		c.forgets[stripe(id)]++
		c.learners.Remove(id)
	}
}

// Flush forgets everything, and trusts the cache from now on or not: see
// listen.Flush. Content changes flush it too: a publish changes which
// review cards are live (review_due), and a learner's scores carry their
// lesson's and course's slugs.
func (c *Cache[S, V]) Flush(trusted bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.epoch++
	c.trusted = trusted
	c.learners.Purge()
}

// Trusted reports whether changes are being heard.
func (c *Cache[S, V]) Trusted() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.trusted
}

// Len is how many learners have parts kept.
func (c *Cache[S, V]) Len() int { return c.learners.Len() }
