package progress

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

// CheckpointAnswer is one checkpoint attempt as its learner downloads it
// ("Download all my data"): where it was given, the option and whether it
// was right.
type CheckpointAnswer struct {
	Course   string    `json:"course"`
	Lesson   string    `json:"lesson"`
	Revision int       `json:"revision"`
	Item     string    `json:"item"`
	Option   int       `json:"option"` // 0 is the first option (A)
	Correct  bool      `json:"correct"`
	At       time.Time `json:"answered_at"`
}

// CheckpointAnswersOf returns every checkpoint attempt of the learner,
// oldest first. q is the caller's transaction, so that a download reads
// every table at one moment (service.PersonalData).
func CheckpointAnswersOf(ctx context.Context, q postgres.Querier, userID int64) ([]CheckpointAnswer, error) {
	rows, err := q.Query(ctx, `
		SELECT c.slug, l.slug, r.number, a.item_key, a.option, a.correct, a.answered_at
		FROM checkpoint_attempts a
		JOIN lesson_revisions r ON r.id = a.revision_id JOIN lessons l ON l.id = r.lesson_id JOIN courses c ON c.id = l.course_id
		WHERE a.user_id = $1
		ORDER BY a.answered_at, a.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("reading the checkpoint answers of user %d: %w", userID, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (CheckpointAnswer, error) {
		var a CheckpointAnswer
		err := row.Scan(&a.Course, &a.Lesson, &a.Revision, &a.Item, &a.Option, &a.Correct, &a.At)
		return a, err
	})
	if err != nil {
		return nil, fmt.Errorf("reading the checkpoint answers of user %d: %w", userID, err)
	}
	return out, nil
}

// RevealedAnswer is an item whose answer the learner asked to see, as they
// download it: where, which kind of item (a checkpoint's correct option,
// an exercise's model solution, a probe's strong answer) and when.
type RevealedAnswer struct {
	Course, Lesson string
	Revision       int // the lesson revision they were shown
	Item, Kind     string
	At             time.Time
}

// RevealsOf returns every reveal of the learner, oldest first, with q as
// for CheckpointAnswersOf.
func RevealsOf(ctx context.Context, q postgres.Querier, userID int64) ([]RevealedAnswer, error) {
	rows, err := q.Query(ctx, `
		SELECT c.slug, l.slug, r.number, v.item_key, coalesce(i.kind, ''), v.revealed_at
		FROM reveals v
		JOIN lesson_revisions r ON r.id = v.revision_id JOIN lessons l ON l.id = r.lesson_id JOIN courses c ON c.id = l.course_id
		LEFT JOIN lesson_items i ON i.revision_id = v.revision_id AND i.key = v.item_key
		WHERE v.user_id = $1
		ORDER BY v.revealed_at, c.slug, l.slug, v.item_key`, userID)
	if err != nil {
		return nil, fmt.Errorf("reading the reveals of user %d: %w", userID, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (RevealedAnswer, error) {
		var v RevealedAnswer
		err := row.Scan(&v.Course, &v.Lesson, &v.Revision, &v.Item, &v.Kind, &v.At)
		return v, err
	})
	if err != nil {
		return nil, fmt.Errorf("reading the reveals of user %d: %w", userID, err)
	}
	return out, nil
}
