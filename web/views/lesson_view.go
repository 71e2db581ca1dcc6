package views

import (
	"fmt"
	"strconv"
	"time"

	"github.com/a-h/templ"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// LessonView is a lesson page as one learner sees it: the content, their
// answers so far, and any problem with what they just sent.
type LessonView struct {
	catalog.LessonPage
	State progress.LessonState
	// Errors holds a message per item key for the form that was just sent.
	Errors map[string]string
	// Drafts keeps what the learner typed when saving failed.
	Drafts map[string]progress.Response
	// Scores holds the current score of the latest answer to each exercise
	// and probe.
	Scores map[string]ScoreView
}

func optionID(key string, i int) string { return key + "-option-" + strconv.Itoa(i) }

func noteID(key string) string { return key + "-note" }

func errorID(key string) string { return key + "-error" }

func revisionValue(id int64) string { return strconv.FormatInt(id, 10) }

// answerDraft is what the answer form shows: the text just sent when it was
// refused, else the current answer, else nothing.
func (v LessonView) answerDraft(key string) progress.Response {
	if d, ok := v.Drafts[key]; ok {
		return d
	}
	r, _ := v.State.LastResponse(key)
	return r
}

// earlierResponses are the saved answers before the current one, newest
// first.
func (v LessonView) earlierResponses(key string) []progress.Response {
	rs := v.State.Responses[key]
	if len(rs) < 2 {
		return nil
	}
	out := make([]progress.Response, 0, len(rs)-1)
	for i := len(rs) - 2; i >= 0; i-- {
		out = append(out, rs[i])
	}
	return out
}

func when(t time.Time) string { return t.UTC().Format("2 Jan 2006, 15:04 UTC") }

func attemptsNote(n int) string {
	if n == 1 {
		return "1 attempt. Your first attempt counts toward accuracy; retries are kept."
	}
	return fmt.Sprintf("%d attempts. Your first attempt counts toward accuracy; retries are kept.", n)
}

func confidenceChecked(d progress.Response, label string) bool {
	return string(d.Confidence) == confidenceValue(label)
}

func submitLabel(k lessons.Kind, answered bool) string {
	switch {
	case !k.Scored() && answered:
		return "Save new version"
	case !k.Scored():
		return "Save explanation"
	case answered:
		return "Submit revised answer for scoring"
	}
	return "Submit answer for scoring"
}

// afterRevealNote marks an answer written after the learner had seen the
// item's model answer.
func afterRevealNote(r progress.Response) string {
	if r.AfterReveal {
		return " · after seeing the model answer"
	}
	return ""
}

// revisionNote marks an answer given to an earlier revision of the lesson:
// it keeps the wording it answered, which may have changed since.
func revisionNote(p LessonView, r progress.Response) string {
	if r.RevisionID != p.RevisionID {
		return " · answered an earlier revision of this lesson"
	}
	return ""
}

// The learner's choices that pick among unchanging renderings (choose).

// chosenOption picks which of optionSets(b) checkpoint b shows: the
// learner's latest answer to this revision checked, if any. A choice
// spans all of a checkpoint's options (not one per option) so that the
// frame's pieces are long enough to compress well.
func chosenOption(b lessons.Block) func(LessonView) int {
	n := len(b.Checkpoint.Options)
	return func(v LessonView) int {
		last, answered := v.State.LastAttempt(b.Key)
		if answered && last.RevisionID == v.RevisionID && last.Option >= 0 && last.Option < n {
			return last.Option + 1
		}
		return 0
	}
}

// optionSets are checkpoint b's options with none checked, then with each
// checked in turn.
func optionSets(b lessons.Block) []templ.Component {
	sets := []templ.Component{options(b, -1)}
	for i := range b.Checkpoint.Options {
		sets = append(sets, options(b, i))
	}
	return sets
}

// attemptState picks what checkpoint key's button says: not answered
// yet, last answered wrong (try again), or right.
func attemptState(key string) func(LessonView) int {
	return func(v LessonView) int {
		last, answered := v.State.LastAttempt(key)
		switch {
		case !answered:
			return 0
		case !last.Correct:
			return 1
		}
		return 2
	}
}

// revealState picks what an exercise or probe shows under its prompt:
// how it is scored (not answered), the score with "Show the model
// answer" (answered), or the score with the model answer (revealed).
func revealState(key string) func(LessonView) int {
	return func(v LessonView) int {
		if _, answered := v.State.LastResponse(key); !answered {
			return 0
		}
		if v.State.Revealed[key] {
			return 2
		}
		return 1
	}
}

// responded picks whether free-response item key has an answer.
func responded(key string) func(LessonView) int {
	return func(v LessonView) int {
		_, answered := v.State.LastResponse(key)
		return pickIf(answered)
	}
}

// confidenceChosen picks which of confidenceSets the answer form of item
// key shows: the rating of the answer it holds checked, if any.
func confidenceChosen(key string) func(LessonView) int {
	return func(v LessonView) int {
		draft := v.answerDraft(key)
		for i, level := range lessons.ConfidenceLevels {
			if confidenceChecked(draft, level) {
				return i + 1
			}
		}
		return 0
	}
}

// confidenceSets are the confidence ratings with none checked, then with
// each checked in turn.
func confidenceSets(key string) []templ.Component {
	sets := []templ.Component{confidences(key, -1)}
	for i := range lessons.ConfidenceLevels {
		sets = append(sets, confidences(key, i))
	}
	return sets
}
