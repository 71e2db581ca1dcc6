package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
)

func runCalibrate(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("calibrate", stderr)
	item := fs.String("item", "", "the exercise or probe to score against, as course/lesson/key")
	fs.StringVar(item, "exercise", "", "the same as -item")
	dir := fs.String("content", defaultContent(), contentHelp)
	answers := fs.String("answers", "", `JSON Lines file of {"id": …, "text": …, "scores": {"result": 0|1, …}}; several, comma-separated, are scored together and each also alone`)
	examples := fs.Bool("examples", false, "score the item's own calibration examples instead, each without itself among the labelled answers")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	against := fs.String("against", "", "a report this command printed with --json before (on the same answers): say which disagreements the change since mended and which it caused")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: practicum calibrate --item COURSE/LESSON/KEY (--answers FILE[,FILE…] | --examples) [--content DIR] [--json] [--against REPORT.json]\n\nScores answers a person has scored and reports how often the scorer agrees. Flags:")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := refuseArguments(fs); err != nil {
		return err
	}
	if *item == "" || (*answers == "") == !*examples {
		fs.Usage()
		return usageError{"calibrate needs --item (or --exercise) and one of --answers or --examples"}
	}
	scoring, file, err := itemScoringFile(*dir, *item)
	if err != nil {
		return err
	}
	var before *grading.Report
	if *against != "" {
		if before, err = readReport(*against); err != nil {
			return err
		}
	}
	var trials []grading.Trial
	var sets []answerSet
	var note string
	if *examples {
		trials = exampleTrials(scoring)
		if len(trials) == 0 {
			return fmt.Errorf("%s has no calibration examples to score", *item)
		}
	} else {
		for _, path := range strings.Split(*answers, ",") {
			path = strings.TrimSpace(path)
			ts, err := readTrials(path)
			if err != nil {
				return err
			}
			sets = append(sets, answerSet{path, ts})
			trials = append(trials, ts...)
			if changedSince(file, path) {
				note += fmt.Sprintf("note: %s changed after %s was written. If you changed the cues while reading these answers' scores, the figures overstate how the item scores answers it has not seen: measure on answers written after your last change.\n", file, path)
			}
		}
	}
	report, err := scoring.Measure(trials)
	if err != nil {
		return err
	}
	if len(sets) > 1 && !*asJSON {
		// Each file alone too: a file written after the last change to
		// the cues is the honest figure, the others flatter it.
		for _, set := range sets {
			r, err := scoring.Measure(set.trials)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%s: %d answers, mean agreement %.3f, QWK on totals %s, exact totals %.2f\n", set.path, r.N, r.MeanAgreement, optional(r.QWK), r.Exact)
		}
		fmt.Fprintln(stdout, "all files together:")
	}
	var change *grading.ReportChange
	if before != nil {
		c := report.Compare(*before)
		change = &c
		if before.N != report.N {
			note += fmt.Sprintf("note: %s scored %d answers and this run %d: compare runs on the same answers file.\n", *against, before.N, report.N)
		}
	}
	// The note goes after the report, on a line of its own: written
	// before it, it ran into the report where both streams share a
	// terminal or a pipe.
	defer func() {
		if note != "" {
			fmt.Fprint(stderr, "\n"+note)
		}
	}()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(struct {
			grading.Report
			Change *grading.ReportChange `json:"change,omitempty"`
		}{report, change})
	}
	printReport(stdout, report)
	if change != nil {
		printChange(stdout, *against, *change)
	}
	return nil
}

// readReport reads a report calibrate printed with --json.
func readReport(path string) (*grading.Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r grading.Report
	if err := json.Unmarshal(b, &r); err != nil || r.Agreement == nil {
		return nil, fmt.Errorf("%s is not a report from calibrate --json: %v", path, err)
	}
	return &r, nil
}

// printChange says what the change since the earlier run did.
func printChange(w io.Writer, against string, ch grading.ReportChange) {
	fmt.Fprintf(w, "\nagainst %s: mean agreement %.3f -> %.3f\n", against, ch.MeanBefore, ch.MeanAfter)
	for _, c := range grading.Criteria {
		if ch.Before[c] != ch.After[c] {
			fmt.Fprintf(w, "  %-14s %.2f -> %.2f\n", c.Label(), ch.Before[c], ch.After[c])
		}
	}
	if len(ch.Mended) == 0 && len(ch.Broken) == 0 {
		fmt.Fprintln(w, "no disagreement mended or caused")
	}
	for _, d := range ch.Mended {
		fmt.Fprintf(w, "mended: %s %s (expected %d)\n", d.ID, d.Criterion, d.Expected)
	}
	for _, d := range ch.Broken {
		fmt.Fprintf(w, "caused: %s %s: expected %d, got %d%s\n", d.ID, d.Criterion, d.Expected, d.Got, decidedBy(d))
	}
}

// changedSince reports a lesson file modified after the answers file: cues
// tuned on the answers they are then measured on agree with them more
// than with anyone else's (every new instructor who tuned that way
// reported 1.00, then met 0.78-0.83 on a rater's fresh answers).
func changedSince(lessonFile, answers string) bool {
	l, err1 := os.Stat(lessonFile)
	a, err2 := os.Stat(answers)
	return err1 == nil && err2 == nil && l.ModTime().After(a.ModTime())
}

// exampleTrials are the item's calibration examples as answers to score,
// named by their place in the list. The scorer never counts an answer as
// evidence about itself, so each is scored by the cues and the other
// examples: how a learner's answer like it would be scored.
func exampleTrials(s *lessons.Scoring) []grading.Trial {
	trials := make([]grading.Trial, len(s.Examples))
	for i, ex := range s.Examples {
		id := fmt.Sprintf("example %d", i+1)
		if ex.Line > 0 {
			id += fmt.Sprintf(" (line %d)", ex.Line)
		}
		trials[i] = grading.Trial{ID: id, Text: ex.Answer, Scores: ex.Scores}
	}
	return trials
}

// answerSet is one answers file's trials.
type answerSet struct {
	path   string
	trials []grading.Trial
}

// readTrials reads the answers file, naming the file and line of a
// line it refuses.
func readTrials(path string) ([]grading.Trial, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	trials, err := lessons.ReadTrials(f, lessons.TrialLimits{})
	var bad *lessons.TrialError
	if errors.As(err, &bad) && bad.Line > 0 {
		return nil, fmt.Errorf("%s:%d: %w", path, bad.Line, err)
	}
	return trials, err
}

func printReport(w io.Writer, r grading.Report) {
	fmt.Fprintf(w, "%d answers\n", r.N)
	for _, c := range grading.Criteria {
		fmt.Fprintf(w, "  %-14s agreement %.2f  kappa %s\n", c.Label(), r.Agreement[c], optional(r.Kappa[c]))
	}
	fmt.Fprintf(w, "mean agreement %.3f (95%% interval %.3f–%.3f over %d answers), QWK on totals %s, exact totals %.2f\n",
		r.MeanAgreement, r.MeanAgreementInterval[0], r.MeanAgreementInterval[1], r.N, optional(r.QWK), r.Exact)
	fmt.Fprintf(w, "%.0f%% of answers provisional; %d answer(s) got a wrong total, %d of them marked provisional\n", r.Provisional*100, r.WrongTotals, r.WrongProvisional)
	for _, d := range r.Disagreements {
		fmt.Fprintf(w, "%s %s: expected %d, got %d", d.ID, d.Criterion, d.Expected, d.Got)
		if d.Provisional {
			fmt.Fprint(w, ", provisional")
		}
		fmt.Fprintln(w, decidedBy(d))
	}
	concepts, patterns, ruledOut := grading.SplitUnmatched(r.UnmatchedPatterns)
	if len(concepts) > 0 {
		fmt.Fprintf(w, "concepts no answer showed (%d): %s — check their words, or write an answer that says them\n", len(concepts), strings.Join(concepts, ", "))
	}
	if len(patterns) > 0 {
		fmt.Fprintf(w, "patterns no answer matched, of concepts other patterns found (%d):\n", len(patterns))
		for _, p := range patterns {
			fmt.Fprintf(w, "  %s: %s\n", p.Concept, p.Pattern)
		}
	}
	if len(ruledOut) > 0 {
		names := map[string]bool{}
		for _, p := range ruledOut {
			names[p.Concept] = true
		}
		fmt.Fprintf(w, "ruled-out moves' patterns no answer matched: %d, of %d concepts (expected unless an answer offers the move; JSON lists them)\n", len(ruledOut), len(names))
	}
}

// decidedBy says what decided a disagreement, after a dash: the cues, or
// the labelled answers overruling them, and the scorer's doubt.
func decidedBy(d grading.Disagreement) string {
	var b strings.Builder
	switch {
	case d.Got == 1 && strings.HasPrefix(d.Cues, "Not awarded"):
		// The labelled answers overruled the cues: say so first, so the
		// cues' "Not awarded" does not read as the verdict.
		fmt.Fprintf(&b, " — awarded by the labelled answers against the cues (cues: %s)", strings.TrimPrefix(d.Cues, "Not awarded: "))
	case d.Got == 0 && strings.HasPrefix(d.Cues, "Awarded"):
		// The cues found it, and the scorer denied it anyway (nothing in
		// the answer could disprove it, or the answers like it did not
		// earn it): the cues' "Awarded" must not read as the verdict.
		fmt.Fprintf(&b, " — denied though the cues found it (cues: %s)", strings.TrimPrefix(d.Cues, "Awarded: "))
	case d.Cues != "":
		b.WriteString(" — " + d.Cues)
	}
	if d.Doubt != "" {
		fmt.Fprintf(&b, " (%s)", d.Doubt)
	}
	return b.String()
}

func optional(x *float64) string {
	if x == nil {
		return "—"
	}
	return fmt.Sprintf("%.2f", *x)
}
