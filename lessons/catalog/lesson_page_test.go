package catalog_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/catalog/catalogtest"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestLessonForReadsTheLearner: the lesson page's one query reads the
// lesson as Lesson does, and the learner's account, answers and scores as
// their owners' own reads do (auth.Store.ByID, progress.Store.LessonState,
// scores.Store.LatestFor), for that learner and lesson only.
func TestLessonForReadsTheLearner(t *testing.T) {
	t.Parallel()
	const course, lesson, exercise = "serving-incidents", "work-a-serving-incident", "release-and-traffic"
	ctx, pool, cat, page := shippedLesson(t, course, lesson)
	lea, ben := newLearner(t, pool, "lea"), newLearner(t, pool, "ben")
	prog, sc := progress.NewStore(pool), scores.NewStore(pool)
	var cp lessons.Block
	for _, b := range page.Lesson.Blocks {
		if b.Kind == lessons.KindCheckpoint {
			cp = b
			break
		}
	}
	for _, who := range []int64{lea, ben} {
		a := progress.Attempt{Course: course, Lesson: lesson, RevisionID: page.RevisionID, Key: cp.Key,
			Option: cp.Checkpoint.Correct(), Correct: true, At: time.Now()}
		if err := prog.RecordAttempt(ctx, who, a); err != nil {
			t.Fatal(err)
		}
	}
	r := progress.Response{Course: course, Lesson: lesson, RevisionID: page.RevisionID, Key: exercise, Kind: lessons.KindExercise,
		Answer: "Compare long-prompt latency on both versions.", Confidence: progress.GettingThere, At: time.Now()}
	auto := grading.Score{Confidence: 0.9, Version: grading.ScorerVersion}
	for i, c := range grading.Criteria {
		auto.Criteria[i] = grading.CriterionScore{Criterion: c, Evidence: []grading.Evidence{}, Rationale: "Not awarded."}
	}
	if err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
		id, err := progress.InsertResponse(ctx, tx, lea, r)
		if err != nil {
			return err
		}
		return sc.RecordAuto(ctx, tx, id, r.RevisionID, auto)
	}); err != nil {
		t.Fatal(err)
	}

	got, mine, err := cat.LessonFor(ctx, course, lesson, lea)
	if err != nil {
		t.Fatal(err)
	}
	if got.RevisionID != page.RevisionID || got.Lesson != page.Lesson || len(got.Siblings) != len(page.Siblings) {
		t.Errorf("LessonFor read revision %d with %d siblings, want Lesson's %d with %d", got.RevisionID, len(got.Siblings),
			page.RevisionID, len(page.Siblings))
	}
	account, err := auth.DecodeAccount(lea, mine.Account)
	if err != nil {
		t.Fatal(err)
	}
	if want, err := auth.NewStore(pool).ByID(ctx, lea); err != nil || !cmp.Equal(want, account) {
		t.Errorf("account = %+v, want ByID's %+v (%v)", account, want, err)
	}
	state, err := progress.DecodeLessonState(mine.State, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	if want, err := prog.LessonState(ctx, lea, course, lesson); err != nil || !cmp.Equal(want, state) {
		t.Errorf("answers differ from LessonState's (%v):\n%s", err, cmp.Diff(want, state))
	}
	if state.Attempts[cp.Key] != 1 || len(state.Responses[exercise]) != 1 {
		t.Errorf("answers = %+v, want Lea's one attempt and one response", state)
	}
	latest, err := scores.DecodeLatest(mine.Scores)
	if err != nil {
		t.Fatal(err)
	}
	if want, err := sc.LatestFor(ctx, lea, course, lesson); err != nil || !cmp.Equal(want, latest) {
		t.Errorf("scores differ from LatestFor's (%v):\n%s", err, cmp.Diff(want, latest))
	}
	if len(latest) != 1 || latest[exercise].UserID != lea || len(latest[exercise].History) != 1 {
		t.Errorf("scores = %+v, want Lea's one scored exercise", latest)
	}

	// LearnerOn reads the same, and LearnerWorkOn the same but the account.
	on, err := cat.LearnerOn(ctx, got.LessonID, lea)
	if err != nil {
		t.Fatal(err)
	}
	work, err := cat.LearnerWorkOn(ctx, got.LessonID, lea)
	if err != nil {
		t.Fatal(err)
	}
	if want := (catalog.LearnerJSON{Account: nil, State: on.State, Scores: on.Scores, News: on.News, DueReviews: on.DueReviews}); !cmp.Equal(on, mine) || !cmp.Equal(work, want) {
		t.Errorf("LearnerOn read %+v and LearnerWorkOn %+v; want LessonFor's %+v, the second without the account", on, work, mine)
	}

	// Review news, the navigation's count: a finished review, and a
	// request asked after it.
	id := latest[exercise].ResponseID
	all := map[grading.Criterion]int{}
	notes := map[grading.Criterion]string{}
	for _, c := range grading.Criteria {
		all[c], notes[c] = 1, "Earned."
	}
	if _, err := sc.Override(ctx, scores.Override{ResponseID: id, ReviewerID: ben, BasedOn: latest[exercise].History[0].ID, Scores: all, Notes: notes}); err != nil {
		t.Fatal(err)
	}
	if err := sc.RequestReview(ctx, id, lea, "Please look again."); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		who  int64
		want scores.NewsCount
	}{{lea, scores.NewsCount{Requested: 1, Finished: 1}}, {ben, scores.NewsCount{}}} {
		_, mine, err := cat.LessonFor(ctx, course, lesson, c.who)
		if err != nil {
			t.Fatal(err)
		}
		news, err := scores.DecodeNews(mine.News)
		if err != nil {
			t.Fatal(err)
		}
		if own, err := sc.NewsCount(ctx, c.who); err != nil || news != own || news != c.want {
			t.Errorf("user %d's review news = %+v, NewsCount's %+v (%v); want %+v", c.who, news, own, err, c.want)
		}
	}

	// Someone else's page; an account that is gone; a lesson that is not.
	if _, mine, err := cat.LessonFor(ctx, course, lesson, ben); err != nil {
		t.Fatal(err)
	} else if latest, err := scores.DecodeLatest(mine.Scores); err != nil || len(latest) != 0 {
		t.Errorf("Ben's scores = %v (%v), want none", latest, err)
	}
	if _, mine, err := cat.LessonFor(ctx, course, lesson, ben+1000); err != nil {
		t.Fatal(err)
	} else if _, err := auth.DecodeAccount(ben+1000, mine.Account); !isNotFound(err) {
		t.Errorf("a missing account: %v, want not found", err)
	}
	if _, _, err := cat.LessonFor(ctx, course, "missing", lea); !isNotFound(err) {
		t.Errorf("a missing lesson: %v, want not found", err)
	}
}

// TestLearnerWorkOnSaysWhenACardFallsDue: the learner's part says how long
// until the next of their live cards falls due (DueIn), by Postgres's
// clock, so that a server keeping it knows when the navigation's count of
// due cards will grow; none scheduled is 0, and a card already due is
// counted, not waited for.
func TestLearnerWorkOnSaysWhenACardFallsDue(t *testing.T) {
	t.Parallel()
	ctx, pool, cat, page := shippedLesson(t, "serving-incidents", "work-a-serving-incident")
	lea := newLearner(t, pool, "lea")
	read := func() catalog.LearnerJSON {
		t.Helper()
		mine, err := cat.LearnerWorkOn(ctx, page.LessonID, lea)
		if err != nil {
			t.Fatal(err)
		}
		return mine
	}
	if mine := read(); mine.DueIn != 0 || mine.DueReviews != 0 {
		t.Errorf("no cards: due in %v, %d due; want 0 and 0", mine.DueIn, mine.DueReviews)
	}
	var cps []string
	for _, b := range page.Lesson.Blocks {
		if b.Kind == lessons.KindCheckpoint {
			cps = append(cps, b.Key)
		}
	}
	card := func(key, due string) {
		t.Helper()
		if _, err := pool.Exec(ctx, `INSERT INTO review_cards (user_id, lesson_id, item_key, kind, criterion, state, due, stability,
			difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses)
			VALUES ($1, $2, $3, 'checkpoint', '', 2, now() + $4::interval, 1, 5, 0, 1, 0, 1, 0)`, lea, page.LessonID, key, due); err != nil {
			t.Fatal(err)
		}
	}
	card(cps[0], "2 hours")
	card(cps[1], "1 hour")
	card(cps[2], "-1 minute")
	mine := read()
	if mine.DueReviews != 1 || mine.DueIn < 59*time.Minute || mine.DueIn > time.Hour {
		t.Errorf("cards due in 2 h, 1 h and a minute ago: due in %v, %d due; want an hour and 1", mine.DueIn, mine.DueReviews)
	}
	// A card whose item is no longer in the lesson is never due.
	if _, err := pool.Exec(ctx, `UPDATE review_cards SET item_key = 'gone' WHERE item_key = $1`, cps[1]); err != nil {
		t.Fatal(err)
	}
	if mine := read(); mine.DueIn < 119*time.Minute || mine.DueIn > 2*time.Hour {
		t.Errorf("with the 1 h card's item gone: due in %v, want two hours", mine.DueIn)
	}
}

// shippedLesson imports the shipped course into a database of the test's
// own and reads one of its lessons as the lesson page does.
func shippedLesson(t *testing.T, course, lesson string) (context.Context, *pgxpool.Pool, *catalog.Catalog, catalog.LessonPage) {
	t.Helper()
	pool := pgtest.New(t)
	cat, page := catalogtest.Shipped(t, pool, course, lesson)
	return context.Background(), pool, cat, page
}

// newLearner adds an account named name (name@example.com) and returns
// its id.
func newLearner(t *testing.T, pool *pgxpool.Pool, name string) int64 {
	t.Helper()
	return catalogtest.Account(t, pool, name, "learner")
}
