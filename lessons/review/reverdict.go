package review

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons/fsrs"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// lockVerdictCards locks the cards a response drove a review of.
const lockVerdictCards = `
	SELECT ` + cardColumns + ` FROM review_cards k
	WHERE k.id IN (SELECT card_id FROM review_log WHERE response_id = $1)
	ORDER BY k.id
	FOR UPDATE`

// latestReviews is the latest review of each card in $1, with the card as
// it was before it.
const latestReviews = `
	SELECT DISTINCT ON (g.card_id) g.id, g.card_id, coalesce(g.response_id, 0), g.reviewed_at, g.correct,
		g.wrong_earlier, g.not_yet, g.state, g.due, g.stability, g.difficulty, g.elapsed_days, g.scheduled_days,
		g.learning_steps, g.reps, g.lapses, g.last_review, g.sitting_wrong
	FROM review_log g WHERE g.card_id = ANY($1)
	ORDER BY g.card_id, g.id DESC`

// Reverdict re-decides the reviews that scored response responseID drove
// when a reviewer's decision (score event eventID, its points per
// criterion) changes a criterion's verdict, with q: the transaction that
// saves the decision. The effective verdict is what counts, so:
//
//   - a card whose latest review the response drove is reviewed again
//     from the state it had before that review, at that review's time, as
//     if the answer had earned what the reviewer decided (same sitting,
//     same confidence). The log gets a row of its own (FromOverride,
//     replacing the review it re-decides); the review it replaces stays.
//   - a card the learner has reviewed since keeps its schedule: the later
//     answer is newer evidence than a decision about an older one.
//   - a card the response was not a review of (answered again before the
//     card was due) is left alone, as the answer was.
//
// A decision that changes no verdict changes no card.
func Reverdict(ctx context.Context, q postgres.Querier, responseID, eventID int64, points map[grading.Criterion]int) ([]Reviewed, error) {
	rows, err := q.Query(ctx, lockVerdictCards, responseID)
	if err != nil {
		return nil, fmt.Errorf("locking the review cards of response %d: %w", responseID, err)
	}
	cards, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Card, error) { return scanCard(r) })
	if err != nil || len(cards) == 0 {
		return nil, err
	}
	ids := make([]int64, len(cards))
	for i, c := range cards {
		ids[i] = c.ID
	}
	rows, err = q.Query(ctx, latestReviews, ids)
	if err != nil {
		return nil, fmt.Errorf("reading the reviews of response %d: %w", responseID, err)
	}
	last, err := pgx.CollectRows(rows, scanLogged)
	if err != nil {
		return nil, fmt.Errorf("reading the reviews of response %d: %w", responseID, err)
	}
	byCard := map[int64]logged{}
	for _, g := range last {
		byCard[g.cardID] = g
	}

	var out []Reviewed
	b := &pgx.Batch{}
	for _, c := range cards {
		g, ok := byCard[c.ID]
		p, decided := points[c.Criterion]
		if !ok || g.response != responseID || !decided || (p > 0) == g.outcome.Correct {
			continue
		}
		before := c
		before.Card, before.SittingWrong = g.before, g.beforeSittingWrong
		o := g.outcome
		o.Correct = p > 0
		after, rating, err := reviewed(before, o, g.at)
		if err != nil {
			return nil, fmt.Errorf("re-deciding the review of card %d: %w", c.ID, err)
		}
		queueReview(b, before, after, o, rating, g.at, logRefs{source: FromOverride, response: responseID, event: eventID, replaces: g.id})
		out = append(out, Reviewed{Card: after, Reviewed: true, Rating: rating})
	}
	if b.Len() > 0 {
		if err := q.SendBatch(ctx, b).Close(); err != nil {
			return nil, fmt.Errorf("saving the re-decided reviews of response %d: %w", responseID, err)
		}
	}
	return out, nil
}

// logged is one review log row as Reverdict reads it.
type logged struct {
	id, cardID, response int64
	at                   time.Time
	outcome              fsrs.Outcome
	before               fsrs.Card
	beforeSittingWrong   bool
}

func scanLogged(row pgx.CollectableRow) (logged, error) {
	var g logged
	var last *time.Time
	err := row.Scan(&g.id, &g.cardID, &g.response, &g.at, &g.outcome.Correct, &g.outcome.WrongEarlier, &g.outcome.NotYet,
		&g.before.State, &g.before.Due, &g.before.Stability, &g.before.Difficulty, &g.before.ElapsedDays,
		&g.before.ScheduledDays, &g.before.LearningSteps, &g.before.Reps, &g.before.Lapses, &last, &g.beforeSittingWrong)
	if last != nil {
		g.before.LastReview = *last
	}
	return g, err
}
