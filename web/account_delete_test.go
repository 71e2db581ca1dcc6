package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

func countRows(t *testing.T, s *site, query string, args ...any) int {
	t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// learnerRows counts what a learner has given the site, table by table.
func learnerRows(t *testing.T, s *site, id int64) map[string]int {
	t.Helper()
	return map[string]int{
		"users":               countRows(t, s, "SELECT count(*) FROM users WHERE id = $1", id),
		"checkpoint_attempts": countRows(t, s, "SELECT count(*) FROM checkpoint_attempts WHERE user_id = $1", id),
		"responses":           countRows(t, s, "SELECT count(*) FROM responses WHERE user_id = $1", id),
		"score_events":        countRows(t, s, "SELECT count(*) FROM score_events e JOIN responses x ON x.id = e.response_id WHERE x.user_id = $1", id),
		"review_requests":     countRows(t, s, "SELECT count(*) FROM review_requests WHERE user_id = $1", id),
		"sessions":            countRows(t, s, "SELECT count(*) FROM sessions WHERE user_id = $1", id),
	}
}

// TestDeleteMyAccount: the password is asked for again and the only admin
// cannot leave; a deletion removes the account and everything its owner
// gave, ends its sessions, leaves other learners' data as it was, and
// keeps the reviews it made of their answers, with no reviewer named.
func TestDeleteMyAccount(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin, "Ivy": auth.Instructor, "Ben": auth.Learner})
	ivy, ben := users["Ivy"], users["Ben"]
	ivyElsewhere := signedInAs(t, s, ivy.Email)
	answeredAndReviewed(t, s, ivy, as["Ivy"], as["Ada"], "IVY-OWN answer")
	benAnswer := answeredAndReviewed(t, s, ben, as["Ben"], as["Ivy"], "BEN-OWN answer")
	benBefore := learnerRows(t, s, ben.ID)

	for _, tc := range []struct {
		name        string
		who         string
		password    string
		wantStatus  int
		wantSummary string
	}{
		{"wrong password", "Ivy", "not my password at all", http.StatusUnprocessableEntity, "That is not your current password."},
		{"no password", "Ivy", "", http.StatusUnprocessableEntity, "Enter your password to confirm."},
		{"the only admin", "Ada", password, http.StatusUnprocessableEntity, "You are the only admin. Make another user an admin first, so someone can still manage accounts."},
		{"instructor with answers and reviews", "Ivy", password, http.StatusSeeOther, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := users[tc.who]
			p := as[tc.who].post("/account/delete", url.Values{"password": {tc.password}})
			if got := summary(p); p.status != tc.wantStatus || (tc.wantSummary != "" && (len(got) != 1 || got[0] != tc.wantSummary)) {
				t.Fatalf("status %d, summary %q; want %d, %q", p.status, got, tc.wantStatus, tc.wantSummary)
			}
			rows := learnerRows(t, s, u.ID)
			if tc.wantStatus != http.StatusSeeOther {
				if rows["users"] != 1 || !stillSignedIn(t, as[tc.who]) {
					t.Errorf("refused, yet the account is gone or signed out: %v", rows)
				}
				return
			}
			for table, n := range rows {
				if n != 0 {
					t.Errorf("%d %s rows of the deleted account left", n, table)
				}
			}
			if got := pageSays(as[tc.who].get(p.header.Get("Location")), "h1"); got != "Your account is deleted" {
				t.Errorf("confirmation h1 %q", got)
			}
			for name, v := range map[string]*visitor{"this browser": as[tc.who], "the other browser": ivyElsewhere} {
				if stillSignedIn(t, v) {
					t.Errorf("%s is still signed in", name)
				}
			}
			if canSignIn(t, s, u.Email, password) {
				t.Error("the deleted account can still sign in")
			}
		})
	}

	// Ben's data is as it was, and Ivy's review of his answer stays, unnamed.
	if got := learnerRows(t, s, ben.ID); got["responses"] != benBefore["responses"] || got["score_events"] != benBefore["score_events"] ||
		got["checkpoint_attempts"] != benBefore["checkpoint_attempts"] || got["review_requests"] != benBefore["review_requests"] {
		t.Errorf("Ben's rows %v, before %v", got, benBefore)
	}
	if n := countRows(t, s, "SELECT count(*) FROM score_events WHERE response_id = $1 AND kind = 'review' AND reviewer_id IS NULL", benAnswer); n != 1 {
		t.Errorf("%d unnamed reviews of Ben's answer, want Ivy's 1", n)
	}
	lesson := as["Ben"].get(lesson3)
	if got := pageSays(lesson, `[data-testid="reviewed"]`); !strings.HasPrefix(got, "Reviewed by a reviewer on ") {
		t.Errorf("Ben's score says %q", got)
	}
	if got := as["Ada"].get("/account-deleted"); got.status != http.StatusSeeOther || got.header.Get("Location") != "/" {
		t.Errorf("the confirmation for a browser that deleted nothing: status %d, Location %q", got.status, got.header.Get("Location"))
	}
}
