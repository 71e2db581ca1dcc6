package progress_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// TestOwners: who wrote which answers, each learner once, answers that
// are gone left out.
func TestOwners(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	var other int64
	if err := f.pool.QueryRow(ctx, `INSERT INTO users (email, display_name, password_hash) VALUES ('b@example.com', 'B', '$argon2id$x')
		RETURNING id`).Scan(&other); err != nil {
		t.Fatal(err)
	}
	write := func(who int64) int64 {
		t.Helper()
		id, err := progress.InsertResponse(ctx, f.pool, who, progress.Response{Course: course, Lesson: lesson, RevisionID: f.page.RevisionID,
			Key: "explain-back", Kind: lessons.KindExplain, Answer: "An answer.", Confidence: progress.Confident, At: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	a1, a2, b := write(f.userID), write(f.userID), write(other)
	got, err := progress.Owners(ctx, f.pool, []int64{a1, b, a2, b + 1000})
	if want := []int64{f.userID, other}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Owners = %v (%v), want %v", got, err, want)
	}
	if got, err := progress.Owners(ctx, f.pool, nil); err != nil || len(got) != 0 {
		t.Errorf("Owners of none = %v (%v), want none", got, err)
	}
}
