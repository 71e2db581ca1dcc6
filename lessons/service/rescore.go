package service

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// RescoreBatch is how many answers one re-scoring job scores. A job of 50
// takes 18–35 ms on a busy 2-core machine (BenchmarkRescoreBatch: reading,
// scoring and one transaction of inserts), so a crash or a retry repeats
// little, while River keeps one row per 50 answers instead of one per
// answer (each job costs River a fetch and a completion, about what
// scoring one answer costs) and progress still moves in visible steps.
const RescoreBatch = 50

// ItemRescore is one exercise or probe of a revision whose scoring differs
// from the scoring its learners' current answers were last scored with.
type ItemRescore struct {
	Key  string
	Kind lessons.Kind
	// Answers counts those answers; From lists the revisions they were
	// scored against.
	Answers int
	From    []int64
}

// RescoreOffer lists the exercises and probes of rev (a lesson revision,
// parsed) that re-scoring would change, in the lesson's order: those whose
// learners' current answers were last scored against a rubric, concepts,
// calibration examples or model answer that rev changes
// (lessons.SameScoring). Publishing rev may queue them (Publish).
func (s *Service) RescoreOffer(ctx context.Context, course, lesson string, rev *lessons.Lesson) ([]ItemRescore, error) {
	return s.rescoreOffer(ctx, s.pool, course, lesson, rev)
}

func (s *Service) rescoreOffer(ctx context.Context, q postgres.Querier, course, lesson string, rev *lessons.Lesson) ([]ItemRescore, error) {
	counts, err := scores.RescoreCandidates(ctx, q, course, lesson)
	if err != nil || len(counts) == 0 {
		return nil, err
	}
	byKey := map[string]*ItemRescore{}
	for _, c := range counts {
		b, ok := rev.Item(c.Key)
		if !ok || !b.Kind.Scored() || b.ItemScoring() == nil {
			continue // gone from the revision: nothing to score against
		}
		old, err := s.catalog.Revision(ctx, course, lesson, c.RevisionID)
		if err != nil {
			return nil, fmt.Errorf("reading the rubric %q was scored with: %w", c.Key, err)
		}
		if was, ok := old.Item(c.Key); ok && lessons.SameScoring(was.ItemScoring(), b.ItemScoring()) {
			continue
		}
		it := byKey[c.Key]
		if it == nil {
			it = &ItemRescore{Key: c.Key, Kind: b.Kind}
			byKey[c.Key] = it
		}
		it.Answers += c.Answers
		it.From = append(it.From, c.RevisionID)
	}
	var out []ItemRescore
	for _, b := range rev.Blocks {
		if it := byKey[b.Key]; it != nil {
			out = append(out, *it)
		}
	}
	return out, nil
}

// enqueueRescores records a re-scoring of each item the newly published
// revision changes, and inserts the jobs that do it, in the publish's
// transaction.
func (s *Service) enqueueRescores(ctx context.Context, tx pgx.Tx, authorID int64, course, lesson string, p catalog.Published) error {
	offer, err := s.rescoreOffer(ctx, tx, course, lesson, p.Lesson)
	if err != nil {
		return err
	}
	var jobs []river.InsertManyParams
	for _, it := range offer {
		id, answers, err := scores.StartRescore(ctx, tx, scores.NewRescore{Course: course, Lesson: lesson, Key: it.Key,
			Revision: p.Revision.ID, From: it.From, RequestedBy: authorID})
		if err != nil {
			return err
		}
		meta, err := json.Marshal(rescoreMeta{Rescore: id})
		if err != nil {
			return err
		}
		for start := 0; start < len(answers); start += RescoreBatch {
			batch := answers[start:min(start+RescoreBatch, len(answers))]
			jobs = append(jobs, river.InsertManyParams{
				Args: RescoreArgs{Rescore: id, Course: course, Lesson: lesson, Key: it.Key, Revision: p.Revision.ID, Responses: batch},
				// The re-scoring's id in the metadata finds its jobs for
				// RescoreProgress.
				InsertOpts: &river.InsertOpts{Metadata: meta},
			})
		}
	}
	if len(jobs) == 0 {
		return nil
	}
	if _, err := s.jobs.InsertManyTx(ctx, tx, jobs); err != nil {
		return fmt.Errorf("queueing re-scoring jobs: %w", err)
	}
	return nil
}

// rescoreMeta is a re-scoring job's metadata.
type rescoreMeta struct {
	Rescore int64 `json:"rescore_id"`
}

// RescoreProgress is a re-scoring and how far it has got.
type RescoreProgress struct {
	scores.Rescore
	// Failed counts the answers whose job gave up (after its last attempt,
	// or cancelled as hopeless); Retrying, those whose job failed and will
	// be tried again.
	Failed, Retrying int
}

// Rescores returns the latest re-scoring of each item of a lesson that has
// had one, by key, with how many answers are done and failed.
func (s *Service) Rescores(ctx context.Context, course, lesson string) (map[string]RescoreProgress, error) {
	rs, err := s.scores.Rescores(ctx, course, lesson)
	if err != nil {
		return nil, err
	}
	out := make(map[string]RescoreProgress, len(rs))
	for key, r := range rs {
		p := RescoreProgress{Rescore: r}
		if !r.Finished() {
			if p.Failed, p.Retrying, err = s.rescoreTrouble(ctx, r.ID); err != nil {
				return nil, err
			}
		}
		out[key] = p
	}
	return out, nil
}

// rescoreTrouble counts the answers of a re-scoring whose jobs failed:
// given up, or waiting for another attempt. River deletes jobs it gave up
// on after a week (its DiscardedJobRetentionPeriod); their answers stay
// not done.
func (s *Service) rescoreTrouble(ctx context.Context, rescore int64) (failed, retrying int, err error) {
	meta, err := json.Marshal(rescoreMeta{Rescore: rescore})
	if err != nil {
		return 0, 0, err
	}
	params := river.NewJobListParams().Kinds(RescoreArgs{}.Kind()).Metadata(string(meta)).
		States(rivertype.JobStateDiscarded, rivertype.JobStateCancelled, rivertype.JobStateRetryable).First(10_000)
	res, err := s.jobs.JobList(ctx, params)
	if err != nil {
		return 0, 0, fmt.Errorf("listing the re-scoring's failed jobs: %w", err)
	}
	for _, j := range res.Jobs {
		var args RescoreArgs
		if err := json.Unmarshal(j.EncodedArgs, &args); err != nil {
			return 0, 0, fmt.Errorf("decoding re-scoring job %d: %w", j.ID, err)
		}
		if j.State == rivertype.JobStateRetryable {
			retrying += len(args.Responses)
		} else {
			failed += len(args.Responses)
		}
	}
	return failed, retrying, nil
}
