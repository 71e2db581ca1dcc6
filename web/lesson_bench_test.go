package web_test

import (
	"io"
	"net/http"
	"testing"
)

// BenchmarkLessonPageAnonymous serves lesson 3 to a visitor without a
// session, through the whole stack against Postgres.
func BenchmarkLessonPageAnonymous(b *testing.B) {
	s := newSite(b)
	url := s.URL + lesson3
	get := func() {
		resp, err := s.Client().Get(url)
		if err != nil {
			b.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || n == 0 {
			b.Fatalf("status %d, %d bytes", resp.StatusCode, n)
		}
	}
	get()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			get()
		}
	})
}
