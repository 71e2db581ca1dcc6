package mock

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

// Store reads learners' mock interviews and makes the writes that are one
// row; the others take the caller's transaction (write.go).
type Store struct{ pool *pgxpool.Pool }

func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// owned is the condition that interview m is owner's: $2 the account, $3
// the visitor when $2 is 0. A visitor whose time ran out has nothing any
// more, as their answers' reads say too (progress.readAnonymous), though
// their row waits for the sweep that deletes it with their interviews.
const owned = `(($2::bigint <> 0 AND m.user_id = $2) OR ($2::bigint = 0 AND m.visitor_id = $3::text
	AND EXISTS (SELECT FROM anonymous_visitors v WHERE v.id = m.visitor_id AND v.expires_at > now())))`

// Get reads owner's interview id with its questions; ErrNotFound when
// there is none of theirs.
func (s *Store) Get(ctx context.Context, owner Owner, id int64) (Interview, error) {
	return read(ctx, s.pool, owner, id, false)
}

// Read reads owner's interview id as Get does, with q: the transaction
// that just changed it.
func Read(ctx context.Context, q postgres.Querier, owner Owner, id int64) (Interview, error) {
	return read(ctx, q, owner, id, false)
}

// Lock reads owner's interview id as Get does, locked for the rest of tx:
// an answer reads where the interview is and moves it on in one
// transaction, so two answers at once (a second click, another tab) are
// taken one after the other, and the second finds its question answered.
func Lock(ctx context.Context, tx pgx.Tx, owner Owner, id int64) (Interview, error) {
	return read(ctx, tx, owner, id, true)
}

// AllOf reads every interview of account userID with its questions,
// oldest first, with q: the transaction that reads the rest of their data
// (service.PersonalData).
func AllOf(ctx context.Context, q postgres.Querier, userID int64) ([]Interview, error) {
	rows, err := q.Query(ctx, `SELECT id FROM mock_interviews WHERE user_id = $1 ORDER BY started_at, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("reading mock interviews: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("reading mock interviews: %w", err)
	}
	out := make([]Interview, 0, len(ids))
	for _, id := range ids {
		iv, err := read(ctx, q, Owner{UserID: userID}, id, false)
		if err != nil {
			return nil, err
		}
		out = append(out, iv)
	}
	return out, nil
}

func read(ctx context.Context, q postgres.Querier, owner Owner, id int64, lock bool) (Interview, error) {
	iv := Interview{Owner: owner}
	var finished *time.Time
	sql := `SELECT m.id, m.course, m.probes, m.started_at, m.finished_at FROM mock_interviews m WHERE m.id = $1 AND ` + owned
	if lock {
		sql += " FOR UPDATE"
	}
	err := q.QueryRow(ctx, sql, id, owner.UserID, owner.Visitor).Scan(&iv.ID, &iv.Course, &iv.Probes, &iv.StartedAt, &finished)
	if errors.Is(err, pgx.ErrNoRows) {
		return iv, fmt.Errorf("mock interview %d: %w", id, postgres.ErrNotFound)
	}
	if err != nil {
		return iv, fmt.Errorf("reading mock interview %d: %w", id, err)
	}
	if finished != nil {
		iv.FinishedAt = *finished
	}
	rows, err := q.Query(ctx, `
		SELECT position, course, lesson, revision_id, item_key, criterion, time_limit_ms, asked_at, paused_at, paused_ms,
		       draft, coalesce(answer, ''), answered_at, coalesce(taken_ms, 0), score
		FROM mock_questions WHERE interview_id = $1 ORDER BY position`, id)
	if err != nil {
		return iv, fmt.Errorf("reading mock interview %d: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			qn                        Question
			limit, paused, taken      int64
			asked, pausedAt, answered *time.Time
			score                     []byte
		)
		if err := rows.Scan(&qn.Position, &qn.Course, &qn.Lesson, &qn.RevisionID, &qn.Key, &qn.Criterion, &limit,
			&asked, &pausedAt, &paused, &qn.Draft, &qn.Answer, &answered, &taken, &score); err != nil {
			return iv, fmt.Errorf("reading mock interview %d: %w", id, err)
		}
		qn.Limit, qn.Paused, qn.Taken = ms(limit), ms(paused), ms(taken)
		qn.AskedAt, qn.PausedAt, qn.AnsweredAt = orZero(asked), orZero(pausedAt), orZero(answered)
		if score != nil {
			if err := json.Unmarshal(score, &qn.Score); err != nil {
				return iv, fmt.Errorf("reading the score of mock interview %d question %d: %w", id, qn.Position, err)
			}
		}
		iv.Questions = append(iv.Questions, qn)
	}
	if err := rows.Err(); err != nil {
		return iv, fmt.Errorf("reading mock interview %d: %w", id, err)
	}
	return iv, nil
}

func ms(n int64) time.Duration { return time.Duration(n) * time.Millisecond }

func orZero(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}

// List reads owner's latest interviews, newest first, at most limit.
func (s *Store) List(ctx context.Context, owner Owner, limit int) ([]Listed, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT m.id, m.course, m.probes, m.started_at, m.finished_at,
		       count(q.answered_at), coalesce(sum((q.score->>'total')::int), 0)
		FROM mock_interviews m LEFT JOIN mock_questions q ON q.interview_id = m.id
		WHERE `+owned+`
		GROUP BY m.id
		ORDER BY m.started_at DESC, m.id DESC
		LIMIT $1`, limit, owner.UserID, owner.Visitor)
	if err != nil {
		return nil, fmt.Errorf("listing mock interviews: %w", err)
	}
	defer rows.Close()
	var out []Listed
	for rows.Next() {
		var l Listed
		var finished *time.Time
		if err := rows.Scan(&l.ID, &l.Course, &l.Probes, &l.StartedAt, &finished, &l.Answered, &l.Points); err != nil {
			return nil, fmt.Errorf("listing mock interviews: %w", err)
		}
		l.FinishedAt = orZero(finished)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing mock interviews: %w", err)
	}
	return out, nil
}

// scoreJSON is a score as the score column keeps it.
func scoreJSON(sc grading.Score) ([]byte, error) {
	b, err := json.Marshal(sc)
	if err != nil {
		return nil, fmt.Errorf("encoding a mock interview score: %w", err)
	}
	return b, nil
}
