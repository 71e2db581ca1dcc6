package scores

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// MaxNote bounds a reviewer's note and a learner's review request, in
// characters.
const MaxNote = 2000

// InputError is one problem with what a reviewer or learner sent. Field
// says what the problem is with: ScoreProblem(c) or NoteProblem(c) for
// one criterion's score or note, ProblemReason for a review request's
// reason, ProblemDecision for a decision as a whole. These are this
// package's own keys; the web layer places each beside its form field.
type InputError struct {
	Field string
	Msg   string
}

func (e *InputError) Error() string { return e.Field + ": " + e.Msg }

// ScoreProblem and NoteProblem are the InputError fields of a criterion's
// score and note.
func ScoreProblem(c grading.Criterion) string { return "score_" + string(c) }
func NoteProblem(c grading.Criterion) string  { return "note_" + string(c) }

// ProblemDecision and ProblemReason are the InputError fields of a
// decision as a whole and of a review request's reason.
const (
	ProblemDecision = "scores"
	ProblemReason   = "reason"
)

// InputErrors returns every *InputError in err, which may join several.
func InputErrors(err error) []*InputError {
	switch x := err.(type) {
	case *InputError:
		return []*InputError{x}
	case interface{ Unwrap() []error }:
		var out []*InputError
		for _, e := range x.Unwrap() {
			out = append(out, InputErrors(e)...)
		}
		return out
	case interface{ Unwrap() error }:
		return InputErrors(x.Unwrap())
	}
	return nil
}

// ConflictError means someone else scored the response after the event the
// reviewer was looking at; nothing was saved. Latest is that newer event.
type ConflictError struct{ Latest Event }

func (e *ConflictError) Error() string {
	return fmt.Sprintf("response %d was scored again (event %d) since the event this review was based on", e.Latest.ResponseID, e.Latest.ID)
}

// Override is a reviewer's decision on a response: all four scores, a note
// for each criterion changed, and the event it was based on.
type Override struct {
	ResponseID, ReviewerID, BasedOn int64
	Scores                          map[grading.Criterion]int
	Notes                           map[grading.Criterion]string
}

// Override appends a review event. It fails with *ConflictError when the
// response's latest event is not o.BasedOn, and with one *InputError per
// problem (joined) when a score is missing, a changed criterion has no
// note, a note is too long, or nothing changes. Notes on criteria left
// unchanged are kept too.
func (s *Store) Override(ctx context.Context, o Override) (Event, error) {
	var ev Event
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		ev, err = s.OverrideIn(ctx, tx, o)
		return err
	})
	if err != nil {
		return Event{}, err
	}
	return ev, nil
}

// OverrideIn is Override inside the caller's transaction, for a caller
// that changes what the decision drives in the same transaction
// (service.Override: the learner's review cards).
func (s *Store) OverrideIn(ctx context.Context, tx pgx.Tx, o Override) (Event, error) {
	var ev Event
	err := func() error {
		var revision int64
		var kind string
		err := tx.QueryRow(ctx, `SELECT revision_id, kind FROM responses WHERE id = $1 FOR UPDATE`, o.ResponseID).Scan(&revision, &kind)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && !lessons.Kind(kind).Scored()) {
			return fmt.Errorf("scored response %d: %w", o.ResponseID, postgres.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("locking response %d: %w", o.ResponseID, err)
		}
		h, err := history(ctx, tx, o.ResponseID)
		if err != nil {
			return err
		}
		if last := latest(h); last.ID != o.BasedOn {
			return &ConflictError{Latest: last}
		}
		// The reviewer judged by the rubric of the latest auto score: the
		// revision answered, unless the answer was re-scored since.
		if auto, ok := LatestAuto(h); ok {
			revision = auto.RubricRevisionID
		}
		points, notes, err := checkOverride(Current(h), o)
		if err != nil {
			return err
		}
		ev = Event{
			ResponseID: o.ResponseID, Kind: KindReview, Scores: points, Notes: notes,
			ReviewerID: o.ReviewerID, RubricRevisionID: revision, BasedOn: o.BasedOn,
		}
		for _, p := range points {
			ev.Total += p
		}
		pointsJSON, err := json.Marshal(points)
		if err != nil {
			return err
		}
		notesJSON, err := json.Marshal(notes)
		if err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `
			WITH ins AS (
				INSERT INTO score_events (response_id, kind, scores, total, notes, reviewer_id, rubric_revision_id, based_on_event_id)
				VALUES ($1, 'review', $2, $3, $4, $5, $6, nullif($7, 0::bigint))
				RETURNING id, created_at),
			-- News for the learner until their dashboard shows it (news.go),
			-- unless they reviewed their own answer.
			news AS (
				INSERT INTO review_news (event_id, user_id)
				SELECT ins.id, x.user_id FROM ins JOIN responses x ON x.id = $1 WHERE x.user_id <> $5)
			SELECT ins.id, ins.created_at, u.display_name, rv.number FROM ins
			JOIN users u ON u.id = $5 JOIN lesson_revisions rv ON rv.id = $6`,
			o.ResponseID, pointsJSON, ev.Total, notesJSON, o.ReviewerID, revision, o.BasedOn).
			Scan(&ev.ID, &ev.At, &ev.ReviewerName, &ev.RubricRevisionNumber)
		if err != nil {
			return fmt.Errorf("saving the review of response %d: %w", o.ResponseID, err)
		}
		return closeRequests(ctx, tx, o.ResponseID)
	}()
	if err != nil {
		return Event{}, err
	}
	return ev, nil
}

// checkOverride validates a decision against the current score and returns
// the points and notes to store.
func checkOverride(cur Event, o Override) (map[grading.Criterion]int, map[grading.Criterion]string, error) {
	var problems []error
	for c := range o.Scores {
		if !c.Valid() {
			problems = append(problems, &InputError{ProblemDecision, fmt.Sprintf("%q is not a rubric criterion.", c)})
		}
	}
	points := make(map[grading.Criterion]int, len(grading.Criteria))
	notes := map[grading.Criterion]string{}
	changed := 0
	for _, c := range grading.Criteria {
		p, ok := o.Scores[c]
		if !ok || (p != 0 && p != 1) {
			problems = append(problems, &InputError{ScoreProblem(c), "Choose 0 points or 1 point for " + c.Label() + "."})
			continue
		}
		points[c] = p
		note := strings.TrimSpace(strings.ReplaceAll(o.Notes[c], "\r\n", "\n"))
		was, scored := cur.Scores[c]
		differs := !scored || was != p
		if differs {
			changed++
		}
		switch n := utf8.RuneCountInString(note); {
		case n > MaxNote:
			problems = append(problems, &InputError{NoteProblem(c), fmt.Sprintf("The note for %s is %d characters long; the limit is %d.", c.Label(), n, MaxNote)})
		case n == 0 && differs:
			msg := fmt.Sprintf("You changed %s from %s to %s: say why in a note. The learner and other reviewers will read it.", c.Label(), pointsLabel(was), pointsLabel(p))
			if !scored {
				msg = fmt.Sprintf("Say why %s earns %s: a review needs a note for every score it sets.", c.Label(), pointsLabel(p))
			}
			problems = append(problems, &InputError{NoteProblem(c), msg})
		case n > 0:
			notes[c] = note
		}
	}
	// A provisional auto score is waiting for exactly this: a reviewer
	// confirming it unchanged.
	confirming := cur.Kind == KindAuto && cur.Provisional
	if len(problems) == 0 && changed == 0 && !confirming {
		problems = append(problems, &InputError{ProblemDecision,
			"This review gives every criterion the score it already has. Change at least one criterion, with a note saying why, or leave the score as it is."})
	}
	if len(problems) > 0 {
		return nil, nil, errors.Join(problems...)
	}
	return points, notes, nil
}

func pointsLabel(p int) string {
	if p == 1 {
		return "1 point"
	}
	return fmt.Sprintf("%d points", p)
}

// MaxOpenRequests is how many review requests a learner may have waiting
// at once: enough for a lesson's worth of answers, too few for one
// learner to fill the reviewers' queue.
const MaxOpenRequests = 3

// RequestReview records a learner's request for a human review of their
// own scored answer. Another learner's answer, or one that is not scored,
// is ErrNotFound; the reason is required, an answer already waiting for a
// review cannot be asked about again, and a learner may have at most
// MaxOpenRequests waiting (InputError, ProblemReason).
func (s *Store) RequestReview(ctx context.Context, responseID, userID int64, reason string) error {
	reason = strings.TrimSpace(strings.ReplaceAll(reason, "\r\n", "\n"))
	switch n := utf8.RuneCountInString(reason); {
	case n == 0:
		return &InputError{ProblemReason, "Say what you think the score missed, so the reviewer knows where to look."}
	case n > MaxNote:
		return &InputError{ProblemReason, fmt.Sprintf("Your reason is %d characters long; the limit is %d. Shorten it and send it again.", n, MaxNote)}
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		// One learner's requests take turns, so that two sent at once
		// cannot both pass the count below.
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended('review_requests', $1))", userID); err != nil {
			return err
		}
		var open int
		var thisOpen bool
		err := tx.QueryRow(ctx, `
			SELECT count(*), coalesce(bool_or(response_id = $2), false)
			FROM review_requests WHERE user_id = $1 AND closed_at IS NULL`, userID, responseID).Scan(&open, &thisOpen)
		if err != nil {
			return err
		}
		if thisOpen {
			return errAlreadyRequested
		}
		if open >= MaxOpenRequests {
			return &InputError{ProblemReason, fmt.Sprintf("You already have %d answers waiting for a review, the most at once. "+
				"A reviewer will get to them; ask about this one once one of them has been reviewed.", open)}
		}
		tag, err := tx.Exec(ctx, `
			INSERT INTO review_requests (response_id, user_id, reason)
			SELECT x.id, x.user_id, $3 FROM responses x
			WHERE x.id = $1 AND x.user_id = $2 AND x.kind = ANY($4)`, responseID, userID, reason, lessons.ScoredKinds())
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == "review_requests_one_open" {
			return errAlreadyRequested
		}
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("scored response %d of user %d: %w", responseID, userID, postgres.ErrNotFound)
		}
		return nil
	})
	var input *InputError
	if err != nil && !errors.As(err, &input) && !errors.Is(err, postgres.ErrNotFound) {
		return fmt.Errorf("requesting a review of response %d: %w", responseID, err)
	}
	return err
}

// errAlreadyRequested refuses a second request for an answer that is
// already waiting for a review.
var errAlreadyRequested = &InputError{ProblemReason, "You have already asked for a review of this answer. " +
	"A reviewer will look at it; you can ask again after they have."}

// closeRequests closes the open review requests of a response, answered by
// the review just saved in tx.
func closeRequests(ctx context.Context, tx pgx.Tx, responseID int64) error {
	_, err := tx.Exec(ctx, "UPDATE review_requests SET closed_at = now() WHERE response_id = $1 AND closed_at IS NULL", responseID)
	if err != nil {
		return fmt.Errorf("closing the review requests of response %d: %w", responseID, err)
	}
	return nil
}
