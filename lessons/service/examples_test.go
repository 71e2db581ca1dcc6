package service_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/service"
)

// submitted submits answer to the exercise as the fixture's learner and
// returns it with its auto score.
func (f fixture) submitted(t *testing.T, answer string) scores.Submission {
	t.Helper()
	ctx := context.Background()
	if _, err := f.svc.SubmitResponse(ctx, service.Learner{UserID: f.userID}, f.item(exercise), answer, progress.GettingThere); err != nil {
		t.Fatal(err)
	}
	latest, err := f.scores.LatestFor(ctx, f.userID, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := f.scores.Submission(ctx, latest[exercise].ResponseID)
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

func (f fixture) user(t testing.TB, name string) int64 {
	t.Helper()
	var id int64
	if err := f.pool.QueryRow(context.Background(), `INSERT INTO users (email, display_name, password_hash, role)
		VALUES ($1, $2, '$argon2id$x', 'instructor') RETURNING id`, strings.ToLower(name)+"@example.com", name).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestReviewedAnswerBecomesAnExample: a reviewer's decision on an answer
// becomes the item's last calibration example in a new draft, with only
// its lines added to the file; the next publish is checked against it;
// the usual stale-save protection holds, and an answer without a review,
// or already an example, is refused.
func TestReviewedAnswerBecomesAnExample(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	rita := f.user(t, "Rita")
	sub := f.submitted(t, "I would roll back the release straight away, because the new version is obviously what broke things.")
	add := service.AddExample{ResponseID: sub.ResponseID, AuthorID: rita, Decision: sub.Latest().ID, Base: 1}

	var refused *service.ExampleRefused
	if _, err := f.svc.AddCalibrationExample(ctx, add); !errors.As(err, &refused) || !strings.Contains(refused.Msg, "no review yet") {
		t.Fatalf("adding an answer with no review: %v", err)
	}

	// Rita gives the failure case, which the cues withhold.
	want := map[grading.Criterion]int{grading.Result: 0, grading.Reasoning: 0, grading.FailureCase: 1, grading.Verification: 0}
	if sub.Current().Scores[grading.FailureCase] != 0 {
		t.Fatalf("the auto score already gives the failure case: %v", sub.Current().Scores)
	}
	ev, err := f.svc.Override(ctx, scores.Override{ResponseID: sub.ResponseID, ReviewerID: rita, BasedOn: sub.Latest().ID, Scores: want,
		Notes: map[grading.Criterion]string{grading.FailureCase: "Names the release as the suspect to rule out"}})
	if err != nil {
		t.Fatal(err)
	}
	before, err := f.catalog.Draft(ctx, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.AddCalibrationExample(ctx, add); !errors.As(err, &refused) || !strings.Contains(refused.Msg, "Rita saved a review") {
		t.Fatalf("adding with the auto score's event: %v, want refused for the newer review", err)
	}
	add.Decision = ev.ID
	added, err := f.svc.AddCalibrationExample(ctx, add)
	if err != nil {
		t.Fatal(err)
	}
	after, err := f.catalog.Draft(ctx, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	if added.Revision != 2 || after.Head.Number != 2 || after.Published.Number != 1 {
		t.Fatalf("added to revision %d; head %d, published %d; want a draft revision 2", added.Revision, after.Head.Number, after.Published.Number)
	}
	// Only lines were added: every line of the old file is still there, in order.
	old, now := strings.Split(string(before.Source), "\n"), strings.Split(string(after.Source), "\n")
	if k := subsequence(old, now); k != len(old) || len(now) <= len(old) {
		t.Errorf("the file changed beyond the new example's lines (%d of %d old lines kept in order)", k, len(old))
	}
	l, _, err := catalog.CheckLesson(course, lesson, after.Source)
	if err != nil {
		t.Fatal(err)
	}
	item, _ := l.Item(exercise)
	exs := item.ItemScoring().Examples
	if added.Example != len(exs) || strings.TrimSpace(exs[len(exs)-1].Answer) != sub.Answer {
		t.Fatalf("example %d of %d, want the answer last", added.Example, len(exs))
	}
	for c, p := range want {
		if exs[len(exs)-1].Scores[c] != p {
			t.Errorf("%s = %d, want %d", c, exs[len(exs)-1].Scores[c], p)
		}
	}
	if note := exs[len(exs)-1].Note; !strings.Contains(note, "Rita's review of answer") || !strings.Contains(note, "Failure case: Names the release") {
		t.Errorf("note = %q", note)
	}

	// The scorer withholds the failure case Rita gave: publishing the
	// draft is refused on this example.
	if len(added.Calibration) == 0 || added.Calibration[0].Example != added.Example || added.Calibration[0].Criterion != grading.FailureCase {
		t.Fatalf("calibration = %+v, want the new example's failure case", added.Calibration)
	}
	var calib *catalog.CalibrationError
	if err := f.svc.Publish(ctx, rita, course, lesson, 2, false); !errors.As(err, &calib) || len(calib.Calibration.Item(exercise)) == 0 {
		t.Fatalf("publishing: %v, want refused for the new example", err)
	}
	st, err := f.svc.CalibrationState(ctx, sub)
	if err != nil || st.Example != added.Example || len(st.Calibration) == 0 || st.Head != 2 {
		t.Errorf("state = %+v (%v)", st, err)
	}

	// Again: it is already an example.
	add.Base = 2
	if _, err := f.svc.AddCalibrationExample(ctx, add); !errors.As(err, &refused) || !strings.Contains(refused.Msg, "already example") {
		t.Errorf("adding it twice: %v", err)
	}

	// Another answer, added over a revision someone has replaced.
	other := f.submitted(t, "Compare long prompts on both versions at the same rate and split queue time from prefill, because that separates load from the release.")
	sc := map[grading.Criterion]int{}
	for c, p := range other.Current().Scores {
		sc[c] = p
	}
	sc[grading.Verification] = 1 - sc[grading.Verification]
	if ev, err = f.svc.Override(ctx, scores.Override{ResponseID: other.ResponseID, ReviewerID: rita, BasedOn: other.Latest().ID,
		Scores: sc, Notes: map[grading.Criterion]string{grading.Verification: "Changed on review."}}); err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(after.Source), "\n## ", "\n## Oren's ", 1)
	if _, err := f.catalog.SaveDraft(ctx, rita, course, lesson, 2, []byte(src)); err != nil {
		t.Fatal(err)
	}
	var conflict *service.BlockConflict
	_, err = f.svc.AddCalibrationExample(ctx, service.AddExample{ResponseID: other.ResponseID, AuthorID: rita, Decision: ev.ID, Base: 2})
	if !errors.As(err, &conflict) || conflict.Stale.Head.Number != 3 {
		t.Fatalf("adding over a replaced revision: %v, want a conflict with revision 3", err)
	}
	if d, _ := f.catalog.Draft(ctx, course, lesson); d.Head.Number != 3 {
		t.Errorf("a refused add wrote revision %d", d.Head.Number)
	}
	if added, err := f.svc.AddCalibrationExample(ctx, service.AddExample{ResponseID: other.ResponseID, AuthorID: rita, Decision: ev.ID, Base: 3}); err != nil || added.Revision != 4 {
		t.Errorf("adding over revision 3: %+v, %v", added, err)
	}
	if d, _ := f.catalog.Draft(ctx, course, lesson); !strings.Contains(string(d.Source), "## Oren's ") {
		t.Error("the example was not added over the newer revision")
	}
}

// subsequence counts how many of old's lines appear in now in order.
func subsequence(old, now []string) int {
	k := 0
	for _, l := range now {
		if k < len(old) && l == old[k] {
			k++
		}
	}
	return k
}
