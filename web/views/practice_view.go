package views

import (
	"time"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// PracticeView is /practice for one learner: every probe, in the first
// group it belongs to.
type PracticeView struct {
	Due, Unanswered, Answered []PracticeItem
	// SignedIn: only a signed-in learner has review cards to fall due.
	SignedIn bool
}

// PracticeItem is a probe on /practice, with when it fell due or was last
// answered (zero: not).
type PracticeItem struct {
	catalog.ProbeRef
	Due, Answered time.Time
}

// PracticeProbeView is one probe practised alone: its question and the
// answer form, with what was refused and why, if anything was.
type PracticeProbeView struct {
	Page  catalog.LessonPage
	Block lessons.Block
	Error string
	Draft progress.Response
}

// PracticeResultView is a practised probe's result: the learner's latest
// answer to it, scored, and the strong answer.
type PracticeResultView struct {
	LessonView
	Block lessons.Block
	Score ScoreView
}

// practiceGroup is one of /practice's lists.
type practiceGroup struct {
	ID, Title, Empty string
	Items            []PracticeItem
}

func (v PracticeView) groups() []practiceGroup {
	out := []practiceGroup{}
	if v.SignedIn {
		out = append(out, practiceGroup{"practice-due", "Due for review", "Nothing is due: probes you answer come back here when it is time to answer them again.", v.Due})
	}
	return append(out,
		practiceGroup{"practice-new", "Not answered yet", "You have answered every probe.", v.Unanswered},
		practiceGroup{"practice-answered", "Answered", "Probes you answer are listed here, the one answered longest ago first.", v.Answered})
}

// practiceWhen says when an item fell due or was last answered.
func practiceWhen(it PracticeItem) string {
	switch {
	case !it.Due.IsZero():
		return "Due since " + when(it.Due)
	case !it.Answered.IsZero():
		return "Last answered " + when(it.Answered)
	}
	return ""
}

// practiceLevel is b as the practice pages head it: under their h2, so
// its score and strong answer take h3s.
func practiceLevel(b lessons.Block) lessons.Block {
	b.Level = 2
	return b
}

// confidenceIndex is which confidence rating d holds (-1: none).
func confidenceIndex(d progress.Response) int {
	for i, level := range lessons.ConfidenceLevels {
		if confidenceChecked(d, level) {
			return i
		}
	}
	return -1
}
