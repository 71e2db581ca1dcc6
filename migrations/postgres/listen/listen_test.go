package listen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// flushes records each call of a Flush.
type flushes chan bool

func (f flushes) flush(trusted bool) { f <- trusted }

// next waits for the next call and checks it.
func (f flushes) next(t *testing.T, want bool, what string) {
	t.Helper()
	select {
	case got := <-f:
		if got != want {
			t.Fatalf("%s: flush(%v), want flush(%v)", what, got, want)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: no flush(%v) within 5 s", what, want)
	}
}

// none checks that nothing was flushed for a while.
func (f flushes) none(t *testing.T, what string) {
	t.Helper()
	select {
	case got := <-f:
		t.Fatalf("%s: flush(%v), want none", what, got)
	case <-time.After(100 * time.Millisecond):
	}
}

// TestNotifyFlushesOnConnectNotificationAndReconnect: the listener trusts
// the cache once it listens, flushes on each notification, distrusts it
// when its connection is cut, and flushes and trusts again once it is back.
func TestNotifyFlushesOnConnectNotificationAndReconnect(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	ctx, cancel := context.WithCancel(context.Background())
	f := make(flushes, 16)
	done := make(chan struct{})
	go func() { defer close(done); Notify(ctx, pool.Config().ConnConfig, "test_changes", f.flush, quiet) }()
	t.Cleanup(func() { cancel(); <-done })

	f.next(t, true, "once listening")
	f.none(t, "with nothing sent")
	if _, err := pool.Exec(ctx, "NOTIFY test_changes"); err != nil {
		t.Fatal(err)
	}
	f.next(t, true, "after a notification")
	if _, err := pool.Exec(ctx, "NOTIFY other_channel"); err != nil {
		t.Fatal(err)
	}
	f.none(t, "after a notification on another channel")

	// A rolled-back transaction's notification is never delivered.
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "NOTIFY test_changes"); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	f.none(t, "after a rolled-back notification")

	var cut bool
	if err := pool.QueryRow(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query = 'LISTEN "test_changes"'`).Scan(&cut); err != nil || !cut {
		t.Fatalf("cutting the listener's connection: %v, %v", cut, err)
	}
	f.next(t, false, "when the connection is cut")
	f.next(t, true, "once listening again")
	if _, err := pool.Exec(ctx, "NOTIFY test_changes"); err != nil {
		t.Fatal(err)
	}
	f.next(t, true, "after a notification on the new connection")

	cancel()
	<-done
	f.next(t, false, "when stopped")
}

// TestNotifyEachHandsOverPayloads: one connection listens on several
// channels; each notification goes to its own channel's Heard with its
// payload, in the order committed, and the cache is trusted only once
// every channel is listened on, and distrusted when the connection is cut.
func TestNotifyEachHandsOverPayloads(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	ctx, cancel := context.WithCancel(context.Background())
	f := make(flushes, 16)
	heard := make(chan string, 16)
	channels := []Channel{
		{Name: "test_a", Heard: func(p string) { heard <- "a:" + p }},
		{Name: "test_b", Heard: func(p string) { heard <- "b:" + p }},
	}
	done := make(chan struct{})
	go func() { defer close(done); NotifyEach(ctx, pool.Config().ConnConfig, channels, f.flush, quiet) }()
	t.Cleanup(func() { cancel(); <-done })

	f.next(t, true, "once listening")
	if _, err := pool.Exec(ctx, "SELECT pg_notify('test_b', '1,2'), pg_notify('test_a', ''), pg_notify('test_c', 'x')"); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "SELECT pg_notify('test_b', '3')"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"b:1,2", "a:", "b:3"} {
		select {
		case got := <-heard:
			if got != want {
				t.Fatalf("heard %q, want %q", got, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%q not heard within 5 s", want)
		}
	}
	f.none(t, "after notifications with handlers of their own")
	var cut bool
	if err := pool.QueryRow(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN %'`).Scan(&cut); err != nil || !cut {
		t.Fatalf("cutting the listener's connection: %v, %v", cut, err)
	}
	f.next(t, false, "when the connection is cut")
	f.next(t, true, "once listening again")
}

// TestPoll: one table, the versions read in turn and what each read does.
func TestPoll(t *testing.T) {
	t.Parallel()
	failed := errors.New("database away")
	type read struct {
		version string
		err     error
		want    string // "trust", "distrust" or "" for no flush
	}
	for _, c := range []struct {
		name  string
		reads []read
	}{
		{"first read trusts, the same version does nothing", []read{{"a", nil, "trust"}, {"a", nil, ""}, {"a", nil, ""}}},
		{"a new version flushes", []read{{"a", nil, "trust"}, {"b", nil, "trust"}, {"b", nil, ""}, {"c", nil, "trust"}}},
		{"a failed read distrusts once, the next read trusts", []read{{"a", nil, "trust"}, {"", failed, "distrust"}, {"", failed, ""}, {"a", nil, "trust"}}},
		{"failing from the start never trusts", []read{{"", failed, ""}, {"a", nil, "trust"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithCancel(context.Background())
			step := make(chan read)
			f := make(flushes, 16)
			done := make(chan struct{})
			version := func(context.Context) (string, error) { r := <-step; return r.version, r.err }
			go func() { defer close(done); Poll(ctx, time.Millisecond, version, f.flush, quiet) }()
			for i, r := range c.reads {
				step <- r
				switch r.want {
				case "trust":
					f.next(t, true, fmt.Sprintf("read %d", i+1))
				case "distrust":
					f.next(t, false, fmt.Sprintf("read %d", i+1))
				default:
					f.none(t, fmt.Sprintf("read %d", i+1))
				}
			}
			cancel()
			close(step) // a read after the cancel gets the zero value
			<-done
		})
	}
}
