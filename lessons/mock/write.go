package mock

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// The writes. Each takes q, the caller's transaction when it goes with
// other writes (lessons/service begins it), and at, the service's clock.

// Create stores a new interview of owner's asking probes, from course (""
// for all), and asks the first probe at once: its clock starts at at.
func Create(ctx context.Context, q postgres.Querier, owner Owner, course string, probes []NewProbe, at time.Time) (int64, error) {
	if len(probes) < 1 || len(probes) > MaxProbes {
		return 0, fmt.Errorf("a mock interview asks 1 to %d probes, not %d", MaxProbes, len(probes))
	}
	var id int64
	err := q.QueryRow(ctx, `
		INSERT INTO mock_interviews (user_id, visitor_id, course, probes, started_at)
		VALUES (nullif($1, 0::bigint), nullif($2, ''), $3, $4, $5) RETURNING id`,
		owner.UserID, owner.Visitor, course, len(probes), at).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("starting a mock interview: %w", err)
	}
	b := &pgx.Batch{}
	for i, p := range probes {
		var asked *time.Time
		if i == 0 {
			asked = &at
		}
		b.Queue(insertQuestion, id, 2*i, p.Course, p.Lesson, p.RevisionID, p.Key, "", p.Limit.Milliseconds(), asked)
	}
	if err := q.SendBatch(ctx, b).Close(); err != nil {
		return 0, fmt.Errorf("starting a mock interview: %w", err)
	}
	return id, nil
}

const insertQuestion = `
	INSERT INTO mock_questions (interview_id, position, course, lesson, revision_id, item_key, criterion, time_limit_ms, asked_at)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`

// Answered is an answer to a question, scored, with the time it took.
type Answered struct {
	Position int
	Answer   string
	At       time.Time
	Taken    time.Duration
	Score    grading.Score
}

// Answer stores the answer to question a.Position of interview id, and
// clears its draft; a *StaleError when that question was answered
// already.
func Answer(ctx context.Context, q postgres.Querier, id int64, a Answered) error {
	score, err := scoreJSON(a.Score)
	if err != nil {
		return err
	}
	tag, err := q.Exec(ctx, `
		UPDATE mock_questions SET answer = $3, answered_at = $4, taken_ms = $5, score = $6, draft = '', paused_at = NULL
		WHERE interview_id = $1 AND position = $2 AND answer IS NULL AND asked_at IS NOT NULL`,
		id, a.Position, a.Answer, a.At, a.Taken.Milliseconds(), score)
	if err != nil {
		return fmt.Errorf("saving a mock interview answer: %w", err)
	}
	if tag.RowsAffected() != 1 {
		return &StaleError{}
	}
	return nil
}

// AskFollowUp stores the follow-up to the probe just answered at position
// probe, following up criterion ("" for the probe's own follow_up), and
// asks it at at.
func AskFollowUp(ctx context.Context, q postgres.Querier, id int64, probe Question, criterion grading.Criterion, at time.Time) error {
	_, err := q.Exec(ctx, insertQuestion, id, probe.Position+1, probe.Course, probe.Lesson, probe.RevisionID, probe.Key,
		string(criterion), probe.Limit.Milliseconds(), at)
	if err != nil {
		return fmt.Errorf("asking a follow-up: %w", err)
	}
	return nil
}

// AskNext asks the probe at position at at, after the follow-up before it.
func AskNext(ctx context.Context, q postgres.Querier, id int64, position int, at time.Time) error {
	_, err := q.Exec(ctx, `UPDATE mock_questions SET asked_at = $3 WHERE interview_id = $1 AND position = $2 AND asked_at IS NULL`,
		id, position, at)
	if err != nil {
		return fmt.Errorf("asking the next probe: %w", err)
	}
	return nil
}

// Finish marks interview id finished at at.
func Finish(ctx context.Context, q postgres.Querier, id int64, at time.Time) error {
	if _, err := q.Exec(ctx, `UPDATE mock_interviews SET finished_at = $2 WHERE id = $1`, id, at); err != nil {
		return fmt.Errorf("finishing a mock interview: %w", err)
	}
	return nil
}

// SaveDraft keeps what the learner has typed for the question at position
// of interview id; a *StaleError when that question is not being asked.
func SaveDraft(ctx context.Context, q postgres.Querier, id int64, position int, draft string) error {
	return update(ctx, q, "saving a draft", `UPDATE mock_questions SET draft = $3
		WHERE interview_id = $1 AND position = $2 AND answer IS NULL AND asked_at IS NOT NULL`, id, position, draft)
}

// Pause stops the clock of the question at position at at, keeping draft;
// a *StaleError when that question is not being asked or already paused.
func Pause(ctx context.Context, q postgres.Querier, id int64, position int, draft string, at time.Time) error {
	return update(ctx, q, "pausing the clock", `UPDATE mock_questions SET draft = $3, paused_at = $4
		WHERE interview_id = $1 AND position = $2 AND answer IS NULL AND asked_at IS NOT NULL AND paused_at IS NULL`,
		id, position, draft, at)
}

// Resume starts the clock of the question at position again at at,
// keeping draft; a *StaleError when it is not paused.
func Resume(ctx context.Context, q postgres.Querier, id int64, position int, draft string, at time.Time) error {
	return update(ctx, q, "restarting the clock", `UPDATE mock_questions
		SET draft = $3, paused_ms = paused_ms + greatest(0, (extract(epoch FROM $4::timestamptz - paused_at) * 1000)::bigint), paused_at = NULL
		WHERE interview_id = $1 AND position = $2 AND answer IS NULL AND paused_at IS NOT NULL`,
		id, position, draft, at)
}

func update(ctx context.Context, q postgres.Querier, what, sql string, args ...any) error {
	tag, err := q.Exec(ctx, sql, args...)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if tag.RowsAffected() != 1 {
		return &StaleError{}
	}
	return nil
}

// CountAnonymous counts visitor's interviews, with q: the transaction that
// would start another, which holds the visitor's row locked
// (progress.KeepVisitor), so two starts at once are counted one after the
// other.
func CountAnonymous(ctx context.Context, q postgres.Querier, visitor string) (int, error) {
	var n int
	if err := q.QueryRow(ctx, `SELECT count(*) FROM mock_interviews WHERE visitor_id = $1`, visitor).Scan(&n); err != nil {
		return 0, fmt.Errorf("counting mock interviews: %w", err)
	}
	return n, nil
}

// Adopt moves visitor's interviews into account userID, with q: the
// transaction that merges the rest of what the visitor did
// (service.MergeAnonymous), before their visitor row, which the
// interviews would go with, is taken. An expired visitor's interviews
// are not theirs any more. Of two sign-ins adopting at once, the second
// waits for the first and then finds none.
func Adopt(ctx context.Context, q postgres.Querier, visitor string, userID int64) (int64, error) {
	tag, err := q.Exec(ctx, `
		UPDATE mock_interviews m SET user_id = $2, visitor_id = NULL
		FROM anonymous_visitors v
		WHERE m.visitor_id = $1 AND v.id = m.visitor_id AND v.expires_at > now()`, visitor, userID)
	if err != nil {
		return 0, fmt.Errorf("moving mock interviews into an account: %w", err)
	}
	return tag.RowsAffected(), nil
}
