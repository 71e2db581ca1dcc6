package review

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
)

// ItemDue is an item with a card due, and when its earliest due card fell
// due.
type ItemDue struct {
	Course, Lesson, Key string // slugs and the item's key
	Due                 time.Time
}

// DueItems lists learner userID's items of kind with a live card due at
// `now` (a scored item's criteria count once), earliest due first: what
// /practice offers as due for review.
func (s *Store) DueItems(ctx context.Context, userID int64, now time.Time, kind lessons.Kind) ([]ItemDue, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT c.slug, l.slug, k.item_key, min(k.due)
		FROM review_live_cards($1) lc
		JOIN review_cards k ON k.id = lc.id
		JOIN lessons l ON l.id = k.lesson_id
		JOIN courses c ON c.id = l.course_id
		WHERE lc.due <= $2 AND k.kind = $3
		GROUP BY c.slug, l.slug, k.item_key
		ORDER BY min(k.due), c.slug, l.slug, k.item_key`, userID, now, kind)
	if err != nil {
		return nil, fmt.Errorf("reading due items: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (ItemDue, error) {
		var d ItemDue
		return d, row.Scan(&d.Course, &d.Lesson, &d.Key, &d.Due)
	})
	if err != nil {
		return nil, fmt.Errorf("reading due items: %w", err)
	}
	return out, nil
}
