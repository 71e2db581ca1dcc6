package pagecache

import (
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/compress"
)

func page(s string) *compress.Variants {
	return compress.NewVariants("text/html; charset=utf-8", []byte(s))
}

// TestRoutes: one table of what each sequence of calls leaves current for
// the route "/r".
func TestRoutes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		run  func(c *Cache)
		want string // the current page's body, "" for none
	}{
		{"untrusted keeps no route", func(c *Cache) { c.Keep("/r", c.Generation(), "k", page("one")) }, ""},
		{"trusted keeps it", func(c *Cache) { c.Flush(true); c.Keep("/r", c.Generation(), "k", page("one")) }, "one"},
		{"a change flushes it", func(c *Cache) {
			c.Flush(true)
			c.Keep("/r", c.Generation(), "k", page("one"))
			c.Flush(true)
		}, ""},
		{"a page read before a change is not made current after it", func(c *Cache) {
			c.Flush(true)
			gen := c.Generation() // read the database, then...
			c.Flush(true)         // ...a change is heard before Keep
			c.Keep("/r", gen, "k", page("old"))
		}, ""},
		{"losing the listener distrusts the routes kept", func(c *Cache) {
			c.Flush(true)
			c.Keep("/r", c.Generation(), "k", page("one"))
			c.Flush(false)
		}, ""},
		{"reconnecting trusts again, with routes forgotten", func(c *Cache) {
			c.Flush(true)
			c.Keep("/r", c.Generation(), "k", page("one"))
			c.Flush(false)
			c.Flush(true)
		}, ""},
		{"the first page kept under a key wins", func(c *Cache) {
			c.Flush(true)
			c.Keep("/other", c.Generation(), "k", page("first"))
			c.Keep("/r", c.Generation(), "k", page("second"))
		}, "first"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cache := New(1 << 20)
			c.run(cache)
			got := ""
			if p, ok := cache.Current("/r"); ok {
				got = string(p.Identity())
			}
			if got != c.want {
				t.Errorf("current page %q, want %q", got, c.want)
			}
		})
	}
}

// TestPagesOutliveFlushes: a page is kept by what it shows, so a change
// elsewhere does not make it render again; and pages are bounded by bytes.
func TestPagesOutliveFlushes(t *testing.T) {
	t.Parallel()
	c := New(10_000)
	c.Flush(true)
	c.Keep("/a", c.Generation(), "rev-1", page(strings.Repeat("a", 3000)))
	c.Flush(true)
	if _, ok := c.Page("rev-1"); !ok {
		t.Error("a flush dropped a kept page")
	}
	for _, k := range []string{"rev-2", "rev-3", "rev-4"} { // 4,500 bytes each: two fit
		c.Keep("/"+k, c.Generation(), k, page(strings.Repeat("b", 3000)))
	}
	held := 0
	for _, k := range []string{"rev-1", "rev-2", "rev-3", "rev-4"} {
		if _, ok := c.Page(k); ok {
			held++
		}
	}
	if _, ok := c.Page("rev-4"); !ok || held != 2 {
		t.Errorf("%d pages held, newest held %v; want the two newest", held, ok)
	}
}
