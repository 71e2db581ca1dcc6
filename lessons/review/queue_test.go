package review_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/fsrs"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// TestQueue: a learner's due cards first, then the others, with counts of
// all of them; another learner's cards, and cards whose item has left its
// lesson, are not theirs to review.
func TestQueue(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lee, max := f.learner(t, "lee"), f.learner(t, "max")
	for i, cp := range f.checkpts {
		f.attempt(t, lee, cp, i%2 == 0, t0.Add(time.Duration(i)*time.Second)) // right: due in 10 min; wrong: in 1
	}
	f.attempt(t, max, f.checkpts[0], false, t0)
	wrong := (len(f.checkpts)) / 2

	at := t0.Add(5 * time.Minute)
	q, err := f.store.Queue(ctx, lee, at, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if q.Due != wrong || q.Later != len(f.checkpts)-wrong || len(q.DueCards) != 1 || len(q.Upcoming) != 2 {
		t.Fatalf("queue: %d due, %d later, %d and %d shown; want %d, %d, 1 and 2", q.Due, q.Later, len(q.DueCards), len(q.Upcoming), wrong, len(f.checkpts)-wrong)
	}
	c := q.DueCards[0]
	if c.Key != f.checkpts[1].Key || c.Course != course || c.Lesson != lesson || c.RevisionID != f.page.RevisionID || c.LessonTitle == "" {
		t.Errorf("first due card %+v, want checkpoint 2 of %s/%s on revision %d", c, course, lesson, f.page.RevisionID)
	}
	if !q.Upcoming[0].Due.Before(q.Upcoming[1].Due) && !q.Upcoming[0].Due.Equal(q.Upcoming[1].Due) {
		t.Error("upcoming cards are not soonest first")
	}
	if n, err := f.store.DueCount(ctx, lee, at); err != nil || n != wrong {
		t.Errorf("due count %d (%v), want %d", n, err, wrong)
	}

	// Checkpoint 2's key no longer names an item of its lesson.
	if _, err := f.pool.Exec(ctx, `UPDATE review_cards SET item_key = 'removed' WHERE user_id = $1 AND item_key = $2`, lee, f.checkpts[1].Key); err != nil {
		t.Fatal(err)
	}
	if n, _ := f.store.DueCount(ctx, lee, at); n != wrong-1 {
		t.Errorf("with an item gone: due count %d, want %d", n, wrong-1)
	}
	if _, err := f.store.Card(ctx, lee, c.ID); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("a card whose item is gone: %v, want ErrNotFound", err)
	}
	if _, err := f.store.Card(ctx, max, q.Upcoming[0].ID); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("another learner's card: %v, want ErrNotFound", err)
	}
	if q, err := f.store.Queue(ctx, f.learner(t, "new"), at, 5, 5); err != nil || q.Due+q.Later+len(q.DueCards)+len(q.Upcoming) != 0 {
		t.Errorf("a learner with no cards: %+v, %v", q, err)
	}
}

// TestLatestReview: what the Review page reports after an answer: the
// checkpoint option chosen, or each criterion the written answer
// reviewed, with the next due dates; nothing for another learner.
func TestLatestReview(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lee, max := f.learner(t, "lee"), f.learner(t, "max")
	cp := f.checkpts[0]
	r := f.attempt(t, lee, cp, false, t0)
	d, err := f.store.LatestReview(ctx, lee, r.Card.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d.Key != cp.Key || d.Kind != lessons.KindCheckpoint || d.RevisionID != f.page.RevisionID || len(d.Results) != 1 ||
		d.Results[0].Correct || d.Results[0].Rating != fsrs.Again || !d.Results[0].Due.Equal(r.Card.Due) {
		t.Errorf("latest review %+v, want the wrong answer to %s due %v", d, cp.Key, r.Card.Due)
	}
	if _, err := f.store.LatestReview(ctx, max, r.Card.ID); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("another learner's card: %v, want ErrNotFound", err)
	}
	id, cards := f.written(t, lee, [4]int{1, 0, 1, 0}, progress.Confident, t0)
	d, err = f.store.LatestReview(ctx, lee, cards[3].Card.ID)
	if err != nil || d.ResponseID != id || d.Option != -1 || len(d.Results) != 4 || d.Results[0].Criterion != grading.Result || !d.Results[0].Correct || d.Results[1].Correct {
		t.Errorf("latest written review %+v (%v), want the four criteria of response %d in rubric order", d, err, id)
	}
}
