// Package lru is a cache bounded by bytes: when what it holds passes its
// budget, the entries used least recently go first. The caches of decoded
// revisions (lessons/catalog) and of rendered pages (web/pagecache) use it;
// it lives under lessons, the lowest package both may import, and knows
// nothing of either.
package lru

import (
	"container/list"
	"sync"
)

// Cache maps K to V within a budget of bytes. The caller states each
// entry's cost when it adds it: only the caller knows what a value holds.
// It is safe for concurrent use.
type Cache[K comparable, V any] struct {
	mu     sync.Mutex
	budget int64
	used   int64
	order  *list.List // front: used most recently
	byKey  map[K]*list.Element
}

type entry[K comparable, V any] struct {
	key  K
	val  V
	cost int64
}

// New returns a cache that holds at most budget bytes.
func New[K comparable, V any](budget int64) *Cache[K, V] {
	return &Cache[K, V]{budget: budget, order: list.New(), byKey: map[K]*list.Element{}}
}

// Get returns the value under key and marks it used.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok {
		var zero V
		return zero, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*entry[K, V]).val, true
}

// Add keeps val under key at cost bytes, replacing what was there, and
// evicts the least recently used entries until the cache is within its
// budget. A value costing more than the whole budget is not kept: it would
// evict everything and then itself.
func (c *Cache[K, V]) Add(key K, val V, cost int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.remove(key)
	if cost > c.budget {
		return
	}
	c.byKey[key] = c.order.PushFront(&entry[K, V]{key: key, val: val, cost: cost})
	c.used += cost
	for c.used > c.budget {
		c.remove(c.order.Back().Value.(*entry[K, V]).key)
	}
}

// Remove forgets key.
func (c *Cache[K, V]) Remove(key K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.remove(key)
}

func (c *Cache[K, V]) remove(key K) {
	if el, ok := c.byKey[key]; ok {
		c.used -= el.Value.(*entry[K, V]).cost
		c.order.Remove(el)
		delete(c.byKey, key)
	}
}

// Purge forgets everything.
func (c *Cache[K, V]) Purge() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order.Init()
	clear(c.byKey)
	c.used = 0
}

// Len is the number of entries and Bytes their total cost.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.byKey)
}

func (c *Cache[K, V]) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.used
}
