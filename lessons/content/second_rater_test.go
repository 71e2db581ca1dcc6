package content_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/practicum-dev/practicum/grading"
)

// TestSecondRater compares a second rater's scores of held-out answers
// (testdata/second-rater, scored from the briefs without the first
// rater's scores) with the first rater's and with the scorer's: how far
// the scorer is from what two careful graders agree on. It fails when the
// file names an answer no blind set has.
func TestSecondRater(t *testing.T) {
	t.Parallel()
	f, err := os.Open(filepath.Join("testdata", "second-rater", "blind37-blind40.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	second := map[string]map[grading.Criterion]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var a struct {
			ID     string                    `json:"id"`
			Scores map[grading.Criterion]int `json:"scores"`
		}
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		second[a.ID] = a.Scores
	}
	var raters, scorerFirst, scorerSecond, n float64
	for _, set := range []string{"blind37", "blind40"} {
		for key := range blindItems {
			scoring := blindScoring(t, key)
			for _, a := range readBlindFrom(t, filepath.Join("testdata", set), key) {
				s2, ok := second[a.ID]
				if !ok {
					continue
				}
				delete(second, a.ID)
				got, err := scoring.Grade(a.Text, nil)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range got.Criteria {
					n++
					raters += boolF(a.Scores[c.Criterion] == s2[c.Criterion])
					scorerFirst += boolF(a.Scores[c.Criterion] == boolI(c.Awarded))
					scorerSecond += boolF(s2[c.Criterion] == boolI(c.Awarded))
				}
			}
		}
	}
	for id := range second {
		t.Errorf("%s: the second rater scored an answer no blind set has", id)
	}
	t.Logf("%.0f criteria: raters agree on %.3f; the scorer agrees with the first on %.3f, with the second on %.3f",
		n, raters/n, scorerFirst/n, scorerSecond/n)
}

func boolF(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func boolI(b bool) int { return int(boolF(b)) }
