package learnerchanges

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// TestPayloads: ids survive the round trip whatever their number, each
// payload within Postgres's limit; anything but ids means everyone.
func TestPayloads(t *testing.T) {
	t.Parallel()
	var many []int64
	for i := range int64(3000) {
		many = append(many, 1_000_000_000+i)
	}
	for _, ids := range [][]int64{{7}, {1, 2, 3}, many} {
		ps := Payloads(ids, false)
		var got []int64
		for _, p := range ps {
			if len(p) > maxPayload {
				t.Fatalf("a payload of %d bytes, over %d", len(p), maxPayload)
			}
			part, all := Parse(p)
			if all {
				t.Fatalf("payload %.40q… read as everyone", p)
			}
			got = append(got, part...)
		}
		if !slices.Equal(got, ids) {
			t.Errorf("%d ids in %d payloads came back as %d ids", len(ids), len(ps), len(got))
		}
	}
	if ps := Payloads([]int64{1}, true); !slices.Equal(ps, []string{All}) {
		t.Errorf("everyone: payloads %q, want [%q]", ps, All)
	}
	for _, p := range []string{All, "", "1,x", "1,,2", "everyone"} {
		if _, all := Parse(p); !all {
			t.Errorf("Parse(%q) names learners; want everyone", p)
		}
	}
}

// heard is a connection listening on Channel.
func heard(t *testing.T, dsn string) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+Channel); err != nil {
		t.Fatal(err)
	}
	out := make(chan string, 64)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				return
			}
			out <- n.Payload
		}
	}()
	t.Cleanup(func() { cancel(); <-done; _ = conn.Close(context.Background()) })
	return out
}

func next(t *testing.T, ch <-chan string, what string) string {
	t.Helper()
	select {
	case p := <-ch:
		return p
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: nothing heard within 5 s", what)
		return ""
	}
}

// TestAnnouncer: the announcing server forgets at once; the changes of one
// moment go out as one notification, each learner once; everyone is
// announced as everyone; what is pending when it closes is sent.
func TestAnnouncer(t *testing.T) {
	t.Parallel()
	dsn := pgtest.NewDSN(t)
	pool, err := pgxpool.New(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	listener := heard(t, dsn)
	var mu sync.Mutex
	var local []string
	// A linger long enough for the three changes below to share one
	// notification.
	a := newAnnouncer(pool, func(ids []int64, all bool) {
		mu.Lock()
		defer mu.Unlock()
		if all {
			local = append(local, All)
			return
		}
		local = append(local, strings.Join(Payloads(ids, false), ","))
	}, quiet, 50*time.Millisecond)

	a.Changed(3)
	a.Changed(1, 3)
	a.Changed(2)
	mu.Lock()
	if want := []string{"3", "1,3", "2"}; !slices.Equal(local, want) {
		t.Errorf("forgotten locally, at once: %q, want %q", local, want)
	}
	mu.Unlock()
	if p := next(t, listener, "three changes"); p != "1,2,3" {
		t.Errorf("heard %q, want one notification of 1,2,3", p)
	}
	a.ChangedAll()
	if p := next(t, listener, "everyone"); p != All {
		t.Errorf("heard %q, want %q", p, All)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	a.Close(ctx)

	// Closing sends what is pending without lingering.
	b := newAnnouncer(pool, func([]int64, bool) {}, quiet, time.Hour)
	b.Changed(9)
	time.Sleep(10 * time.Millisecond) // the sender is lingering
	b.Close(ctx)
	select {
	case <-b.done:
	default:
		t.Fatal("Close returned with the sender running")
	}
	if p := next(t, listener, "a change pending at Close"); p != "9" {
		t.Errorf("heard %q, want 9", p)
	}

	var none *Announcer // a server that hears no changes announces none
	none.Changed(1)
	none.ChangedAll()
	none.Close(ctx)
}
