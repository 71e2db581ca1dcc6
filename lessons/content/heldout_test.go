package content_test

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
)

// TestHeldOutAgreement scores answers a rater wrote and scored without
// seeing the cues or the calibration examples, and holds the scorer to the
// product's targets: mean per-criterion agreement of at least 90% and a
// quadratic weighted kappa on totals of at least 0.85. On first contact the
// scorer agreed on 93.8% with a QWK of 0.916; the cues were then widened
// from its misses (by paraphrase families, not by fitting the answers), so
// it now guards against regressions rather than estimating unseen agreement.
func TestHeldOutAgreement(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/heldout-release-and-traffic.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	item, err := lessons.FindItem(load(t), "serving-incidents/work-a-serving-incident/release-and-traffic")
	if err != nil {
		t.Fatal(err)
	}
	var (
		agree, n int
		totals   [][2]int
	)
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var row struct {
			ID    string                    `json:"id"`
			Text  string                    `json:"text"`
			Human map[grading.Criterion]int `json:"human"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatal(err)
		}
		got, err := item.ScoringRubric().Grade(row.Text)
		if err != nil {
			t.Fatal(err)
		}
		human := 0
		for _, c := range got.Criteria {
			want := row.Human[c.Criterion]
			human += want
			if boolInt(c.Awarded) == want {
				agree++
			} else {
				t.Logf("%s %s: scorer %v, rater %d (%s)", row.ID, c.Criterion, c.Awarded, want, c.Rationale)
			}
		}
		totals = append(totals, [2]int{human, got.Total})
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	agreement := float64(agree) / float64(4*n)
	qwk := grading.QuadraticWeightedKappa(totals, 4)
	t.Logf("%d answers: per-criterion agreement %.1f%%, QWK %.3f", n, agreement*100, qwk)
	if agreement < 0.90 || qwk < 0.85 {
		t.Errorf("agreement %.1f%% and QWK %.3f; the targets are 90%% and 0.85", agreement*100, qwk)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
