package web_test

import (
	"io"
	"net/http"
	"net/url"
	"strconv"
	"testing"
)

// The lesson page benchmarks serve lesson 3 through the whole stack against
// Postgres, from as many goroutines as GOMAXPROCS; ns/op is wall time per
// page, so pages/s is the site's throughput with the client in the same
// process. page-bytes is what was sent: compressed, as to a browser.
//
//	go test -run '^$' -bench LessonPage -benchtime 3s ./web/

// BenchmarkLessonPageAnonymous: a visitor without a session, served the
// cached blank page.
func BenchmarkLessonPageAnonymous(b *testing.B) {
	s := newSite(b)
	tr := &http.Transport{MaxIdleConns: 256, MaxIdleConnsPerHost: 256}
	b.Cleanup(tr.CloseIdleConnections)
	benchLessonPage(b, &http.Client{Transport: tr}, s.URL+lesson3)
}

// BenchmarkLessonPageSignedIn: a learner who has answered every checkpoint
// and the exercise (scored), so the page shows their answers and a score.
func BenchmarkLessonPageSignedIn(b *testing.B) {
	s, learners, answers := answerBenchSetup(b, 1)
	l := learners[0]
	for _, a := range answers {
		if err := l.answer(a, false); err != nil {
			b.Fatal(err)
		}
	}
	lp, err := s.catalog.Lesson(b.Context(), "serving-incidents", "work-a-serving-incident")
	if err != nil {
		b.Fatal(err)
	}
	rev := strconv.FormatInt(lp.RevisionID, 10)
	form := url.Values{"revision": {rev}, "confidence": {"confident"},
		"answer": {"Compare long-prompt latency on each version at the same arrival rate, and queue time against prefill."}}
	if status, err := l.post(lesson3+"/responses/release-and-traffic", form.Encode(), false); err != nil || status != http.StatusSeeOther {
		b.Fatalf("submitting the exercise: status %d, %v", status, err)
	}
	benchLessonPage(b, l.client, s.URL+lesson3)
}

func benchLessonPage(b *testing.B, c *http.Client, url string) {
	b.Helper()
	// A browser's Accept-Encoding, set by hand so that the client reads
	// the body as sent instead of decoding gzip on the server's cores.
	get := func() (int, int64, error) {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return 0, 0, err
		}
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		resp, err := c.Do(req)
		if err != nil {
			return 0, 0, err
		}
		n, err := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, n, err
	}
	status, n, err := get()
	if err != nil || status != http.StatusOK || n == 0 {
		b.Fatalf("status %d, %d bytes, %v", status, n, err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if status, _, err := get(); err != nil || status != http.StatusOK {
				b.Errorf("status %d, %v", status, err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pages/s")
	b.ReportMetric(float64(n), "page-bytes")
}
