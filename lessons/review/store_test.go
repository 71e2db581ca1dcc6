package review_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/catalog/catalogtest"
	"github.com/practicum-dev/practicum/lessons/fsrs"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/review"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

const (
	course   = "serving-incidents"
	lesson   = "work-a-serving-incident"
	exercise = "release-and-traffic"
)

var t0 = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

type fixture struct {
	pool     *pgxpool.Pool
	store    *review.Store
	page     catalog.LessonPage
	checkpts []lessons.Block
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	pool := pgtest.New(t)
	_, page := catalogtest.Shipped(t, pool, course, lesson)
	return fixture{pool: pool, store: review.NewStore(pool), page: page, checkpts: catalogtest.Checkpoints(page)}
}

func (f fixture) learner(t *testing.T, name string) int64 {
	t.Helper()
	var id int64
	err := f.pool.QueryRow(context.Background(), `INSERT INTO users (email, display_name, password_hash) VALUES ($1, $1, '$argon2id$x') RETURNING id`,
		name+"@example.com").Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// attempt stores a checkpoint answer and gives it to its card, in one
// transaction, as service.AnswerCheckpoint does.
func (f fixture) attempt(t *testing.T, userID int64, cp lessons.Block, correct bool, at time.Time) review.Reviewed {
	t.Helper()
	var out []review.Reviewed
	err := postgres.InTx(context.Background(), f.pool, func(tx pgx.Tx) error {
		a := progress.Attempt{RevisionID: f.page.RevisionID, Key: cp.Key, Correct: correct, At: at}
		id, err := progress.InsertAttempt(context.Background(), tx, userID, a)
		if err != nil {
			return err
		}
		out, err = review.Record(context.Background(), tx, review.Answer{UserID: userID, RevisionID: f.page.RevisionID, Key: cp.Key,
			Kind: lessons.KindCheckpoint, At: at, Source: review.FromLesson, AttemptID: id, Results: []review.Result{{Correct: correct}}})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 {
		t.Fatalf("%d cards for one checkpoint", len(out))
	}
	return out[0]
}

// written stores a scored answer to the exercise earning points, and
// gives it to its cards; it returns the response id.
func (f fixture) written(t *testing.T, userID int64, points [4]int, confidence progress.Confidence, at time.Time) (int64, []review.Reviewed) {
	t.Helper()
	var id int64
	var out []review.Reviewed
	err := postgres.InTx(context.Background(), f.pool, func(tx pgx.Tx) error {
		r := progress.Response{RevisionID: f.page.RevisionID, Key: exercise, Kind: lessons.KindExercise, Answer: "An answer.",
			Confidence: confidence, At: at}
		var err error
		if id, err = progress.InsertResponse(context.Background(), tx, userID, r); err != nil {
			return err
		}
		p := map[grading.Criterion]int{}
		for i, c := range grading.Criteria {
			p[c] = points[i]
		}
		out, err = review.Record(context.Background(), tx, review.Answer{UserID: userID, RevisionID: f.page.RevisionID, Key: exercise,
			Kind: lessons.KindExercise, At: at, Source: review.FromLesson, ResponseID: id,
			Results: review.CriterionResults(p, confidence == progress.NotYet)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id, out
}

// TestRecordSchedulesCheckpointAnswers: answers on the lesson page become
// reviews of the checkpoint's card when they are (review.decide), each
// scheduled as lessons/fsrs schedules that rating, and logged; the others
// leave the card alone.
func TestRecordSchedulesCheckpointAnswers(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	lee := f.learner(t, "lee")
	cp := f.checkpts[0]
	var card fsrs.Card
	for i, step := range []struct {
		after   time.Duration
		correct bool
		review  bool
		rating  fsrs.Rating
	}{
		{0, false, true, fsrs.Again},                      // the first answer, wrong: due a minute later
		{30 * time.Second, true, false, 0},                // right before it is due
		{2 * time.Minute, true, true, fsrs.Hard},          // right once due, after the miss of this sitting
		{3 * time.Minute, false, false, 0},                // trying another option, not due yet
		{3 * 24 * time.Hour, true, true, fsrs.Good},       // a later sitting, due, right
		{3*24*time.Hour + 5*time.Minute, false, false, 0}, // wrong soon after, same sitting, not due (next step: 10 minutes)
		{6 * 24 * time.Hour, false, true, fsrs.Again},     // forgotten in a later sitting, before or at its due date
	} {
		at := t0.Add(step.after)
		got := f.attempt(t, lee, cp, step.correct, at)
		if got.Reviewed != step.review || (step.review && got.Rating != step.rating) {
			t.Fatalf("answer %d (+%v, right %v): reviewed %v rated %v; want %v %v", i, step.after, step.correct, got.Reviewed, got.Rating, step.review, step.rating)
		}
		if !step.review {
			if !got.Card.Due.Equal(card.Due) || got.Card.Reps != card.Reps {
				t.Errorf("answer %d changed the card: due %v reps %d, was %v %d", i, got.Card.Due, got.Card.Reps, card.Due, card.Reps)
			}
			continue
		}
		prev := card
		if i == 0 {
			prev = fsrs.NewCard(at)
		}
		want, _, err := fsrs.Next(prev, at, step.rating)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Card.Due.Equal(want.Due) || got.Card.State != want.State || got.Card.Stability != want.Stability || got.Card.Reps != want.Reps {
			t.Errorf("answer %d: card %+v, want fsrs's %+v", i, got.Card.Card, want)
		}
		card = got.Card.Card
	}
	var logged []int
	rows, err := f.pool.Query(context.Background(), `SELECT g.rating FROM review_log g ORDER BY g.id`)
	if err != nil {
		t.Fatal(err)
	}
	if logged, err = pgx.CollectRows(rows, pgx.RowTo[int]); err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 2, 3, 1}; len(logged) != len(want) || logged[0] != 1 || logged[1] != 2 || logged[2] != 3 || logged[3] != 1 {
		t.Errorf("review log ratings %v, want %v", logged, want)
	}
}

// TestRecordLocksOnlyCardsItChanges: an answer that reviews none of its
// cards (a retry before the card is due) neither writes nor waits for
// them, so one learner's retries do not queue behind each other's
// commits; one that reviews a card still locks it, and waits for whoever
// holds it. The holder here keeps the card locked, and the answers run
// with a lock_timeout, so an answer that asks for the lock fails.
func TestRecordLocksOnlyCardsItChanges(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	lee := f.learner(t, "lee")
	cp := f.checkpts[0]
	ctx := context.Background()
	first := f.attempt(t, lee, cp, false, t0) // a review: Again, due a minute later

	holder, err := f.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Rollback(ctx)
	if _, err := holder.Exec(ctx, `SELECT 1 FROM review_cards WHERE id = $1 FOR UPDATE`, first.Card.ID); err != nil {
		t.Fatal(err)
	}
	answer := func(correct bool, at time.Time) ([]review.Reviewed, error) {
		var out []review.Reviewed
		err := postgres.InTx(ctx, f.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SET LOCAL lock_timeout = '100ms'`); err != nil {
				return err
			}
			a := progress.Attempt{RevisionID: f.page.RevisionID, Key: cp.Key, Correct: correct, At: at}
			id, err := progress.InsertAttempt(ctx, tx, lee, a)
			if err != nil {
				return err
			}
			out, err = review.Record(ctx, tx, review.Answer{UserID: lee, RevisionID: f.page.RevisionID, Key: cp.Key,
				Kind: lessons.KindCheckpoint, At: at, Source: review.FromLesson, AttemptID: id, Results: []review.Result{{Correct: correct}}})
			return err
		})
		return out, err
	}

	for _, correct := range []bool{true, false} {
		got, err := answer(correct, t0.Add(30*time.Second))
		if err != nil {
			t.Fatalf("a retry (right %v) before the card is due waited for its lock: %v", correct, err)
		}
		if len(got) != 1 || got[0].Reviewed || got[0].Card.ID != first.Card.ID || !got[0].Card.Due.Equal(first.Card.Due) || got[0].Card.Reps != first.Card.Reps {
			t.Errorf("a retry (right %v) before the card is due: %+v, want card %d unchanged and not reviewed", correct, got, first.Card.ID)
		}
	}
	if _, err := answer(true, t0.Add(2*time.Minute)); err == nil {
		t.Error("an answer once the card is due reviewed it without its lock")
	}
	var attempts, logged int
	if err := f.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM checkpoint_attempts), (SELECT count(*) FROM review_log)`).Scan(&attempts, &logged); err != nil {
		t.Fatal(err)
	}
	if attempts != 3 || logged != 1 {
		t.Errorf("%d attempts and %d reviews logged; want 3 (the first and the two retries) and 1", attempts, logged)
	}

	// Released, the due answer reviews the card as before.
	if err := holder.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := answer(true, t0.Add(2*time.Minute))
	if err != nil || len(got) != 1 || !got[0].Reviewed || got[0].Rating != fsrs.Hard {
		t.Errorf("the due answer once the card is free: %+v, %v; want reviewed, Hard", got, err)
	}
}

// TestRecordScoresEachCriterion: a scored answer makes one card per
// criterion, each rated by its own verdict; "Not yet" makes an earned
// criterion Hard.
func TestRecordScoresEachCriterion(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	lee := f.learner(t, "lee")
	_, got := f.written(t, lee, [4]int{1, 0, 1, 0}, progress.NotYet, t0)
	want := map[grading.Criterion]fsrs.Rating{grading.Result: fsrs.Hard, grading.Reasoning: fsrs.Again,
		grading.FailureCase: fsrs.Hard, grading.Verification: fsrs.Again}
	if len(got) != 4 {
		t.Fatalf("%d cards, want 4", len(got))
	}
	for _, r := range got {
		if !r.Reviewed || r.Rating != want[r.Card.Criterion] || r.Card.Kind != lessons.KindExercise || r.Card.Key != exercise {
			t.Errorf("%s: reviewed %v rated %v (%s %s), want %v", r.Card.Criterion, r.Reviewed, r.Rating, r.Card.Kind, r.Card.Key, want[r.Card.Criterion])
		}
	}
	// A revision a minute later, confident and earning all four: only
	// the missed criteria are due, and they come back Hard (missed
	// earlier in this sitting); the earned ones are not due yet.
	_, again := f.written(t, lee, [4]int{1, 1, 1, 1}, progress.Confident, t0.Add(2*time.Minute))
	for _, r := range again {
		switch r.Card.Criterion {
		case grading.Reasoning, grading.Verification:
			if !r.Reviewed || r.Rating != fsrs.Hard {
				t.Errorf("%s after a miss: reviewed %v rated %v, want Hard", r.Card.Criterion, r.Reviewed, r.Rating)
			}
		default:
			if r.Reviewed {
				t.Errorf("%s, not due: reviewed %v", r.Card.Criterion, r.Rating)
			}
		}
	}
}

// TestRecordJoinsTheCallersTransaction: cards are written in the
// transaction of the answer that drives them, or not at all.
func TestRecordJoinsTheCallersTransaction(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	lee := f.learner(t, "lee")
	ctx := context.Background()
	boom := errors.New("the answer could not be stored")
	err := postgres.InTx(ctx, f.pool, func(tx pgx.Tx) error {
		id, err := progress.InsertAttempt(ctx, tx, lee, progress.Attempt{RevisionID: f.page.RevisionID, Key: f.checkpts[0].Key, At: t0})
		if err != nil {
			return err
		}
		if _, err := review.Record(ctx, tx, review.Answer{UserID: lee, RevisionID: f.page.RevisionID, Key: f.checkpts[0].Key,
			Kind: lessons.KindCheckpoint, At: t0, Source: review.FromLesson, AttemptID: id, Results: []review.Result{{}}}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	var n int
	if err := f.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM review_cards) + (SELECT count(*) FROM review_log)`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d rows left by a rolled-back answer (%v)", n, err)
	}
	for _, a := range []review.Answer{
		{RevisionID: f.page.RevisionID, Key: "k", At: t0, AttemptID: 1},
		{UserID: lee, RevisionID: f.page.RevisionID, Key: "k", At: t0},
		{UserID: lee, RevisionID: f.page.RevisionID, Key: "k", AttemptID: 1},
		{UserID: lee, RevisionID: f.page.RevisionID, Key: "k", At: t0, ResponseID: 1, Results: []review.Result{{}}},
		{UserID: lee, RevisionID: f.page.RevisionID, Key: "k", At: t0, AttemptID: 1, Source: review.FromOverride},
	} {
		if _, err := review.Record(ctx, f.pool, a); err == nil {
			t.Errorf("Record(%+v) took an answer no caller may send", a)
		}
	}
}

// reverdict runs review.Reverdict in a transaction of its own.
func (f fixture) reverdict(t *testing.T, responseID int64, points [4]int) []review.Reviewed {
	t.Helper()
	p := map[grading.Criterion]int{}
	for i, c := range grading.Criteria {
		p[c] = points[i]
	}
	var out []review.Reviewed
	err := postgres.InTx(context.Background(), f.pool, func(tx pgx.Tx) error {
		var err error
		out, err = review.Reverdict(context.Background(), tx, responseID, 0, p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReverdictRedecidesTheReviewItsAnswerDrove: a reviewer's override
// re-decides the reviews the answer drove, from the cards as they were
// before it, when it is still their latest; a card reviewed since keeps
// its schedule.
func TestReverdictRedecidesTheReviewItsAnswerDrove(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	lee := f.learner(t, "lee")
	first, before := f.written(t, lee, [4]int{1, 0, 0, 0}, progress.Confident, t0)

	// The reviewer awards reasoning: its card is reviewed Good instead of
	// Again, at the same time, from the new card it was.
	got := f.reverdict(t, first, [4]int{1, 1, 0, 0})
	if len(got) != 1 || got[0].Card.Criterion != grading.Reasoning || got[0].Rating != fsrs.Good {
		t.Fatalf("re-decided %+v, want reasoning alone, Good", got)
	}
	want, _, err := fsrs.Next(fsrs.NewCard(t0), t0, fsrs.Good)
	if err != nil {
		t.Fatal(err)
	}
	if !got[0].Card.Due.Equal(want.Due) || got[0].Card.Stability != want.Stability || got[0].Card.Reps != 1 {
		t.Errorf("re-decided card %+v, want fsrs's Good from new %+v", got[0].Card.Card, want)
	}
	// Decided again, back to no point: Again, as the auto score had it.
	if got := f.reverdict(t, first, [4]int{1, 0, 0, 0}); len(got) != 1 || !got[0].Card.Due.Equal(before[1].Card.Due) {
		t.Errorf("re-decided back: %+v, want reasoning due as first scheduled (%v)", got, before[1].Card.Due)
	}
	// A decision that changes no verdict changes nothing.
	if got := f.reverdict(t, first, [4]int{1, 0, 0, 0}); len(got) != 0 {
		t.Errorf("an unchanged verdict re-decided %+v", got)
	}

	// A later answer reviews every card (all due by then): a decision on
	// the first answer moves none of them any more.
	f.written(t, lee, [4]int{1, 0, 0, 1}, progress.Confident, t0.Add(2*time.Hour))
	if got := f.reverdict(t, first, [4]int{1, 0, 1, 1}); len(got) != 0 {
		t.Errorf("after a later answer reviewed every card: re-decided %+v, want none", got)
	}
	var overrides int
	if err := f.pool.QueryRow(context.Background(), `SELECT count(*) FROM review_log WHERE source = 'override' AND replaces IS NOT NULL`).Scan(&overrides); err != nil || overrides != 2 {
		t.Errorf("%d override rows (%v), want 2, each naming the review it re-decides", overrides, err)
	}
}
