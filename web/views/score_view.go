package views

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
)

// ScoreView is a scored answer as its learner sees it: the current score
// per criterion, the scorer's evidence, and any reviewer's notes.
type ScoreView struct {
	ResponseID int64
	Answer     string
	Total      int
	Criteria   [4]CriterionView
	// Reviewed is true when a reviewer's decision is the current score.
	Reviewed     bool
	ReviewerName string
	ReviewedAt   time.Time
	// History lists every score event, oldest first.
	History []ScoreEventView
	// ReviewRequested is true when the learner asked for a review that no
	// reviewer has answered yet.
	ReviewRequested bool
	// CanRequestReview is false for anonymous visitors, whose answers are
	// not stored yet.
	CanRequestReview bool
	// Provisional is true while the current score is an auto score the
	// scorer itself doubts.
	Provisional bool
	// RescoredWith is the lesson revision whose rubric the current auto
	// score was given with, when that is not the revision answered (the
	// answer was re-scored after the rubric changed); 0 otherwise.
	RescoredWith int
}

// CriterionView is one criterion of a ScoreView.
type CriterionView struct {
	Criterion   grading.Criterion
	Awarded     bool
	AutoAwarded bool
	Rationale   string
	Evidence    []grading.Evidence
	Note        string // the reviewer's note when they changed this criterion
	// Provisional marks the criteria the scorer doubts most.
	Provisional bool
}

// ScoreEventView is one row of a score's history.
type ScoreEventView struct {
	Kind    string // "Auto score" or "Review by …"
	Total   int
	At      time.Time
	Notes   map[grading.Criterion]string
	Version string
}

// NewAutoScoreView shows an auto score alone, e.g. for an anonymous
// visitor's answer scored on the fly.
func NewAutoScoreView(answer string, sc grading.Score) ScoreView {
	v := ScoreView{Answer: answer, Total: sc.Total, Provisional: sc.Provisional}
	for i, c := range sc.Criteria {
		v.Criteria[i] = CriterionView{Criterion: c.Criterion, Awarded: c.Awarded, AutoAwarded: c.Awarded, Rationale: c.Rationale,
			Evidence: c.Evidence, Provisional: sc.Provisional && c.Provisional}
	}
	return v
}

// segment is a run of the answer, marked when it is evidence, with the
// criteria it earned.
type segment struct {
	Text     string
	Mark     bool
	Criteria string
}

// highlighted splits the answer into runs, marking every span any awarded
// criterion quoted as evidence.
func (v ScoreView) highlighted() []segment {
	type span struct {
		start, end int
		label      string
	}
	var spans []span
	for _, c := range v.Criteria {
		// Evidence the scorer found for a point a reviewer then took away
		// is no longer evidence.
		if !c.AutoAwarded || !c.Awarded {
			continue
		}
		for _, e := range c.Evidence {
			if e.Start >= 0 && e.End <= len(v.Answer) && e.Start < e.End {
				spans = append(spans, span{e.Start, e.End, c.Criterion.Label()})
			}
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var out []segment
	pos := 0
	for _, s := range spans {
		if s.end <= pos {
			continue
		}
		if s.start > pos {
			out = append(out, segment{Text: v.Answer[pos:s.start]})
		} else {
			s.start = pos
		}
		labels := s.label
		for _, o := range spans {
			if o.label != s.label && o.start < s.end && s.start < o.end && !strings.Contains(labels, o.label) {
				labels += ", " + o.label
			}
		}
		out = append(out, segment{Text: v.Answer[s.start:s.end], Mark: true, Criteria: labels})
		pos = s.end
	}
	if pos < len(v.Answer) {
		out = append(out, segment{Text: v.Answer[pos:]})
	}
	return out
}

// rubricRevision names the lesson revision whose rubric scored an event:
// by its number (the revision answered, or a later one the answer was
// re-scored with).
func rubricRevision(sub scores.Submission, e scores.Event) string {
	switch {
	case e.RubricRevisionNumber > 0:
		return "Revision " + strconv.Itoa(e.RubricRevisionNumber)
	case e.RubricRevisionID == sub.RevisionID && sub.RevisionNumber > 0:
		return "Revision " + strconv.Itoa(sub.RevisionNumber)
	}
	return "Revision id " + strconv.FormatInt(e.RubricRevisionID, 10)
}
