package main

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
)

// TestCalibrateMatchesAnIndependentCount: practicum calibrate --json on a
// real file of scored answers gives exactly the figures counted here from
// grade --jsonl's verdicts, with kappa and QWK written out from their
// textbook definitions (observed against chance agreement over the
// confusion matrix), not with the grading package's code.
func TestCalibrateMatchesAnIndependentCount(t *testing.T) {
	t.Parallel()
	const (
		answers = "../../lessons/content/testdata/blind5/lag-after-deploy.jsonl"
		content = "../../lessons/content/testdata/instructor3"
		item    = "kafka-incidents/consumer-lag-after-deploy/lag-after-deploy"
	)
	var out, errOut strings.Builder
	if err := run(t.Context(), []string{"calibrate", "--exercise", item, "--content", content, "--answers", answers, "--json"}, nil, &out, &errOut); err != nil {
		t.Fatalf("calibrate: %v (%s)", err, errOut.String())
	}
	var report struct {
		N             int                 `json:"n"`
		Agreement     map[string]float64  `json:"agreement"`
		Interval      [2]float64          `json:"mean_agreement_interval"`
		Kappa         map[string]*float64 `json:"kappa"`
		QWK           *float64            `json:"qwk"`
		Exact         float64             `json:"exact"`
		Provisional   float64             `json:"provisional"`
		WrongTotals   int                 `json:"wrong_totals"`
		WrongFlagged  int                 `json:"wrong_totals_provisional"`
		Disagreements []json.RawMessage   `json:"disagreements"`
	}
	if err := json.Unmarshal([]byte(out.String()), &report); err != nil {
		t.Fatal(err)
	}

	// The answers and the human scores, read here.
	raw, err := os.ReadFile(answers)
	if err != nil {
		t.Fatal(err)
	}
	type human struct {
		ID     string         `json:"id"`
		Text   string         `json:"text"`
		Scores map[string]int `json:"scores"`
	}
	var people []human
	var input strings.Builder
	for line := range strings.Lines(string(raw)) {
		var h human
		if err := json.Unmarshal([]byte(line), &h); err != nil {
			t.Fatal(err)
		}
		people = append(people, h)
		b, _ := json.Marshal(map[string]string{"id": h.ID, "text": h.Text})
		input.Write(append(b, '\n'))
	}
	// The scorer's verdicts, from grade --jsonl.
	var graded strings.Builder
	if err := run(t.Context(), []string{"grade", "--exercise", item, "--content", content, "--jsonl"}, strings.NewReader(input.String()), &graded, &errOut); err != nil {
		t.Fatal(err)
	}
	type verdict struct {
		Criteria    map[string]struct{ Awarded bool } `json:"criteria"`
		Total       int                               `json:"total"`
		Provisional bool                              `json:"provisional"`
	}
	var scorer []verdict
	sc := bufio.NewScanner(strings.NewReader(graded.String()))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v verdict
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		scorer = append(scorer, v)
	}
	if len(scorer) != len(people) || report.N != len(people) {
		t.Fatalf("%d verdicts, %d answers, report n=%d", len(scorer), len(people), report.N)
	}

	same := func(name string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("%s: calibrate says %.15f, counted %.15f", name, got, want)
		}
	}
	n := float64(len(people))
	disagreements := 0
	for _, c := range []string{"result", "reasoning", "failure_case", "verification"} {
		var m [2][2]float64 // [human][scorer]
		for i, h := range people {
			s := 0
			if scorer[i].Criteria[c].Awarded {
				s = 1
			}
			m[h.Scores[c]][s]++
		}
		observed := (m[0][0] + m[1][1]) / n
		disagreements += int(m[0][1] + m[1][0])
		same(c+" agreement", report.Agreement[c], observed)
		humanYes, scorerYes := (m[1][0]+m[1][1])/n, (m[0][1]+m[1][1])/n
		chance := humanYes*scorerYes + (1-humanYes)*(1-scorerYes)
		if chance == 1 {
			if report.Kappa[c] != nil {
				t.Errorf("%s kappa: %v where it is undefined", c, *report.Kappa[c])
			}
			continue
		}
		same(c+" kappa", *report.Kappa[c], (observed-chance)/(1-chance))
	}
	if len(report.Disagreements) != disagreements {
		t.Errorf("%d disagreements listed, counted %d", len(report.Disagreements), disagreements)
	}

	// Totals 0–4: exact share, QWK from the 5×5 matrix, provisional shares.
	var totals [5][5]float64
	var exact, flagged, wrong, wrongFlagged float64
	for i, h := range people {
		ht := h.Scores["result"] + h.Scores["reasoning"] + h.Scores["failure_case"] + h.Scores["verification"]
		totals[ht][scorer[i].Total]++
		if ht == scorer[i].Total {
			exact++
		} else {
			wrong++
			if scorer[i].Provisional {
				wrongFlagged++
			}
		}
		if scorer[i].Provisional {
			flagged++
		}
	}
	same("exact", report.Exact, exact/n)

	// The mean's 95% interval: each answer's share of criteria agreed,
	// their mean ± 1.96 sample standard deviations over √n.
	var shares []float64
	var sum float64
	for i, h := range people {
		agreed := 0.0
		for _, c := range []string{"result", "reasoning", "failure_case", "verification"} {
			if (h.Scores[c] == 1) == scorer[i].Criteria[c].Awarded {
				agreed++
			}
		}
		shares = append(shares, agreed/4)
		sum += agreed / 4
	}
	mean, ss := sum/n, 0.0
	for _, x := range shares {
		ss += (x - mean) * (x - mean)
	}
	half := 1.96 * math.Sqrt(ss/(n-1)) / math.Sqrt(n)
	same("interval low", report.Interval[0], max(0, mean-half))
	same("interval high", report.Interval[1], min(1, mean+half))
	same("provisional", report.Provisional, flagged/n)
	if float64(report.WrongTotals) != wrong || float64(report.WrongFlagged) != wrongFlagged {
		t.Errorf("wrong totals %d (%d provisional), counted %v (%v)", report.WrongTotals, report.WrongFlagged, wrong, wrongFlagged)
	}
	var rows, cols [5]float64
	for i := range 5 {
		for j := range 5 {
			rows[i] += totals[i][j]
			cols[j] += totals[i][j]
		}
	}
	var disagree, expected float64
	for i := range 5 {
		for j := range 5 {
			w := float64((i-j)*(i-j)) / 16
			disagree += w * totals[i][j]
			expected += w * rows[i] * cols[j] / n
		}
	}
	same("QWK", *report.QWK, 1-disagree/expected)
}
