package web

import (
	"maps"
	"net/http"
	"time"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/web/learnercache"
	"github.com/practicum-dev/practicum/web/views"
)

// A signed-in learner's view of a lesson page whose frame is kept is the
// frame (lesson_frame.go) and their part: their answers and scores on the
// lesson and the navigation's counts. Reading the part is the costly
// statement of the view (Catalog.LearnerWorkOn), so while changes are
// heard the part is kept in s.learners (web/learnercache), decoded, until
// the learner's work changes (announced by lessons/learnerchanges, after
// each commit, from whichever server made it), their next review card
// falls due, or it grows old. The page is the same bytes either way: the
// part is what the statement returned, decoded as it always is.

// learnerPart is a signed-in learner's part of a lesson page, decoded.
// A kept one is shared by every view of it: nothing may change it.
type learnerPart struct {
	state  progress.LessonState
	scores map[string]views.ScoreView
	news   scores.NewsCount
	due    int
	// sent is the response last sent from a kept part (learner_page.go);
	// nil for one read afresh.
	sent *sentPage
}

// Learners keeps learners' parts of lesson pages (web/learnercache). Whoever
// builds it flushes it as listen.Flush says, and forgets a learner when
// their work changes (lessons/learnerchanges); until it is flushed with
// true it keeps nothing.
type Learners = learnercache.Cache[lessonRevision, learnerPart]

// lessonRevision is the page a learner's part belongs to.
type lessonRevision struct{ lesson, revision int64 }

// NewLearners returns a cache of learners' parts of at most budget bytes,
// each kept at most maxAge (learnercache.DefaultBudget, DefaultMaxAge).
func NewLearners(budget int64, maxAge time.Duration) *Learners {
	return learnercache.New[lessonRevision, learnerPart](budget, maxAge)
}

// decodeLearnerPart decodes what the page's statement read of the learner
// on lesson course/lesson.
func decodeLearnerPart(mine catalog.LearnerJSON, course, lesson string) (learnerPart, error) {
	part := learnerPart{scores: map[string]views.ScoreView{}, due: mine.DueReviews}
	var err error
	if part.news, err = scores.DecodeNews(mine.News); err != nil {
		return part, err
	}
	if part.state, err = progress.DecodeLessonState(mine.State, course, lesson); err != nil {
		return part, err
	}
	subs, err := scores.DecodeLatest(mine.Scores)
	for key, sub := range subs {
		part.scores[key] = scoreView(sub)
	}
	return part, err
}

// learnerView is the page p for a signed-in learner with part, whose
// navigation's counts it records for the layout.
func (s *Server) learnerView(r *http.Request, p catalog.LessonPage, part learnerPart) views.LessonView {
	s.setNews(r, part.news)
	s.setDueReviews(r, part.due)
	v := newLessonView(p)
	v.State = part.state
	v.Scores = maps.Clone(part.scores) // a view's own map: it may be added to
	return v
}

// learnerWork is the signed-in learner id's part of page p, the lesson at
// course/lesson, whose account was read with the session: kept, or read
// and kept.
func (s *Server) learnerWork(r *http.Request, p catalog.LessonPage, course, lesson string, id int64) (learnerPart, error) {
	k := learnercache.Key[lessonRevision]{Learner: id, Of: lessonRevision{p.LessonID, p.RevisionID}}
	if !justWrote(r) {
		if part, ok := s.learners.Get(k); ok {
			return part, nil
		}
	}
	t := s.learners.Ticket(id)
	mine, err := s.catalog.LearnerWorkOn(r.Context(), p.LessonID, id)
	if err != nil {
		return learnerPart{}, err
	}
	part, err := decodeLearnerPart(mine, course, lesson)
	if err != nil {
		return part, err
	}
	// What it holds, decoded, is about twice the JSON it came from, and
	// the response sent from it.
	part.sent = &sentPage{}
	cost := 2*int64(len(mine.State)+len(mine.Scores)+len(mine.News)) + sentPageCost
	s.learners.Put(t, k, part, cost, mine.DueIn)
	return part, nil
}

// wroteCookie marks a browser that has just changed what it is shown — an
// answer, a reveal, a review asked for, review news seen — for wroteFor.
// Its learner's part is read afresh meanwhile, so that the page it is sent
// to next shows the change even when another server answers it before it
// hears of the change (a few milliseconds, under load more). A browser
// that drops the cookie only risks that moment for itself.
const (
	wroteCookie = "practicum_wrote"
	wroteFor    = 2 * time.Second
)

// markWrites is middleware that marks every browser that posts.
func (s *Server) markWrites(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			s.markWrote(w)
		}
		next.ServeHTTP(w, r)
	})
}

// markWrote marks the browser w answers as having just changed its
// learner's work.
func (s *Server) markWrote(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: wroteCookie, Value: "1", Path: "/", MaxAge: int(wroteFor / time.Second),
		HttpOnly: true, Secure: s.https, SameSite: http.SameSiteLaxMode})
}

// justWrote reports whether r comes from a browser marked by markWrote.
func justWrote(r *http.Request) bool {
	_, err := r.Cookie(wroteCookie)
	return err == nil
}
