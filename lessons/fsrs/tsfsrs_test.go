package fsrs

// Running ts-fsrs, the reference implementation, under node: finding it,
// the JSON that goes to testdata/reference.cjs and comes back, and the
// check that DefaultParams are its defaults.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// The ts-fsrs release the scheduler is held to. `make fsrs-ref` installs it
// (the Makefile's FSRS_VERSION must name the same one).
const tsFSRSVersion = "5.4.2"

// referenceJS finds ts-fsrs's CommonJS entry and node. Without them the
// test is skipped, unless CI is set: .ci/run installs both (make fsrs-ref),
// so their absence is a failure.
func referenceJS(t *testing.T) (node, entry string) {
	t.Helper()
	missing := func(what string) {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s; .ci/run should have installed it (make fsrs-ref)", what)
		}
		t.Skipf("\n\n*** %s: the ts-fsrs reference test is skipped; run make fsrs-ref\n\n", what)
	}
	entry = os.Getenv("FSRS_JS")
	if entry == "" {
		// Where make fsrs-ref puts it, so go test finds it without make.
		home, _ := os.UserHomeDir()
		entry = filepath.Join(home, ".cache", "practicum-ts-fsrs-"+tsFSRSVersion, "node_modules", "ts-fsrs", "dist", "index.cjs")
		if _, err := os.Stat(entry); err != nil {
			missing("FSRS_JS is not set and ts-fsrs " + tsFSRSVersion + " is not in ~/.cache")
		}
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not installed")
	}
	return node, entry
}

// A sequence is one card's reviews, from its creation.
type sequence struct {
	Start   int64           `json:"start"` // Unix milliseconds
	Reviews []reviewAtRated `json:"reviews"`
}

type reviewAtRated struct {
	At     int64  `json:"at"`
	Rating Rating `json:"rating"`
}

type jsCard struct {
	Due           int64   `json:"due"`
	Stability     float64 `json:"stability"`
	Difficulty    float64 `json:"difficulty"`
	ElapsedDays   int     `json:"elapsed_days"`
	ScheduledDays int     `json:"scheduled_days"`
	LearningSteps int     `json:"learning_steps"`
	Reps          int     `json:"reps"`
	Lapses        int     `json:"lapses"`
	State         State   `json:"state"`
	LastReview    *int64  `json:"last_review"`
}

type jsLog struct {
	Rating          Rating  `json:"rating"`
	State           State   `json:"state"`
	Due             int64   `json:"due"`
	Stability       float64 `json:"stability"`
	Difficulty      float64 `json:"difficulty"`
	ElapsedDays     int     `json:"elapsed_days"`
	LastElapsedDays int     `json:"last_elapsed_days"`
	ScheduledDays   int     `json:"scheduled_days"`
	LearningSteps   int     `json:"learning_steps"`
	Review          int64   `json:"review"`
}

type jsParams struct {
	W                []float64 `json:"w"`
	RequestRetention float64   `json:"request_retention"`
	MaximumInterval  int       `json:"maximum_interval"`
	LearningSteps    []string  `json:"learning_steps"`
	RelearningSteps  []string  `json:"relearning_steps"`
	EnableFuzz       *bool     `json:"enable_fuzz,omitempty"`
	EnableShortTerm  *bool     `json:"enable_short_term,omitempty"`
}

type jsOutput struct {
	Version  string   `json:"version"`
	Defaults jsParams `json:"defaults"`
	Results  [][]struct {
		Card jsCard `json:"card"`
		Log  jsLog  `json:"log"`
	} `json:"results"`
}

func toJSParams(p Params) jsParams {
	steps := func(ds []time.Duration) []string {
		s := []string{}
		for _, d := range ds {
			s = append(s, fmt.Sprintf("%dm", int(d/time.Minute)))
		}
		return s
	}
	return jsParams{W: p.W[:], RequestRetention: p.RequestRetention, MaximumInterval: p.MaximumInterval,
		LearningSteps: steps(p.LearningSteps), RelearningSteps: steps(p.RelearningSteps)}
}

// runReference runs sequences through ts-fsrs with params p.
func runReference(t *testing.T, p Params, seqs []sequence) jsOutput {
	t.Helper()
	node, entry := referenceJS(t)
	in, err := json.Marshal(map[string]any{"params": toJSParams(p), "sequences": seqs})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join("testdata", "reference.cjs"), entry)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node testdata/reference.cjs: %v\n%s", err, stderr.String())
	}
	var res jsOutput
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("reading ts-fsrs's results: %v", err)
	}
	if res.Version != tsFSRSVersion {
		t.Fatalf("ts-fsrs at %s is %s, not the pinned %s: run make fsrs-ref", entry, res.Version, tsFSRSVersion)
	}
	if len(res.Results) != len(seqs) {
		t.Fatalf("ts-fsrs returned %d sequences for %d", len(res.Results), len(seqs))
	}
	return res
}

// TestDefaultParamsAreTSFSRSDefaults holds DefaultParams to ts-fsrs's own.
func TestDefaultParamsAreTSFSRSDefaults(t *testing.T) {
	t.Parallel()
	ref := runReference(t, DefaultParams(), []sequence{})
	want := toJSParams(DefaultParams())
	got := ref.Defaults
	if got.EnableFuzz == nil || *got.EnableFuzz || got.EnableShortTerm == nil || !*got.EnableShortTerm {
		t.Errorf("ts-fsrs's defaults have fuzz %v and short-term scheduling %v; this package assumes off and on", got.EnableFuzz, got.EnableShortTerm)
	}
	got.EnableFuzz, got.EnableShortTerm = nil, nil
	if g, w := fmt.Sprint(got), fmt.Sprint(want); g != w {
		t.Errorf("ts-fsrs %s's defaults are\n%s\nDefaultParams are\n%s", tsFSRSVersion, g, w)
	}
}
