// Package listen tells a process when data it keeps in memory may have
// changed in Postgres, so that it can flush what it kept: by LISTEN on a
// dedicated connection (Notify), or, where notifications cannot reach the
// process — PgBouncer in transaction mode hands each statement to any
// server connection, so a LISTEN is lost — by polling a version (Poll).
package listen

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Flush is what a cache does when told. trusted true: forget everything,
// then trust what is kept from now until the next call — changes will be
// heard. trusted false: forget everything and trust nothing until called
// with true — changes may go unheard (the connection is lost, the version
// cannot be read), so every read must ask the database.
type Flush func(trusted bool)

// retryDelay is how long Notify waits before connecting again. Meanwhile
// the cache trusts nothing, so the site is only slower, never stale.
var retryDelay = time.Second

// Notify listens on channel over a connection of its own (cfg) until ctx
// ends, calling flush(true) once it is listening — whatever changed while
// it was not listening is then forgotten — and after every notification,
// and flush(false) whenever the connection is lost, before connecting
// again.
func Notify(ctx context.Context, cfg *pgx.ConnConfig, channel string, flush Flush, log *slog.Logger) {
	for {
		err := listenOnce(ctx, cfg, channel, flush, log)
		flush(false)
		if ctx.Err() != nil {
			return
		}
		log.Warn("lost the connection that hears of content changes; pages are read from the database until it is back",
			"channel", channel, "err", err, "retry_in", retryDelay)
		select {
		case <-ctx.Done():
			return
		case <-time.After(retryDelay):
		}
	}
}

func listenOnce(ctx context.Context, cfg *pgx.ConnConfig, channel string, flush Flush, log *slog.Logger) error {
	conn, err := pgx.ConnectConfig(ctx, cfg.Copy())
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		_ = conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return fmt.Errorf("LISTEN %s: %w", channel, err)
	}
	// Only now is every later commit sure to be heard; what committed
	// before is flushed here.
	flush(true)
	log.Info("listening for content changes", "channel", channel)
	for {
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return err
		}
		flush(true)
	}
}

// Poll reads version every interval until ctx ends, calling flush(true)
// on the first successful read and whenever the version differs from the
// last one read, and flush(false) when a read fails (then flush(true)
// again on the next that succeeds). A cache flushed this way serves
// content at most one interval (plus a read) old.
func Poll(ctx context.Context, every time.Duration, version func(context.Context) (string, error), flush Flush, log *slog.Logger) {
	var last string
	known := false
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		readCtx, cancel := context.WithTimeout(ctx, every)
		v, err := version(readCtx)
		cancel()
		switch {
		case ctx.Err() != nil:
			flush(false)
			return
		case err != nil:
			if known {
				log.Warn("cannot read the content version; pages are read from the database until it can", "err", err)
				flush(false)
				known = false
			}
		case !known || v != last:
			flush(true)
			last, known = v, true
		}
		select {
		case <-ctx.Done():
			flush(false)
			return
		case <-tick.C:
		}
	}
}
