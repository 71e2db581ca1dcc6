package service

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/review"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Item names the block a learner answered, in the revision they were
// shown: answers are kept against that revision.
type Item struct {
	Course, Lesson, Key string
	RevisionID          int64
}

// item finds the block, checking the revision belongs to the lesson and
// is published and the block is of a kind accepts; anything else is not
// found.
func (s *Service) item(ctx context.Context, it Item, accepts func(lessons.Kind) bool) (lessons.Block, error) {
	doc, err := s.catalog.Revision(ctx, it.Course, it.Lesson, it.RevisionID)
	if err != nil {
		return lessons.Block{}, err
	}
	b, ok := doc.Item(it.Key)
	if !ok || !accepts(b.Kind) {
		return lessons.Block{}, fmt.Errorf("item %q of %s/%s: %w", it.Key, it.Course, it.Lesson, postgres.ErrNotFound)
	}
	return b, nil
}

func isCheckpoint(k lessons.Kind) bool { return k == lessons.KindCheckpoint }

// AnswerCheckpoint records option (an index; -1 when none was chosen) as
// who's answer to a checkpoint. It returns the checkpoint whenever it was
// found, also with a *progress.InputError for an option that is not one
// of its own or progress.ErrAnonymousFull; nothing is recorded then.
func (s *Service) AnswerCheckpoint(ctx context.Context, who Learner, it Item, option int) (lessons.Block, error) {
	b, err := s.item(ctx, it, isCheckpoint)
	if err != nil {
		return b, err
	}
	correct, err := progress.CheckOption(b.Checkpoint, option)
	if err != nil {
		return b, err
	}
	a := progress.Attempt{Course: it.Course, Lesson: it.Lesson, RevisionID: it.RevisionID, Key: b.Key,
		Option: option, Correct: correct, At: s.now()}
	if who.UserID != 0 {
		return b, s.recordAttempt(ctx, who.UserID, a, review.FromLesson)
	}
	return b, s.progress.SaveAnonymousAttempt(ctx, who.Visitor, who.Term, a)
}

// recordAttempt stores a signed-in learner's checkpoint answer and gives
// it to the checkpoint's review card, in one transaction. Most answers
// review nothing (a retry, an answer before the card is due:
// review.Unchanged), and those are one row with no card to change, so
// they are stored alone: two statements instead of a transaction's four,
// the insert shared with the answers other learners send at that moment.
func (s *Service) recordAttempt(ctx context.Context, userID int64, a progress.Attempt, from review.Source) error {
	unchanged, err := review.Unchanged(ctx, s.pool, attemptAnswer(userID, 0, a, from))
	if err != nil {
		return err
	}
	defer s.changed(userID)
	if unchanged {
		return s.progress.AddAttempt(ctx, userID, a)
	}
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		id, err := progress.InsertAttempt(ctx, tx, userID, a)
		if err != nil {
			return err
		}
		_, err = review.Record(ctx, tx, attemptAnswer(userID, id, a, from))
		return err
	})
}

// attemptAnswer is what a checkpoint attempt gives its review card.
func attemptAnswer(userID, id int64, a progress.Attempt, from review.Source) review.Answer {
	return review.Answer{UserID: userID, RevisionID: a.RevisionID, Key: a.Key, Kind: lessons.KindCheckpoint, At: a.At,
		Source: from, AttemptID: id, Results: []review.Result{{Correct: a.Correct}}}
}

// SubmitResponse records a written answer to an exercise, probe or
// explain-it-back prompt; a signed-in learner's answer to a scored block
// is stored with its auto score, in one transaction. It returns the block
// whenever it was found, also with a *progress.InputError for an answer
// that cannot be saved as sent or progress.ErrAnonymousFull; nothing is
// recorded then.
func (s *Service) SubmitResponse(ctx context.Context, who Learner, it Item, answer string, confidence progress.Confidence) (lessons.Block, error) {
	b, _, err := s.submit(ctx, who, it, answer, confidence, review.FromLesson)
	return b, err
}

// submit is SubmitResponse, from the lesson page or the Review page; it
// returns the id of a signed-in learner's scored answer too.
func (s *Service) submit(ctx context.Context, who Learner, it Item, answer string, confidence progress.Confidence, from review.Source) (lessons.Block, int64, error) {
	b, err := s.item(ctx, it, lessons.Kind.Written)
	if err != nil {
		return b, 0, err
	}
	id, err := s.submitBlock(ctx, who, it, b, answer, confidence, from, false)
	return b, id, err
}

// submitBlock stores an answer to the written block b of it, already
// found. With reveal, the item's answer is revealed to the learner once
// this answer is stored, in its transaction (practice shows the strong
// answer with the score).
func (s *Service) submitBlock(ctx context.Context, who Learner, it Item, b lessons.Block, answer string, confidence progress.Confidence, from review.Source, reveal bool) (int64, error) {
	resp, err := progress.NewResponse(b.Kind, answer, confidence)
	if err != nil {
		return 0, err
	}
	resp.Course, resp.Lesson, resp.RevisionID, resp.Key, resp.At = it.Course, it.Lesson, it.RevisionID, b.Key, s.now()
	switch {
	case who.anonymous():
		return 0, s.progress.SaveAnonymousResponse(ctx, who.Visitor, who.Term, resp, reveal)
	case b.ScoringRubric() == nil:
		defer s.changed(who.UserID)
		return 0, s.progress.SaveResponse(ctx, who.UserID, resp)
	}
	sc, err := s.grade(ctx, b, resp.RevisionID, resp.Answer)
	if err != nil {
		return 0, err
	}
	return s.submitScored(ctx, who.UserID, resp, sc, from, reveal)
}

// grade scores answer to scored block b of revision revisionID: the path
// every live written answer is scored on, the lesson page's, the Review
// page's and a mock interview's. Reviewers' decisions on this revision
// join the item's own labelled answers as the scorer's second opinion.
func (s *Service) grade(ctx context.Context, b lessons.Block, revisionID int64, answer string) (grading.Score, error) {
	reviewed, err := s.scores.Reviewed(ctx, revisionID, b.Key)
	if err != nil {
		return grading.Score{}, err
	}
	return b.ItemScoring().Grade(answer, grading.NewLabelledSet(reviewed))
}

// submitScored stores a learner's answer to a scored block together with
// its auto score, and gives each criterion's verdict to its review card,
// in one transaction: the answer (progress's table) is never stored
// without its score (scores' table), nor the score without the cards it
// drives. With reveal, the item's answer is revealed after it, in the same
// transaction.
func (s *Service) submitScored(ctx context.Context, userID int64, r progress.Response, sc grading.Score, from review.Source, reveal bool) (responseID int64, err error) {
	if !r.Kind.Scored() {
		return 0, fmt.Errorf("submitting a scored answer: a %s is not scored", r.Kind)
	}
	defer s.changed(userID)
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if responseID, err = progress.InsertResponse(ctx, tx, userID, r); err != nil {
			return err
		}
		if err := s.scores.RecordAuto(ctx, tx, responseID, r.RevisionID, sc); err != nil {
			return err
		}
		if _, err = review.Record(ctx, tx, responseAnswer(userID, responseID, r, sc, from)); err != nil || !reveal {
			return err
		}
		return progress.InsertReveal(ctx, tx, userID, progress.Reveal{RevisionID: r.RevisionID, Key: r.Key, At: r.At})
	})
	if err != nil {
		return 0, err
	}
	return responseID, nil
}

// responseAnswer is what a scored answer's auto score gives its review
// cards.
func responseAnswer(userID, id int64, r progress.Response, sc grading.Score, from review.Source) review.Answer {
	return review.Answer{UserID: userID, RevisionID: r.RevisionID, Key: r.Key, Kind: r.Kind, At: r.At,
		Source: from, ResponseID: id, Results: review.ScoreResults(sc, r.Confidence == progress.NotYet)}
}

// ScoredAnswer is an answer with the auto score it earns.
type ScoredAnswer struct {
	Answer string
	Score  grading.Score
}

// AnonymousLesson is an anonymous visitor's answers on one lesson.
func (s *Service) AnonymousLesson(ctx context.Context, who Learner, course, lesson string) (progress.LessonState, error) {
	if who.Visitor == "" {
		return progress.StateFrom(progress.Anonymous{}, course, lesson), nil
	}
	return s.progress.AnonymousLesson(ctx, who.Visitor, course, lesson)
}

// AnonymousScores scores an anonymous visitor's latest answer to each
// scored block of a lesson, as shown: their answers are not stored yet, so
// neither are their scores.
func (s *Service) AnonymousScores(ctx context.Context, course, lesson string, st progress.LessonState) (map[string]ScoredAnswer, error) {
	out := map[string]ScoredAnswer{}
	for key, rs := range st.Responses {
		last := rs[len(rs)-1]
		if !last.Kind.Scored() {
			continue
		}
		doc, err := s.catalog.Revision(ctx, course, lesson, last.RevisionID)
		if err != nil {
			return nil, err
		}
		b, ok := doc.Item(key)
		if !ok || b.ItemScoring() == nil {
			continue
		}
		sc, err := b.ItemScoring().Grade(last.Answer, nil)
		if err != nil {
			return nil, err
		}
		out[key] = ScoredAnswer{Answer: last.Answer, Score: sc}
	}
	return out, nil
}
