// Package listen tells a process when data it keeps in memory may have
// changed in Postgres, so that it can flush what it kept: by LISTEN on a
// dedicated connection (Notify), or, where notifications cannot reach the
// process — PgBouncer in transaction mode hands each statement to any
// server connection, so a LISTEN is lost — by polling a version (Poll).
// NotifyEach hears several channels on the one connection, with what each
// notification says (its payload): which learners' work changed, say.
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
	NotifyEach(ctx, cfg, []Channel{{Name: channel, Heard: func(string) { flush(true) }}}, flush, log)
}

// Channel is a channel to listen on, and what to do with each notification
// heard on it: Heard gets its payload.
type Channel struct {
	Name  string
	Heard func(payload string)
}

// NotifyEach is Notify for several channels on the one connection: each
// notification goes to its channel's Heard instead of flushing, so that a
// payload can say what changed; flush(true) is called once the connection
// listens on every channel, and flush(false) whenever it is lost, so that
// whatever was kept while nothing could be heard is forgotten.
func NotifyEach(ctx context.Context, cfg *pgx.ConnConfig, channels []Channel, flush Flush, log *slog.Logger) {
	names := make([]string, len(channels))
	for i, c := range channels {
		names[i] = c.Name
	}
	for {
		err := listenOnce(ctx, cfg, channels, flush, log)
		flush(false)
		if ctx.Err() != nil {
			return
		}
		log.Warn("lost the connection that hears of content changes; pages are read from the database until it is back",
			"channels", names, "err", err, "retry_in", retryDelay)
		select {
		case <-ctx.Done():
			return
		case <-time.After(retryDelay):
		}
	}
}

func listenOnce(ctx context.Context, cfg *pgx.ConnConfig, channels []Channel, flush Flush, log *slog.Logger) error {
	conn, err := pgx.ConnectConfig(ctx, cfg.Copy())
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		_ = conn.Close(closeCtx)
	}()
	heard := make(map[string]func(string), len(channels))
	var names []string
	for _, c := range channels {
		// One round trip per channel, so that a refusal names it.
		if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{c.Name}.Sanitize()); err != nil {
			return fmt.Errorf("LISTEN %s: %w", c.Name, err)
		}
		heard[c.Name] = c.Heard
		names = append(names, c.Name)
	}
	// Only now is every later commit sure to be heard; what committed
	// before is flushed here.
	flush(true)
	log.Info("listening for content changes", "channels", names)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if h := heard[n.Channel]; h != nil {
			h(n.Payload)
		}
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
