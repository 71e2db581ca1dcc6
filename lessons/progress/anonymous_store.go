package progress

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Anonymous visitors' answers are rows of anonymous_answers, one per item,
// under a row of anonymous_visitors that the session names by id
// (migrations/00012_anonymous_answers.sql). A post writes one row, so its
// cost does not grow with what the visitor answered before, and the session
// row stays the same small size whatever they answer.

// AnonymousTerm is how long a visitor's answers are kept: Idle after their
// latest post, and never longer than Lifetime after their first.
type AnonymousTerm struct{ Idle, Lifetime time.Duration }

// Expiry is when answers posted now by a visitor whose first post was at
// since end, by the same rule the database applies.
func (t AnonymousTerm) Expiry(since, now time.Time) time.Time {
	return minTime(now.Add(t.Idle), since.Add(t.Lifetime))
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// sweepEvery is how often one store deletes expired visitors, on the way
// to saving an answer: reads already ignore them, so this only frees
// space. With no anonymous posts there is nothing new to delete.
const sweepEvery = time.Minute

// SaveAnonymousAttempt keeps a checkpoint answer as visitor's latest at
// that checkpoint (the first attempt is kept too), and moves the visitor's
// expiry by term. It returns ErrAnonymousFull when the visitor already has
// MaxAnonymousItems other items.
func (s *Store) SaveAnonymousAttempt(ctx context.Context, visitor string, term AnonymousTerm, a Attempt) error {
	return s.saveAnonymous(ctx, visitor, term, a.Course, a.Lesson, a.Key, 0, `
		INSERT INTO anonymous_answers (visitor_id, course, lesson, item_key, revision_id, kind, option, correct,
		                               first_option, first_correct, first_at, attempts, answered_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8, $9, 1, $9)
		ON CONFLICT (visitor_id, course, lesson, item_key) DO UPDATE SET
			revision_id = EXCLUDED.revision_id, option = EXCLUDED.option, correct = EXCLUDED.correct,
			attempts = anonymous_answers.attempts + 1, answered_at = EXCLUDED.answered_at`,
		visitor, a.Course, a.Lesson, a.Key, a.RevisionID, string(lessons.KindCheckpoint), a.Option, a.Correct, at(a.At))
}

// SaveAnonymousResponse keeps a written answer as visitor's latest to its
// item, replacing the one before, and moves the visitor's expiry by term.
// The answer is marked written after seeing the item's answer when the
// visitor had revealed it before; reveal reveals it now, after this answer
// (a practice probe's result shows it). It returns ErrAnonymousFull when
// the visitor's other answers and this one would hold more than
// MaxAnonymousBytes, or more than MaxAnonymousItems items.
func (s *Store) SaveAnonymousResponse(ctx context.Context, visitor string, term AnonymousTerm, r Response, reveal bool) error {
	return s.saveAnonymous(ctx, visitor, term, r.Course, r.Lesson, r.Key, len(r.Answer), `
		INSERT INTO anonymous_answers (visitor_id, course, lesson, item_key, revision_id, kind, answer, confidence, answered_at,
		                               revealed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10 THEN $9::timestamptz END)
		ON CONFLICT (visitor_id, course, lesson, item_key) DO UPDATE SET
			revision_id = EXCLUDED.revision_id, kind = EXCLUDED.kind, answer = EXCLUDED.answer,
			confidence = EXCLUDED.confidence, answered_at = EXCLUDED.answered_at,
			after_reveal = anonymous_answers.revealed_at IS NOT NULL,
			revealed_at = coalesce(anonymous_answers.revealed_at, EXCLUDED.revealed_at)`,
		visitor, r.Course, r.Lesson, r.Key, r.RevisionID, string(r.Kind), r.Answer, string(r.Confidence), at(r.At), reveal)
}

// saveAnonymous runs upsert for one item of visitor's, in one transaction
// with the checks against the caps. The visitor's row is written first
// (KeepVisitor), so it is locked for the transaction: two posts of one
// visitor at once are counted one after the other and cannot together
// pass the cap.
func (s *Store) saveAnonymous(ctx context.Context, visitor string, term AnonymousTerm, course, lesson, key string, size int, upsert string, args ...any) error {
	if now, last := time.Now().UnixNano(), s.lastSwept.Load(); now-last > int64(sweepEvery) && s.lastSwept.CompareAndSwap(last, now) {
		if _, err := s.DeleteExpiredAnonymous(ctx); err != nil {
			return err
		}
	}
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := KeepVisitor(ctx, tx, visitor, term); err != nil {
			return err
		}
		var others, items int
		if err := tx.QueryRow(ctx, `
			SELECT coalesce(sum(octet_length(answer)), 0), count(*) FROM anonymous_answers
			WHERE visitor_id = $1 AND (course, lesson, item_key) <> ($2, $3, $4)`,
			visitor, course, lesson, key).Scan(&others, &items); err != nil {
			return fmt.Errorf("measuring anonymous answers: %w", err)
		}
		if items >= MaxAnonymousItems || others+size > MaxAnonymousBytes {
			return ErrAnonymousFull
		}
		if _, err := tx.Exec(ctx, upsert, args...); err != nil {
			return fmt.Errorf("saving anonymous answer: %w", err)
		}
		return nil
	})
}

// KeepVisitor writes visitor's row, new or with its expiry moved by term,
// with q: the transaction of what the visitor saves (their answers here,
// their mock interviews in lessons/mock). The row is locked for that
// transaction, so two posts of one visitor's are counted one after the
// other.
func KeepVisitor(ctx context.Context, q postgres.Querier, visitor string, term AnonymousTerm) error {
	// An expired visitor not yet swept starts again with nothing.
	if _, err := q.Exec(ctx, `DELETE FROM anonymous_visitors WHERE id = $1 AND expires_at <= now()`, visitor); err != nil {
		return fmt.Errorf("saving anonymous visitor: %w", err)
	}
	if _, err := q.Exec(ctx, `
		INSERT INTO anonymous_visitors (id, expires_at) VALUES ($1, now() + $2 * interval '1 millisecond')
		ON CONFLICT (id) DO UPDATE SET expires_at = least(anonymous_visitors.created_at + $3 * interval '1 millisecond',
		                                                  now() + $2 * interval '1 millisecond')`,
		visitor, min(term.Idle, term.Lifetime).Milliseconds(), term.Lifetime.Milliseconds()); err != nil {
		return fmt.Errorf("saving anonymous visitor: %w", err)
	}
	return nil
}

// DeleteExpiredAnonymous deletes the visitors whose answers have expired,
// and so their answers, returning how many visitors went.
func (s *Store) DeleteExpiredAnonymous(ctx context.Context) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM anonymous_visitors WHERE expires_at <= now()`)
	if err != nil {
		return 0, fmt.Errorf("deleting expired anonymous answers: %w", err)
	}
	return tag.RowsAffected(), nil
}

// Anonymous reads visitor's answers in every lesson, without the text of
// written answers (the course and home pages need only what was answered).
func (s *Store) Anonymous(ctx context.Context, visitor string) (Anonymous, error) {
	return readAnonymous(ctx, s.pool, visitor, "", "", false)
}

// AnonymousLesson reads visitor's answers on one lesson, with their text.
func (s *Store) AnonymousLesson(ctx context.Context, visitor, course, lesson string) (LessonState, error) {
	a, err := readAnonymous(ctx, s.pool, visitor, course, lesson, true)
	return StateFrom(a, course, lesson), err
}

// TakeAnonymous reads visitor's answers and deletes them, with q: the
// transaction that stores them in an account (service.MergeAnonymous). The
// visitor's row is locked first, so of several sign-ins taking the same
// visitor's answers at once, the first takes them and the others wait for
// it, then find nothing: the answers are merged exactly once.
func TakeAnonymous(ctx context.Context, q postgres.Querier, visitor string) (Anonymous, error) {
	var one int
	err := q.QueryRow(ctx, `SELECT 1 FROM anonymous_visitors WHERE id = $1 AND expires_at > now() FOR UPDATE`, visitor).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return Anonymous{}, nil
	}
	if err != nil {
		return Anonymous{}, fmt.Errorf("taking anonymous answers: %w", err)
	}
	a, err := readAnonymous(ctx, q, visitor, "", "", true)
	if err != nil {
		return a, err
	}
	if _, err := q.Exec(ctx, `DELETE FROM anonymous_visitors WHERE id = $1`, visitor); err != nil {
		return a, fmt.Errorf("taking anonymous answers: %w", err)
	}
	return a, nil
}

// readAnonymous reads visitor's unexpired answers, in one lesson or (with
// course "") all; withText false leaves written answers' text out.
func readAnonymous(ctx context.Context, q postgres.Querier, visitor, course, lesson string, withText bool) (Anonymous, error) {
	a := Anonymous{Counts: map[string]int{}}
	rows, err := q.Query(ctx, `
		SELECT a.course, a.lesson, a.item_key, a.revision_id, a.kind, coalesce(a.option, 0), coalesce(a.correct, false),
		       coalesce(a.first_option, 0), coalesce(a.first_correct, false), coalesce(a.first_at, a.answered_at),
		       a.attempts, CASE WHEN $4 THEN coalesce(a.answer, '') ELSE '' END, coalesce(a.confidence, ''), a.answered_at,
		       a.revealed_at, a.after_reveal
		FROM anonymous_answers a JOIN anonymous_visitors v ON v.id = a.visitor_id
		WHERE v.id = $1 AND v.expires_at > now() AND ($2 = '' OR (a.course = $2 AND a.lesson = $3))
		ORDER BY a.answered_at, a.item_key`, visitor, course, lesson, withText)
	if err != nil {
		return a, fmt.Errorf("reading anonymous answers: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			c, l, key, kind, answer, confidence string
			rev                                 int64
			option, firstOption, n              int
			correct, firstCorrect               bool
			firstAt, answeredAt                 time.Time
			revealedAt                          *time.Time
			afterReveal                         bool
		)
		if err := rows.Scan(&c, &l, &key, &rev, &kind, &option, &correct, &firstOption, &firstCorrect, &firstAt,
			&n, &answer, &confidence, &answeredAt, &revealedAt, &afterReveal); err != nil {
			return a, fmt.Errorf("reading anonymous answers: %w", err)
		}
		if revealedAt != nil {
			a.Reveals = append(a.Reveals, Reveal{Course: c, Lesson: l, RevisionID: rev, Key: key, At: *revealedAt})
		}
		if lessons.Kind(kind) != lessons.KindCheckpoint {
			a.Responses = append(a.Responses, Response{Course: c, Lesson: l, RevisionID: rev, Key: key, Kind: lessons.Kind(kind),
				Answer: answer, Confidence: Confidence(confidence), At: answeredAt, AfterReveal: afterReveal})
			continue
		}
		// The first attempt's revision is not kept: the latest's stands
		// for both, as item keys are stable between revisions.
		a.Attempts = append(a.Attempts, Attempt{Course: c, Lesson: l, RevisionID: rev, Key: key,
			Option: firstOption, Correct: firstCorrect, At: firstAt})
		if n > 1 {
			a.Attempts = append(a.Attempts, Attempt{Course: c, Lesson: l, RevisionID: rev, Key: key,
				Option: option, Correct: correct, At: answeredAt})
		}
		a.Counts[anonymousItem(c, l, key)] = n
	}
	return a, rows.Err()
}
