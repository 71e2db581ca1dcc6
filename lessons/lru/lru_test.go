package lru

import (
	"slices"
	"sync"
	"testing"
)

// op is one step of a table case: add key at cost, or get key ("get"), or
// remove it ("remove").
type op struct {
	do   string
	key  string
	cost int64
}

func TestEvictsByBytes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		budget int64
		ops    []op
		want   []string // keys held afterwards, sorted
		bytes  int64
	}{
		{"within budget keeps all", 10, []op{{"add", "a", 3}, {"add", "b", 3}, {"add", "c", 4}}, []string{"a", "b", "c"}, 10},
		{"one byte over evicts the oldest", 10, []op{{"add", "a", 3}, {"add", "b", 3}, {"add", "c", 5}}, []string{"b", "c"}, 8},
		{"a large entry evicts several", 10, []op{{"add", "a", 2}, {"add", "b", 2}, {"add", "c", 2}, {"add", "d", 9}}, []string{"d"}, 9},
		{"a get makes an entry recent", 10, []op{{"add", "a", 4}, {"add", "b", 4}, {"get", "a", 0}, {"add", "c", 4}}, []string{"a", "c"}, 8},
		{"replacing counts the new cost only", 10, []op{{"add", "a", 6}, {"add", "a", 2}, {"add", "b", 8}}, []string{"a", "b"}, 10},
		{"larger than the budget is not kept", 10, []op{{"add", "a", 4}, {"add", "big", 11}}, []string{"a"}, 4},
		{"replacing with one too large drops the old", 10, []op{{"add", "a", 4}, {"add", "a", 11}}, nil, 0},
		{"remove frees its bytes", 10, []op{{"add", "a", 6}, {"remove", "a", 0}, {"add", "b", 10}}, []string{"b"}, 10},
		{"exactly the budget", 10, []op{{"add", "a", 10}}, []string{"a"}, 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			lru := New[string, int](c.budget)
			for _, o := range c.ops {
				switch o.do {
				case "add":
					lru.Add(o.key, 1, o.cost)
				case "get":
					if _, ok := lru.Get(o.key); !ok {
						t.Fatalf("get %s: missing", o.key)
					}
				case "remove":
					lru.Remove(o.key)
				}
			}
			var held []string
			for _, k := range []string{"a", "b", "c", "d", "big"} {
				if _, ok := lru.Get(k); ok {
					held = append(held, k)
				}
			}
			slices.Sort(held)
			if !slices.Equal(held, c.want) || lru.Bytes() != c.bytes || lru.Len() != len(c.want) {
				t.Errorf("holds %v (%d bytes, %d entries), want %v (%d bytes)", held, lru.Bytes(), lru.Len(), c.want, c.bytes)
			}
		})
	}
}

func TestPurge(t *testing.T) {
	t.Parallel()
	lru := New[int, string](100)
	lru.Add(1, "x", 10)
	lru.Add(2, "y", 10)
	lru.Purge()
	if _, ok := lru.Get(1); ok || lru.Len() != 0 || lru.Bytes() != 0 {
		t.Errorf("after Purge: %d entries, %d bytes", lru.Len(), lru.Bytes())
	}
	lru.Add(3, "z", 100)
	if lru.Bytes() != 100 {
		t.Errorf("after Purge the whole budget is free: %d bytes held", lru.Bytes())
	}
}

// TestConcurrentUse holds the budget under concurrent adds (run with -race).
func TestConcurrentUse(t *testing.T) {
	t.Parallel()
	lru := New[int, int](1000)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 1000 {
				lru.Add(g*1000+i, i, int64(1+i%17))
				lru.Get(g*1000 + i/2)
			}
		})
	}
	wg.Wait()
	if b := lru.Bytes(); b > 1000 {
		t.Errorf("holds %d bytes, budget 1000", b)
	}
}
