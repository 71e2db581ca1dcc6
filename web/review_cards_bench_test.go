package web_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/auth"
)

// BenchmarkReviewPage: the Review page of a learner with 5,000 cards (50
// lessons of 100 checkpoints; one in ten due), through the whole stack
// against Postgres, one request at a time: ns/op is the time a learner
// waits for the page, page-bytes what was sent (gzip, as to a browser).
//
//	go test -run '^$' -bench ReviewPage -benchtime 200x ./web/
func BenchmarkReviewPage(b *testing.B) {
	const lessonsN, perLesson = 50, 100
	s := newSite(b)
	ctx := context.Background()
	courses, err := lessons.Load(benchCourse(lessonsN, perLesson), "bench")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.catalog.Import(ctx, courses); err != nil {
		b.Fatal(err)
	}
	u, err := s.users.Create(ctx, "bench@example.com", "Bench", password, auth.Learner)
	if err != nil {
		b.Fatal(err)
	}
	// Cards as years of review leave them: scheduled over the next 90
	// days, one in ten due now.
	tag, err := s.pool.Exec(ctx, `
		INSERT INTO review_cards (user_id, lesson_id, item_key, kind, criterion, state, due, stability, difficulty,
			elapsed_days, scheduled_days, learning_steps, reps, lapses, last_review)
		SELECT $1, l.id, i.key, i.kind, '', 2,
			CASE WHEN n % 10 = 0 THEN now() - interval '1 hour' ELSE now() + (n % 90 + 1) * interval '1 day' END,
			10, 5, 3, 10, 0, 4, 1, now() - interval '3 days'
		FROM (SELECT l.id, l.current_revision_id FROM lessons l JOIN courses c ON c.id = l.course_id WHERE c.slug = 'review-bench') l
		JOIN LATERAL (SELECT i.key, i.kind, row_number() OVER () AS n FROM lesson_items i WHERE i.revision_id = l.current_revision_id) i ON true`, u.ID)
	if err != nil || tag.RowsAffected() != lessonsN*perLesson {
		b.Fatalf("%d cards (%v), want %d", tag.RowsAffected(), err, lessonsN*perLesson)
	}
	// As autovacuum would have by the time a learner has 5,000 cards: the
	// planner's statistics count them.
	if _, err := s.pool.Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		b.Fatal(err)
	}
	l := &benchLearner{site: s, client: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	if status, err := l.post("/signin", signInForm(u.Email, password).Encode(), false); err != nil || status != http.StatusSeeOther {
		b.Fatalf("signing in: status %d, %v", status, err)
	}
	get := func() (int, int64, error) {
		req, err := http.NewRequest(http.MethodGet, s.URL+"/review", nil)
		if err != nil {
			return 0, 0, err
		}
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		resp, err := l.client.Do(req)
		if err != nil {
			return 0, 0, err
		}
		n, err := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, n, err
	}
	status, n, err := get() // warms the catalog's decoded revisions
	if err != nil || status != http.StatusOK {
		b.Fatalf("status %d, %v", status, err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if status, _, err := get(); err != nil || status != http.StatusOK {
			b.Fatalf("status %d, %v", status, err)
		}
	}
	b.ReportMetric(float64(n), "page-bytes")
}

// benchCourse is a course of lessonsN lessons of perLesson checkpoints.
func benchCourse(lessonsN, perLesson int) fstest.MapFS {
	fsys := fstest.MapFS{"review-bench/course.yaml": {Data: []byte("slug: review-bench\ntitle: Review bench\nsummary: Checkpoints enough for thousands of review cards.\n")}}
	for l := 1; l <= lessonsN; l++ {
		var src strings.Builder
		fmt.Fprintf(&src, "---\ncourse: review-bench\nposition: %d\nslug: lesson-%d\ntitle: Bench lesson %d\ngoal: Hold enough checkpoints for a long review queue.\nminutes: 30\n---\n\n## Checkpoints\n", l, l, l)
		for q := 1; q <= perLesson; q++ {
			fmt.Fprintf(&src, "\n```yaml checkpoint\nkey: q-%d\nquestion: Question %d of lesson %d, about how a serving stage is measured and why?\noptions:\n"+
				"  - text: The option that is right for question %d\n    correct: true\n    explanation: It measures the stage itself, so a change in it belongs to that stage.\n"+
				"  - text: A total that includes other stages\n    explanation: A total mixes stages, so a change cannot be placed.\n"+
				"  - text: A count of requests\n    explanation: A count says how many, not how long.\n```\n", q, q, l, q)
		}
		fsys[fmt.Sprintf("review-bench/%02d-lesson-%d.md", l, l)] = &fstest.MapFile{Data: []byte(src.String())}
	}
	return fsys
}
