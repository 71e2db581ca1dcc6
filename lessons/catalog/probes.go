package catalog

import (
	"context"
	"fmt"

	"github.com/practicum-dev/practicum/lessons"
)

// ProbeRef is an interview probe and where it lives.
type ProbeRef struct {
	Course, CourseTitle string
	Lesson, LessonTitle string
	Key                 string
	// RevisionID is the lesson's current revision, which the probe is
	// from.
	RevisionID    int64
	Question      lessons.HTML
	EvidenceClass string
}

// Probes lists every probe in the current revision of every lesson, by
// course and lesson order.
func (c *Catalog) Probes(ctx context.Context) ([]ProbeRef, error) {
	rows, err := c.pool.Query(ctx, `
		SELECT c.slug, c.title, l.slug, r.title, r.id, r.document, i.key
		FROM lesson_items i
		JOIN lessons l ON l.current_revision_id = i.revision_id
		JOIN lesson_revisions r ON r.id = i.revision_id
		JOIN courses c ON c.id = l.course_id
		WHERE i.kind = $1
		ORDER BY c.title, r.position, i.ordinal`, lessons.KindProbe)
	if err != nil {
		return nil, fmt.Errorf("listing probes: %w", err)
	}
	defer rows.Close()
	var out []ProbeRef
	for rows.Next() {
		var p ProbeRef
		var doc []byte
		if err := rows.Scan(&p.Course, &p.CourseTitle, &p.Lesson, &p.LessonTitle, &p.RevisionID, &doc, &p.Key); err != nil {
			return nil, err
		}
		l, err := c.document(p.RevisionID, doc)
		if err != nil {
			return nil, err
		}
		if b, ok := l.Item(p.Key); ok && b.Probe != nil {
			p.Question, p.EvidenceClass = b.Probe.Question, b.Probe.EvidenceClass
			out = append(out, p)
		}
	}
	return out, rows.Err()
}
