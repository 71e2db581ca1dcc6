package views

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/content"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/web/auth"
)

// The lesson views below are built in memory from the shipped lessons, so
// that every state a page can show is covered without a database: each
// answered kind of block with nothing, one, several and earlier-revision
// answers, each kind of score, and every kind of viewer.

// shippedPages are the shipped lessons as the lesson page reads them, at
// revision 7 of each.
func shippedPages(t testing.TB) []catalog.LessonPage {
	t.Helper()
	courses, err := lessons.Load(content.FS, "lessons/content")
	if err != nil {
		t.Fatal(err)
	}
	var pages []catalog.LessonPage
	for _, c := range courses {
		var siblings []catalog.LessonSummary
		for _, f := range c.Lessons {
			siblings = append(siblings, catalog.LessonSummary{Slug: f.Lesson.Slug, Title: f.Lesson.Title, Goal: f.Lesson.Goal,
				Position: f.Lesson.Position, Minutes: f.Lesson.Minutes})
		}
		for _, f := range c.Lessons {
			pages = append(pages, catalog.LessonPage{Course: c.Course, Lesson: f.Lesson, RevisionID: 7, Revision: 3, Siblings: siblings})
		}
	}
	return pages
}

var at0 = time.Date(2026, 11, 30, 9, 15, 0, 0, time.UTC)

// lessonStates are views of p in the states a learner's page can be in,
// by name.
func lessonStates(p catalog.LessonPage) map[string]LessonView {
	blank := func() LessonView {
		return LessonView{LessonPage: p, Errors: map[string]string{}, Drafts: map[string]progress.Response{}, Scores: map[string]ScoreView{},
			State: progress.LessonState{Last: map[string]progress.Attempt{}, Attempts: map[string]int{}, Responses: map[string][]progress.Response{}}}
	}
	out := map[string]LessonView{"blank": blank(), "zero state": {LessonPage: p}}

	answered := func(name string, scored func(i int, b lessons.Block, r progress.Response) (ScoreView, bool), right func(i int, b lessons.Block) int) {
		v := blank()
		for i, b := range p.Lesson.Blocks {
			switch {
			case b.Kind == lessons.KindCheckpoint && b.Checkpoint != nil:
				opt := right(i, b)
				if opt < 0 {
					continue
				}
				rev := p.RevisionID
				if i%5 == 4 {
					rev = p.RevisionID - 1 // answered an earlier revision
				}
				v.State.Last[b.Key] = progress.Attempt{Course: p.Course.Slug, Lesson: p.Lesson.Slug, RevisionID: rev, Key: b.Key,
					Option: opt, Correct: opt == b.Checkpoint.Correct(), At: at0.Add(time.Duration(i) * time.Minute)}
				v.State.Attempts[b.Key] = 1 + i%3
			case b.Kind.Written():
				var rs []progress.Response
				for n := 0; n <= i%3; n++ {
					rev := p.RevisionID
					if n == 0 && i%2 == 1 {
						rev = p.RevisionID - 1
					}
					rs = append(rs, progress.Response{Course: p.Course.Slug, Lesson: p.Lesson.Slug, RevisionID: rev, Key: b.Key, Kind: b.Kind,
						Answer:     fmt.Sprintf("Answer %d to <%s> & \"quoted\": compare long prompts on each version at the same rate.", n, b.Key),
						Confidence: []progress.Confidence{progress.NotYet, progress.GettingThere, progress.Confident}[(i+n)%3],
						At:         at0.Add(time.Duration(i*10+n) * time.Minute)})
				}
				v.State.Responses[b.Key] = rs
				if sv, ok := scored(i, b, rs[len(rs)-1]); ok && b.Kind.Scored() {
					v.Scores[b.Key] = sv
				}
			}
		}
		out[name] = v
	}
	firstRight := func(_ int, b lessons.Block) int { return b.Checkpoint.Correct() }
	allWrong := func(_ int, b lessons.Block) int { return (b.Checkpoint.Correct() + 1) % len(b.Checkpoint.Options) }
	someUnanswered := func(i int, b lessons.Block) int {
		if i%2 == 0 {
			return -1
		}
		return 0
	}
	unscored := func(int, lessons.Block, progress.Response) (ScoreView, bool) { return ScoreView{}, false }
	answered("checkpoints right, responses unscored", unscored, firstRight)
	answered("checkpoints wrong, provisional scores", func(i int, b lessons.Block, r progress.Response) (ScoreView, bool) {
		return scoreView(r, i, false, false, true), true
	}, allWrong)
	answered("some answered, reviewed scores", func(i int, b lessons.Block, r progress.Response) (ScoreView, bool) {
		return scoreView(r, i, true, false, true), true
	}, someUnanswered)
	answered("review requested", func(i int, b lessons.Block, r progress.Response) (ScoreView, bool) {
		return scoreView(r, i, false, true, true), true
	}, firstRight)
	answered("anonymous scores", func(i int, b lessons.Block, r progress.Response) (ScoreView, bool) {
		return scoreView(r, i, false, false, false), true
	}, allWrong)
	answered("re-scored after the rubric changed", func(i int, b lessons.Block, r progress.Response) (ScoreView, bool) {
		sv := scoreView(r, i, false, false, true)
		sv.RescoredWith = 4 + i%2
		return sv, true
	}, firstRight)
	return out
}

// scoreView is a score of r: provisional (an auto score the scorer
// doubts) unless reviewed, with evidence quoted from r and a history.
func scoreView(r progress.Response, i int, reviewed, requested, canRequest bool) ScoreView {
	sv := ScoreView{ResponseID: int64(100 + i), Answer: r.Answer, ReviewRequested: requested, CanRequestReview: canRequest,
		Provisional: !reviewed}
	for j, c := range grading.Criteria {
		cv := CriterionView{Criterion: c, Awarded: (i+j)%2 == 0, AutoAwarded: (i+j)%3 != 1, Rationale: "Because <" + string(c) + "> & so on.",
			Evidence: []grading.Evidence{{Start: j * 5, End: j*5 + 12}, {Start: 3, End: 9}}, Provisional: !reviewed && j == 1}
		if cv.Awarded {
			sv.Total++
		}
		if reviewed && j == 2 {
			cv.Note = "Named the confound <clearly>."
		}
		sv.Criteria[j] = cv
	}
	sv.History = []ScoreEventView{{Kind: "Auto score", Total: 2, At: r.At}}
	if reviewed {
		sv.Reviewed, sv.ReviewerName, sv.ReviewedAt = true, "Rae <Reviewer>", r.At.Add(time.Hour)
		sv.History = append(sv.History, ScoreEventView{Kind: "Review by Rae", Total: sv.Total, At: sv.ReviewedAt})
	}
	return sv
}

// viewers are who can look at a lesson page: the navigation's review
// news, its count of due review cards and the page that signing in
// returns to differ per request.
var viewers = map[string]Viewer{
	"anonymous":                          {},
	"anonymous with a page to return to": {Here: "/courses/serving-incidents/lessons/x?from=<a&b>"},
	"learner":                            {SignedIn: true, DisplayName: "Lee <& Co>", Role: auth.Learner},
	"learner with review news": {SignedIn: true, DisplayName: "Nel", Role: auth.Learner,
		News: scores.NewsCount{Requested: 1, Finished: 2}, Here: "/courses/serving-incidents/lessons/x"},
	"learner with review cards due": {SignedIn: true, DisplayName: "Dee", Role: auth.Learner, DueReviews: 3},
	"instructor":                    {SignedIn: true, DisplayName: "Ida", Role: auth.Instructor},
	"admin":                         {SignedIn: true, DisplayName: "Ada", Role: auth.Admin},
}

// eachLessonView calls f with every shipped lesson in every state, for
// every viewer, and the context that viewer's page renders with.
func eachLessonView(t *testing.T, f func(t *testing.T, ctx context.Context, v LessonView)) {
	for _, p := range shippedPages(t) {
		for state, v := range lessonStates(p) {
			for who, viewer := range viewers {
				t.Run(p.Lesson.Slug+"/"+state+"/"+who, func(t *testing.T) {
					f(t, WithViewer(context.Background(), viewer), v)
				})
			}
		}
	}
}
