-- +goose Up
-- Courses and lessons are identities; what a lesson says lives in immutable
-- revisions, so answers can keep the exact text they were given against.
CREATE TABLE courses (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug       text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    title      text NOT NULL CHECK (title <> ''),
    summary    text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lessons (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    course_id           bigint NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    slug                text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    current_revision_id bigint,
    created_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (course_id, slug)
);

CREATE TABLE lesson_revisions (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lesson_id   bigint NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
    number      int NOT NULL CHECK (number > 0),
    position    int NOT NULL CHECK (position > 0),
    title       text NOT NULL,
    goal        text NOT NULL,
    minutes     int NOT NULL CHECK (minutes BETWEEN 1 AND 240),
    -- source is the lesson file exactly as authored; document is its parsed,
    -- rendered form, so requests never parse Markdown.
    source      text NOT NULL,
    source_hash text NOT NULL,
    document    jsonb NOT NULL,
    origin      text NOT NULL CHECK (origin IN ('import', 'browser')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (lesson_id, number)
);

ALTER TABLE lessons
    ADD CONSTRAINT lessons_current_revision_fk
    FOREIGN KEY (current_revision_id) REFERENCES lesson_revisions (id);

-- Answerable and citable items of each revision, for queries across lessons
-- (every probe in every course) without unpacking documents.
CREATE TABLE lesson_items (
    revision_id bigint NOT NULL REFERENCES lesson_revisions (id) ON DELETE CASCADE,
    key         text NOT NULL,
    kind        text NOT NULL,
    ordinal     int NOT NULL,
    PRIMARY KEY (revision_id, key)
);
CREATE INDEX lesson_items_kind ON lesson_items (kind);

-- +goose Down
DROP TABLE lesson_items;
ALTER TABLE lessons DROP CONSTRAINT lessons_current_revision_fk;
DROP TABLE lesson_revisions;
DROP TABLE lessons;
DROP TABLE courses;
