package service_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog/catalogtest"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// cardLog is each of a learner's cards with the sources of its reviews,
// oldest first: "checkpoint-key" or "exercise-key/criterion".
func (f fixture) cardLog(t *testing.T) map[string][]string {
	t.Helper()
	rows, err := f.pool.Query(context.Background(), `
		SELECT k.item_key || CASE WHEN k.criterion = '' THEN '' ELSE '/' || k.criterion END, g.source
		FROM review_cards k JOIN review_log g ON g.card_id = k.id
		WHERE k.user_id = $1 ORDER BY g.id`, f.userID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var card, source string
		if err := rows.Scan(&card, &source); err != nil {
			t.Fatal(err)
		}
		out[card] = append(out[card], source)
	}
	return out
}

// TestAnswersMakeReviewCards: a signed-in learner's checkpoint answer
// makes its card, a scored answer one per criterion; an explain-it-back
// answer (not scored) makes none.
func TestAnswersMakeReviewCards(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lee := service.Learner{UserID: f.userID}
	page, err := f.catalog.Lesson(ctx, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	var cp lessons.Block
	for _, b := range page.Lesson.Blocks {
		if b.Kind == lessons.KindCheckpoint {
			cp = b
			break
		}
	}
	if _, err := f.svc.AnswerCheckpoint(ctx, lee, f.item(cp.Key), cp.Checkpoint.Correct()); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SubmitResponse(ctx, lee, f.item(exercise), "Compare long-prompt latency on both versions.", progress.Confident); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SubmitResponse(ctx, lee, f.item(explain), "Because.", progress.Confident); err != nil {
		t.Fatal(err)
	}
	got := f.cardLog(t)
	want := map[string][]string{cp.Key: {"lesson"}}
	for _, c := range grading.Criteria {
		want[exercise+"/"+string(c)] = []string{"lesson"}
	}
	if len(got) != len(want) {
		t.Fatalf("cards %v, want %v", got, want)
	}
	for card, sources := range want {
		if len(got[card]) != len(sources) || got[card][0] != sources[0] {
			t.Errorf("card %s: reviews %v, want %v", card, got[card], sources)
		}
	}
}

// TestMergeMakesReviewCards: a visitor who answered before having an
// account gets the cards of those answers when they sign in, reviewed in
// the order they answered.
func TestMergeMakesReviewCards(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	visitor := anonymous("v1")
	page, err := f.catalog.Lesson(ctx, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	var cp lessons.Block
	for _, b := range page.Lesson.Blocks {
		if b.Kind == lessons.KindCheckpoint {
			cp = b
			break
		}
	}
	wrong := (cp.Checkpoint.Correct() + 1) % len(cp.Checkpoint.Options)
	for _, option := range []int{wrong, cp.Checkpoint.Correct()} { // the first attempt and the latest are kept
		if _, err := f.svc.AnswerCheckpoint(ctx, visitor, f.item(cp.Key), option); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.svc.SubmitResponse(ctx, visitor, f.item(exercise), "Roll every replica back.", progress.NotYet); err != nil {
		t.Fatal(err)
	}
	if n := len(f.cardLog(t)); n != 0 {
		t.Fatalf("%d cards before signing in, want none", n)
	}
	if err := f.svc.MergeAnonymous(ctx, f.userID, visitor.Visitor); err != nil {
		t.Fatal(err)
	}
	got := f.cardLog(t)
	// The wrong first attempt is the card's first review; the right one
	// a moment later is not due yet (its first learning step is a minute).
	if s := got[cp.Key]; len(s) != 1 || s[0] != "merge" {
		t.Errorf("checkpoint card: reviews %v, want the first attempt's, merged", s)
	}
	for _, c := range grading.Criteria {
		if s := got[exercise+"/"+string(c)]; len(s) != 1 || s[0] != "merge" {
			t.Errorf("%s card: reviews %v, want one, merged", c, s)
		}
	}
}

// TestOverrideRedecidesReviewCards: a reviewer's decision re-decides the
// review of each criterion whose verdict it changes, in the decision's
// transaction; a refused decision changes no card.
func TestOverrideRedecidesReviewCards(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lee := service.Learner{UserID: f.userID}
	if _, err := f.svc.SubmitResponse(ctx, lee, f.item(exercise), "Roll every replica back at once.", progress.Confident); err != nil {
		t.Fatal(err)
	}
	latest, err := f.scores.LatestFor(ctx, f.userID, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	sub := latest[exercise]
	auto := sub.Current()
	var rita int64
	if err := f.pool.QueryRow(ctx, `INSERT INTO users (email, display_name, password_hash, role) VALUES ('r@example.com', 'Rita', '$argon2id$x', 'instructor')
		RETURNING id`).Scan(&rita); err != nil {
		t.Fatal(err)
	}
	flipped := map[grading.Criterion]int{}
	for c, p := range auto.Scores {
		flipped[c] = p
	}
	flipped[grading.Verification] = 1 - flipped[grading.Verification]
	decision := scores.Override{ResponseID: sub.ResponseID, ReviewerID: rita, BasedOn: auto.ID, Scores: flipped,
		Notes: map[grading.Criterion]string{grading.Verification: "Changed on review."}}

	stale := decision
	stale.BasedOn = auto.ID + 1000
	var conflict *scores.ConflictError
	if _, err := f.svc.Override(ctx, stale); !errors.As(err, &conflict) {
		t.Fatalf("a decision on an old score: %v, want a conflict", err)
	}
	if got := f.cardLog(t)[exercise+"/verification"]; len(got) != 1 {
		t.Errorf("a refused decision touched the card: %v", got)
	}

	ev, err := f.svc.Override(ctx, decision)
	if err != nil {
		t.Fatal(err)
	}
	got := f.cardLog(t)
	if s := got[exercise+"/verification"]; len(s) != 2 || s[1] != "override" {
		t.Errorf("verification card: reviews %v, want the answer's, then the override re-deciding it", s)
	}
	if s := got[exercise+"/result"]; len(s) != 1 {
		t.Errorf("result card, unchanged by the decision: reviews %v", s)
	}
	var rating int
	var event int64
	if err := f.pool.QueryRow(ctx, `SELECT rating, score_event_id FROM review_log WHERE source = 'override'`).Scan(&rating, &event); err != nil {
		t.Fatal(err)
	}
	want := 1 // Again: the reviewer took the point away
	if flipped[grading.Verification] == 1 {
		want = 3 // Good: earned at the first attempt, confident
	}
	if rating != want || event != ev.ID {
		t.Errorf("override review: rating %d, event %d; want %d, %d", rating, event, want, ev.ID)
	}
}

// TestCheckpointRetryNeedsNoCard: a checkpoint answer that reviews no
// card (a retry before the card is due) is stored without waiting for
// the card, which another transaction holds locked here; one that
// reviews it waits, and when it cannot have the card (the pool's
// lock_timeout) nothing of it is stored: the answer and its review are
// one transaction. Once the card is free, the due answer reviews it.
func TestCheckpointRetryNeedsNoCard(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(pgtest.NewDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["lock_timeout"] = "100ms"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	cat, page := catalogtest.Shipped(t, pool, course, lesson)
	userID := catalogtest.Account(t, pool, "L", "learner")
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	svc := service.New(pool, cat, progress.NewStore(pool), scores.NewStore(pool)).WithClock(func() time.Time { return now })
	var cp lessons.Block
	for _, b := range page.Lesson.Blocks {
		if b.Kind == lessons.KindCheckpoint {
			cp = b
			break
		}
	}
	lee := service.Learner{UserID: userID}
	it := service.Item{Course: course, Lesson: lesson, Key: cp.Key, RevisionID: page.RevisionID}
	wrong := (cp.Checkpoint.Correct() + 1) % len(cp.Checkpoint.Options)
	if _, err := svc.AnswerCheckpoint(ctx, lee, it, wrong); err != nil { // a review: Again, due a minute later
		t.Fatal(err)
	}
	counts := func() (attempts, reviews int) {
		t.Helper()
		if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM checkpoint_attempts), (SELECT count(*) FROM review_log)`).Scan(&attempts, &reviews); err != nil {
			t.Fatal(err)
		}
		return attempts, reviews
	}

	holder, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Rollback(ctx)
	if _, err := holder.Exec(ctx, `SELECT 1 FROM review_cards FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	now = now.Add(30 * time.Second)
	for _, option := range []int{cp.Checkpoint.Correct(), wrong} {
		if _, err := svc.AnswerCheckpoint(ctx, lee, it, option); err != nil {
			t.Fatalf("a retry (option %d) before the card is due: %v", option, err)
		}
	}
	if a, r := counts(); a != 3 || r != 1 {
		t.Errorf("after two retries: %d attempts, %d reviews; want 3 and 1", a, r)
	}
	now = now.Add(2 * time.Minute)
	if _, err := svc.AnswerCheckpoint(ctx, lee, it, cp.Checkpoint.Correct()); err == nil {
		t.Error("the answer once the card is due was stored without the card's lock")
	}
	if a, r := counts(); a != 3 || r != 1 {
		t.Errorf("after a review that could not lock its card: %d attempts, %d reviews; want 3 and 1 (nothing of it stored)", a, r)
	}
	if err := holder.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.AnswerCheckpoint(ctx, lee, it, cp.Checkpoint.Correct()); err != nil {
		t.Fatal(err)
	}
	if a, r := counts(); a != 4 || r != 2 {
		t.Errorf("the due answer once the card is free: %d attempts, %d reviews; want 4 and 2", a, r)
	}
}
