package scores

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// A learner's review news is what they have not yet seen of human reviews
// of their answers: the reviews they asked for that no reviewer has
// answered yet ("in progress"), and the reviews finished since they last
// saw their dashboard. A review is news until the dashboard shows it
// (table review_news, migrations/00014_review_news.sql).

// NewsCount is how much review news a learner has, for the count beside
// "Dashboard" in the navigation.
type NewsCount struct {
	Requested int `json:"requested"` // review requests no reviewer has answered yet
	Finished  int `json:"finished"`  // reviews finished since the dashboard last showed them
}

// Total is what the navigation shows.
func (n NewsCount) Total() int { return n.Requested + n.Finished }

// DecodeNews decodes what scores_review_news read; nil is no news.
func DecodeNews(b []byte) (NewsCount, error) {
	var n NewsCount
	if b == nil {
		return n, nil
	}
	if err := json.Unmarshal(b, &n); err != nil {
		return n, fmt.Errorf("decoding review news: %w", err)
	}
	return n, nil
}

// NewsCount counts a learner's review news in one query: scores_review_news,
// as the lesson page reads it.
func (s *Store) NewsCount(ctx context.Context, userID int64) (NewsCount, error) {
	var b []byte
	if err := s.pool.QueryRow(ctx, `SELECT news FROM scores_review_news($1)`, userID).Scan(&b); err != nil {
		return NewsCount{}, fmt.Errorf("counting the review news of user %d: %w", userID, err)
	}
	return DecodeNews(b)
}

// ReviewNote is one review in a learner's news: the answer it is about,
// and when it was asked for or finished.
type ReviewNote struct {
	ResponseID                int64
	Course, Lesson, Key, Kind string
	At                        time.Time
	// Total and Reviewer are the finished review's score and who gave
	// it; Reviewer is "" when their account is gone.
	Total    int
	Reviewer string
}

// ReviewNews is a learner's review news, newest first in each list.
type ReviewNews struct {
	Requested []ReviewNote
	Finished  []ReviewNote
}

// TakeNews returns a learner's review news and, in the same statement,
// marks the finished reviews it returns as seen: the dashboard shows them
// once. A review saved meanwhile is either returned or kept for next time.
func (s *Store) TakeNews(ctx context.Context, userID int64) (ReviewNews, error) {
	rows, err := s.pool.Query(ctx, `
		WITH seen AS (DELETE FROM review_news WHERE user_id = $1 RETURNING event_id)
		SELECT true, x.id, c.slug, l.slug, x.item_key, x.kind, e.created_at, e.total, coalesce(u.display_name, '')
		FROM seen
		JOIN score_events e ON e.id = seen.event_id
		JOIN responses x ON x.id = e.response_id
		JOIN lesson_revisions r ON r.id = x.revision_id JOIN lessons l ON l.id = r.lesson_id JOIN courses c ON c.id = l.course_id
		LEFT JOIN users u ON u.id = e.reviewer_id
		UNION ALL
		SELECT false, x.id, c.slug, l.slug, x.item_key, x.kind, q.created_at, 0, ''
		FROM review_requests q
		JOIN responses x ON x.id = q.response_id
		JOIN lesson_revisions r ON r.id = x.revision_id JOIN lessons l ON l.id = r.lesson_id JOIN courses c ON c.id = l.course_id
		WHERE q.user_id = $1 AND q.closed_at IS NULL
		ORDER BY 7 DESC, 2 DESC`, userID)
	if err != nil {
		return ReviewNews{}, fmt.Errorf("reading the review news of user %d: %w", userID, err)
	}
	var news ReviewNews
	var finished bool
	var n ReviewNote
	_, err = pgx.ForEachRow(rows, []any{&finished, &n.ResponseID, &n.Course, &n.Lesson, &n.Key, &n.Kind, &n.At, &n.Total, &n.Reviewer}, func() error {
		if finished {
			news.Finished = append(news.Finished, n)
		} else {
			news.Requested = append(news.Requested, n)
		}
		return nil
	})
	if err != nil {
		return ReviewNews{}, fmt.Errorf("reading the review news of user %d: %w", userID, err)
	}
	return news, nil
}
