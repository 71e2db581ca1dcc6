package web_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

// nextStepOn is the next step a page offers: the link's text and address,
// or the sentence shown instead; absent is true when there is no offer.
func nextStepOn(p page) (text, href string, absent bool) {
	sec := p.doc.Find(`main [data-testid="next-step"]`)
	if sec.Length() == 0 {
		return "", "", true
	}
	if a := sec.Find("a"); a.Length() > 0 {
		return flat(a), a.AttrOr("href", ""), false
	}
	return flat(sec.Find("p")), "", false
}

// TestNextStep: the course page and the dashboard offer the first item,
// in reading order, of the first lesson the learner has not finished, as
// "Continue: <lesson>, <the item's heading>" — "Start: …" on the
// dashboard before any answer — and say so when everything is answered.
func TestNextStep(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	ctx := context.Background()
	users, as := accounts(t, s, map[string]auth.Role{"Nia": auth.Learner})
	nia, id := as["Nia"], users["Nia"].ID
	const course = "serving-incidents"
	d, err := s.catalog.Course(ctx, course)
	if err != nil {
		t.Fatal(err)
	}
	var pages []catalog.LessonPage
	for _, l := range d.Lessons {
		lp, err := s.catalog.Lesson(ctx, course, l.Slug)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, lp)
	}
	prog := progress.NewStore(s.pool)
	// answerAll answers every item of lesson i (0-based) but those keyed
	// except, as the lesson page would store them.
	answerAll := func(i int, except ...string) {
		lp := pages[i]
		for _, b := range lp.Lesson.Blocks {
			if !b.Kind.Answerable() || slices.Contains(except, b.Key) {
				continue
			}
			var err error
			if b.Kind == lessons.KindCheckpoint {
				err = prog.RecordAttempt(ctx, id, progress.Attempt{Course: course, Lesson: lp.Lesson.Slug, RevisionID: lp.RevisionID, Key: b.Key,
					Option: b.Checkpoint.Correct(), Correct: true, At: time.Now()})
			} else {
				err = prog.SaveResponse(ctx, id, progress.Response{Course: course, Lesson: lp.Lesson.Slug, RevisionID: lp.RevisionID, Key: b.Key,
					Kind: b.Kind, Answer: "An answer.", Confidence: progress.GettingThere, At: time.Now()})
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	// items is lesson i's answerable items in reading order.
	items := func(i int) []lessons.Block {
		var out []lessons.Block
		for _, b := range pages[i].Lesson.Blocks {
			if b.Kind.Answerable() {
				out = append(out, b)
			}
		}
		return out
	}
	step := func(verb string, i int, b lessons.Block) (string, string) {
		lp := pages[i]
		return verb + ": " + lp.Lesson.Title + ", " + lp.Lesson.ItemHeading(b), views.ItemURL(course, lp.Lesson.Slug, b.Kind, b.Key)
	}
	check := func(when, path, wantText, wantHref string, wantAbsent bool) {
		t.Helper()
		text, href, absent := nextStepOn(nia.get(path))
		if text != wantText || href != wantHref || absent != wantAbsent {
			t.Errorf("%s, %s offers %q → %q (absent %v); want %q → %q (absent %v)", when, path, text, href, absent, wantText, wantHref, wantAbsent)
		}
	}

	text, href := step("Start", 0, items(0)[0])
	check("before any answer", "/me", text, href, false)
	check("before any answer", "/courses/"+course, "", "", true)

	// An answer in lesson 3 leaves lessons 1 and 2 unfinished: the next
	// step is lesson 1's first item, for an anonymous visitor too.
	cps, rev := s.checkpoints(t)
	nia.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true))
	text, href = step("Continue", 0, items(0)[0])
	check("after an answer in lesson 3", "/me", text, href, false)
	check("after an answer in lesson 3", "/courses/"+course, text, href, false)
	visitor := s.visitor(t)
	visitor.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true))
	if got, gotHref, _ := nextStepOn(visitor.get("/courses/" + course)); got != text || gotHref != href {
		t.Errorf("an anonymous visitor's course page offers %q → %q, want %q → %q", got, gotHref, text, href)
	}

	// Lessons 1 and 2 done, and lesson 3's exercise, probe and first
	// checkpoint: its second checkpoint is next, though the explanation
	// at its end is unanswered too.
	answerAll(0)
	answerAll(1)
	three := items(2)
	var rest []string
	var second lessons.Block
	for _, b := range three {
		if b.Kind == lessons.KindCheckpoint && b.Ordinal >= 2 || b.Kind == lessons.KindExplain {
			rest = append(rest, b.Key)
		}
		if b.Kind == lessons.KindCheckpoint && b.Ordinal == 2 {
			second = b
		}
	}
	answerAll(2, rest...)
	text, href = step("Continue", 2, second)
	if want := "Continue: " + pages[2].Lesson.Title + ", Checkpoint 2 of 5"; text != want {
		t.Fatalf("the expected step reads %q, want %q", text, want)
	}
	check("in the middle of lesson 3", "/me", text, href, false)
	check("in the middle of lesson 3", "/courses/"+course, text, href, false)

	// Everything answered.
	answerAll(2)
	answerAll(3)
	check("with everything answered", "/courses/"+course, "You have answered every item in this course.", "", false)
	check("with everything answered", "/me", "You have answered every item in every course. Revisit a lesson to revise an answer.", "", false)
}
