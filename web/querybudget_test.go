package web_test

import (
	"context"
	"net/url"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web/auth"
)

// queryCounter counts every query the server's pool runs.
type queryCounter struct{ n atomic.Int64 }

func (c *queryCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *queryCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TestSignedInLessonPageQueriesDoNotGrowWithHistory counts the queries a
// signed-in learner's lesson page costs, before and after a long history of
// answers: the count must not depend on how much they have answered.
func TestSignedInLessonPageQueriesDoNotGrowWithHistory(t *testing.T) {
	counter := &queryCounter{}
	cfg, err := pgxpool.ParseConfig(pgtest.NewDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.Tracer = counter
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	s := newSiteOn(t, pool)
	_, as := accounts(t, s, map[string]auth.Role{"Lee": auth.Learner})
	v := as["Lee"]
	cps, rev := s.checkpoints(t)

	cost := func() int64 {
		v.get(lesson3) // warm the document cache and connections
		before := counter.n.Load()
		v.get(lesson3)
		return counter.n.Load() - before
	}
	fresh := cost()
	for i := 0; i < 40; i++ {
		cp := cps[i%len(cps)]
		v.post(lesson3+"/checkpoints/"+cp.Key, answer(cp, rev, i%2 == 0))
		v.post(lesson3+"/responses/explain-back", url.Values{"revision": {rev}, "answer": {"Explanation"}, "confidence": {"confident"}})
	}
	v.post(lesson3+"/responses/release-and-traffic", url.Values{"revision": {rev}, "answer": {"Compare long prompts on each version."}, "confidence": {"confident"}})
	seasoned := cost()
	t.Logf("signed-in lesson page: %d queries with no history, %d after 81 answers", fresh, seasoned)
	if seasoned != fresh {
		t.Errorf("the lesson page costs %d queries after 81 answers and %d before: the cost grows with history", seasoned, fresh)
	}
}
