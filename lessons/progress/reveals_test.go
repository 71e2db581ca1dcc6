package progress_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// TestRevealNeedsAnAttempt: a reveal is refused until the learner has
// answered the item, is kept once (revealing again changes nothing), and
// marks the versions of a written answer stored after it, not before.
func TestRevealNeedsAnAttempt(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	reveal := func(key string) error {
		return f.store.RevealFor(ctx, f.userID, progress.Reveal{RevisionID: f.page.RevisionID, Key: key, At: at})
	}
	written := func(answer string) progress.Response {
		return progress.Response{Course: course, Lesson: lesson, RevisionID: f.page.RevisionID, Key: "release-and-traffic",
			Kind: lessons.KindExercise, Answer: answer, Confidence: progress.NotYet, At: at}
	}
	cp := f.checkpts[0].Key
	for _, tc := range []struct {
		name   string
		before func() error
		key    string
		want   error
	}{
		{"an unanswered checkpoint", nil, cp, progress.ErrNotAttempted},
		{"an answered checkpoint", func() error { return f.store.RecordAttempt(ctx, f.userID, f.attempt(0, false, 1)) }, cp, nil},
		{"the same checkpoint again", nil, cp, nil},
		{"an unanswered exercise", nil, "release-and-traffic", progress.ErrNotAttempted},
		{"an answered exercise", func() error { return f.store.SaveResponse(ctx, f.userID, written("First.")) }, "release-and-traffic", nil},
	} {
		if tc.before != nil {
			if err := tc.before(); err != nil {
				t.Fatal(err)
			}
		}
		if err := reveal(tc.key); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}
	if err := f.store.SaveResponse(ctx, f.userID, written("Revised.")); err != nil {
		t.Fatal(err)
	}
	st, err := f.store.LessonState(ctx, f.userID, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	if !st.Revealed[cp] || !st.Revealed["release-and-traffic"] || len(st.Revealed) != 2 {
		t.Errorf("revealed = %v, want the checkpoint and the exercise", st.Revealed)
	}
	rs := st.Responses["release-and-traffic"]
	if len(rs) != 2 || rs[0].AfterReveal || !rs[1].AfterReveal {
		t.Errorf("versions %+v: want the first unmarked and the revision after the reveal marked", rs)
	}

	// What the learner downloads, and the reviewer's screen reads.
	reveals, err := progress.RevealsOf(ctx, f.pool, f.userID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range reveals {
		got = append(got, fmt.Sprintf("%s/%s r%d %s %s %s", v.Course, v.Lesson, v.Revision, v.Item, v.Kind, v.At.UTC().Format(time.RFC3339)))
	}
	want := []string{
		fmt.Sprintf("%s/%s r1 %s checkpoint 2026-12-01T10:00:00Z", course, lesson, cp),
		fmt.Sprintf("%s/%s r1 release-and-traffic exercise 2026-12-01T10:00:00Z", course, lesson),
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("RevealsOf = %q, want %q", got, want)
	}
	// Every read of a written answer (scores.Submission: the download, the
	// CSV, the reviewer's screen) carries its mark.
	subs, err := scores.SubmissionsOf(ctx, f.pool, f.userID)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := responseIDs(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != len(ids) {
		t.Fatalf("%d submissions, want %d", len(subs), len(ids))
	}
	sstore := scores.NewStore(f.pool)
	for i, id := range ids {
		one, err := sstore.Submission(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if wantMarked := i == 1; one.AfterReveal != wantMarked || subs[i].ResponseID != id || subs[i].AfterReveal != wantMarked {
			t.Errorf("version %d: Submission.AfterReveal %v, SubmissionsOf %v; want %v", i+1, one.AfterReveal, subs[i].AfterReveal, wantMarked)
		}
	}
}

// responseIDs are the ids of the fixture learner's written answers,
// oldest first.
func responseIDs(ctx context.Context, f fixture) ([]int64, error) {
	rows, err := f.pool.Query(ctx, `SELECT id FROM responses WHERE user_id = $1 ORDER BY created_at, id`, f.userID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}
