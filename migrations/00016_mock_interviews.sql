-- +goose Up
-- Mock interviews (issue 12, item 2): a learner's timed run through a few
-- interview probes, each followed by the interviewer's follow-up, scored
-- at the end. lessons/mock owns these tables; lessons/service begins the
-- transactions that write more than one row.

-- One interview, run by an account or by an anonymous visitor, whose
-- interviews go with their visitor row when it expires and move into
-- their account when they sign in (service.MergeAnonymous).
CREATE TABLE mock_interviews (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint REFERENCES users (id) ON DELETE CASCADE,
    visitor_id  text REFERENCES anonymous_visitors (id) ON DELETE CASCADE,
    -- the course the probes were drawn from; '' for every course
    course      text NOT NULL,
    probes      smallint NOT NULL CHECK (probes BETWEEN 1 AND 5),
    started_at  timestamptz NOT NULL,
    finished_at timestamptz,
    CHECK ((user_id IS NULL) <> (visitor_id IS NULL))
);
CREATE INDEX mock_interviews_user_idx ON mock_interviews (user_id, started_at DESC) WHERE user_id IS NOT NULL;
CREATE INDEX mock_interviews_visitor_idx ON mock_interviews (visitor_id) WHERE visitor_id IS NOT NULL;

-- The questions of an interview in the order asked: probe n at position
-- 2n, its follow-up at 2n+1. The probes are written when the interview
-- starts; a follow-up when its probe is answered, since what the answer
-- missed chooses it. The text of each is read from the revision named.
CREATE TABLE mock_questions (
    interview_id  bigint NOT NULL REFERENCES mock_interviews (id) ON DELETE CASCADE,
    position      smallint NOT NULL CHECK (position BETWEEN 0 AND 9),
    course        text NOT NULL,
    lesson        text NOT NULL,
    revision_id   bigint NOT NULL REFERENCES lesson_revisions (id),
    item_key      text NOT NULL,
    -- a follow-up's criterion: the one the probe's answer missed that
    -- chose it, '' for the probe's own follow_up (and for a probe)
    criterion     text NOT NULL CHECK (criterion IN ('', 'result', 'reasoning', 'failure_case', 'verification')),
    time_limit_ms integer NOT NULL CHECK (time_limit_ms > 0),
    -- the clock: it runs from asked_at (NULL until the question is asked),
    -- less paused_ms, the pauses ended, and stands still from paused_at
    asked_at      timestamptz,
    paused_at     timestamptz,
    paused_ms     bigint NOT NULL DEFAULT 0 CHECK (paused_ms >= 0),
    -- what the learner has typed, kept so that a reload loses nothing
    draft         text NOT NULL DEFAULT '' CHECK (octet_length(draft) <= 20480),
    answer        text CHECK (length(answer) BETWEEN 1 AND 10000),
    answered_at   timestamptz,
    -- time on the clock when answered, past time_limit_ms when over time
    taken_ms      bigint CHECK (taken_ms >= 0),
    -- the auto score (grading.Score), by the scorer of the time
    score         jsonb,
    PRIMARY KEY (interview_id, position),
    CHECK ((answer IS NULL) = (answered_at IS NULL) AND (answer IS NULL) = (taken_ms IS NULL) AND (answer IS NULL) = (score IS NULL)),
    CHECK (asked_at IS NOT NULL OR (answer IS NULL AND paused_at IS NULL))
);

-- +goose Down
DROP TABLE mock_questions;
DROP TABLE mock_interviews;
