package content_test

import (
	"slices"
	"testing"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
)

// TestCoverageNamesExamplesResemblanceMisscores: where the cues score an
// example as its author did but the other examples and the model answer
// score it the other way, coverage names the example and the criterion —
// calibration, which checks the cues alone, cannot.
func TestCoverageNamesExamplesResemblanceMisscores(t *testing.T) {
	t.Parallel()
	scoring := blindScoring(t, "mid-stream-stalls")
	ws, err := scoring.Coverage()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, w := range ws {
		if w.Kind != lessons.Resembled {
			continue
		}
		n := w.Examples[0]
		ex := scoring.Examples[n-1]
		got, err := scoring.Grade(ex.Answer, nil)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.Index(grading.Criteria[:], w.Criterion)
		if got.Criteria[i].Awarded == (ex.Scores[w.Criterion] == 1) {
			t.Errorf("example %d %s: advised as misscored, but scored %v as written", n, w.Criterion, got.Criteria[i].Awarded)
		}
		found = found || n == 10 && w.Criterion == grading.FailureCase
	}
	if !found {
		t.Errorf("no advice on example 10's failure case, which the closest examples award against the cues and its score: %+v", ws)
	}
}
