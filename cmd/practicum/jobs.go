package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/practicum-dev/practicum/lessons/service"
)

// jobOptions configure the River client serve runs to work background jobs
// (re-scoring answers after a publish).
type jobOptions struct {
	workers              *int
	timeout, rescueAfter *time.Duration
}

func addJobFlags(fs *flag.FlagSet) (jobOptions, error) {
	f := jobOptions{workers: fs.Int("job-workers", 2,
		"background jobs (re-scoring answers) this server works at once; 0 works none here, leaving them to other servers")}
	var err error
	if f.timeout, err = durationFlag(fs, "job-timeout", "JOB_TIMEOUT", time.Minute,
		"longest a background job may run before it is cancelled and tried again later"); err != nil {
		return f, err
	}
	f.rescueAfter, err = durationFlag(fs, "job-rescue-after", "JOB_RESCUE_AFTER", 10*time.Minute,
		"a job still marked running this long after it started is taken to have died with its server (killed, or the machine lost) and is run again; longer than -job-timeout")
	return f, err
}

func (f jobOptions) check() error {
	if *f.workers < 0 || *f.timeout <= 0 || *f.rescueAfter <= *f.timeout {
		return usageError{fmt.Sprintf("job workers %d, timeout %v, rescue after %v: use 0 or more workers, a positive timeout and a rescue time longer than it",
			*f.workers, *f.timeout, *f.rescueAfter)}
	}
	return nil
}

// startJobs starts River's client in this serve process to work the jobs
// the use cases queue, with the service's workers. The returned stop
// waits, until ctx is done, for running jobs to finish; jobs still running
// then are cancelled (River runs them again later, and the use cases are
// safe to run twice). With no workers it starts nothing.
func startJobs(ctx context.Context, pool *pgxpool.Pool, svc *service.Service, f jobOptions, log *slog.Logger) (stop func(context.Context), err error) {
	if *f.workers == 0 {
		log.Info("working no background jobs here (-job-workers=0)")
		return func(context.Context) {}, nil
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, service.NewRescoreWorker(svc))
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues:               map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: *f.workers}},
		Workers:              workers,
		JobTimeout:           *f.timeout,
		RescueStuckJobsAfter: *f.rescueAfter,
		Logger:               log.With("component", "jobs"),
	})
	if err != nil {
		return nil, fmt.Errorf("background jobs: %w", err)
	}
	// Stopping is ours to do (stop, below), not the signal's: the jobs
	// get the shutdown timeout to finish.
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		return nil, fmt.Errorf("starting background jobs: %w", err)
	}
	log.Info("working background jobs", "workers", *f.workers)
	return func(ctx context.Context) { stopJobs(ctx, client, log) }, nil
}

func stopJobs(ctx context.Context, client *river.Client[pgx.Tx], log *slog.Logger) {
	if err := client.Stop(ctx); err == nil {
		log.Info("background jobs stopped")
		return
	}
	log.Warn("background jobs still running at the shutdown timeout: cancelling them; they run again later")
	cancelCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := client.StopAndCancel(cancelCtx); err != nil {
		log.Error("background jobs did not stop", "err", err)
		return
	}
	log.Info("background jobs stopped")
}
