package views

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// DashboardView is a learner's own progress at /me.
type DashboardView struct {
	Name    string
	Courses []CourseCompletion
	// Next is the learner's next step; nil when they have answered
	// everything.
	Next    *NextStep
	First   []progress.FirstAttempt
	Ratings []progress.Rating
	// Written is the latest answer to each written item, newest first;
	// Scored summarises the scored ones, one per item.
	Written []WrittenAnswer
	Scored  progress.ScoredSummary
	// Requested are the reviews in progress, Finished those finished
	// since the learner's last visit.
	Requested, Finished []ReviewNote
	// Mocks are the learner's latest mock interviews.
	Mocks []MockListed
}

// WrittenAnswer is one row of "Your written answers".
type WrittenAnswer struct {
	Title, LessonTitle string
	URL                string
	Scored             bool
	Total              int
	Status             scores.Status
	At                 time.Time
	Saves              int
}

// ReviewNote is one review in progress or newly finished.
type ReviewNote struct {
	Title, LessonTitle, URL string
	At                      time.Time
	Total                   int    // a finished review's score
	Reviewer                string // who finished it; "" when their account is gone
}

// noNextStep says why the dashboard offers no next step.
func (v DashboardView) noNextStep() string {
	if len(v.Courses) == 0 {
		return "No course has been published yet."
	}
	return "You have answered every item in every course. Revisit a lesson to revise an answer."
}

func (w WrittenAnswer) scoreText() string {
	if !w.Scored {
		return "Not scored"
	}
	return outOf4(w.Total)
}

func outOf4(total int) string { return fmt.Sprintf("%d of 4", total) }

func (w WrittenAnswer) savedText() string {
	if w.Saves > 1 {
		return fmt.Sprintf("%s (saved %d times)", when(w.At), w.Saves)
	}
	return when(w.At)
}

func (n ReviewNote) finishedText() string {
	by := "a reviewer"
	if n.Reviewer != "" {
		by = n.Reviewer
	}
	return fmt.Sprintf(": now %s, reviewed by %s on %s", outOf4(n.Total), by, when(n.At))
}

func (v DashboardView) weakestText() string {
	c, misses, ok := v.Scored.WeakestCriterion()
	if !ok {
		return "No criterion missed yet."
	}
	return fmt.Sprintf("%s: missed in %d of your %s.", c.Label(), misses, plural(v.Scored.Answers, "scored answer", "scored answers"))
}

func calibrationText(c progress.ConfidenceCalibration) string {
	return fmt.Sprintf("%s: %.1f of 4 on average over %s", c.Confidence.Label(), c.Average, plural(c.Answers, "answer", "answers"))
}

// plural is "1 answer" or "n answers".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// calibrationWidth scales an average out of 4 to the 400-unit bar.
func calibrationWidth(avg float64) string { return strconv.Itoa(int(avg * 100)) }

// CourseCompletion is how many of a course's lessons a learner completed.
type CourseCompletion struct {
	Slug, Title     string
	Complete, Total int
}

func NewCourseCompletion(d catalog.CourseDetail, answered map[string]map[string]bool) CourseCompletion {
	return CourseCompletion{Slug: d.Course.Slug, Title: d.Course.Title, Complete: completeCount(d.Lessons, answered), Total: len(d.Lessons)}
}

func (v DashboardView) missed() []progress.FirstAttempt {
	var out []progress.FirstAttempt
	for _, f := range v.First {
		if !f.Correct {
			out = append(out, f)
		}
	}
	return out
}

func (v DashboardView) accuracyText() string {
	correct, total := progress.Accuracy(v.First)
	if total == 0 {
		return "No checkpoints answered yet."
	}
	return fmt.Sprintf("%d%% first-attempt accuracy (%d of %d checkpoints right the first time)", percent(correct, total), correct, total)
}

func percent(n, d int) int {
	if d == 0 {
		return 0
	}
	return (n*100 + d/2) / d
}

func checkpointName(f progress.FirstAttempt) string {
	if f.Ordinal > 0 {
		return fmt.Sprintf("Checkpoint %d in %s", f.Ordinal, f.LessonTitle)
	}
	return "A checkpoint no longer in " + f.LessonTitle
}

// Chart geometry for the confidence chart, in SVG user units.
const (
	chartW, chartH      = 640, 200
	chartLeft, chartTop = 120, 20
	chartPlotH          = 140
)

func ratingX(i, n int) int {
	span := chartW - chartLeft - 30
	if n <= 1 {
		return chartLeft + span/2
	}
	return chartLeft + i*span/(n-1)
}

func levelY(level int) int { return chartTop + chartPlotH - level*chartPlotH/2 }

func ratingPoints(rs []progress.Rating) string {
	var b strings.Builder
	for i, r := range rs {
		fmt.Fprintf(&b, "%d,%d ", ratingX(i, len(rs)), levelY(r.Confidence.Level()))
	}
	return strings.TrimSpace(b.String())
}

func ratingsSummary(rs []progress.Rating) string {
	counts := make([]int, len(progress.Confidences))
	for _, r := range rs {
		if l := r.Confidence.Level(); l >= 0 {
			counts[l]++
		}
	}
	first, last := rs[0].Confidence.Label(), rs[len(rs)-1].Confidence.Label()
	return fmt.Sprintf("%d ratings from %s to %s; first %s, latest %s. Not yet: %d, Getting there: %d, Confident: %d.",
		len(rs), when(rs[0].At), when(rs[len(rs)-1].At), first, last, counts[0], counts[1], counts[2])
}

func itoa(i int) string { return strconv.Itoa(i) }
