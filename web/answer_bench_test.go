package web_test

import (
	"context"
	"io"
	"math"
	"net/http"
	"net/http/cookiejar"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
)

// The answer benchmarks measure a signed-in learner answering lesson 3's
// checkpoints through the whole stack: HTTP, session load and save in
// Postgres, the account, the lesson revision, and the insert. Each run
// gets a fresh database (newSite); with no Postgres they skip.
//
//	go test -run '^$' -bench AnswerCheckpoint -benchtime 3s ./web/
//
// form is the no-JavaScript post, answered with a 303; htmx is what the
// page's script sends, answered with the re-rendered checkpoint. Rendering
// it reads the learner's whole history on the lesson (LessonState), which
// grows by one row per answer, so htmx's ns/op rises with b.N: compare
// htmx figures only at the same fixed -benchtime Nx.

var answerModes = []struct {
	name string
	htmx bool
}{{"form", false}, {"htmx", true}}

func BenchmarkAnswerCheckpoint(b *testing.B) {
	for _, mode := range answerModes {
		b.Run(mode.name, func(b *testing.B) {
			s, clients, answers := answerBenchSetup(b, 1)
			c := clients[0]
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				if err := c.answer(answers[i%len(answers)], mode.htmx); err != nil {
					b.Fatal(err)
				}
			}
			answerBenchDone(b, s)
		})
	}
}

// BenchmarkAnswerCheckpointParallel runs 4×GOMAXPROCS goroutines, as
// many learners as the sign-in rate limit allows and sharing them beyond
// that. ns/op is wall time per answer, so answers/s is the site's
// throughput.
func BenchmarkAnswerCheckpointParallel(b *testing.B) {
	const parallelism = 4
	for _, mode := range answerModes {
		b.Run(mode.name, func(b *testing.B) {
			// Learners are bounded so the setup stays quick.
			learners := min(parallelism*runtime.GOMAXPROCS(0), 16)
			s, clients, answers := answerBenchSetup(b, learners)
			var next atomic.Int64
			b.SetParallelism(parallelism)
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				g := int(next.Add(1) - 1)
				c := clients[g%len(clients)]
				for i := g; pb.Next(); i++ {
					if err := c.answer(answers[i%len(answers)], mode.htmx); err != nil {
						b.Error(err)
						return
					}
				}
			})
			answerBenchDone(b, s)
		})
	}
}

// benchLearner is a signed-in browser without the page parsing of the
// test visitor, so the benchmark measures the server.
type benchLearner struct {
	site   *site
	client *http.Client
}

// benchAnswer is one prepared checkpoint answer.
type benchAnswer struct {
	path, body string
}

// answerBenchSetup starts a site, signs in n learners through POST /signin
// and prepares an answer to each of lesson 3's checkpoints, right and wrong.
func answerBenchSetup(b *testing.B, n int) (*site, []*benchLearner, []benchAnswer) {
	b.Helper()
	// The benchmark measures the answer path, not the per-account limit
	// a person never reaches.
	s := newSiteWith(b, func(d *web.Deps) { d.AnswersPerMinute = math.MaxInt32 })
	ctx := context.Background()
	lp, err := s.catalog.Lesson(ctx, "serving-incidents", "work-a-serving-incident")
	if err != nil {
		b.Fatal(err)
	}
	rev := strconv.FormatInt(lp.RevisionID, 10)
	var answers []benchAnswer
	for _, blk := range lp.Lesson.Blocks {
		if blk.Kind != lessons.KindCheckpoint {
			continue
		}
		for _, right := range []bool{true, false} {
			answers = append(answers, benchAnswer{lesson3 + "/checkpoints/" + blk.Key, answer(blk, rev, right).Encode()})
		}
	}
	if len(answers) == 0 {
		b.Fatal("lesson 3 has no checkpoints")
	}

	// One transport, keeping a connection per goroutine alive.
	tr := &http.Transport{MaxIdleConns: 256, MaxIdleConnsPerHost: 256}
	b.Cleanup(tr.CloseIdleConnections)
	learners := make([]*benchLearner, n)
	for i := range learners {
		email := "bench" + strconv.Itoa(i) + "@example.com"
		if _, err := s.users.Create(ctx, email, "Bench "+strconv.Itoa(i), password, auth.Learner); err != nil {
			b.Fatal(err)
		}
		jar, err := cookiejar.New(nil)
		if err != nil {
			b.Fatal(err)
		}
		l := &benchLearner{site: s, client: &http.Client{
			Transport:     tr,
			Jar:           jar,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}}
		status, err := l.post("/signin", signInForm(email, password).Encode(), false)
		if err != nil || status != http.StatusSeeOther {
			b.Fatalf("signing in %s: status %d, %v", email, status, err)
		}
		learners[i] = l
	}
	return s, learners, answers
}

// answer posts one checkpoint answer and checks it was accepted.
func (l *benchLearner) answer(a benchAnswer, htmx bool) error {
	want := http.StatusSeeOther
	if htmx {
		want = http.StatusOK
	}
	status, err := l.post(a.path, a.body, htmx)
	if err == nil && status != want {
		err = &statusError{a.path, status, want}
	}
	return err
}

func (l *benchLearner) post(path, body string, htmx bool) (int, error) {
	req, err := http.NewRequest(http.MethodPost, l.site.URL+path, strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if htmx {
		req.Header.Set("HX-Request", "true")
	}
	resp, err := l.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	// Read it all, as a browser would, and so the connection is reused.
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return 0, err
	}
	return resp.StatusCode, nil
}

type statusError struct {
	path         string
	status, want int
}

func (e *statusError) Error() string {
	return "POST " + e.path + ": status " + strconv.Itoa(e.status) + ", want " + strconv.Itoa(e.want)
}

// answerBenchDone reports answers per second and checks that every answer
// was stored.
func answerBenchDone(b *testing.B, s *site) {
	b.Helper()
	b.StopTimer()
	if b.Failed() {
		return
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "answers/s")
	var stored int
	if err := s.pool.QueryRow(context.Background(), "SELECT count(*) FROM checkpoint_attempts").Scan(&stored); err != nil {
		b.Fatal(err)
	}
	if stored != b.N {
		b.Fatalf("%d answers stored, want %d", stored, b.N)
	}
}
