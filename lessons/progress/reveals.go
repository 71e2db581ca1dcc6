package progress

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// A reveal is a learner asking to see an item's answer: a checkpoint's
// correct option, an exercise's model solution or a probe's strong answer
// (table reveals, migrations/00017_reveals.sql). The answer stays shown
// from then on, and a version of a written answer stored after it is
// marked (Response.AfterReveal). A learner may reveal only what they have
// attempted: the answer teaches best once they have committed to their own.

// Reveal is one item whose answer a learner has seen.
type Reveal struct {
	Course, Lesson string // slugs, as for an Attempt
	RevisionID     int64
	Key            string
	At             time.Time
}

// ErrNotAttempted refuses a reveal of an item the learner has not
// answered yet.
var ErrNotAttempted = &InputError{"Try it yourself first: the answer opens after your first attempt at this item."}

// RevealFor records that learner userID has seen the answer of item key
// of revision's lesson, if they have answered it in any revision of that
// lesson (checked in the same statement); else it returns
// ErrNotAttempted. Revealing again changes nothing.
func (s *Store) RevealFor(ctx context.Context, userID int64, v Reveal) error {
	var tried bool
	err := s.pool.QueryRow(ctx, `
		WITH lesson AS (SELECT lesson_id FROM lesson_revisions WHERE id = $2),
		tried AS (SELECT EXISTS (
				SELECT 1 FROM checkpoint_attempts a JOIN lesson_revisions r ON r.id = a.revision_id
				WHERE a.user_id = $1 AND a.item_key = $3 AND r.lesson_id = (SELECT lesson_id FROM lesson))
			OR EXISTS (
				SELECT 1 FROM responses x JOIN lesson_revisions r ON r.id = x.revision_id
				WHERE x.user_id = $1 AND x.item_key = $3 AND r.lesson_id = (SELECT lesson_id FROM lesson)) AS yes),
		saved AS (
			INSERT INTO reveals (user_id, revision_id, item_key, revealed_at)
			SELECT $1, $2, $3, $4 FROM tried WHERE yes
			ON CONFLICT DO NOTHING)
		SELECT yes FROM tried`, userID, v.RevisionID, v.Key, at(v.At)).Scan(&tried)
	if err != nil {
		return fmt.Errorf("revealing an answer: %w", err)
	}
	if !tried {
		return ErrNotAttempted
	}
	return nil
}

// InsertReveal records that learner userID has seen an item's answer,
// with q: the transaction of an answer that shows it (a practice probe's)
// or of a merge. Revealing again changes nothing.
func InsertReveal(ctx context.Context, q postgres.Querier, userID int64, v Reveal) error {
	if _, err := q.Exec(ctx, `
		INSERT INTO reveals (user_id, revision_id, item_key, revealed_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT DO NOTHING`, userID, v.RevisionID, v.Key, at(v.At)); err != nil {
		return fmt.Errorf("revealing an answer: %w", err)
	}
	return nil
}

// RevealForVisitor is RevealFor for an anonymous visitor: it marks their
// answer to the item, which must exist (else ErrNotAttempted), and moves
// their expiry by term, in one transaction.
func (s *Store) RevealForVisitor(ctx context.Context, visitor string, term AnonymousTerm, v Reveal) error {
	if visitor == "" {
		return ErrNotAttempted
	}
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `
			UPDATE anonymous_answers a SET revealed_at = coalesce(a.revealed_at, $5)
			FROM anonymous_visitors w
			WHERE w.id = a.visitor_id AND w.expires_at > now()
			  AND a.visitor_id = $1 AND a.course = $2 AND a.lesson = $3 AND a.item_key = $4`,
			visitor, v.Course, v.Lesson, v.Key, at(v.At))
		if err != nil {
			return fmt.Errorf("revealing an answer: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return ErrNotAttempted
		}
		return KeepVisitor(ctx, tx, visitor, term)
	})
}
