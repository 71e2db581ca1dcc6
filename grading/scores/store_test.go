package scores_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

func TestSubmitScoredStoresTheAnswerAndItsAutoScore(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lea := f.user(t, "Lea")
	sc := score(0.42, 1, 0, 1, 0)
	id := f.submit(t, lea, exercise, time.Now(), sc)

	sub, err := f.store.Submission(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if sub.UserID != lea || sub.LearnerName != "Lea" || sub.Course != course || sub.Lesson != lesson || sub.Key != exercise ||
		sub.Kind != "exercise" || sub.RevisionID != f.revision || sub.Confidence != "getting-there" || sub.LessonTitle == "" {
		t.Errorf("submission = %+v", sub)
	}
	if len(sub.History) != 1 {
		t.Fatalf("history has %d events, want the auto event", len(sub.History))
	}
	e := sub.History[0]
	want := scores.Event{ID: e.ID, ResponseID: id, Kind: scores.KindAuto, Scores: points(1, 0, 1, 0), Total: 2, Detail: &sc,
		Confidence: 0.42, RubricRevisionID: f.revision, RubricRevisionNumber: 1, ScorerVersion: grading.ScorerVersion, At: e.At}
	if diff := cmp.Diff(want, e); diff != "" {
		t.Errorf("auto event (-want +got):\n%s", diff)
	}
	if cur := scores.Current(sub.History); cur.ID != e.ID {
		t.Errorf("Current = event %d, want the auto event %d", cur.ID, e.ID)
	}
}

func TestRecordAutoInTheCallersTransaction(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lea := f.user(t, "Lea")
	var id int64
	err := postgres.InTx(ctx, f.pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO responses (user_id, revision_id, item_key, kind, answer, confidence)
			VALUES ($1, $2, $3, 'probe', 'An answer', 'confident') RETURNING id`, lea, f.revision, probe).Scan(&id); err != nil {
			return err
		}
		return f.store.RecordAuto(ctx, tx, id, f.revision, score(0.7, 1, 1, 1, 0))
	})
	if err != nil {
		t.Fatal(err)
	}
	h, err := f.store.History(ctx, id)
	if err != nil || len(h) != 1 || h[0].Kind != scores.KindAuto || h[0].Total != 3 {
		t.Fatalf("history = %+v, %v; want one auto event with total 3", h, err)
	}
	// A response has one auto score.
	err = postgres.InTx(ctx, f.pool, func(tx pgx.Tx) error { return f.store.RecordAuto(ctx, tx, id, f.revision, score(0.7)) })
	if err == nil {
		t.Error("a second auto score was recorded")
	}
}

func TestHistoryOfAMissingResponse(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if _, err := f.store.History(context.Background(), 999); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("History: err = %v, want ErrNotFound", err)
	}
	if _, err := f.store.Submission(context.Background(), 999); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("Submission: err = %v, want ErrNotFound", err)
	}
}

func TestCurrent(t *testing.T) {
	t.Parallel()
	auto := scores.Event{ID: 1, Kind: scores.KindAuto, Total: 2}
	r1 := scores.Event{ID: 2, Kind: scores.KindReview, Total: 3}
	r2 := scores.Event{ID: 5, Kind: scores.KindReview, Total: 1}
	tests := []struct {
		name    string
		history []scores.Event
		want    int64
	}{
		{"no events", nil, 0},
		{"auto only", []scores.Event{auto}, 1},
		{"a review overrides the auto score", []scores.Event{auto, r1}, 2},
		{"the latest review wins", []scores.Event{auto, r1, r2}, 5},
		{"a review without an auto score", []scores.Event{r1}, 2},
	}
	for _, tt := range tests {
		if got := scores.Current(tt.history); got.ID != tt.want {
			t.Errorf("%s: Current = event %d, want %d", tt.name, got.ID, tt.want)
		}
	}
}

func TestOverrideAppendsAndNeverRewrites(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lea, rita := f.user(t, "Lea"), f.user(t, "Rita")
	id := f.submit(t, lea, exercise, time.Now(), score(0.5, 1, 0, 0, 0))
	before := rawEvents(t, f, id)

	h, _ := f.store.History(ctx, id)
	ev, err := f.store.Override(ctx, scores.Override{
		ResponseID: id, ReviewerID: rita, BasedOn: h[0].ID, Scores: points(0, 1, 0, 0),
		Notes: map[grading.Criterion]string{
			grading.Result:      "  Offers a blanket rollback as the fix.\r\n",
			grading.Reasoning:   "Explains why both versions slow only on long prompts.",
			grading.FailureCase: "Kept at 0: no confound named.", // unchanged, still kept
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	wantNotes := map[grading.Criterion]string{
		grading.Result:      "Offers a blanket rollback as the fix.",
		grading.Reasoning:   "Explains why both versions slow only on long prompts.",
		grading.FailureCase: "Kept at 0: no confound named.",
	}
	want := scores.Event{ID: ev.ID, ResponseID: id, Kind: scores.KindReview, Scores: points(0, 1, 0, 0), Total: 1, Notes: wantNotes,
		ReviewerID: rita, ReviewerName: "Rita", RubricRevisionID: f.revision, RubricRevisionNumber: 1, BasedOn: h[0].ID, At: ev.At}
	if diff := cmp.Diff(want, ev); diff != "" {
		t.Errorf("returned event (-want +got):\n%s", diff)
	}

	after := rawEvents(t, f, id)
	if len(after) != 2 {
		t.Fatalf("%d events after the override, want 2", len(after))
	}
	if after[0] != before[0] {
		t.Errorf("the auto row changed:\nbefore %s\nafter  %s", before[0], after[0])
	}
	h, err = f.store.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, h[1], cmpopts.EquateApproxTime(time.Millisecond)); diff != "" {
		t.Errorf("history's review event (-want +got):\n%s", diff)
	}
	if cur := scores.Current(h); cur.ID != ev.ID || cur.Total != 1 {
		t.Errorf("Current = %+v, want the review", cur)
	}
}

// rawEvents is every score_events row of a response as Postgres prints it.
func rawEvents(t *testing.T, f fixture, responseID int64) []string {
	t.Helper()
	rows, err := f.pool.Query(context.Background(), "SELECT e::text FROM score_events e WHERE response_id = $1 ORDER BY id", responseID)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

func TestOverrideOnAStaleEventIsAConflict(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lea, rita, sam := f.user(t, "Lea"), f.user(t, "Rita"), f.user(t, "Sam")
	id := f.submit(t, lea, exercise, time.Now(), score(0.5, 1, 1, 0, 0))
	h, _ := f.store.History(ctx, id)
	auto := h[0].ID

	// Both open the submission at the auto score; Rita saves first.
	ritas, err := f.store.Override(ctx, scores.Override{ResponseID: id, ReviewerID: rita, BasedOn: auto, Scores: points(1, 1, 1, 0),
		Notes: map[grading.Criterion]string{grading.FailureCase: "Names the confound."}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.store.Override(ctx, scores.Override{ResponseID: id, ReviewerID: sam, BasedOn: auto, Scores: points(0, 1, 0, 0),
		Notes: map[grading.Criterion]string{grading.Result: "Misses the mitigation."}})
	var conflict *scores.ConflictError
	if !errors.As(err, &conflict) {
		t.Fatalf("err = %v, want a ConflictError", err)
	}
	if conflict.Latest.ID != ritas.ID || conflict.Latest.ReviewerName != "Rita" || conflict.Latest.Notes[grading.FailureCase] != "Names the confound." ||
		conflict.Latest.Total != 3 {
		t.Errorf("conflict shows %+v, want Rita's decision", conflict.Latest)
	}
	if n := len(rawEvents(t, f, id)); n != 2 {
		t.Errorf("%d events, want the auto score and Rita's review only", n)
	}
	// Sam saves again deliberately, on top of Rita's decision.
	if _, err := f.store.Override(ctx, scores.Override{ResponseID: id, ReviewerID: sam, BasedOn: ritas.ID, Scores: points(0, 1, 0, 0),
		Notes: map[grading.Criterion]string{grading.Result: "Misses the mitigation.", grading.FailureCase: "Only hedges."}}); err != nil {
		t.Fatalf("re-saving on the latest event: %v", err)
	}
}

func TestOverrideConcurrentSavesOneWins(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lea := f.user(t, "Lea")
	reviewers := []int64{f.user(t, "Rita"), f.user(t, "Sam"), f.user(t, "Tom"), f.user(t, "Uma")}
	id := f.submit(t, lea, exercise, time.Now(), score(0.5, 1, 1, 0, 0))
	h, _ := f.store.History(ctx, id)
	errs := make(chan error, len(reviewers))
	for _, r := range reviewers {
		go func() {
			_, err := f.store.Override(ctx, scores.Override{ResponseID: id, ReviewerID: r, BasedOn: h[0].ID, Scores: points(1, 1, 1, 0),
				Notes: map[grading.Criterion]string{grading.FailureCase: "Names the confound."}})
			errs <- err
		}()
	}
	saved := 0
	for range reviewers {
		err := <-errs
		var conflict *scores.ConflictError
		switch {
		case err == nil:
			saved++
		case !errors.As(err, &conflict):
			t.Errorf("err = %v, want nil or a ConflictError", err)
		}
	}
	if saved != 1 || len(rawEvents(t, f, id)) != 2 {
		t.Errorf("%d saves succeeded, want exactly 1", saved)
	}
}

func TestOverrideRefusesIncompleteDecisions(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lea, rita := f.user(t, "Lea"), f.user(t, "Rita")
	id := f.submit(t, lea, exercise, time.Now(), score(0.5, 1, 1, 0, 0))
	h, _ := f.store.History(ctx, id)
	type note = map[grading.Criterion]string
	tests := []struct {
		name   string
		scores map[grading.Criterion]int
		notes  note
		want   map[string]string // field → part of the message
	}{
		{"a change without a note", points(0, 1, 0, 0), nil,
			map[string]string{"note_result": "You changed Result from 1 point to 0 points: say why in a note."}},
		{"a blank note", points(0, 1, 0, 0), note{grading.Result: "   "},
			map[string]string{"note_result": "say why in a note"}},
		{"two changes, one note", points(0, 1, 1, 0), note{grading.Result: "Wrong fix."},
			map[string]string{"note_failure_case": "You changed Failure case from 0 points to 1 point"}},
		{"a note too long", points(0, 1, 0, 0), note{grading.Result: strings.Repeat("é", scores.MaxNote+1)},
			map[string]string{"note_result": "The note for Result is 2001 characters long; the limit is 2000."}},
		{"nothing changes", points(1, 1, 0, 0), note{grading.Result: "Agree."},
			map[string]string{"scores": "Change at least one criterion"}},
		{"a score missing", map[grading.Criterion]int{grading.Result: 0, grading.Reasoning: 1, grading.FailureCase: 0}, note{grading.Result: "Wrong fix."},
			map[string]string{"score_verification": "Choose 0 points or 1 point for Verification."}},
		{"a score out of range", points(0, 2, 0, 0), note{grading.Result: "Wrong fix."},
			map[string]string{"score_reasoning": "Choose 0 points or 1 point for Reasoning."}},
		{"an unknown criterion", map[grading.Criterion]int{grading.Result: 0, grading.Reasoning: 1, grading.FailureCase: 0, grading.Verification: 0, "style": 1},
			note{grading.Result: "Wrong fix."}, map[string]string{"scores": `"style" is not a rubric criterion.`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.store.Override(ctx, scores.Override{ResponseID: id, ReviewerID: rita, BasedOn: h[0].ID, Scores: tt.scores, Notes: tt.notes})
			var ie *scores.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v, want InputErrors", err)
			}
			got := map[string]string{}
			for _, ie := range scores.InputErrors(err) {
				got[ie.Field] = ie.Msg
			}
			if len(got) != len(tt.want) {
				t.Errorf("problems %q, want %d", got, len(tt.want))
			}
			for field, msg := range tt.want {
				if !strings.Contains(got[field], msg) {
					t.Errorf("%s: %q, want it to say %q", field, got[field], msg)
				}
			}
		})
	}
	if n := len(rawEvents(t, f, id)); n != 1 {
		t.Errorf("%d events, want only the auto score", n)
	}
	if _, err := f.store.Override(ctx, scores.Override{ResponseID: 999, ReviewerID: rita, Scores: points(0, 0, 0, 0)}); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("a missing response: err = %v, want ErrNotFound", err)
	}
}

func TestRequestReview(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lea, ben := f.user(t, "Lea"), f.user(t, "Ben")
	id := f.submit(t, lea, exercise, time.Now(), score(0.9, 1, 1, 0, 0))

	if err := f.store.RequestReview(ctx, id, ben, "Not mine"); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("another learner's answer: err = %v, want ErrNotFound", err)
	}
	if err := f.store.RequestReview(ctx, 999, lea, "Missing"); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("a missing answer: err = %v, want ErrNotFound", err)
	}
	for reason, want := range map[string]string{" \n ": "Say what you think the score missed", strings.Repeat("a", 2001): "2001 characters long"} {
		var ie *scores.InputError
		if err := f.store.RequestReview(ctx, id, lea, reason); !errors.As(err, &ie) || ie.Field != "reason" || !strings.Contains(ie.Msg, want) {
			t.Errorf("reason of %d characters: err = %v, want %q", len(reason), err, want)
		}
	}
	if err := f.store.RequestReview(ctx, id, lea, "  I named the confound in my second paragraph. "); err != nil {
		t.Fatal(err)
	}
	sub, err := f.store.Submission(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(sub.Requests) != 1 || sub.Requests[0].Reason != "I named the confound in my second paragraph." || sub.Requests[0].UserID != lea {
		t.Errorf("requests = %+v", sub.Requests)
	}
	if len(sub.OpenRequests()) != 1 {
		t.Error("the request is not open")
	}
	f.review(t, id, ben, 1, 1, 1, 0)
	if sub, _ = f.store.Submission(ctx, id); len(sub.OpenRequests()) != 0 {
		t.Error("the request is still open after a review")
	}
}

func TestLatestFor(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	lea, ben := f.user(t, "Lea"), f.user(t, "Ben")
	t0 := time.Now().Add(-time.Hour)
	f.submit(t, lea, exercise, t0, score(0.9, 1, 0, 0, 0))
	second := f.submit(t, lea, exercise, t0.Add(time.Minute), score(0.9, 1, 1, 0, 0))
	probeID := f.submit(t, lea, probe, t0, score(0.9, 0, 0, 0, 0))
	f.submit(t, ben, exercise, t0.Add(2*time.Minute), score(0.9, 1, 1, 1, 1))
	if err := f.store.RequestReview(ctx, probeID, lea, "Please look"); err != nil {
		t.Fatal(err)
	}
	f.review(t, second, ben, 1, 1, 1, 0)

	got, err := f.store.LatestFor(ctx, lea, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[exercise].ResponseID != second || got[probe].ResponseID != probeID {
		t.Fatalf("LatestFor = %v, want the second exercise answer and the probe answer", got)
	}
	if h := got[exercise].History; len(h) != 2 || scores.Current(h).Total != 3 || scores.Current(h).ReviewerName != "Ben" {
		t.Errorf("exercise history = %+v", h)
	}
	if r := got[probe].Requests; len(r) != 1 || r[0].Reason != "Please look" {
		t.Errorf("probe requests = %+v", r)
	}
	// The lesson page's read and the review screen's agree on every field.
	for key, sub := range got {
		want, err := f.store.Submission(ctx, sub.ResponseID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, sub); diff != "" {
			t.Errorf("LatestFor[%s] against Submission (-want +got):\n%s", key, diff)
		}
	}
	if other, err := f.store.LatestFor(ctx, lea, course, "prove-recovery-and-close"); err != nil || len(other) != 0 {
		t.Errorf("another lesson: %v, %v; want nothing", other, err)
	}
}

func TestQueueOrder(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	rita := f.user(t, "Rita")
	t0 := time.Now().Add(-24 * time.Hour)
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	learner := func(name string) int64 { return f.user(t, name) }

	confident := f.submit(t, learner("Ann"), exercise, at(0), score(0.9, 1, 1, 1, 1))      // 4 of 4, sure: not queued
	middling := f.submit(t, learner("Ben"), exercise, at(1), score(0.9, 1, 1, 0, 0))       // 2 of 4
	middling3 := f.submit(t, learner("Cat"), exercise, at(2), score(0.95, 1, 1, 1, 0))     // 3 of 4, later
	lowLater := f.submit(t, learner("Dan"), exercise, at(5), score(0.42, 0, 0, 0, 0))      // low confidence
	lowEarlier := f.submit(t, learner("Eve"), probe, at(3), score(0.59, 1, 1, 0, 0))       // low, and middling: low wins
	atThreshold := f.submit(t, learner("Fay"), exercise, at(4), score(0.6, 1, 1, 1, 1))    // 0.6 is not low
	reviewed := f.submit(t, learner("Gus"), exercise, at(6), score(0.3, 1, 1, 0, 0))       // reviewed: not queued
	requestedLate := f.submit(t, learner("Hal"), exercise, at(7), score(0.9, 1, 1, 1, 1))  // requested second
	requestedFirst := f.submit(t, learner("Ivy"), exercise, at(8), score(0.9, 0, 0, 0, 0)) // requested first
	answeredRequest := f.submit(t, learner("Jo"), exercise, at(9), score(0.9, 1, 1, 1, 1)) // request then review: not queued
	reopened := f.submit(t, learner("Kim"), exercise, at(10), score(0.9, 1, 1, 1, 1))      // review then request: queued
	kal := learner("Kal")
	superseded := f.submit(t, kal, exercise, at(11), score(0.2, 0, 0, 0, 0)) // replaced by a newer answer
	f.submit(t, kal, exercise, at(12), score(0.9, 1, 1, 1, 1))

	mustRequest := func(id int64, reason string) {
		t.Helper()
		var owner int64
		if err := f.pool.QueryRow(ctx, "SELECT user_id FROM responses WHERE id = $1", id).Scan(&owner); err != nil {
			t.Fatal(err)
		}
		if err := f.store.RequestReview(ctx, id, owner, reason); err != nil {
			t.Fatal(err)
		}
	}
	f.review(t, reviewed, rita, 1, 1, 1, 0)
	mustRequest(requestedFirst, "I did name the falsifier.")
	mustRequest(answeredRequest, "Look again")
	f.review(t, answeredRequest, rita, 1, 1, 1, 0)
	f.review(t, reopened, rita, 1, 1, 0, 1)
	mustRequest(requestedLate, "The result is right.")
	mustRequest(reopened, "The reviewer missed my failure case.")

	q, err := f.store.Queue(ctx, 50)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		ID    int64
		Why   string
		Total int
	}
	var got []row
	for _, it := range q {
		got = append(got, row{it.ResponseID, it.Why(), it.Total})
	}
	want := []row{
		{requestedFirst, "Review requested: I did name the falsifier.", 0},
		{requestedLate, "Review requested: The result is right.", 4},
		{reopened, "Review requested: The reviewer missed my failure case.", 3},
		{lowEarlier, "Low scorer confidence (0.59)", 2},
		{lowLater, "Low scorer confidence (0.42)", 0},
		{middling, "Middling total (2 of 4)", 2},
		{middling3, "Middling total (3 of 4)", 3},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("queue (-want +got):\n%s\n(not queued: confident %d, at threshold %d, reviewed %d, answered request %d, superseded %d)",
			diff, confident, atThreshold, reviewed, answeredRequest, superseded)
	}
	if q[0].LearnerName != "Ivy" || q[0].Key != exercise || q[0].LessonTitle == "" || q[0].RequestedAt.IsZero() {
		t.Errorf("first item = %+v", q[0])
	}
	if q, err := f.store.Queue(ctx, 2); err != nil || len(q) != 2 {
		t.Errorf("limit 2: %d items, %v", len(q), err)
	}
}

func TestAgreement(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	rita, sam := f.user(t, "Rita"), f.user(t, "Sam")
	lea := f.user(t, "Lea")
	t0 := time.Now().Add(-time.Hour)

	// Exercise: four reviewed answers (auto → latest review).
	r1 := f.submit(t, lea, exercise, t0, score(0.9, 1, 1, 0, 0))
	f.review(t, r1, rita, 1, 1, 1, 0)
	r2 := f.submit(t, lea, exercise, t0, score(0.9, 1, 0, 0, 0))
	f.review(t, r2, rita, 0, 0, 0, 0)
	r3 := f.submit(t, lea, exercise, t0, score(0.9, 0, 0, 1, 1))
	f.review(t, r3, rita, 0, 1, 1, 1)
	r4 := f.submit(t, lea, exercise, t0, score(0.9, 0, 1, 0, 1))
	f.review(t, r4, rita, 0, 1, 0, 0)
	f.review(t, r4, sam, 0, 1, 0, 1)                       // the latest review agrees with the auto score again
	f.submit(t, lea, exercise, t0, score(0.9, 1, 1, 1, 1)) // never reviewed: not counted
	// Probe: one reviewed answer.
	p1 := f.submit(t, lea, probe, t0, score(0.9, 0, 0, 0, 0))
	f.review(t, p1, sam, 1, 0, 0, 0)

	items, err := f.store.Agreement(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 {
		t.Fatalf("%d items, want the exercise and the probe", len(items))
	}
	byKey := map[string]scores.ItemAgreement{}
	for _, it := range items {
		byKey[it.Key] = it
	}
	ex, pr := byKey[exercise], byKey[probe]
	if ex.N != 4 || ex.Kind != "exercise" || ex.Course != course || ex.Lesson != lesson || ex.LessonTitle == "" {
		t.Errorf("exercise = %+v", ex)
	}
	type crit struct {
		N, Agreed     int
		Kappa         float64
		Disagreements []scores.Disagreement
	}
	// Result: pairs (1,1) (1,0) (0,0) (0,0): po = 3/4; marginals auto 2/2,
	// review 1/3, so pe = (2·1 + 2·3)/16 = 1/2 and κ = (3/4 − 1/2)/(1/2) = 1/2.
	// Reasoning and failure case work out the same; verification agrees on
	// all four, with both values present: κ = 1.
	wantEx := []crit{
		{4, 3, 0.5, []scores.Disagreement{{ResponseID: r2, Auto: 1, Review: 0}}},
		{4, 3, 0.5, []scores.Disagreement{{ResponseID: r3, Auto: 0, Review: 1}}},
		{4, 3, 0.5, []scores.Disagreement{{ResponseID: r1, Auto: 0, Review: 1}}},
		{4, 4, 1, nil},
	}
	// The probe's one answer: result disagrees (κ = 0, pe = 0); the others
	// are all 0 from both, where kappa is undefined.
	nan := math.NaN()
	wantPr := []crit{
		{1, 0, 0, []scores.Disagreement{{ResponseID: p1, Auto: 0, Review: 1}}},
		{1, 1, nan, nil}, {1, 1, nan, nil}, {1, 1, nan, nil},
	}
	for name, tc := range map[string]struct {
		it   scores.ItemAgreement
		want []crit
	}{"exercise": {ex, wantEx}, "probe": {pr, wantPr}} {
		var got []crit
		for _, c := range tc.it.Criteria {
			got = append(got, crit{c.N, c.Agreed, c.Kappa, c.Disagreements})
		}
		if diff := cmp.Diff(tc.want, got, cmpopts.EquateNaNs(), cmpopts.EquateApprox(0, 1e-9)); diff != "" {
			t.Errorf("%s agreement (-want +got):\n%s", name, diff)
		}
	}
	if got := ex.Criteria[0].Exact(); got != 0.75 {
		t.Errorf("exact agreement on result = %v, want 0.75", got)
	}
	if ex.Criteria[0].Criterion != grading.Result || ex.Criteria[3].Criterion != grading.Verification {
		t.Error("criteria out of order")
	}
}
