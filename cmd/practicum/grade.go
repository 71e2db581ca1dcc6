package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
)

// gradeJSON is the command's output: criteria by name, evidence as quotes.
// With --explain it carries the explanation too, in the same shape: the
// same fields, and what decided each criterion beside them.
type gradeJSON struct {
	ID          string                        `json:"id,omitempty"`
	Criteria    map[string]gradeCriterionJSON `json:"criteria"`
	Total       int                           `json:"total"`
	Confidence  float64                       `json:"confidence"`
	Provisional bool                          `json:"provisional"`
	// With --explain only.
	Note    string            `json:"note,omitempty"`
	Unread  []string          `json:"unread,omitempty"`
	Closest []grading.Closest `json:"closest,omitempty"`
}

type gradeCriterionJSON struct {
	Awarded     bool     `json:"awarded"`
	Evidence    []string `json:"evidence"`
	Rationale   string   `json:"rationale"`
	Cues        string   `json:"cues,omitempty"`
	Provisional bool     `json:"provisional,omitempty"`
	Doubt       string   `json:"doubt,omitempty"`
	// With --explain only: whether the cues alone awarded it, the
	// decision in words, and each concept's trace.
	CuesAwarded *bool           `json:"cues_awarded,omitempty"`
	Decision    string          `json:"decision,omitempty"`
	Concepts    []grading.Trace `json:"concepts,omitempty"`
}

// toExplainJSON is toGradeJSON with the explanation beside each criterion.
func toExplainJSON(id string, ex grading.Explanation) gradeJSON {
	out := toGradeJSON(id, ex.Score)
	out.Note, out.Unread, out.Closest = ex.Note, ex.Unread, ex.Closest
	for _, why := range ex.Criteria {
		c, ok := out.Criteria[string(why.Criterion)]
		if !ok {
			continue
		}
		c.CuesAwarded, c.Decision, c.Concepts = &why.CuesAwarded, why.Decision, why.Concepts
		out.Criteria[string(why.Criterion)] = c
	}
	return out
}

func toGradeJSON(id string, s grading.Score) gradeJSON {
	out := gradeJSON{ID: id, Criteria: map[string]gradeCriterionJSON{}, Total: s.Total, Confidence: s.Confidence, Provisional: s.Provisional}
	for _, c := range s.Criteria {
		quotes := make([]string, len(c.Evidence))
		for i, e := range c.Evidence {
			quotes[i] = e.Quote
		}
		out.Criteria[string(c.Criterion)] = gradeCriterionJSON{Awarded: c.Awarded, Evidence: quotes, Rationale: c.Rationale, Cues: c.Cues,
			Provisional: c.Provisional, Doubt: c.Doubt}
	}
	return out
}

func runGrade(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("grade", stderr)
	item := fs.String("item", "", "the exercise or probe to score against, as course/lesson/key")
	fs.StringVar(item, "exercise", "", "the same as -item")
	dir := fs.String("content", defaultContent(), contentHelp)
	jsonl := fs.Bool("jsonl", false, `read lines {"id": "…", "text": "…"} and write one result line each`)
	example := fs.Int("example", 0, "score the item's Nth calibration example instead of stdin, as a learner's answer like it would be (without itself among the labelled answers)")
	explain := fs.Bool("explain", false, "say, concept by concept, what was found, with which words, and how close each missing concept came (as text; as JSON with --jsonl)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: practicum grade --item COURSE/LESSON/KEY [--content DIR] [--jsonl] [--explain] (< answers | --example N | \"ANSWER\")\n\nScores answers without a database and prints JSON (or, with --explain alone, a readable explanation). The answer is read from stdin, or given quoted as the one argument after the flags. Flags:")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *item == "" {
		fs.Usage()
		return usageError{"grade needs --item (or --exercise)"}
	}
	// An author trying one answer types it as the argument.
	var typed *string
	switch {
	case fs.NArg() == 1 && !strings.HasPrefix(fs.Arg(0), "-"):
		if *jsonl || *example != 0 {
			return usageError{"grade takes an answer as its argument, or --jsonl or --example, not both"}
		}
		typed = new(fs.Arg(0))
	case slices.ContainsFunc(fs.Args(), func(a string) bool { return strings.HasPrefix(a, "-") }):
		return refuseArguments(fs)
	case fs.NArg() > 1:
		return usageError{fmt.Sprintf("grade takes one answer as its argument and was given %d words: quote the answer", fs.NArg())}
	}
	scoring, err := itemScoring(*dir, *item)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	if *example != 0 && *jsonl {
		return usageError{"grade takes --example or --jsonl, not both"}
	}
	if !*jsonl {
		var text []byte
		if *example != 0 {
			if *example < 1 || *example > len(scoring.Examples) {
				return fmt.Errorf("%s has %d calibration example(s); there is no example %d", *item, len(scoring.Examples), *example)
			}
			text = []byte(scoring.Examples[*example-1].Answer)
		} else if typed != nil {
			text = []byte(*typed)
		} else if text, err = io.ReadAll(io.LimitReader(stdin, 1<<20)); err != nil {
			return err
		}
		if *explain {
			ex, err := scoring.Explain(string(text), nil)
			if err != nil {
				return err
			}
			return writeExplanation(stdout, ex)
		}
		s, err := scoring.Grade(string(text), nil)
		if err != nil {
			return err
		}
		return enc.Encode(toGradeJSON("", s))
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var in struct {
			ID   string `json:"id"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal(sc.Bytes(), &in); err != nil {
			return fmt.Errorf("stdin line %d: %w", line, err)
		}
		if *explain {
			ex, err := scoring.Explain(in.Text, nil)
			if err != nil {
				return err
			}
			if err := enc.Encode(toExplainJSON(in.ID, ex)); err != nil {
				return err
			}
			continue
		}
		s, err := scoring.Grade(in.Text, nil)
		if err != nil {
			return err
		}
		if err := enc.Encode(toGradeJSON(in.ID, s)); err != nil {
			return err
		}
	}
	return sc.Err()
}

// contentHelp describes --content for grade and calibrate.
const contentHelp = "a course directory (with course.yaml), or a directory of course directories; lessons/content where it exists, else the current directory"

// defaultContent is lessons/content in a checkout of Practicum, else the
// current directory: an author working in their own course's directory
// need not name it.
func defaultContent() string {
	if st, err := os.Stat("lessons/content"); err == nil && st.IsDir() {
		return "lessons/content"
	}
	return "."
}

// itemScoring loads the lesson files in dir and returns the scoring of the
// exercise or probe at address (course/lesson/key), for grade and
// calibrate.
func itemScoring(dir, address string) (*lessons.Scoring, error) {
	s, _, err := itemScoringFile(dir, address)
	return s, err
}

// itemScoringFile is itemScoring with the path of the item's lesson file.
func itemScoringFile(dir, address string) (*lessons.Scoring, string, error) {
	courses, err := lessons.Load(os.DirFS(dir), dir)
	if err != nil {
		return nil, "", err
	}
	b, file, err := lessons.FindItemFile(courses, address)
	if err != nil {
		return nil, "", err
	}
	return b.ItemScoring(), file, nil
}
