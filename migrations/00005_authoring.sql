-- +goose Up
-- Browser authoring. A lesson's revisions form one line: the newest is the
-- head an editor starts from; learners see the published one that
-- lessons.current_revision_id points at. A draft is a revision never
-- published, so a new lesson written in the browser has no current
-- revision and stays invisible until it is published.
ALTER TABLE lesson_revisions
    ADD COLUMN author_id    bigint REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN published_at timestamptz;
UPDATE lesson_revisions r SET published_at = r.created_at
    WHERE EXISTS (SELECT 1 FROM lessons l WHERE l.current_revision_id = r.id)
       OR r.origin = 'import';

-- Who changed what and when, per course and lesson. actor_id is NULL for
-- imports from files, which run from the command line.
CREATE TABLE content_audit (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    course_id   bigint NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    lesson_id   bigint REFERENCES lessons (id) ON DELETE CASCADE,
    revision_id bigint REFERENCES lesson_revisions (id) ON DELETE CASCADE,
    actor_id    bigint REFERENCES users (id) ON DELETE SET NULL,
    action      text NOT NULL CHECK (action IN
                    ('course created', 'course edited', 'lesson created', 'draft saved', 'published', 'imported')),
    detail      text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_audit_lesson_idx ON content_audit (lesson_id, created_at DESC);
CREATE INDEX content_audit_course_idx ON content_audit (course_id, created_at DESC);

-- +goose Down
DROP TABLE content_audit;
ALTER TABLE lesson_revisions DROP COLUMN published_at, DROP COLUMN author_id;
