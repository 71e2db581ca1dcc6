package review

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons/fsrs"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Store reads learners' review cards; the writes take the caller's
// transaction (Record, Reverdict).
type Store struct{ pool *pgxpool.Pool }

func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// cardColumns are a review_cards row (alias k), as scanCard reads it.
const cardColumns = `k.id, k.user_id, k.lesson_id, k.item_key, k.kind, k.criterion, k.state, k.due, k.stability,
	k.difficulty, k.elapsed_days, k.scheduled_days, k.learning_steps, k.reps, k.lapses, k.last_review, k.sitting_wrong`

func cardFields(c *Card, lastReview **time.Time) []any {
	return []any{&c.ID, &c.UserID, &c.LessonID, &c.Key, &c.Kind, &c.Criterion, &c.State, &c.Due, &c.Stability,
		&c.Difficulty, &c.ElapsedDays, &c.ScheduledDays, &c.LearningSteps, &c.Reps, &c.Lapses, lastReview, &c.SittingWrong}
}

func scanCard(row pgx.Row) (Card, error) {
	var c Card
	var last *time.Time
	if err := row.Scan(cardFields(&c, &last)...); err != nil {
		return c, err
	}
	if last != nil {
		c.LastReview = *last
	}
	return c, nil
}

// newCards makes the answer's cards that do not exist yet, new and due
// at once; a card whose key now names an item of another kind starts
// over, its schedule being that of something else.
const newCards = `
	INSERT INTO review_cards (user_id, lesson_id, item_key, kind, criterion, state, due, stability, difficulty,
		elapsed_days, scheduled_days, learning_steps, reps, lapses)
	SELECT $1, r.lesson_id, $3, $4, c, 0, $5, 0, 0, 0, 0, 0, 0, 0
	FROM lesson_revisions r, unnest($6::text[]) c
	WHERE r.id = $2
	ON CONFLICT (user_id, lesson_id, item_key, criterion) DO UPDATE
	SET kind = EXCLUDED.kind, state = 0, due = EXCLUDED.due, stability = 0, difficulty = 0, elapsed_days = 0,
		scheduled_days = 0, learning_steps = 0, reps = 0, lapses = 0, last_review = NULL, sitting_wrong = false
	WHERE review_cards.kind <> EXCLUDED.kind`

// answerCards reads the answer's cards, in id order.
const answerCards = `
	SELECT ` + cardColumns + ` FROM review_cards k
	WHERE k.user_id = $1 AND k.lesson_id = (SELECT lesson_id FROM lesson_revisions WHERE id = $2)
	  AND k.item_key = $3 AND k.criterion = ANY($4)
	ORDER BY k.id`

// lockCards reads the answer's cards for update, in id order so that two
// answers to one item lock its cards in the same order.
const lockCards = answerCards + `
	FOR UPDATE`

const updateCard = `
	UPDATE review_cards SET state = $2, due = $3, stability = $4, difficulty = $5, elapsed_days = $6,
		scheduled_days = $7, learning_steps = $8, reps = $9, lapses = $10, last_review = $11, sitting_wrong = $12
	WHERE id = $1`

const insertLog = `
	INSERT INTO review_log (card_id, reviewed_at, rating, correct, wrong_earlier, not_yet, source, attempt_id,
		response_id, score_event_id, replaces, state, due, stability, difficulty, elapsed_days, scheduled_days,
		learning_steps, reps, lapses, last_review, sitting_wrong, state_after, due_after)
	VALUES ($1, $2, $3, $4, $5, $6, $7, nullif($8, 0::bigint), nullif($9, 0::bigint), nullif($10, 0::bigint),
		nullif($11, 0::bigint), $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)`

// Reviewed is what an answer did to one of its cards.
type Reviewed struct {
	Card     Card // after the answer
	Reviewed bool // the answer was a review of the card (decide)
	Rating   fsrs.Rating
}

// Record gives a learner's answer to its cards, with q, the transaction
// that stores the answer: it makes the cards that do not exist yet and
// reviews each one the answer is a review of (decide), logging the
// review.
//
// Most answers on the lesson page review nothing: a learner trying the
// other options of a checkpoint, or answering again before the card is
// due. Record first reads the cards without a lock, and when each one
// exists for this kind of item and the answer is a review of none of
// them, it writes nothing and locks nothing: one statement. Otherwise
// (four statements) it makes the missing cards, locks them and decides
// again on the locked rows, so that two answers that do change a card
// take turns. Skipping the lock is safe because an answer that reviews
// nothing writes no card: it is as if it had been stored just before
// whatever changed the cards since it read them, and no review makes a
// later answer a review that was not one before (a review moves the
// card's last review to its time and its due date past it). Before this,
// each retry held the card's row lock until its transaction's commit
// reached the disk, so one learner's answers to a checkpoint queued
// behind each other's WAL flushes.
func Record(ctx context.Context, q postgres.Querier, a Answer) ([]Reviewed, error) {
	if err := a.check(); err != nil {
		return nil, err
	}
	if len(a.Results) == 0 {
		return nil, nil
	}
	criteria := criteriaOf(a)
	cards, err := readCards(ctx, q, a, criteria)
	if err != nil {
		return nil, err
	}
	if out, ok := reviewsNone(cards, a); ok {
		return out, nil
	}
	b := &pgx.Batch{}
	b.Queue(newCards, a.UserID, a.RevisionID, a.Key, string(a.Kind), a.At, criteria)
	b.Queue(lockCards, a.UserID, a.RevisionID, a.Key, criteria)
	br := q.SendBatch(ctx, b)
	cards, err = lockedCards(br)
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("reading the review cards of %q: %w", a.Key, err)
	}

	var out []Reviewed
	w := &pgx.Batch{}
	for _, r := range a.Results {
		c, ok := cards[r.Criterion]
		if !ok {
			return nil, fmt.Errorf("review card %q/%q of learner %d: %w", a.Key, r.Criterion, a.UserID, postgres.ErrNotFound)
		}
		o, review := decide(c, r, a.At)
		if !review {
			out = append(out, Reviewed{Card: c})
			continue
		}
		next, rating, err := reviewed(c, o, a.At)
		if err != nil {
			return nil, fmt.Errorf("reviewing card %d: %w", c.ID, err)
		}
		queueReview(w, c, next, o, rating, a.At, logRefs{source: a.Source, attempt: a.AttemptID, response: a.ResponseID})
		out = append(out, Reviewed{Card: next, Reviewed: true, Rating: rating})
	}
	if w.Len() > 0 {
		if err := q.SendBatch(ctx, w).Close(); err != nil {
			return nil, fmt.Errorf("saving the reviews of %q: %w", a.Key, err)
		}
	}
	return out, nil
}

// Unchanged reports whether answer a, not stored yet, would change none
// of its cards, reading them with q without a lock: Record would write
// nothing for it. Then the answer alone may be stored, with no
// transaction; Record's comment says why the cards need no lock for it.
// a.AttemptID and a.ResponseID are not read.
func Unchanged(ctx context.Context, q postgres.Querier, a Answer) (bool, error) {
	if a.AttemptID == 0 && a.ResponseID == 0 {
		a.AttemptID = -1 // not stored yet: check asks for one
	}
	if err := a.check(); err != nil {
		return false, err
	}
	if len(a.Results) == 0 {
		return true, nil
	}
	cards, err := readCards(ctx, q, a, criteriaOf(a))
	if err != nil {
		return false, err
	}
	_, ok := reviewsNone(cards, a)
	return ok, nil
}

func criteriaOf(a Answer) []string {
	criteria := make([]string, len(a.Results))
	for i, r := range a.Results {
		criteria[i] = string(r.Criterion)
	}
	return criteria
}

// readCards reads a's cards without a lock.
func readCards(ctx context.Context, q postgres.Querier, a Answer, criteria []string) (map[grading.Criterion]Card, error) {
	rows, err := q.Query(ctx, answerCards, a.UserID, a.RevisionID, a.Key, criteria)
	if err != nil {
		return nil, fmt.Errorf("reading the review cards of %q: %w", a.Key, err)
	}
	cards, err := collectCards(rows)
	if err != nil {
		return nil, fmt.Errorf("reading the review cards of %q: %w", a.Key, err)
	}
	return cards, nil
}

// reviewsNone reports whether answer a changes none of cards (read
// without a lock): each of its cards exists for an item of a's kind, and
// a is a review of none of them. It returns what Record returns then.
func reviewsNone(cards map[grading.Criterion]Card, a Answer) ([]Reviewed, bool) {
	out := make([]Reviewed, 0, len(a.Results))
	for _, r := range a.Results {
		c, ok := cards[r.Criterion]
		if !ok || c.Kind != a.Kind {
			return nil, false // newCards makes or restarts it
		}
		if _, review := decide(c, r, a.At); review {
			return nil, false
		}
		out = append(out, Reviewed{Card: c})
	}
	return out, true
}

func lockedCards(br pgx.BatchResults) (map[grading.Criterion]Card, error) {
	if _, err := br.Exec(); err != nil {
		return nil, err
	}
	rows, err := br.Query()
	if err != nil {
		return nil, err
	}
	return collectCards(rows)
}

// collectCards reads cards by criterion, and closes rows.
func collectCards(rows pgx.Rows) (map[grading.Criterion]Card, error) {
	defer rows.Close()
	cards := map[grading.Criterion]Card{}
	for rows.Next() {
		c, err := scanCard(rows)
		if err != nil {
			return nil, err
		}
		cards[c.Criterion] = c
	}
	return cards, rows.Err()
}

// logRefs is what a review log row names besides the card: its source and
// what drove it.
type logRefs struct {
	source                             Source
	attempt, response, event, replaces int64
}

// queueReview queues saving card `after`, reviewed from `before` at `at`,
// and the review's log row.
func queueReview(b *pgx.Batch, before, after Card, o fsrs.Outcome, rating fsrs.Rating, at time.Time, refs logRefs) {
	b.Queue(updateCard, after.ID, after.State, after.Due, after.Stability, after.Difficulty, after.ElapsedDays,
		after.ScheduledDays, after.LearningSteps, after.Reps, after.Lapses, timeOrNil(after.LastReview), after.SittingWrong)
	b.Queue(insertLog, before.ID, at, rating, o.Correct, o.WrongEarlier, o.NotYet, string(refs.source),
		refs.attempt, refs.response, refs.event, refs.replaces,
		before.State, before.Due, before.Stability, before.Difficulty, before.ElapsedDays, before.ScheduledDays,
		before.LearningSteps, before.Reps, before.Lapses, timeOrNil(before.LastReview), before.SittingWrong,
		after.State, after.Due)
}

func timeOrNil(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}
