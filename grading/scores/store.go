// Package scores keeps the score history of free responses in Postgres: the
// auto score recorded when an answer is submitted, every reviewer override,
// learners' review requests, the review queue and how often the auto-scorer
// agrees with reviewers.
//
// History is append-only. Nothing here updates or deletes a score event;
// the current score is derived from the history (Current).
package scores

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Event kinds.
const (
	KindAuto   = "auto"
	KindReview = "review"
)

// Event is one row of a response's score history: the auto score, or a
// reviewer's decision. Scores always holds all four criteria as they stand
// after the event.
type Event struct {
	ID         int64                     `json:"id"`
	ResponseID int64                     `json:"response_id"`
	Kind       string                    `json:"kind"` // KindAuto or KindReview
	Scores     map[grading.Criterion]int `json:"scores"`
	Total      int                       `json:"total"`
	// Detail is the scorer's evidence and rationale; auto events only.
	Detail     *grading.Score `json:"detail"`
	Confidence float64        `json:"confidence"` // auto only
	// Provisional: the scorer doubted this auto score; auto only.
	Provisional bool `json:"provisional"`
	// Notes holds the reviewer's note per criterion; review events only.
	Notes            map[grading.Criterion]string `json:"notes"`
	ReviewerID       int64                        `json:"reviewer_id"`
	ReviewerName     string                       `json:"reviewer_name"`
	RubricRevisionID int64                        `json:"rubric_revision_id"`
	// RubricRevisionNumber numbers that revision as authors do.
	RubricRevisionNumber int    `json:"rubric_revision_number"`
	ScorerVersion        string `json:"scorer_version"` // auto only
	// BasedOn is the event the reviewer was looking at when deciding.
	BasedOn int64     `json:"based_on"`
	At      time.Time `json:"at"`
}

// Current is the score that counts: the latest review event, else the
// latest auto event. An answer re-scored against a newer rubric has a new
// auto event, which counts only while no reviewer has decided: a review is
// never replaced by a re-score. history is oldest first, as History
// returns it; an empty history gives the zero Event.
func Current(history []Event) Event {
	var auto Event
	for i := len(history) - 1; i >= 0; i-- {
		switch {
		case history[i].Kind == KindReview:
			return history[i]
		case history[i].Kind == KindAuto && auto.ID == 0:
			auto = history[i]
		}
	}
	return auto
}

// LatestAuto is the newest auto event of a history, oldest first.
func LatestAuto(history []Event) (Event, bool) {
	for i := len(history) - 1; i >= 0; i-- {
		if history[i].Kind == KindAuto {
			return history[i], true
		}
	}
	return Event{}, false
}

// latest is the newest event of a history, whatever its kind.
func latest(history []Event) Event {
	if len(history) == 0 {
		return Event{}
	}
	return history[len(history)-1]
}

// Store reads and appends score events.
type Store struct{ pool *pgxpool.Pool }

func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

const insertAuto = `
	INSERT INTO score_events (response_id, kind, scores, total, detail, confidence, rubric_revision_id, scorer_version, provisional)
	VALUES ($1, 'auto', $2, $3, $4, $5, $6, nullif($7, ''), $8)`

// RecordAuto appends the auto score of a stored response, inside the
// caller's transaction: the one that stores the response (progress owns
// responses; see service.SubmitResponse and MergeAnonymous). A response
// has at most one auto event per rubric revision.
func (s *Store) RecordAuto(ctx context.Context, tx pgx.Tx, responseID, revisionID int64, sc grading.Score) error {
	args, err := autoArgs(responseID, revisionID, sc)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, insertAuto, args...); err != nil {
		return fmt.Errorf("recording the auto score of response %d: %w", responseID, err)
	}
	return nil
}

// RecordRescore appends an auto score of a stored response against the
// rubric of revisionID, a later revision than the one answered, inside
// the caller's transaction. An answer already scored against that revision
// is left as it is (added is false): a retried re-scoring job adds nothing.
func (s *Store) RecordRescore(ctx context.Context, tx pgx.Tx, responseID, revisionID int64, sc grading.Score) (added bool, err error) {
	args, err := autoArgs(responseID, revisionID, sc)
	if err != nil {
		return false, err
	}
	tag, err := tx.Exec(ctx, insertAuto+` ON CONFLICT (response_id, rubric_revision_id) WHERE kind = 'auto' DO NOTHING`, args...)
	if err != nil {
		return false, fmt.Errorf("recording the re-score of response %d: %w", responseID, err)
	}
	return tag.RowsAffected() == 1, nil
}

// autoArgs are insertAuto's arguments for a scorer's result.
func autoArgs(responseID, revisionID int64, sc grading.Score) ([]any, error) {
	points, total, err := autoScores(sc)
	if err != nil {
		return nil, err
	}
	pointsJSON, err := json.Marshal(points)
	if err != nil {
		return nil, err
	}
	detail, err := json.Marshal(sc)
	if err != nil {
		return nil, err
	}
	return []any{responseID, pointsJSON, total, detail, sc.Confidence, revisionID, sc.Version, sc.Provisional}, nil
}

// autoScores checks that a scorer's result lists the four criteria in
// order with a matching total, and returns its points.
func autoScores(sc grading.Score) (map[grading.Criterion]int, int, error) {
	points := make(map[grading.Criterion]int, len(grading.Criteria))
	total := 0
	for i, c := range sc.Criteria {
		if c.Criterion != grading.Criteria[i] {
			return nil, 0, fmt.Errorf("auto score lists criterion %q in place %d, want %q", c.Criterion, i+1, grading.Criteria[i])
		}
		points[c.Criterion] = 0
		if c.Awarded {
			points[c.Criterion] = 1
			total++
		}
	}
	if total != sc.Total {
		return nil, 0, fmt.Errorf("auto score total %d does not match its %d awarded criteria", sc.Total, total)
	}
	if sc.Confidence < 0 || sc.Confidence > 1 {
		return nil, 0, fmt.Errorf("auto score confidence %v is outside 0–1", sc.Confidence)
	}
	return points, total, nil
}

// eventJSON is one score event as JSON, decoded into Event; e is
// score_events, ru the reviewer (users, left-joined) and er the rubric's
// lesson revision.
const eventJSON = `json_build_object(
	'id', e.id, 'response_id', e.response_id, 'kind', e.kind, 'scores', e.scores, 'total', e.total,
	'detail', e.detail, 'confidence', e.confidence, 'provisional', e.provisional, 'notes', e.notes,
	'reviewer_id', e.reviewer_id, 'reviewer_name', ru.display_name,
	'rubric_revision_id', e.rubric_revision_id, 'rubric_revision_number', er.number,
	'scorer_version', e.scorer_version,
	'based_on', e.based_on_event_id, 'at', e.created_at)`

// historyJSON is the history of response x, oldest first; er is the
// event's rubric revision.
const historyJSON = `(SELECT coalesce(json_agg(` + eventJSON + ` ORDER BY e.id), '[]')
	FROM score_events e LEFT JOIN users ru ON ru.id = e.reviewer_id
	JOIN lesson_revisions er ON er.id = e.rubric_revision_id
	WHERE e.response_id = x.id)`

// History returns every score event of a response, oldest first, with
// reviewers' display names. A response never scored has an empty history;
// a missing response is ErrNotFound.
func (s *Store) History(ctx context.Context, responseID int64) ([]Event, error) {
	return history(ctx, s.pool, responseID)
}

func history(ctx context.Context, q postgres.Querier, responseID int64) ([]Event, error) {
	var b []byte
	err := q.QueryRow(ctx, `SELECT `+historyJSON+` FROM responses x WHERE x.id = $1`, responseID).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("response %d: %w", responseID, postgres.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("reading the score history of response %d: %w", responseID, err)
	}
	return decodeEvents(b)
}

func decodeEvents(b []byte) ([]Event, error) {
	var events []Event
	if err := json.Unmarshal(b, &events); err != nil {
		return nil, fmt.Errorf("decoding score events: %w", err)
	}
	return events, nil
}
