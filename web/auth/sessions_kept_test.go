package auth_test

import (
	"context"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web/auth"
)

// statements counts the statements a pool runs, and runs during calls
// whatever is set to run while a statement starts.
type statements struct {
	n      atomic.Int64
	during atomic.Pointer[func()]
}

func (c *statements) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	if f := c.during.Load(); f != nil {
		(*f)()
	}
	return ctx
}

func (c *statements) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// sessionStore is what the web package uses of a session store.
type sessionStore interface {
	scs.CtxStore
	CommitOwnedCtx(ctx context.Context, token string, b []byte, expiry time.Time, userID int64) error
}

// keptFixture is a kept session store on a database of its own whose
// statements are counted, an uncached store on the same database, and
// an account.
type keptFixture struct {
	t      *testing.T
	kept   *auth.KeptSessions
	store  sessionStore // keeps sessions
	direct sessionStore // reads every time
	users  *auth.Store
	count  *statements
	user   auth.User
}

func newKeptFixture(t *testing.T, trusted bool) *keptFixture {
	t.Helper()
	count := &statements{}
	cfg, err := pgxpool.ParseConfig(pgtest.NewDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.Tracer = count
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	kept := auth.NewKeptSessions(auth.DefaultSessionBudget, auth.DefaultSessionMaxAge)
	if trusted {
		kept.Flush(true)
	}
	f := &keptFixture{t: t, kept: kept, count: count,
		store:  auth.NewKeptSessionStore(pool, kept).(sessionStore),
		direct: auth.NewSessionStore(pool).(sessionStore),
		users:  auth.NewStore(pool, auth.CheapHashingForTests(), auth.WithKeptSessions(kept)),
	}
	f.user = mustCreate(t, f.users, "kim@example.com", "Kim", auth.Instructor)
	return f
}

// commit saves a session of owner's (0: a visitor's) through the uncached
// store, as another server would: this process learns nothing from it.
func (f *keptFixture) commit(token string, owner int64, expiry time.Time) {
	f.t.Helper()
	if err := f.direct.CommitOwnedCtx(context.Background(), token, []byte(`{"user_id":1}`), expiry, owner); err != nil {
		f.t.Fatal(err)
	}
}

// find reads token through store and says how many statements it ran.
func (f *keptFixture) find(store sessionStore, token string) (data string, found bool, a *auth.SessionAccount, statements int64) {
	f.t.Helper()
	ctx, a := auth.WithSessionAccount(context.Background())
	before := f.count.n.Load()
	b, found, err := store.FindCtx(ctx, token)
	if err != nil {
		f.t.Fatalf("FindCtx: %v", err)
	}
	return string(b), found, a, f.count.n.Load() - before
}

// wantKept reads token through the kept store and checks that it was (or
// was not) served without a statement.
func (f *keptFixture) wantKept(token string, kept bool, what string) {
	f.t.Helper()
	_, found, _, n := f.find(f.store, token)
	if !found {
		f.t.Fatalf("%s: session not found", what)
	}
	if (n == 0) != kept {
		f.t.Errorf("%s: %d statements, want served from memory %v", what, n, kept)
	}
}

// TestKeptSessionIsTheDatabasesSession: a signed-in session read twice is
// served the second time without a statement, with the same data and the
// same account as a read from the database; a visitor's session is read
// every time.
func TestKeptSessionIsTheDatabasesSession(t *testing.T) {
	t.Parallel()
	f := newKeptFixture(t, true)
	f.commit("signed-in", f.user.ID, time.Now().Add(time.Hour))
	f.commit("visitor", 0, time.Now().Add(time.Hour))

	wantData, _, wantAccount, _ := f.find(f.direct, "signed-in")
	f.wantKept("signed-in", false, "the first read (learns whose session it is)")
	f.wantKept("signed-in", false, "the second read (keeps it)")
	data, found, account, n := f.find(f.store, "signed-in")
	if n != 0 || !found || data != wantData {
		t.Errorf("a kept session: %d statements, found %v, data %q; want none, found, %q", n, found, data, wantData)
	}
	if diff := cmp.Diff(wantAccount, account, cmp.AllowUnexported(auth.SessionAccount{})); diff != "" || !account.Read() || account.User.ID != f.user.ID {
		t.Errorf("the account with a kept session differs from the database's read (-db +kept):\n%s", diff)
	}
	for i := range 3 {
		f.wantKept("visitor", false, "a visitor's session, read "+string(rune('1'+i)))
	}
	if _, found, _, _ := f.find(f.store, "nobody's"); found {
		t.Error("a token with no session was found")
	}

	// A session committed on this server is kept from its first read.
	if err := f.store.CommitOwnedCtx(context.Background(), "here", []byte(`{}`), time.Now().Add(time.Hour), f.user.ID); err != nil {
		t.Fatal(err)
	}
	f.wantKept("here", false, "the first read of a session committed here")
	f.wantKept("here", true, "the second read of a session committed here")
	f.wantKept("signed-in", false, "another session of the account, after a commit of one")
}

// TestKeptSessionEndsAtItsExpiry: a kept session is not served past its
// row's expiry, though the maximum age has not passed.
func TestKeptSessionEndsAtItsExpiry(t *testing.T) {
	t.Parallel()
	f := newKeptFixture(t, true)
	expiry := time.Now().Add(1500 * time.Millisecond)
	f.commit("brief", f.user.ID, expiry)
	f.wantKept("brief", false, "learning the owner")
	f.wantKept("brief", false, "keeping it")
	f.wantKept("brief", true, "kept")
	time.Sleep(time.Until(expiry) + 50*time.Millisecond)
	if _, found, _, n := f.find(f.store, "brief"); found || n != 1 {
		t.Errorf("after its expiry: found %v with %d statements; want not found, asked of the database", found, n)
	}
}

// TestKeptSessionsForgotten: whatever says an account changed forgets its
// kept sessions, here and on hearing, and a read whose ticket predates
// the change keeps nothing.
func TestKeptSessionsForgotten(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		change func(f *keptFixture) error
		// ended: the session is gone from the database too.
		ended bool
	}{
		{"Forget(owner)", func(f *keptFixture) error { f.kept.Forget([]int64{f.user.ID}, false); return nil }, false},
		{"Forget(all)", func(f *keptFixture) error { f.kept.Forget(nil, true); return nil }, false},
		{"heard, with the owner's id", func(f *keptFixture) error { f.kept.Heard(strconv.FormatInt(f.user.ID, 10)); return nil }, false},
		{"heard, with a payload that is no id", func(f *keptFixture) error { f.kept.Heard("?"); return nil }, false},
		{"a role changed here", func(f *keptFixture) error {
			_, err := f.users.SetRole(context.Background(), f.user.ID, auth.Learner)
			return err
		}, false},
		{"every session ended here", func(f *keptFixture) error {
			_, err := f.users.EndSessions(context.Background(), f.user.ID)
			return err
		}, true},
		{"the session deleted here", func(f *keptFixture) error { return f.store.DeleteCtx(context.Background(), "tok") }, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newKeptFixture(t, true)
			f.commit("tok", f.user.ID, time.Now().Add(time.Hour))
			f.find(f.store, "tok")
			f.wantKept("tok", false, "keeping it")
			f.wantKept("tok", true, "kept")
			if err := c.change(f); err != nil {
				t.Fatal(err)
			}
			_, found, a, n := f.find(f.store, "tok")
			if n == 0 || found == c.ended {
				t.Errorf("after the change: %d statements, found %v; want a read from the database, found %v", n, found, !c.ended)
			}
			if found && a.User.Role != f.mustRead().Role {
				t.Errorf("after the change: role %s, want the database's", a.User.Role)
			}
		})
	}

	t.Run("a read under way", func(t *testing.T) {
		t.Parallel()
		f := newKeptFixture(t, true)
		f.commit("tok", f.user.ID, time.Now().Add(time.Hour))
		f.wantKept("tok", false, "learning the owner")
		forget := func() { f.kept.Forget([]int64{f.user.ID}, false) }
		f.count.during.Store(&forget)
		f.wantKept("tok", false, "a read during which the account is forgotten")
		f.count.during.Store(nil)
		f.wantKept("tok", false, "the next read: the one before kept nothing")
		f.wantKept("tok", true, "the read after that")
	})
}

// TestKeptSessionsOnlyWhileTrusted: nothing is kept before Flush(true),
// and nothing kept or served after Flush(false).
func TestKeptSessionsOnlyWhileTrusted(t *testing.T) {
	t.Parallel()
	f := newKeptFixture(t, false)
	f.commit("tok", f.user.ID, time.Now().Add(time.Hour))
	for i := range 3 {
		f.wantKept("tok", false, "before Flush(true), read "+string(rune('1'+i)))
	}
	f.kept.Flush(true)
	f.wantKept("tok", false, "after Flush(true), learning the owner")
	f.wantKept("tok", false, "after Flush(true), keeping it")
	f.wantKept("tok", true, "after Flush(true), kept")
	f.kept.Flush(false)
	for i := range 3 {
		f.wantKept("tok", false, "after Flush(false), read "+string(rune('1'+i)))
	}
	f.kept.Flush(true)
	f.wantKept("tok", false, "trusted again: what was kept is forgotten")
}

func (f *keptFixture) mustRead() auth.User {
	f.t.Helper()
	u, err := f.users.ByID(context.Background(), f.user.ID)
	if err != nil {
		f.t.Fatal(err)
	}
	return u
}
