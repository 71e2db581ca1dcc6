package learnercache

import (
	"sync"
	"testing"
	"time"
)

// page is what the web keeps a part of: one lesson revision's page.
type page struct{ lesson, revision int64 }

func key(learner, lesson, revision int64) Key[page] {
	return Key[page]{Learner: learner, Of: page{lesson, revision}}
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func newTrusted(t *testing.T) (*Cache[page, string], *clock) {
	t.Helper()
	clk := &clock{t: time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)}
	c := New[page, string](DefaultBudget, time.Minute).WithClock(clk.now)
	c.Flush(true)
	return c, clk
}

// put reads and keeps v as a page would: a ticket, then the part.
func put(c *Cache[page, string], k Key[page], v string) {
	c.Put(c.Ticket(k.Learner), k, v, int64(len(v)), 0)
}

func want(t *testing.T, c *Cache[page, string], k Key[page], v string, ok bool, what string) {
	t.Helper()
	got, found := c.Get(k)
	if found != ok || got != v {
		t.Errorf("%s: Get(%v) = %q, %v; want %q, %v", what, k, got, found, v, ok)
	}
}

// TestKeepsOnlyWhileTrusted: nothing is kept or given before changes are
// heard, or once they no longer are.
func TestKeepsOnlyWhileTrusted(t *testing.T) {
	t.Parallel()
	c := New[page, string](DefaultBudget, time.Minute)
	k := key(1, 10, 100)
	put(c, k, "a")
	want(t, c, k, "", false, "never trusted")
	c.Flush(true)
	want(t, c, k, "", false, "a part read before trusting")
	put(c, k, "a")
	want(t, c, k, "a", true, "trusted")
	want(t, c, key(1, 10, 101), "", false, "another revision")
	want(t, c, key(1, 11, 100), "", false, "another lesson")
	want(t, c, key(2, 10, 100), "", false, "another learner")
	tk := c.Ticket(1)
	c.Flush(false)
	want(t, c, k, "", false, "no longer trusted")
	c.Put(tk, k, "a", 1, 0)
	c.Flush(true)
	want(t, c, k, "", false, "read before the cache stopped being trusted")
}

// TestForget: a learner forgotten loses every lesson's part, and others
// keep theirs; a read under way when they were forgotten keeps nothing,
// even though it ends after; everyone is forgotten at once with all.
func TestForget(t *testing.T) {
	t.Parallel()
	c, _ := newTrusted(t)
	a1, a2, b := key(1, 10, 100), key(1, 11, 110), key(2, 10, 100)
	put(c, a1, "a1")
	put(c, a2, "a2")
	put(c, b, "b")
	want(t, c, a1, "a1", true, "both of one learner's lessons")
	want(t, c, a2, "a2", true, "both of one learner's lessons")

	during := c.Ticket(1)
	c.Forget([]int64{1}, false)
	want(t, c, a1, "", false, "forgotten")
	want(t, c, a2, "", false, "forgotten")
	want(t, c, b, "b", true, "another learner")
	c.Put(during, a1, "old", 3, 0)
	want(t, c, a1, "", false, "read while being forgotten")
	put(c, a1, "new")
	want(t, c, a1, "new", true, "read after")

	during = c.Ticket(2)
	c.Forget(nil, true)
	want(t, c, a1, "", false, "everyone forgotten")
	want(t, c, b, "", false, "everyone forgotten")
	c.Put(during, b, "old", 3, 0)
	want(t, c, b, "", false, "read while everyone was forgotten")
	if !c.Trusted() {
		t.Error("forgetting everyone stopped trusting")
	}
}

// TestExpiry: a part lasts the maximum age from before it was read, and
// no longer than until the learner's next card falls due.
func TestExpiry(t *testing.T) {
	t.Parallel()
	c, clk := newTrusted(t)
	k, due := key(1, 10, 100), key(2, 10, 100)
	put(c, k, "a")
	c.Put(c.Ticket(2), due, "due soon", 8, 10*time.Second)
	clk.add(10 * time.Second)
	want(t, c, due, "", false, "when the next card falls due")
	want(t, c, k, "a", true, "before its maximum age")
	clk.add(50 * time.Second)
	want(t, c, k, "", false, "at its maximum age")

	// A ticket taken long ago bounds the part from then.
	tk := c.Ticket(1)
	clk.add(59 * time.Second)
	c.Put(tk, k, "late", 4, 0)
	want(t, c, k, "late", true, "within the age from its ticket")
	clk.add(time.Second)
	want(t, c, k, "", false, "past the age from its ticket")
}

// TestBudget: the least recently viewed learners go first.
func TestBudget(t *testing.T) {
	t.Parallel()
	c := New[page, string](1000, time.Minute)
	c.Flush(true)
	for id := int64(1); id <= 20; id++ {
		c.Put(c.Ticket(id), key(id, 1, 1), "x", 100, 0)
		if id == 10 {
			c.Get(key(1, 1, 1)) // viewed: kept
		}
	}
	if n := c.Len(); n > 6 {
		t.Errorf("%d learners kept in 1,000 bytes at ~164 each", n)
	}
	if _, ok := c.Get(key(20, 1, 1)); !ok {
		t.Error("the latest learner was evicted")
	}
	if _, ok := c.Get(key(2, 1, 1)); ok {
		t.Error("an early learner not viewed since is still kept")
	}
}

// TestConcurrentUse (run with -race): reads, puts and forgets of the same
// learners at once.
func TestConcurrentUse(t *testing.T) {
	t.Parallel()
	c, _ := newTrusted(t)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				id := int64(i % 7)
				k := key(id, int64(g%3), 1)
				switch i % 5 {
				case 0:
					c.Forget([]int64{id}, false)
				case 1:
					c.Get(k)
				default:
					put(c, k, "v")
				}
				if i%97 == 0 {
					c.Flush(true)
				}
			}
		}()
	}
	wg.Wait()
}
