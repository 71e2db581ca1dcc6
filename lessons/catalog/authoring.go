package catalog

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// RevisionInfo describes one revision of a lesson.
type RevisionInfo struct {
	ID          int64
	Number      int
	Title       string
	Origin      string // "import" or "browser"
	Author      string // display name; empty for imports from files
	CreatedAt   time.Time
	PublishedAt *time.Time
}

// Published reports whether learners have been shown this revision.
func (r RevisionInfo) Published() bool { return r.PublishedAt != nil }

// Draft is a lesson as its editor opens it: the newest revision (the head,
// which every save must start from) and the one learners see.
type Draft struct {
	Course    lessons.Course
	Slug      string
	Head      RevisionInfo
	Source    []byte // the head's lesson file
	Published *RevisionInfo
}

// Unpublished reports whether the head is a draft learners don't see yet.
func (d Draft) Unpublished() bool { return !d.Head.Published() }

// StaleError refuses a save or publish that started from a revision which
// is no longer the newest: someone else saved in between.
type StaleError struct {
	Base   int // the revision number the author started from
	Head   RevisionInfo
	Source []byte // the newer revision's file
}

func (e *StaleError) Error() string {
	return fmt.Sprintf("revision %d was saved by %s after you opened revision %d", e.Head.Number, e.Head.authorName(), e.Base)
}

func (r RevisionInfo) authorName() string {
	if r.Author == "" {
		return "an import from files"
	}
	return r.Author
}

// CalibrationError refuses to publish a lesson whose calibration examples
// the scorer disagrees with, as import refuses files.
type CalibrationError struct{ Calibration lessons.Calibration }

func (e *CalibrationError) Error() string {
	return fmt.Sprintf("the scorer disagrees with %d calibration example score(s)", len(e.Calibration))
}

const revisionColumns = `r.id, r.number, r.title, r.origin, coalesce(u.display_name, ''), r.created_at, r.published_at`

func scanRevision(row pgx.Row, extra ...any) (RevisionInfo, error) {
	var r RevisionInfo
	err := row.Scan(append([]any{&r.ID, &r.Number, &r.Title, &r.Origin, &r.Author, &r.CreatedAt, &r.PublishedAt}, extra...)...)
	return r, err
}

// Draft returns what the editor of a lesson starts from.
func (c *Catalog) Draft(ctx context.Context, courseSlug, lessonSlug string) (Draft, error) {
	d := Draft{Slug: lessonSlug}
	var currentID *int64
	head, err := scanRevision(c.pool.QueryRow(ctx, `
		SELECT `+revisionColumns+`, r.source, c.slug, c.title, c.summary, l.current_revision_id
		FROM courses c JOIN lessons l ON l.course_id = c.id
		JOIN LATERAL (SELECT * FROM lesson_revisions WHERE lesson_id = l.id ORDER BY number DESC LIMIT 1) r ON true
		LEFT JOIN users u ON u.id = r.author_id
		WHERE c.slug = $1 AND l.slug = $2`, courseSlug, lessonSlug),
		&d.Source, &d.Course.Slug, &d.Course.Title, &d.Course.Summary, &currentID)
	if errors.Is(err, pgx.ErrNoRows) {
		return d, fmt.Errorf("lesson %s/%s: %w", courseSlug, lessonSlug, postgres.ErrNotFound)
	}
	if err != nil {
		return d, fmt.Errorf("reading lesson %s/%s for editing: %w", courseSlug, lessonSlug, err)
	}
	d.Head = head
	if currentID != nil {
		if *currentID == head.ID {
			d.Published = &head
		} else {
			p, err := scanRevision(c.pool.QueryRow(ctx, `SELECT `+revisionColumns+`
				FROM lesson_revisions r LEFT JOIN users u ON u.id = r.author_id WHERE r.id = $1`, *currentID))
			if err != nil {
				return d, fmt.Errorf("reading the published revision: %w", err)
			}
			d.Published = &p
		}
	}
	return d, nil
}

// SaveResult is a saved draft and what the scorer now makes of its
// calibration examples.
type SaveResult struct {
	Revision    RevisionInfo
	Lesson      *lessons.Lesson
	Calibration lessons.Calibration // disagreements; publishing is refused while any remain
}

// CheckLesson parses an edited lesson file the way import does, and checks
// it belongs where it is being saved: its course and slug are its address.
// The error is lessons.Problems with the file's lines.
func CheckLesson(courseSlug, lessonSlug string, src []byte) (*lessons.Lesson, lessons.Calibration, error) {
	name := lessonSlug + ".md"
	l, err := lessons.Parse(name, src)
	var ps lessons.Problems
	if err != nil {
		if !errors.As(err, &ps) {
			return nil, nil, err
		}
		return nil, nil, ps
	}
	if l.Course != courseSlug {
		ps = append(ps, lessons.Problem{File: name, Line: lessons.FrontMatterLine(src, "course"),
			Msg: fmt.Sprintf("course must be %q, the course this lesson is in", courseSlug)})
	}
	if lessonSlug != "" && l.Slug != lessonSlug {
		ps = append(ps, lessons.Problem{File: name, Line: lessons.FrontMatterLine(src, "slug"),
			Msg: fmt.Sprintf("slug must stay %q: it is the lesson's address, and answers are kept under it", lessonSlug)})
	}
	if err := ps.Err(); err != nil {
		return nil, nil, err
	}
	return l, lessons.Calibrate(name, l), nil
}

// SaveDraft saves an edited lesson file as a new draft revision, provided
// the author started from the newest revision (base); otherwise it returns
// a *StaleError and writes nothing.
func (c *Catalog) SaveDraft(ctx context.Context, actorID int64, courseSlug, lessonSlug string, base int, src []byte) (SaveResult, error) {
	src = lessons.NormalizeNewlines(src)
	l, calibration, err := CheckLesson(courseSlug, lessonSlug, src)
	if err != nil {
		return SaveResult{}, err
	}
	res := SaveResult{Lesson: l, Calibration: calibration}
	err = postgres.InTx(ctx, c.pool, func(tx pgx.Tx) error {
		courseID, lessonID, err := lockLesson(ctx, tx, courseSlug, lessonSlug)
		if err != nil {
			return err
		}
		if err := checkHead(ctx, tx, lessonID, base); err != nil {
			return err
		}
		if err := checkPosition(ctx, tx, courseID, lessonID, l.Position, src); err != nil {
			return err
		}
		res.Revision, err = addRevision(ctx, tx, newRevision{courseID: courseID, lessonID: lessonID, lesson: l, source: src,
			origin: "browser", authorID: &actorID, action: "draft saved"})
		return err
	})
	return res, err
}

// CreateLesson adds a lesson written in the browser, as a first draft at
// the end of its course.
func (c *Catalog) CreateLesson(ctx context.Context, actorID int64, courseSlug string, src []byte) (SaveResult, error) {
	src = lessons.NormalizeNewlines(src)
	l, calibration, err := CheckLesson(courseSlug, "", src)
	if err != nil {
		return SaveResult{}, err
	}
	res := SaveResult{Lesson: l, Calibration: calibration}
	err = postgres.InTx(ctx, c.pool, func(tx pgx.Tx) error {
		var courseID int64
		err := tx.QueryRow(ctx, "SELECT id FROM courses WHERE slug = $1 FOR UPDATE", courseSlug).Scan(&courseID)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("course %q: %w", courseSlug, postgres.ErrNotFound)
		}
		if err != nil {
			return err
		}
		var lessonID int64
		err = tx.QueryRow(ctx, `INSERT INTO lessons (course_id, slug) VALUES ($1, $2)
			ON CONFLICT (course_id, slug) DO NOTHING RETURNING id`, courseID, l.Slug).Scan(&lessonID)
		if errors.Is(err, pgx.ErrNoRows) {
			return lessons.Problems{{File: l.Slug + ".md", Line: lessons.FrontMatterLine(src, "slug"),
				Msg: fmt.Sprintf("the course already has a lesson with the address %q: choose another", l.Slug)}}
		}
		if err != nil {
			return err
		}
		if err := checkPosition(ctx, tx, courseID, lessonID, l.Position, src); err != nil {
			return err
		}
		res.Revision, err = addRevision(ctx, tx, newRevision{courseID: courseID, lessonID: lessonID, lesson: l, source: src,
			origin: "browser", authorID: &actorID, action: "lesson created"})
		return err
	})
	return res, err
}

// NextPosition is the position a new lesson in the course takes.
func (c *Catalog) NextPosition(ctx context.Context, courseSlug string) (int, error) {
	var n int
	err := c.pool.QueryRow(ctx, `
		SELECT coalesce(max(r.position), 0) + 1 FROM courses c
		LEFT JOIN lessons l ON l.course_id = c.id
		LEFT JOIN LATERAL (SELECT position FROM lesson_revisions WHERE lesson_id = l.id ORDER BY number DESC LIMIT 1) r ON true
		WHERE c.slug = $1`, courseSlug).Scan(&n)
	return n, err
}

// Publish makes a lesson's newest revision the one learners see. The
// author names the revision they reviewed; if a newer one exists the
// publish is refused with a *StaleError, and while the scorer disagrees
// with a calibration example, with a *CalibrationError.
func (c *Catalog) Publish(ctx context.Context, actorID int64, courseSlug, lessonSlug string, number int) (RevisionInfo, error) {
	var p Published
	err := postgres.InTx(ctx, c.pool, func(tx pgx.Tx) error {
		var err error
		p, err = PublishTx(ctx, tx, actorID, courseSlug, lessonSlug, number)
		return err
	})
	return p.Revision, err
}

// Published is a revision PublishTx made the one learners see.
type Published struct {
	Revision RevisionInfo
	// Lesson is the revision parsed; nil when it was published already
	// and nothing changed.
	Lesson *lessons.Lesson
}

// PublishTx is Publish inside the caller's transaction, for a use case
// that writes more with the publish (lessons/service enqueues re-scoring
// jobs in the same transaction).
func PublishTx(ctx context.Context, tx pgx.Tx, actorID int64, courseSlug, lessonSlug string, number int) (Published, error) {
	var p Published
	courseID, lessonID, err := lockLesson(ctx, tx, courseSlug, lessonSlug)
	if err != nil {
		return p, err
	}
	if err := checkHead(ctx, tx, lessonID, number); err != nil {
		return p, err
	}
	var src []byte
	p.Revision, err = scanRevision(tx.QueryRow(ctx, `SELECT `+revisionColumns+`, r.source
		FROM lesson_revisions r LEFT JOIN users u ON u.id = r.author_id
		WHERE r.lesson_id = $1 AND r.number = $2`, lessonID, number), &src)
	if err != nil {
		return p, err
	}
	if p.Revision.Published() {
		return p, nil
	}
	l, calibration, err := CheckLesson(courseSlug, lessonSlug, src)
	if err != nil {
		return p, err
	}
	if len(calibration) > 0 {
		return p, &CalibrationError{Calibration: calibration}
	}
	err = tx.QueryRow(ctx, "UPDATE lesson_revisions SET published_at = now() WHERE id = $1 RETURNING published_at", p.Revision.ID).Scan(&p.Revision.PublishedAt)
	if err != nil {
		return p, err
	}
	batch := &pgx.Batch{}
	batch.Queue("UPDATE lessons SET current_revision_id = $2 WHERE id = $1", lessonID, p.Revision.ID)
	batch.Queue(`INSERT INTO content_audit (course_id, lesson_id, revision_id, actor_id, action, detail)
		VALUES ($1, $2, $3, $4, 'published', $5)`, courseID, lessonID, p.Revision.ID, actorID, fmt.Sprintf("revision %d", number))
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return p, err
	}
	p.Lesson = l
	return p, nil
}

// lockLesson finds a lesson and locks it for the transaction, so that two
// saves cannot both become revision N+1.
func lockLesson(ctx context.Context, tx pgx.Tx, courseSlug, lessonSlug string) (courseID, lessonID int64, err error) {
	err = tx.QueryRow(ctx, `
		SELECT l.course_id, l.id FROM lessons l JOIN courses c ON c.id = l.course_id
		WHERE c.slug = $1 AND l.slug = $2 FOR UPDATE OF l`, courseSlug, lessonSlug).Scan(&courseID, &lessonID)
	if errors.Is(err, pgx.ErrNoRows) {
		err = fmt.Errorf("lesson %s/%s: %w", courseSlug, lessonSlug, postgres.ErrNotFound)
	}
	return courseID, lessonID, err
}

// checkHead refuses with a *StaleError unless base is the newest revision.
// Only a refusal reads the newer revision's file, to show it.
func checkHead(ctx context.Context, tx pgx.Tx, lessonID int64, base int) error {
	var number int
	err := tx.QueryRow(ctx, "SELECT max(number) FROM lesson_revisions WHERE lesson_id = $1", lessonID).Scan(&number)
	if err != nil || number == base {
		return err
	}
	var src []byte
	head, err := scanRevision(tx.QueryRow(ctx, `SELECT `+revisionColumns+`, r.source
		FROM lesson_revisions r LEFT JOIN users u ON u.id = r.author_id
		WHERE r.lesson_id = $1 AND r.number = $2`, lessonID, number), &src)
	if err != nil {
		return err
	}
	return &StaleError{Base: base, Head: head, Source: src}
}

// checkPosition refuses a position another lesson of the course holds.
func checkPosition(ctx context.Context, tx pgx.Tx, courseID, lessonID int64, position int, src []byte) error {
	var other string
	err := tx.QueryRow(ctx, `
		SELECT l.slug FROM lessons l
		JOIN LATERAL (SELECT position FROM lesson_revisions WHERE lesson_id = l.id ORDER BY number DESC LIMIT 1) r ON true
		WHERE l.course_id = $1 AND l.id <> $2 AND r.position = $3 LIMIT 1`, courseID, lessonID, position).Scan(&other)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return lessons.Problems{{File: "lesson", Line: lessons.FrontMatterLine(src, "position"),
		Msg: fmt.Sprintf("position %d is lesson %q's: each lesson of a course needs its own", position, other)}}
}
