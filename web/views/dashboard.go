package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// DashboardView is a learner's own progress at /me.
type DashboardView struct {
	Name    string
	Courses []CourseCompletion
	First   []progress.FirstAttempt
	Ratings []progress.Rating
	Scored  progress.ScoredSummary
}

func (v DashboardView) weakestText() string {
	c, misses, ok := v.Scored.WeakestCriterion()
	if !ok {
		return "No criterion missed yet."
	}
	return fmt.Sprintf("%s: missed in %d of your %d scored answers.", c.Label(), misses, v.Scored.Answers)
}

func calibrationText(c progress.ConfidenceCalibration) string {
	return fmt.Sprintf("%s: %.1f of 4 on average over %d answer(s)", c.Confidence.Label(), c.Average, c.Answers)
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
