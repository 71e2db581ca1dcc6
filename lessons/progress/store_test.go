package progress_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/catalog/catalogtest"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

const (
	course = "serving-incidents"
	lesson = "work-a-serving-incident"
)

type fixture struct {
	pool     *pgxpool.Pool
	store    *progress.Store
	page     catalog.LessonPage
	userID   int64
	checkpts []lessons.Block
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	pool := pgtest.New(t)
	_, page := catalogtest.Shipped(t, pool, course, lesson)
	return fixture{pool: pool, store: progress.NewStore(pool), page: page,
		userID: catalogtest.Account(t, pool, "A", "learner"), checkpts: catalogtest.Checkpoints(page)}
}

// attempt answers checkpoint i right or wrong at a given minute.
func (f fixture) attempt(i int, right bool, minute int) progress.Attempt {
	cp := f.checkpts[i]
	option := cp.Checkpoint.Correct()
	if !right {
		option = (option + 1) % len(cp.Checkpoint.Options)
	}
	return progress.Attempt{Course: course, Lesson: lesson, RevisionID: f.page.RevisionID, Key: cp.Key,
		Option: option, Correct: right, At: time.Date(2026, 12, 1, 10, minute, 0, 0, time.UTC)}
}

func TestFirstAttemptAccuracyCountsOnlyTheFirst(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	for _, a := range []progress.Attempt{
		f.attempt(0, false, 1), // wrong first…
		f.attempt(0, true, 2),  // …then right: still a miss
		f.attempt(1, true, 3),
		f.attempt(1, false, 4), // a later wrong retry does not undo a right first
	} {
		if err := f.store.RecordAttempt(ctx, f.userID, a); err != nil {
			t.Fatal(err)
		}
	}
	first, err := f.store.FirstAttempts(ctx, f.userID)
	if err != nil {
		t.Fatal(err)
	}
	correct, total := progress.Accuracy(first)
	if correct != 1 || total != 2 {
		t.Errorf("accuracy = %d of %d, want 1 of 2", correct, total)
	}
	if !first[0].CorrectLater || first[0].Ordinal != 1 || first[0].LessonTitle != "Work a serving incident from observations" {
		t.Errorf("first miss = %+v, want checkpoint 1 of lesson 3, answered correctly later", first[0])
	}
	st, err := f.store.LessonState(ctx, f.userID, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	if n := st.Attempts[f.checkpts[0].Key]; n != 2 {
		t.Errorf("kept %d attempts at checkpoint 1, want both", n)
	}
}

func TestMergeMovesAnonymousAnswersOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	var anon progress.Anonymous
	anon.Attempts = append(anon.Attempts, f.attempt(0, true, 1), f.attempt(1, false, 2))
	r, err := progress.NewResponse(lessons.KindExplain, "  My explanation.  ", progress.GettingThere)
	if err != nil {
		t.Fatal(err)
	}
	r.Course, r.Lesson, r.RevisionID, r.Key, r.At = course, lesson, f.page.RevisionID, "explain-back", time.Now()
	anon.Responses = append(anon.Responses, r)
	if err := postgres.InTx(ctx, f.pool, func(tx pgx.Tx) error {
		_, _, err := progress.InsertAnswers(ctx, tx, f.userID, anon)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	st, err := f.store.LessonState(ctx, f.userID, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	got := st.Attempts
	want := map[string]int{f.checkpts[0].Key: 1, f.checkpts[1].Key: 1}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("attempts after merge (-want +got):\n%s", diff)
	}
	if resp, ok := st.LastResponse("explain-back"); !ok || resp.Answer != "My explanation." || resp.Confidence != progress.GettingThere {
		t.Errorf("merged explanation = %+v, want the trimmed text with its rating", resp)
	}
	first, _ := f.store.FirstAttempts(ctx, f.userID)
	if c, n := progress.Accuracy(first); c != 1 || n != 2 {
		t.Errorf("accuracy after merge = %d of %d, want 1 of 2", c, n)
	}
}

func TestLessonCompletion(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	summary := f.page.Siblings[2]
	status := func() progress.Status {
		answered, err := f.store.Answered(ctx, f.userID, course)
		if err != nil {
			t.Fatal(err)
		}
		return progress.StatusOf(summary.Answerable, answered[lesson])
	}
	if got := status(); got != progress.NotStarted {
		t.Fatalf("status before answering = %v", got.Label())
	}
	for i := range f.checkpts {
		if err := f.store.RecordAttempt(ctx, f.userID, f.attempt(i, true, i)); err != nil {
			t.Fatal(err)
		}
	}
	if got := status(); got != progress.InProgress {
		t.Errorf("with checkpoints done but no written answers: %v, want In progress", got.Label())
	}
	for _, b := range f.page.Lesson.Blocks {
		if b.Kind == lessons.KindExercise || b.Kind == lessons.KindProbe || b.Kind == lessons.KindExplain {
			r := progress.Response{RevisionID: f.page.RevisionID, Key: b.Key, Kind: b.Kind, Answer: "x", Confidence: progress.Confident}
			if err := f.store.SaveResponse(ctx, f.userID, r); err != nil {
				t.Fatal(err)
			}
		}
	}
	if got := status(); got != progress.Complete {
		t.Errorf("with every item answered: %v, want Complete", got.Label())
	}
	resume, ok, err := f.store.Continue(ctx, f.userID)
	if err != nil || !ok || resume.Lesson != lesson {
		t.Errorf("Continue = %+v, %v, %v; want lesson 3", resume, ok, err)
	}
}

func TestNewResponseRejectsBadInput(t *testing.T) {
	t.Parallel()
	long := string(bytes.Repeat([]byte("a"), progress.MaxAnswer+1))
	tests := []struct {
		name       string
		answer     string
		confidence progress.Confidence
		want       string
	}{
		{"empty", "   ", progress.Confident, "Write your answer before saving it."},
		{"too long", long, progress.Confident, "Your answer is 10001 characters long; the limit is 10000. Shorten it and save again — nothing was saved."},
		{"no confidence", "ok", "", "Say how confident you are: Not yet, Getting there or Confident."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := progress.NewResponse(lessons.KindExplain, tt.answer, tt.confidence)
			if err == nil || err.Error() != tt.want {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}
