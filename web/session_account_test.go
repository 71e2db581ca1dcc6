package web_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

// TestAnswerPostQueryBudget: a signed-in learner's checkpoint answer that
// reviews nothing (a retry) costs four statements: the session with its
// account (auth's session store reads both in one), the answer's rate
// count, the card read without a lock (review.Unchanged) and the answer.
// The first answer, a review of a new card, also makes and locks the
// card in the answer's transaction.
func TestAnswerPostQueryBudget(t *testing.T) {
	t.Parallel()
	s, counter := countedSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Lee": auth.Learner})
	lee := as["Lee"]
	cps, rev := s.checkpoints(t)
	path := lesson3 + "/checkpoints/" + cps[0].Key
	post := func() int64 {
		t.Helper()
		before := counter.n.Load()
		if p := lee.post(path, answer(cps[0], rev, true)); p.status != http.StatusSeeOther {
			t.Fatalf("POST %s: status %d", path, p.status)
		}
		return counter.n.Load() - before
	}
	first, retry := post(), post()
	t.Logf("checkpoint answer: %d statements the first time (a review), %d for a retry", first, retry)
	if retry > 4 {
		t.Errorf("a retry costs %d statements, want at most 4", retry)
	}
	var attempts, reviews int
	if err := s.pool.QueryRow(context.Background(), `SELECT (SELECT count(*) FROM checkpoint_attempts), (SELECT count(*) FROM review_log)`).Scan(&attempts, &reviews); err != nil {
		t.Fatal(err)
	}
	if attempts != 2 || reviews != 1 {
		t.Errorf("%d attempts and %d reviews stored; want 2 and 1", attempts, reviews)
	}
}

// TestSessionReadsItsAccount: the account a session row names is read
// with the session, as fresh as its own query would be: a role change
// applies to the next request, and a disabled or deleted account is
// signed out. A session row that names no account (one written before
// sessions.user_id) still signs its visitor in, by reading the account
// on its own.
func TestSessionReadsItsAccount(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Learner, "Dee": auth.Learner, "Old": auth.Learner})
	ctx := context.Background()
	queue := func(v *visitor) int { return v.get("/review/queue").status }
	if got := queue(as["Ivy"]); got != http.StatusForbidden {
		t.Fatalf("a learner asks for the review queue: status %d, want 403", got)
	}
	if _, err := s.users.SetRole(ctx, users["Ivy"].ID, auth.Instructor); err != nil {
		t.Fatal(err)
	}
	if got := queue(as["Ivy"]); got != http.StatusOK {
		t.Errorf("promoted to instructor: the review queue answers %d, want 200", got)
	}

	if _, err := s.pool.Exec(ctx, `UPDATE users SET disabled_at = now() WHERE id = $1`, users["Dee"].ID); err != nil {
		t.Fatal(err)
	}
	if p := as["Dee"].get("/me"); p.status != http.StatusSeeOther || signedIn(as["Dee"].get("/")) {
		t.Errorf("a disabled account's session: /me answers %d, want 303 to sign in, signed out", p.status)
	}

	if _, err := s.pool.Exec(ctx, `UPDATE sessions SET user_id = NULL WHERE user_id = $1`, users["Old"].ID); err != nil {
		t.Fatal(err)
	}
	if p := as["Old"].get("/me"); p.status != http.StatusOK || !signedIn(p) {
		t.Errorf("a session row naming no account: /me answers %d, signed in %v; want 200, signed in", p.status, signedIn(p))
	}
	if _, err := s.pool.Exec(ctx, `DELETE FROM users WHERE id = $1`, users["Old"].ID); err != nil {
		t.Fatal(err)
	}
	if p := as["Old"].get("/"); signedIn(p) {
		t.Error("the account was deleted, and its session is still signed in")
	}
}
