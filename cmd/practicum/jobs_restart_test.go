package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

const (
	rescoreCourse   = "serving-incidents"
	rescoreLesson   = "work-a-serving-incident"
	rescoreExercise = "release-and-traffic"
)

// TestRescoringSurvivesARestart queues re-scoring jobs for the answers of
// many learners, stops `practicum serve` while a job is in the middle of
// its batch, starts it again, and shows that every answer ends with
// exactly one new auto score against the new revision (and keeps its
// old one). The job is held mid-batch deterministically: the test holds
// an uncommitted score for the last answer, so the job inserting that
// answer's score waits on it inside its transaction.
//
// SIGTERM: serve waits -shutdown-timeout for the job, cancels it (its
// transaction rolls back) and exits cleanly; River tries the job again
// after the restart. SIGKILL: the job is left marked running; the
// restarted server's River rescues it after -job-rescue-after.
func TestRescoringSurvivesARestart(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs server processes")
	}
	for _, tc := range []struct {
		name string
		sig  syscall.Signal
	}{
		{"SIGTERM cancels the running job, which runs again after the restart", syscall.SIGTERM},
		{"SIGKILL leaves the job running, and the restarted server rescues it", syscall.SIGKILL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			dsn := pgtest.NewDSN(t)
			flags := []string{"-job-workers", "2", "-job-timeout", "5s", "-job-rescue-after", "6s", "-shutdown-timeout", "2s"}
			srv := startServer(t, dsn, flags...) // migrates and imports the shipped course
			srv.waitLog("working background jobs", 30*time.Second)

			pool := openPool(t, dsn)
			cat := catalog.New(pool)
			svc := service.New(pool, cat, progress.NewStore(pool), scores.NewStore(pool))
			// Three jobs: two full batches and one of ten.
			n := 2*service.RescoreBatch + 10
			learners := rescoreLearners(t, pool, svc, n)
			var author int64
			if err := pool.QueryRow(ctx, `INSERT INTO users (email, display_name, password_hash, role)
				VALUES ('author@example.com', 'Author', '$argon2id$unused', 'instructor') RETURNING id`).Scan(&author); err != nil {
				t.Fatal(err)
			}
			rev := reviseExercise(t, cat, author)

			// The last answer (the highest id) is in the last batch. An
			// uncommitted auto event of its own against the new revision
			// holds the job's insert of that answer's score (the unique
			// index makes it wait for this transaction), and blocks
			// nothing else: publishing only reads score_events.
			last := learners[len(learners)-1]
			lock, err := pool.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer lock.Rollback(ctx) //nolint:errcheck
			if _, err := lock.Exec(ctx, `INSERT INTO score_events (response_id, kind, scores, total, rubric_revision_id)
				VALUES ($1, 'auto', '{}', 0, $2)`, last, rev.ID); err != nil {
				t.Fatal(err)
			}
			if err := svc.Publish(ctx, author, rescoreCourse, rescoreLesson, rev.Number, true); err != nil {
				t.Fatal(err)
			}
			// Mid-run: the other two batches done, the last one waiting
			// inside its transaction.
			waitFor(t, "two batches re-scored and the third waiting on the test's transaction", func() bool {
				return rescoreDone(t, svc) == 2*service.RescoreBatch && lockWaiters(t, pool) > 0
			})

			srv.signal(tc.sig)
			select {
			case <-srv.done:
			case <-time.After(60 * time.Second):
				t.Fatal("serve did not exit within 60 s of the signal")
			}
			if tc.sig == syscall.SIGTERM {
				if srv.err != nil {
					t.Fatalf("serve exited with %v after SIGTERM, want a clean exit", srv.err)
				}
				srv.waitLog("cancelling them", time.Second)
			}
			if err := lock.Rollback(ctx); err != nil {
				t.Fatal(err)
			}
			if done := rescoreDone(t, svc); done != 2*service.RescoreBatch {
				t.Fatalf("after the stop %d answers are re-scored, want %d: the interrupted batch must leave nothing", done, 2*service.RescoreBatch)
			}

			again := startServer(t, dsn, flags...)
			waitFor(t, "every answer re-scored after the restart", func() bool { return rescoreDone(t, svc) == n })
			waitFor(t, "every job completed", func() bool {
				var open int
				if err := pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE state <> 'completed'").Scan(&open); err != nil {
					t.Fatal(err)
				}
				return open == 0
			})
			var wrong, autos int
			err = pool.QueryRow(ctx, `
				SELECT count(*) FILTER (WHERE (SELECT count(*) FROM score_events e
				                               WHERE e.response_id = x.id AND e.kind = 'auto' AND e.rubric_revision_id = $2) <> 1),
				       (SELECT count(*) FROM score_events e JOIN responses y ON y.id = e.response_id
				        WHERE e.kind = 'auto' AND y.item_key = $1)
				FROM responses x WHERE x.item_key = $1`, rescoreExercise, rev.ID).Scan(&wrong, &autos)
			if err != nil {
				t.Fatal(err)
			}
			if wrong != 0 || autos != 2*n {
				t.Errorf("%d answers without exactly one new score; %d auto events for %d answers, want %d (the first and the re-score)", wrong, autos, n, 2*n)
			}
			again.signal(syscall.SIGTERM)
			<-again.done
			if again.err != nil {
				t.Errorf("the restarted serve exited with %v after SIGTERM", again.err)
			}
		})
	}
}

// rescoreLearners creates n learners, each with an answer to the exercise
// scored as serve scores it, and returns the answers' ids, oldest first.
func rescoreLearners(t *testing.T, pool *pgxpool.Pool, svc *service.Service, n int) []int64 {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `
		INSERT INTO users (email, display_name, password_hash)
		SELECT 'rescore' || i || '@example.com', 'Learner ' || i, '$argon2id$unused' FROM generate_series(1, $1) i
		RETURNING id`, n)
	if err != nil {
		t.Fatal(err)
	}
	var users []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		users = append(users, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	page, err := catalog.New(pool).Lesson(ctx, rescoreCourse, rescoreLesson)
	if err != nil {
		t.Fatal(err)
	}
	it := service.Item{Course: rescoreCourse, Lesson: rescoreLesson, Key: rescoreExercise, RevisionID: page.RevisionID}
	for _, u := range users {
		if _, err := svc.SubmitResponse(ctx, service.Learner{UserID: u}, it, faultAnswer, progress.Confident); err != nil {
			t.Fatal(err)
		}
	}
	var ids []int64
	rows, err = pool.Query(ctx, "SELECT id FROM responses WHERE item_key = $1 ORDER BY id", rescoreExercise)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if len(ids) != n {
		t.Fatalf("%d answers stored, want %d", len(ids), n)
	}
	return ids
}

// reviseExercise saves a draft of the lesson whose exercise describes its
// result criterion in other words: its scoring changes, its calibration
// does not.
func reviseExercise(t *testing.T, cat *catalog.Catalog, author int64) catalog.RevisionInfo {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "lessons", "content", rescoreCourse, multiLessonFile))
	if err != nil {
		t.Fatal(err)
	}
	revised := strings.Replace(string(src), "Gives both comparisons (long-prompt", "Gives the two comparisons (long-prompt", 1)
	if revised == string(src) {
		t.Fatal("the exercise's description changed in the shipped lesson: update this test")
	}
	res, err := cat.SaveDraft(context.Background(), author, rescoreCourse, rescoreLesson, 1, []byte(revised))
	if err != nil {
		t.Fatal(err)
	}
	return res.Revision
}

func rescoreDone(t *testing.T, svc *service.Service) int {
	t.Helper()
	rs, err := svc.Rescores(context.Background(), rescoreCourse, rescoreLesson)
	if err != nil {
		t.Fatal(err)
	}
	return rs[rescoreExercise].Done
}

// lockWaiters counts the sessions of this database waiting for a lock.
func lockWaiters(t *testing.T, pool *pgxpool.Pool) int {
	t.Helper()
	var n int
	err := pool.QueryRow(context.Background(),
		"SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'").Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// waitFor polls cond until it holds; a generous limit only turns a hang
// into a failure (a 2-core machine running the whole suite is slow).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 2 minutes for %s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
