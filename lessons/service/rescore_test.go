package service_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/service"
)

// reviseRubric saves revision 2 of the lesson with the exercise's result
// criterion described in other words: its scoring changes, its
// calibration does not. It returns the draft, parsed.
func (f fixture) reviseRubric(t testing.TB, author int64) catalog.SaveResult {
	t.Helper()
	ctx := context.Background()
	_, src, err := f.catalog.RevisionSource(ctx, course, lesson, 1)
	if err != nil {
		t.Fatal(err)
	}
	revised := strings.Replace(string(src), "Gives both comparisons (long-prompt", "Gives the two comparisons (long-prompt", 1)
	if revised == string(src) {
		t.Fatal("the exercise's description changed in the shipped lesson: update this test")
	}
	res, err := f.catalog.SaveDraft(ctx, author, course, lesson, 1, []byte(revised))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// queuedJobs are the re-scoring jobs River holds, by their arguments.
func (f fixture) queuedJobs(t testing.TB) []service.RescoreArgs {
	t.Helper()
	rows, err := f.pool.Query(context.Background(), "SELECT args FROM river_job WHERE kind = $1 ORDER BY id", service.RescoreArgs{}.Kind())
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []service.RescoreArgs
	for rows.Next() {
		var raw []byte
		var a service.RescoreArgs
		if err := rows.Scan(&raw); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &a); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

// TestPublishRescoresWhenAsked: publishing a revision that changes an
// exercise's rubric offers its learners' current answers for re-scoring;
// asked, the publish queues them as jobs in its own transaction, and
// working the jobs (twice, as a retry would) gives each answer exactly one
// new auto score against the revision, the old one kept, a reviewer's
// decision still counting. Not asked, nothing is queued.
func TestPublishRescoresWhenAsked(t *testing.T) {
	t.Parallel()
	for _, asked := range []bool{false, true} {
		t.Run(map[bool]string{false: "not asked", true: "asked"}[asked], func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			ctx := context.Background()
			rita := f.user(t, "Rita")
			lea, mo := f.userID, f.user(t, "Mo")
			answer := "Compare long-prompt latency on both versions at the same arrival rate."
			for _, who := range []int64{lea, mo, mo} { // Mo answers twice: only his latest counts
				if _, err := f.svc.SubmitResponse(ctx, service.Learner{UserID: who}, f.item(exercise), answer, progress.Confident); err != nil {
					t.Fatal(err)
				}
			}
			subs, err := f.scores.LatestFor(ctx, mo, course, lesson)
			if err != nil {
				t.Fatal(err)
			}
			mos := subs[exercise]
			review, err := f.svc.Override(ctx, scores.Override{ResponseID: mos.ResponseID, ReviewerID: rita, BasedOn: mos.Latest().ID,
				Scores: map[grading.Criterion]int{grading.Result: 1, grading.Reasoning: 1, grading.FailureCase: 1, grading.Verification: 1},
				Notes:  map[grading.Criterion]string{grading.Result: "Right.", grading.Reasoning: "Right.", grading.FailureCase: "Right.", grading.Verification: "Right."}})
			if err != nil {
				t.Fatal(err)
			}

			draft := f.reviseRubric(t, rita)
			offer, err := f.svc.RescoreOffer(ctx, course, lesson, draft.Lesson)
			if err != nil {
				t.Fatal(err)
			}
			if len(offer) != 1 || offer[0].Key != exercise || offer[0].Answers != 2 {
				t.Fatalf("offer = %+v, want the exercise with its 2 current answers", offer)
			}
			if err := f.svc.Publish(ctx, rita, course, lesson, 2, asked); err != nil {
				t.Fatal(err)
			}
			jobs := f.queuedJobs(t)
			progressOf, err := f.svc.Rescores(ctx, course, lesson)
			if err != nil {
				t.Fatal(err)
			}
			if !asked {
				if len(jobs) != 0 || len(progressOf) != 0 {
					t.Fatalf("not asked: %d jobs, re-scorings %+v; want none", len(jobs), progressOf)
				}
				return
			}
			if len(jobs) != 1 || len(jobs[0].Responses) != 2 || jobs[0].Revision != draft.Revision.ID {
				t.Fatalf("jobs = %+v, want one batch of the 2 current answers against revision id %d", jobs, draft.Revision.ID)
			}
			if p := progressOf[exercise]; p.Answers != 2 || p.Done != 0 || p.RevisionNumber != 2 || p.RequestedBy != "Rita" {
				t.Errorf("progress before the jobs run = %+v, want 0 of 2 against revision 2, asked for by Rita", p)
			}
			// A failing job is counted, as River leaves it: waiting for
			// another try, then given up.
			for _, st := range []struct {
				state            string
				failed, retrying int
			}{{"retryable", 0, 2}, {"discarded", 2, 0}, {"available", 0, 0}} {
				if _, err := f.pool.Exec(ctx, `UPDATE river_job SET state = $1::river_job_state,
					finalized_at = CASE WHEN $1::text = 'discarded' THEN now() END WHERE kind = $2`, st.state, jobs[0].Kind()); err != nil {
					t.Fatal(err)
				}
				progressOf, err := f.svc.Rescores(ctx, course, lesson)
				if err != nil {
					t.Fatal(err)
				}
				if p := progressOf[exercise]; p.Failed != st.failed || p.Retrying != st.retrying {
					t.Errorf("job %s: %d failed, %d retrying; want %d, %d", st.state, p.Failed, p.Retrying, st.failed, st.retrying)
				}
			}

			for run, want := range []int{2, 0} { // a retry adds nothing
				added, err := f.svc.Rescore(ctx, jobs[0])
				if err != nil || added != want {
					t.Fatalf("run %d: added %d, err %v; want %d", run+1, added, err, want)
				}
			}
			progressOf, err = f.svc.Rescores(ctx, course, lesson)
			if err != nil {
				t.Fatal(err)
			}
			if p := progressOf[exercise]; p.Done != 2 || !p.Finished() {
				t.Errorf("progress after the jobs = %+v, want 2 of 2 done", p)
			}
			for _, who := range []int64{lea, mo} {
				subs, err := f.scores.LatestFor(ctx, who, course, lesson)
				if err != nil {
					t.Fatal(err)
				}
				sub := subs[exercise]
				var autos, onNew int
				for _, e := range sub.History {
					if e.Kind == scores.KindAuto {
						autos++
						if e.RubricRevisionID == draft.Revision.ID {
							onNew++
						}
					}
				}
				if autos != 2 || onNew != 1 {
					t.Errorf("user %d: %d auto events, %d against revision 2; want the original and one re-score", who, autos, onNew)
				}
				cur := sub.Current()
				switch who {
				case mo:
					if cur.ID != review.ID {
						t.Errorf("Mo's current score is event %d, want Rita's review %d: a re-score never replaces it", cur.ID, review.ID)
					}
				case lea:
					if cur.Kind != scores.KindAuto || cur.RubricRevisionID != draft.Revision.ID {
						t.Errorf("Lea's current score = %+v, want the re-score against revision 2", cur)
					}
				}
			}
		})
	}
}

// BenchmarkRescoreBatch measures one re-scoring job of RescoreBatch
// answers: reading them, scoring each against the new revision, and the
// transaction that appends their scores (after the first run, each insert
// finds the score there and adds nothing, as a retry would).
func BenchmarkRescoreBatch(b *testing.B) {
	f := newFixture(b)
	ctx := context.Background()
	rita := f.user(b, "Rita")
	answer := "Compare long-prompt latency on both versions at the same arrival rate, and queue time against prefill time."
	for i := range service.RescoreBatch {
		var id int64
		if err := f.pool.QueryRow(ctx, `INSERT INTO users (email, display_name, password_hash) VALUES ($1, 'B', '$argon2id$x') RETURNING id`,
			strconv.Itoa(i)+"@example.com").Scan(&id); err != nil {
			b.Fatal(err)
		}
		if _, err := f.svc.SubmitResponse(ctx, service.Learner{UserID: id}, f.item(exercise), answer, progress.Confident); err != nil {
			b.Fatal(err)
		}
	}
	draft := f.reviseRubric(b, rita)
	if err := f.svc.Publish(ctx, rita, course, lesson, 2, true); err != nil {
		b.Fatal(err)
	}
	jobs := f.queuedJobs(b)
	if len(jobs) != 1 || len(jobs[0].Responses) != service.RescoreBatch || jobs[0].Revision != draft.Revision.ID {
		b.Fatalf("jobs = %+v, want one full batch", jobs)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := f.svc.Rescore(ctx, jobs[0]); err != nil {
			b.Fatal(err)
		}
	}
}
