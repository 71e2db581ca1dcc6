package catalog

import (
	"context"
	"fmt"
)

// ChangesChannel is the Postgres notification channel on which every
// change to what public pages show is announced, by triggers in the
// transaction that makes it (migrations/00010_content_changes.sql).
const ChangesChannel = "practicum_content"

// contentVersionQuery fingerprints exactly what the triggers watch: each
// lesson's place and current revision, and each course's address, title
// and summary. Everything else a public page shows belongs to a revision,
// which never changes. It reads every lesson and course, a few milliseconds
// for thousands, which a poll every few seconds can afford; a counter
// written by each change would be cheaper to read but would make
// concurrent publishes wait on its row.
const contentVersionQuery = `
	SELECT md5(
		coalesce((SELECT string_agg(l.id || ':' || l.course_id || ':' || l.slug || ':' || coalesce(l.current_revision_id::text, '-'), ',' ORDER BY l.id)
			FROM lessons l), '')
		|| '|' ||
		coalesce((SELECT string_agg(c.id || ':' || md5(c.slug || E'\x1f' || c.title || E'\x1f' || c.summary), ',' ORDER BY c.id)
			FROM courses c), ''))`

// ContentVersion is a fingerprint of the content public pages show: it
// changes when, and only when, something ChangesChannel announces has
// committed. Servers that cannot listen for notifications poll it.
func (c *Catalog) ContentVersion(ctx context.Context) (string, error) {
	var v string
	if err := c.pool.QueryRow(ctx, contentVersionQuery).Scan(&v); err != nil {
		return "", fmt.Errorf("reading the content version: %w", err)
	}
	return v, nil
}
