package progress

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Store keeps learners' answers in Postgres, and anonymous visitors'
// until they sign in (anonymous_store.go).
type Store struct {
	pool *pgxpool.Pool
	// lastSwept is when this store last deleted expired anonymous
	// visitors (Unix ns).
	lastSwept atomic.Int64
	// attempts groups checkpoint answers stored at the same moment
	// (AddAttempt).
	attempts attemptGroup
}

func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

const insertAttempt = `
	INSERT INTO checkpoint_attempts (user_id, revision_id, item_key, option, correct, answered_at)
	VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`

// InsertAttempt stores one checkpoint answer with q, a pool or a
// transaction, and returns its id. A signed-in learner's answer is stored
// in the transaction that also reviews its card (service.AnswerCheckpoint).
func InsertAttempt(ctx context.Context, q postgres.Querier, userID int64, a Attempt) (int64, error) {
	var id int64
	if err := q.QueryRow(ctx, insertAttempt, userID, a.RevisionID, a.Key, a.Option, a.Correct, at(a.At)).Scan(&id); err != nil {
		return 0, fmt.Errorf("recording checkpoint answer: %w", err)
	}
	return id, nil
}

// insertResponse marks a version written after the learner revealed the
// item's answer in any revision of its lesson ($8: already known so, as
// for a visitor's answer moving into an account).
const insertResponse = `
	INSERT INTO responses (user_id, revision_id, item_key, kind, answer, confidence, created_at, after_reveal)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8 OR EXISTS (
		SELECT 1 FROM reveals v
		JOIN lesson_revisions vr ON vr.id = v.revision_id
		JOIN lesson_revisions r ON r.lesson_id = vr.lesson_id
		WHERE v.user_id = $1 AND v.item_key = $3 AND r.id = $2))
	RETURNING id`

// InsertResponse stores one free response with q, a pool or a
// transaction, and returns its id. Scored submissions call it inside the
// transaction that also stores their auto score.
func InsertResponse(ctx context.Context, q postgres.Querier, userID int64, r Response) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, insertResponse, userID, r.RevisionID, r.Key, string(r.Kind), r.Answer, string(r.Confidence), at(r.At),
		r.AfterReveal).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("saving response: %w", err)
	}
	return id, nil
}

// RecordAttempt stores one checkpoint answer.
func (s *Store) RecordAttempt(ctx context.Context, userID int64, a Attempt) error {
	_, err := InsertAttempt(ctx, s.pool, userID, a)
	return err
}

// SaveResponse stores one free response.
func (s *Store) SaveResponse(ctx context.Context, userID int64, r Response) error {
	_, err := InsertResponse(ctx, s.pool, userID, r)
	return err
}

func at(t time.Time) time.Time {
	if t.IsZero() {
		return time.Now()
	}
	return t
}

// SavedResponse is a response with the id it was stored under.
type SavedResponse struct {
	ID int64
	Response
}

// SavedAttempt is a checkpoint attempt with the id it was stored under.
type SavedAttempt struct {
	ID int64
	Attempt
}

// InsertAnswers stores an anonymous visitor's answers in an account, with
// their original times, using q: the caller's transaction, so that a
// merge is all of them or none (see service.MergeAnonymous).
func InsertAnswers(ctx context.Context, q postgres.Querier, userID int64, a Anonymous) ([]SavedAttempt, []SavedResponse, error) {
	b := &pgx.Batch{}
	attempts := make([]SavedAttempt, len(a.Attempts))
	for i, x := range a.Attempts {
		x.At = at(x.At)
		attempts[i].Attempt = x
		b.Queue(insertAttempt, userID, x.RevisionID, x.Key, x.Option, x.Correct, x.At).QueryRow(func(row pgx.Row) error {
			return row.Scan(&attempts[i].ID)
		})
	}
	if err := q.SendBatch(ctx, b).Close(); err != nil {
		return nil, nil, fmt.Errorf("merging anonymous answers: %w", err)
	}
	saved := make([]SavedResponse, 0, len(a.Responses))
	for _, r := range a.Responses {
		id, err := InsertResponse(ctx, q, userID, r)
		if err != nil {
			return nil, nil, fmt.Errorf("merging anonymous responses: %w", err)
		}
		saved = append(saved, SavedResponse{ID: id, Response: r})
	}
	// After the responses: each carries its own AfterReveal.
	for _, v := range a.Reveals {
		if err := InsertReveal(ctx, q, userID, v); err != nil {
			return nil, nil, fmt.Errorf("merging anonymous reveals: %w", err)
		}
	}
	return attempts, saved, nil
}

// Answered lists, per lesson slug, the item keys a learner has answered in
// one course.
func (s *Store) Answered(ctx context.Context, userID int64, course string) (map[string]map[string]bool, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT DISTINCT l.slug, x.item_key FROM (
			SELECT revision_id, item_key FROM checkpoint_attempts WHERE user_id = $1
			UNION ALL
			SELECT revision_id, item_key FROM responses WHERE user_id = $1) x
		JOIN lesson_revisions r ON r.id = x.revision_id
		JOIN lessons l ON l.id = r.lesson_id JOIN courses c ON c.id = l.course_id
		WHERE c.slug = $2`, userID, course)
	if err != nil {
		return nil, fmt.Errorf("reading course progress: %w", err)
	}
	defer rows.Close()
	out := map[string]map[string]bool{}
	for rows.Next() {
		var lesson, key string
		if err := rows.Scan(&lesson, &key); err != nil {
			return nil, err
		}
		if out[lesson] == nil {
			out[lesson] = map[string]bool{}
		}
		out[lesson][key] = true
	}
	return out, rows.Err()
}

// AnswerTexts returns the text of the stored responses among ids, by id:
// the answers a re-scoring job scores again. An id with no response (its
// account was deleted since) is absent.
func (s *Store) AnswerTexts(ctx context.Context, ids []int64) (map[int64]string, error) {
	rows, err := s.pool.Query(ctx, "SELECT id, answer FROM responses WHERE id = ANY($1)", ids)
	if err != nil {
		return nil, fmt.Errorf("reading answers: %w", err)
	}
	defer rows.Close()
	out := make(map[int64]string, len(ids))
	for rows.Next() {
		var id int64
		var answer string
		if err := rows.Scan(&id, &answer); err != nil {
			return nil, fmt.Errorf("reading answers: %w", err)
		}
		out[id] = answer
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading answers: %w", err)
	}
	return out, nil
}
