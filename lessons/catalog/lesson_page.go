package catalog

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// LessonPage is everything the lesson page shows of the lesson.
type LessonPage struct {
	Course lessons.Course
	Lesson *lessons.Lesson
	// LessonID names the lesson for LearnerOn.
	LessonID   int64
	RevisionID int64
	Revision   int
	Siblings   []LessonSummary // every lesson of the course, in order
}

// Prev and Next return the neighbouring lessons, if any.
func (p LessonPage) Prev() (LessonSummary, bool) { return p.sibling(-1) }
func (p LessonPage) Next() (LessonSummary, bool) { return p.sibling(+1) }

func (p LessonPage) sibling(d int) (LessonSummary, bool) {
	for i, l := range p.Siblings {
		if l.Slug == p.Lesson.Slug {
			if j := i + d; j >= 0 && j < len(p.Siblings) {
				return p.Siblings[j], true
			}
		}
	}
	return LessonSummary{}, false
}

// LearnerJSON is a signed-in learner's part of the lesson page, read in the
// lesson's own query by functions that the owners of those tables define
// (migrations/00007_lesson_page.sql). Each field is one function's JSON, for
// its owner to decode.
type LearnerJSON struct {
	Account []byte // auth_account: auth.DecodeAccount; nil when there is no such account
	State   []byte // progress_lesson_state: progress.DecodeLessonState
	Scores  []byte // scores_latest: scores.DecodeLatest
	News    []byte // scores_review_news (migrations/00014_review_news.sql): scores.DecodeNews
	// DueReviews is review_due at the statement's time: how many of the
	// learner's review cards are due, for the navigation.
	DueReviews int
	// DueIn is how long after the statement's time the next of the
	// learner's live cards falls due (review_next_due, migration 00018),
	// when DueReviews will grow on its own; 0 when no card will. Only
	// LearnerWorkOn reads it: a caller that keeps the learner's part
	// (web/learnercache) keeps it no longer than this.
	DueIn time.Duration
}

// lessonPageQuery is the lesson page's one query: the lesson's current
// revision, the course's lesson list and, for a signed-in learner ($6;
// NULL for a visitor), their account, answers, scores, review news and
// due review cards (the navigation's counts), each from its
// owner's function with explicit arguments ($7 is lessons.ScoredKinds()). The document
// and the lesson list cost more to build, send and decode than anything
// else here, and change rarely: the caller sends the revision ($3) and the
// course's set of current revisions ($4) it last read, and gets NULL for
// either that is unchanged.
var lessonPageQuery = `
	SELECT c.slug, c.title, c.summary, l.id, r.id, r.number, cur.revisions,
	       CASE WHEN cur.revisions = $4 THEN NULL ELSE ` + siblingsJSON("$5") + ` END,
	       CASE WHEN r.id = $3 THEN NULL ELSE r.document END,
	       a.account, st.state, sc.latest, nw.news, rd.due
	FROM courses c
	JOIN lessons l ON l.course_id = c.id
	JOIN lesson_revisions r ON r.id = l.current_revision_id
	CROSS JOIN LATERAL (SELECT array_agg(l2.current_revision_id ORDER BY l2.current_revision_id) AS revisions
		FROM lessons l2 WHERE l2.course_id = c.id AND l2.current_revision_id IS NOT NULL) cur
	LEFT JOIN LATERAL auth_account($6) a ON true
	CROSS JOIN LATERAL progress_lesson_state($6, l.id) st
	CROSS JOIN LATERAL scores_latest($6, l.id, $7) sc
	CROSS JOIN LATERAL scores_review_news($6) nw
	CROSS JOIN LATERAL review_due($6, now()) rd
	WHERE c.slug = $1 AND l.slug = $2`

// Lesson returns the current revision of a lesson with its course's lesson
// list, as a visitor who is not signed in sees it.
func (c *Catalog) Lesson(ctx context.Context, courseSlug, lessonSlug string) (LessonPage, error) {
	p, _, err := c.lessonPage(ctx, courseSlug, lessonSlug, nil)
	return p, err
}

// LessonFor is Lesson with, in the same query, what the signed-in learner
// userID has of it: their account, answers, scores, review news and due
// review cards.
func (c *Catalog) LessonFor(ctx context.Context, courseSlug, lessonSlug string, userID int64) (LessonPage, LearnerJSON, error) {
	return c.lessonPage(ctx, courseSlug, lessonSlug, &userID)
}

// learnerQuery is lessonPageQuery's learner part alone: their account,
// answers, scores on lesson $1, review news and due review cards, for
// learner $2 ($3 is lessons.ScoredKinds()).
const learnerQuery = `
	SELECT a.account, st.state, sc.latest, nw.news, rd.due
	FROM progress_lesson_state($2, $1) st
	CROSS JOIN LATERAL scores_latest($2, $1, $3) sc
	CROSS JOIN LATERAL scores_review_news($2) nw
	CROSS JOIN LATERAL review_due($2, now()) rd
	LEFT JOIN LATERAL auth_account($2) a ON true`

// learnerWorkQuery is learnerQuery without the account, with how long
// until the next live card falls due, measured by Postgres's clock
// against the same now() as the count, so that the two agree whatever
// the server's clock says.
const learnerWorkQuery = `
	SELECT st.state, sc.latest, nw.news, rd.due, extract(epoch FROM nd.next_due - now())::float8
	FROM progress_lesson_state($2, $1) st
	CROSS JOIN LATERAL scores_latest($2, $1, $3) sc
	CROSS JOIN LATERAL scores_review_news($2) nw
	CROSS JOIN LATERAL review_due($2, now()) rd
	CROSS JOIN LATERAL review_next_due($2, now()) nd`

// LearnerOn is LessonFor's LearnerJSON alone, for a caller that knows
// which revision the lesson page shows without asking (a page kept while
// changes are heard: web/pagecache); lessonID is LessonPage.LessonID.
func (c *Catalog) LearnerOn(ctx context.Context, lessonID, userID int64) (LearnerJSON, error) {
	var mine LearnerJSON
	err := c.pool.QueryRow(ctx, learnerQuery, lessonID, userID, lessons.ScoredKinds()).Scan(&mine.Account, &mine.State, &mine.Scores, &mine.News, &mine.DueReviews)
	if err != nil {
		return mine, fmt.Errorf("reading learner %d on lesson %d: %w", userID, lessonID, err)
	}
	return mine, nil
}

// LearnerWorkOn is LearnerOn without the account (Account is nil), for a
// caller that has read the account already in this request (the web's
// session store reads it with the session): a smaller statement, with
// fewer relations for Postgres to lock and plan nodes to start and end on
// every view. It also reads DueIn.
func (c *Catalog) LearnerWorkOn(ctx context.Context, lessonID, userID int64) (LearnerJSON, error) {
	var mine LearnerJSON
	var dueIn *float64 // seconds; NULL when no card will fall due
	err := c.pool.QueryRow(ctx, learnerWorkQuery, lessonID, userID, lessons.ScoredKinds()).Scan(&mine.State, &mine.Scores, &mine.News, &mine.DueReviews, &dueIn)
	if err != nil {
		return mine, fmt.Errorf("reading learner %d on lesson %d: %w", userID, lessonID, err)
	}
	if dueIn != nil {
		// At least a microsecond: a card is counted due at its due time,
		// so the next one is always some time ahead.
		mine.DueIn = max(time.Duration(*dueIn*float64(time.Second)), time.Microsecond)
	}
	return mine, nil
}

func (c *Catalog) lessonPage(ctx context.Context, courseSlug, lessonSlug string, userID *int64) (LessonPage, LearnerJSON, error) {
	var p LessonPage
	var mine LearnerJSON
	var revisions []int64
	var siblings, doc []byte
	key := courseSlug + "/" + lessonSlug
	var known int64
	if id, ok := c.lastRevision.Load(key); ok {
		known = id.(int64)
	}
	var list *listing
	if l, ok := c.listings.Load(courseSlug); ok {
		list = l.(*listing)
	} else {
		list = &listing{}
	}
	err := c.pool.QueryRow(ctx, lessonPageQuery,
		courseSlug, lessonSlug, known, list.revisions, lessons.AnswerableKinds(), userID, lessons.ScoredKinds(),
	).Scan(&p.Course.Slug, &p.Course.Title, &p.Course.Summary, &p.LessonID, &p.RevisionID, &p.Revision, &revisions, &siblings, &doc,
		&mine.Account, &mine.State, &mine.Scores, &mine.News, &mine.DueReviews)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, mine, fmt.Errorf("lesson %s/%s: %w", courseSlug, lessonSlug, postgres.ErrNotFound)
	}
	if err != nil {
		return p, mine, fmt.Errorf("reading lesson %s/%s: %w", courseSlug, lessonSlug, err)
	}
	if siblings == nil {
		p.Siblings = list.lessons
	} else {
		if p.Siblings, err = decodeSiblings(siblings); err != nil {
			return p, mine, err
		}
		c.listings.Store(courseSlug, &listing{revisions: revisions, lessons: p.Siblings})
	}
	if doc == nil {
		if l, ok := c.docs.Get(p.RevisionID); ok {
			p.Lesson = l
			return p, mine, nil
		}
		c.lastRevision.Delete(key) // evicted since: read it again, in full
		return c.lessonPage(ctx, courseSlug, lessonSlug, userID)
	}
	p.Lesson, err = c.document(p.RevisionID, doc)
	if err == nil {
		c.lastRevision.Store(key, p.RevisionID)
	}
	return p, mine, err
}
