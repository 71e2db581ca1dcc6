package review

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/fsrs"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Listed is a card as the Review page lists it: with where its item is
// now, the lesson's current revision.
type Listed struct {
	Card
	Course, Lesson string // slugs
	LessonTitle    string
	RevisionID     int64 // the lesson's current revision, which the card is reviewed on
}

// Queue is a learner's cards as the Review page shows them: how many are
// due and how many are not yet, the first of each by due date.
type Queue struct {
	Due, Later         int
	DueCards, Upcoming []Listed
}

// queueQuery reads, in one statement, a learner's ($1) live cards
// (review_live_cards: their item is in the lesson's current revision)
// due at $2: the counts, the first $3 due and the first $4 not yet due.
// Its cost grows with the learner's cards, never with their history.
const queueQuery = `
	WITH live AS MATERIALIZED (SELECT * FROM review_live_cards($1)),
	shown AS (
		(SELECT id, revision_id FROM live WHERE due <= $2 ORDER BY due, id LIMIT $3)
		UNION ALL
		(SELECT id, revision_id FROM live WHERE due > $2 ORDER BY due, id LIMIT $4))
	SELECT n.due, n.later, ` + cardColumns + `, c.slug, l.slug, rv.title, s.revision_id
	FROM shown s
	JOIN review_cards k ON k.id = s.id
	JOIN lessons l ON l.id = k.lesson_id
	JOIN courses c ON c.id = l.course_id
	JOIN lesson_revisions rv ON rv.id = s.revision_id
	CROSS JOIN (SELECT count(*) FILTER (WHERE due <= $2) AS due, count(*) FILTER (WHERE due > $2) AS later FROM live) n
	ORDER BY k.due, k.id`

// Queue reads learner userID's cards at `now`: the counts, and the first
// dueShown due cards and laterShown others (at least one of each), each
// soonest first.
func (s *Store) Queue(ctx context.Context, userID int64, now time.Time, dueShown, laterShown int) (Queue, error) {
	var q Queue
	// A learner with cards gets a row of either kind, and the counts
	// with it; one with none gets no row, and counts of 0.
	rows, err := s.pool.Query(ctx, queueQuery, userID, now, max(dueShown, 1), max(laterShown, 1))
	if err != nil {
		return q, fmt.Errorf("reading the review queue: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var l Listed
		var last *time.Time
		fields := append([]any{&q.Due, &q.Later}, cardFields(&l.Card, &last)...)
		if err := rows.Scan(append(fields, &l.Course, &l.Lesson, &l.LessonTitle, &l.RevisionID)...); err != nil {
			return q, fmt.Errorf("reading the review queue: %w", err)
		}
		if last != nil {
			l.LastReview = *last
		}
		switch {
		case l.Due.After(now) && len(q.Upcoming) < laterShown:
			q.Upcoming = append(q.Upcoming, l)
		case !l.Due.After(now) && len(q.DueCards) < dueShown:
			q.DueCards = append(q.DueCards, l)
		}
	}
	return q, rows.Err()
}

// DueCount is how many of learner userID's cards are due at `now`: the
// navigation's count (review_due, which the lesson page reads in its own
// query).
func (s *Store) DueCount(ctx context.Context, userID int64, now time.Time) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT due FROM review_due($1, $2)`, userID, now).Scan(&n); err != nil {
		return 0, fmt.Errorf("counting due review cards: %w", err)
	}
	return n, nil
}

// Card reads learner userID's card id as the Review page lists it; a card
// of another learner's, or one whose item is no longer in its lesson, is
// ErrNotFound.
func (s *Store) Card(ctx context.Context, userID, id int64) (Listed, error) {
	var l Listed
	var last *time.Time
	err := s.pool.QueryRow(ctx, `
		SELECT `+cardColumns+`, c.slug, l.slug, rv.title, lc.revision_id
		FROM review_live_cards($1) lc
		JOIN review_cards k ON k.id = lc.id
		JOIN lessons l ON l.id = k.lesson_id
		JOIN courses c ON c.id = l.course_id
		JOIN lesson_revisions rv ON rv.id = lc.revision_id
		WHERE lc.id = $2`, userID, id).
		Scan(append(cardFields(&l.Card, &last), &l.Course, &l.Lesson, &l.LessonTitle, &l.RevisionID)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return l, fmt.Errorf("review card %d: %w", id, postgres.ErrNotFound)
	}
	if err != nil {
		return l, fmt.Errorf("reading review card %d: %w", id, err)
	}
	if last != nil {
		l.LastReview = *last
	}
	return l, nil
}

// Done is a learner's latest review of a card as the Review page reports
// it: what was answered and what each card reviewed by the same answer
// got (a written answer reviews each criterion of its item that was due).
type Done struct {
	Course, Lesson, Key string
	Kind                lessons.Kind
	// RevisionID is the revision answered; Option the checkpoint option
	// chosen (-1 for a written answer), ResponseID the written answer.
	RevisionID int64
	Option     int
	ResponseID int64
	At         time.Time
	Results    []DoneResult // by criterion
}

// DoneResult is one card's part of a review.
type DoneResult struct {
	CardID    int64
	Criterion grading.Criterion
	Correct   bool
	Rating    fsrs.Rating
	Due       time.Time // the next review
}

// LatestReview reads learner userID's latest review of card id, with the
// other cards the same answer reviewed; ErrNotFound when there is none.
func (s *Store) LatestReview(ctx context.Context, userID, id int64) (Done, error) {
	d := Done{Option: -1}
	rows, err := s.pool.Query(ctx, `
		WITH last AS (
			SELECT g.id, g.response_id, g.source FROM review_log g JOIN review_cards k ON k.id = g.card_id
			WHERE k.id = $2 AND k.user_id = $1 AND g.source <> 'override'
			ORDER BY g.id DESC LIMIT 1)
		SELECT c.slug, l.slug, k.item_key, k.kind, coalesce(a.revision_id, x.revision_id), coalesce(a.option, -1),
			coalesce(g.response_id, 0), g.reviewed_at, k.id, k.criterion, g.correct, g.rating, g.due_after
		FROM review_log g
		JOIN review_cards k ON k.id = g.card_id
		JOIN lessons l ON l.id = k.lesson_id
		JOIN courses c ON c.id = l.course_id
		LEFT JOIN checkpoint_attempts a ON a.id = g.attempt_id
		LEFT JOIN responses x ON x.id = g.response_id
		WHERE k.user_id = $1 AND g.id IN (
			SELECT id FROM last
			UNION
			SELECT s.id FROM review_log s JOIN last ON s.response_id = last.response_id AND s.source = last.source)
		ORDER BY array_position($3::text[], k.criterion::text), k.id`, userID, id, criterionOrder)
	if err != nil {
		return d, fmt.Errorf("reading the latest review of card %d: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var r DoneResult
		if err := rows.Scan(&d.Course, &d.Lesson, &d.Key, &d.Kind, &d.RevisionID, &d.Option, &d.ResponseID, &d.At,
			&r.CardID, &r.Criterion, &r.Correct, &r.Rating, &r.Due); err != nil {
			return d, fmt.Errorf("reading the latest review of card %d: %w", id, err)
		}
		d.Results = append(d.Results, r)
	}
	if err := rows.Err(); err != nil {
		return d, fmt.Errorf("reading the latest review of card %d: %w", id, err)
	}
	if len(d.Results) == 0 {
		return d, fmt.Errorf("a review of card %d: %w", id, postgres.ErrNotFound)
	}
	return d, nil
}

// criterionOrder orders a checkpoint's card, then the criteria as the
// rubric lists them.
var criterionOrder = func() []string {
	out := []string{""}
	for _, c := range grading.Criteria {
		out = append(out, string(c))
	}
	return out
}()
