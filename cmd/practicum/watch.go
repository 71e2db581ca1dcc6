package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/learnerchanges"
	"github.com/practicum-dev/practicum/migrations/postgres/listen"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/pagecache"
)

// watchChanges keeps what this server holds in memory right, heard as
// mode says, until the function it returns is called (which waits for it
// to stop): pages are flushed whenever content changes, and learners'
// parts of lesson pages whenever content changes or, by name, whenever a
// learner's work changes (lessons/learnerchanges), and signed-in sessions
// by account whenever an account or one of its sessions changes
// (auth.ChangesChannel). With notify all are heard on one connection, so
// that losing it distrusts all at once. With poll only content is heard —
// a version read every so often cannot say whose work or session changed
// — so learners' parts and sessions are never kept; with off nothing is.
func watchChanges(ctx context.Context, mode string, every time.Duration, pool *pgxpool.Pool, cat *catalog.Catalog,
	pages *pagecache.Cache, learners *web.Learners, sessions *auth.KeptSessions, log *slog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		switch mode {
		case "notify":
			listen.NotifyEach(ctx, pool.Config().ConnConfig, heardChanges(pages, learners, sessions), func(trusted bool) {
				pages.Flush(trusted)
				learners.Flush(trusted)
				sessions.Flush(trusted)
			}, log)
		case "poll":
			log.Info("polling for content changes; signed-in learners' pages and sessions are read from the database on every view", "every", every)
			listen.Poll(ctx, every, cat.ContentVersion, pages.Flush, log)
		default:
			log.Info("pages are read from the database on every view (-cache-invalidation=off)")
		}
	}()
	return func() { cancel(); <-done }
}

// heardChanges is what serve listens for: content changes, which every
// cached page and part may show, learners' changes, which only theirs do,
// and accounts' changes, which their kept sessions do (a session holds no
// content, so content changes leave sessions kept).
func heardChanges(pages *pagecache.Cache, learners *web.Learners, sessions *auth.KeptSessions) []listen.Channel {
	return []listen.Channel{
		{Name: catalog.ChangesChannel, Heard: func(string) {
			pages.Flush(true)
			learners.Flush(true)
		}},
		{Name: learnerchanges.Channel, Heard: func(payload string) {
			learners.Forget(learnerchanges.Parse(payload))
		}},
		{Name: auth.ChangesChannel, Heard: sessions.Heard},
	}
}
