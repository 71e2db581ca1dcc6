package catalog

import (
	"context"
	"fmt"

	"github.com/practicum-dev/practicum/lessons"
)

// ExportedFile is one file of an exported course, named as in a course
// directory.
type ExportedFile struct {
	Name   string // "course.yaml" or "03-work-a-serving-incident.md"
	Source []byte
}

// Export returns a course in the lesson format: course.yaml and the
// published revision of every lesson, exactly as stored, so importing the
// files again changes nothing. Lessons never published are not exported;
// their slugs are returned so the caller can say so.
func (c *Catalog) Export(ctx context.Context, courseSlug string) (files []ExportedFile, unpublished []string, err error) {
	course, err := c.AuthorCourse(ctx, courseSlug)
	if err != nil {
		return nil, nil, err
	}
	files = append(files, ExportedFile{Name: "course.yaml", Source: lessons.CourseYAML(course.Course)})
	rows, err := c.pool.Query(ctx, `
		SELECT l.slug, r.position, r.source FROM courses c
		JOIN lessons l ON l.course_id = c.id
		JOIN lesson_revisions r ON r.id = l.current_revision_id
		WHERE c.slug = $1 ORDER BY r.position, l.slug`, courseSlug)
	if err != nil {
		return nil, nil, fmt.Errorf("exporting %s: %w", courseSlug, err)
	}
	defer rows.Close()
	for rows.Next() {
		var slug string
		var position int
		var src []byte
		if err := rows.Scan(&slug, &position, &src); err != nil {
			return nil, nil, err
		}
		files = append(files, ExportedFile{Name: fmt.Sprintf("%02d-%s.md", position, slug), Source: src})
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	for _, l := range course.Lessons {
		if l.Published == 0 {
			unpublished = append(unpublished, l.Slug)
		}
	}
	return files, unpublished, nil
}
