package views

import (
	"fmt"
	"strconv"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/review"
)

// ReviewCardsView is the learner's Review page (/review): what is due, to
// answer in place, and what comes next.
type ReviewCardsView struct {
	// SignedIn is false for a visitor, who is asked to sign in.
	SignedIn bool
	Now      time.Time
	// Due and Later count all the learner's cards due now and not yet;
	// Items and Upcoming are the first of each.
	Due, Later int
	Items      []ReviewItem
	Upcoming   []UpcomingCard
	// Done is the review just made, reported at the top; nil otherwise.
	Done *ReviewDone
	// Problems holds, by card id, what was wrong with an answer to it;
	// Drafts the written answer sent, kept in the form.
	Problems map[int64]string
	Drafts   map[int64]progress.Response
	// Notice says why the page was shown again instead of an answer's
	// result.
	Notice string
}

// ReviewItem is one due item: a checkpoint's card, or a scored item's due
// criteria, with the item from its lesson's current revision. Order is
// the order of a checkpoint's options on the page (review.Order).
type ReviewItem struct {
	Cards []review.Listed
	Block lessons.Block
	Order []int
}

func (it ReviewItem) card() review.Listed { return it.Cards[0] }

// UpcomingCard is a card not due yet, with its item.
type UpcomingCard struct {
	review.Listed
	Block lessons.Block
}

// ReviewDone is a review just made: what was answered and what each card
// it reviewed got.
type ReviewDone struct {
	review.Done
	Block    lessons.Block // the item as answered
	HasBlock bool
	CardID   int64 // the card whose form was answered
}

func cardAnchor(id int64) string { return "card-" + strconv.FormatInt(id, 10) }

func cardValue(n int) string { return strconv.Itoa(n) }

// itemTitle names an item where its text is not shown: its kind and its
// place among the lesson's items of that kind, or an exercise's title.
func itemTitle(b lessons.Block) string {
	if b.Kind == lessons.KindExercise && b.Exercise.Title != "" {
		return "Exercise: " + b.Exercise.Title
	}
	return fmt.Sprintf("%s %d", b.Kind.Label(), b.Ordinal)
}

// criterionNames lists the criteria of cards, in the rubric's order.
func criterionNames(cards []review.Listed) string {
	names := ""
	for _, c := range grading.Criteria {
		for _, k := range cards {
			if k.Criterion == c {
				if names != "" {
					names += ", "
				}
				names += c.Label()
			}
		}
	}
	return names
}

// itemPrompt is what a scored item asks.
func itemPrompt(b lessons.Block) lessons.HTML {
	switch {
	case b.Exercise != nil:
		return b.Exercise.Prompt
	case b.Probe != nil:
		return b.Probe.Question
	}
	return ""
}

// cardHistory says how often the card was answered before, as reviews
// count (review.decide), and how often forgotten once learned.
func cardHistory(c review.Listed) string {
	switch {
	case c.Reps == 0:
		return "Not answered yet"
	case c.Lapses > 0:
		return fmt.Sprintf("Answered %s before; forgotten %s once learned", timesText(c.Reps), timesText(c.Lapses))
	}
	return "Answered " + timesText(c.Reps) + " before"
}

func timesText(n int) string {
	if n == 1 {
		return "once"
	}
	return strconv.Itoa(n) + " times"
}

// dueIn says when a card is due, from now: "in 10 minutes", "in 3 days".
func dueIn(now, due time.Time) string {
	d := due.Sub(now)
	switch {
	case d <= 0:
		return "now"
	case d < time.Hour:
		return "in " + countOf(int((d+time.Minute-1)/time.Minute), "minute", "minutes")
	case d < 48*time.Hour:
		return "in " + countOf(int((d+time.Hour-1)/time.Hour), "hour", "hours")
	}
	return "in " + countOf(int((d+24*time.Hour-1)/(24*time.Hour)), "day", "days")
}

func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func dateTimeAttr(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// dueHeading is the due section's heading.
func (v ReviewCardsView) dueHeading() string {
	if v.Due == 0 {
		return "Due now"
	}
	return fmt.Sprintf("Due now: %d", v.Due)
}

// dueShown counts the due cards the page shows.
func (v ReviewCardsView) dueShown() int {
	n := 0
	for _, it := range v.Items {
		n += len(it.Cards)
	}
	return n
}

func (v ReviewCardsView) draft(id int64) progress.Response { return v.Drafts[id] }

// doneOption is the text of the option a checkpoint review chose.
func (d ReviewDone) option(i int) lessons.Option {
	if d.HasBlock && d.Block.Checkpoint != nil && i >= 0 && i < len(d.Block.Checkpoint.Options) {
		return d.Block.Checkpoint.Options[i]
	}
	return lessons.Option{}
}

// checkpoint reports whether the review was a checkpoint's, readable as
// answered.
func (d ReviewDone) checkpoint() bool {
	return d.Option >= 0 && d.HasBlock && d.Block.Checkpoint != nil && d.Option < len(d.Block.Checkpoint.Options)
}
