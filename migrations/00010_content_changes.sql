-- +goose Up
-- Every server keeps the public pages it rendered (web/pagecache) and
-- serves them without asking the database, so it must hear of any change
-- to what they show: a lesson's current revision, a lesson or course
-- added or removed, a course's title or summary. These triggers send a
-- notification on the channel practicum_content in the transaction that
-- makes the change; Postgres delivers it to every listener when that
-- transaction commits, and not at all when it rolls back. Triggers rather
-- than a call in each writer, so that no path (import, publish, a course
-- edit, an operator's SQL) can change the pages and forget to say so.
--
-- The payload is empty: a listener flushes everything on any change, and
-- Postgres folds identical notifications of one transaction into one, so
-- an import of many lessons wakes each server once. Nothing is written:
-- a counter row here would make concurrent publishes of different lessons
-- wait on one another (and could deadlock an import against a publish).
-- Where notifications cannot be heard (PgBouncer in transaction mode),
-- servers poll catalog.Catalog.ContentVersion instead.

-- +goose StatementBegin
CREATE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('practicum_content', '');
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER lessons_content_changed
    AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF current_revision_id, slug, course_id ON lessons
    FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
CREATE TRIGGER courses_content_changed
    AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF slug, title, summary ON courses
    FOR EACH STATEMENT EXECUTE FUNCTION content_changed();

-- +goose Down
DROP TRIGGER courses_content_changed ON courses;
DROP TRIGGER lessons_content_changed ON lessons;
DROP FUNCTION content_changed();
