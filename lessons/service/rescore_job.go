package service

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// RescoreArgs is one re-scoring job: answers to item Key of a lesson,
// each to get an auto score against Revision's rubric.
type RescoreArgs struct {
	Rescore   int64   `json:"rescore_id"`
	Course    string  `json:"course"`
	Lesson    string  `json:"lesson"`
	Key       string  `json:"key"`
	Revision  int64   `json:"revision_id"`
	Responses []int64 `json:"response_ids"`
}

// Kind names the job in River's tables.
func (RescoreArgs) Kind() string { return "rescore_answers" }

// InsertOpts: a batch that fails ten times (the last about four hours
// after the first, by River's backoff) is given up and counted as failed
// on the item's page, rather than retried for River's default three weeks.
func (RescoreArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 10} }

// RescoreWorker works re-scoring jobs: River calls Work, which runs the
// use case Rescore.
type RescoreWorker struct {
	river.WorkerDefaults[RescoreArgs]
	svc *Service
}

// NewRescoreWorker is the worker to register with the River client that
// works jobs (cmd/practicum).
func NewRescoreWorker(svc *Service) *RescoreWorker { return &RescoreWorker{svc: svc} }

func (w *RescoreWorker) Work(ctx context.Context, job *river.Job[RescoreArgs]) error {
	_, err := w.svc.Rescore(ctx, job.Args)
	return err
}

// Rescore gives each answer of a job a new auto score against the job's
// revision, all in one transaction, and returns how many it added. It is
// safe to run again: an answer already scored against that revision keeps
// the score it has (scores.RecordRescore), so a retried job adds nothing
// twice. The old scores stay in each answer's history, and an answer a
// reviewer decided keeps the reviewer's score as its current one
// (scores.Current). An answer deleted since (its account was) is skipped.
func (s *Service) Rescore(ctx context.Context, a RescoreArgs) (added int, err error) {
	doc, err := s.catalog.Revision(ctx, a.Course, a.Lesson, a.Revision)
	if err != nil {
		return 0, err
	}
	b, ok := doc.Item(a.Key)
	if !ok || b.ItemScoring() == nil {
		// The revision is immutable: trying again cannot help.
		return 0, river.JobCancel(fmt.Errorf("revision %d of %s/%s has no scored item %q", a.Revision, a.Course, a.Lesson, a.Key))
	}
	reviewed, err := s.scores.Reviewed(ctx, a.Revision, a.Key)
	if err != nil {
		return 0, err
	}
	labelled := grading.NewLabelledSet(reviewed)
	answers, err := s.progress.AnswerTexts(ctx, a.Responses)
	if err != nil {
		return 0, err
	}
	// Scored before the transaction, so that it holds its locks only as
	// long as the inserts take.
	type scored struct {
		id int64
		sc grading.Score
	}
	var all []scored
	for _, id := range a.Responses {
		text, ok := answers[id]
		if !ok {
			continue
		}
		sc, err := b.ItemScoring().Grade(text, labelled)
		if err != nil {
			return 0, river.JobCancel(fmt.Errorf("scoring response %d against revision %d: %w", id, a.Revision, err))
		}
		all = append(all, scored{id, sc})
	}
	var learners []int64
	defer func() { s.changed(learners...) }()
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		added = 0
		ids := make([]int64, len(all))
		for i, x := range all {
			ids[i] = x.id
		}
		var err error
		if learners, err = progress.Owners(ctx, tx, ids); err != nil {
			return err
		}
		for _, x := range all {
			ok, err := s.scores.RecordRescore(ctx, tx, x.id, a.Revision, x.sc)
			if err != nil {
				return err
			}
			if ok {
				added++
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("re-scoring %d answers to %q: %w", len(all), a.Key, err)
	}
	return added, nil
}

// Compile-time check: the worker is a River worker of RescoreArgs.
var _ river.Worker[RescoreArgs] = (*RescoreWorker)(nil)
