package web_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/static"
	"github.com/practicum-dev/practicum/web/auth"
)

// The roles of the matrix, least privileged first.
const (
	asAnonymous  = "anonymous"
	asLearner    = "learner"
	asInstructor = "instructor"
	asAdmin      = "admin"
)

var authzRoles = []string{asAnonymous, asLearner, asInstructor, asAdmin}

// authzWant is one cell of the matrix: a status and, for a redirect, where to.
type authzWant struct {
	status   int
	location string
}

// locationMatches compares a redirect target; a want ending in * is a
// prefix (the random probe goes to any lesson).
func locationMatches(got, want string) bool {
	if prefix, ok := strings.CutSuffix(want, "*"); ok {
		return strings.HasPrefix(got, prefix)
	}
	return got == want
}

func wantOK() authzWant               { return authzWant{status: http.StatusOK} }
func wantSeeOther(l string) authzWant { return authzWant{http.StatusSeeOther, l} }
func wantForbidden() authzWant        { return authzWant{status: http.StatusForbidden} }
func wantRefused() authzWant          { return authzWant{status: http.StatusUnprocessableEntity} }

// wantSignInFirst is where requireRole sends an anonymous visitor: to sign in,
// then back to the page they asked for. A form's target is not a page to
// return to, so a POST goes to sign in alone.
func wantSignInFirst(path string) authzWant {
	if path == "" {
		return wantSeeOther("/signin")
	}
	return wantSeeOther("/signin?next=" + url.QueryEscape(path))
}

// wantForAll gives the same expectation to every role.
func wantForAll(e authzWant) map[string]authzWant {
	return map[string]authzWant{asAnonymous: e, asLearner: e, asInstructor: e, asAdmin: e}
}

// authzRoute is one row of the matrix. pattern is the chi pattern the row covers
// ("*" method: registered with Handle for any method, requested with GET);
// path is a concrete request to it.
type authzRoute struct {
	method, pattern, path string
	form                  url.Values
	want                  map[string]authzWant
	// ownSession: the request ends the session, so it runs in a browser
	// signed in for it alone.
	ownSession bool
	// ownAccount: the request ends or changes the account itself (every
	// session of it, its password), so it runs as a new account with the
	// role, signed in for it alone.
	ownAccount bool
	// check, when set, runs on every response after the status is checked.
	check func(t *testing.T, role string, p rawPage)
}

// TestRoleRouteMatrix requests every route the server registers as each
// role and checks who is let in, who is sent to sign in and who is refused.
// A route added to web.New without a row here fails
// TestEveryRouteIsInTheMatrix.
func TestRoleRouteMatrix(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	browsers := signedInPerRole(t, s)
	browsers[asAnonymous] = s.visitor(t)
	// Tara is only ever the subject of a role change.
	tara := createAccount(t, s, "Tara", auth.Learner)
	cps, rev := s.checkpoints(t)
	// Sam's scored answer is what the review routes are requested for.
	auto := scoredForMatrix(t, s, createAccount(t, s, "Sam", auth.Learner))

	roleOf := map[string]auth.Role{asLearner: auth.Learner, asInstructor: auth.Instructor, asAdmin: auth.Admin}
	for i, rt := range authzMatrix(s, tara, cps[0].Key, rev, auto) {
		for _, role := range authzRoles {
			t.Run(rt.method+" "+rt.path+" as "+role, func(t *testing.T) {
				v := browsers[role]
				if rt.ownSession && role != asAnonymous {
					v = signedInAs(t, s, role+"@example.com")
				}
				if rt.ownAccount && role != asAnonymous {
					own := createAccount(t, s, "own"+role+strconv.Itoa(i), roleOf[role])
					v = signedInAs(t, s, own.Email)
				}
				method := rt.method
				if method == "*" {
					method = http.MethodGet
				}
				p := rawRequest(t, v, method, rt.path, rt.form)
				want := rt.want[role]
				if p.status != want.status || !locationMatches(p.header.Get("Location"), want.location) {
					t.Fatalf("status %d, Location %q; want %d, %q", p.status, p.header.Get("Location"), want.status, want.location)
				}
				if rt.check != nil {
					rt.check(t, role, p)
				}
			})
		}
	}
}

// authzMatrix is every route with what each role gets from it.
func authzMatrix(s *site, tara auth.User, checkpoint, rev string, auto scores.Event) []authzRoute {
	taraID := strconv.FormatInt(tara.ID, 10)
	taraAccount := "/admin/users/" + taraID
	taraRole := taraAccount + "/role"
	const authorCourse = "/author/courses/serving-incidents"
	const authorLesson = authorCourse + "/lessons/work-a-serving-incident"
	badEdit := url.Values{"base": {"1"}, "title": {"T"}, "goal": {"G"}, "minutes": {"soon"}, "body": {"\n## S\n"}}
	refusedOrHome := map[string]authzWant{asAnonymous: wantRefused(), asLearner: wantSeeOther("/me"), asInstructor: wantSeeOther("/me"), asAdmin: wantSeeOther("/me")}
	signedInGoesHome := map[string]authzWant{asAnonymous: wantOK(), asLearner: wantSeeOther("/me"), asInstructor: wantSeeOther("/me"), asAdmin: wantSeeOther("/me")}
	learnersOnly := func(path string) map[string]authzWant {
		return map[string]authzWant{asAnonymous: wantSignInFirst(path), asLearner: wantOK(), asInstructor: wantOK(), asAdmin: wantOK()}
	}
	// signedInRefused: a form any account may send, sent refused.
	signedInRefused := func() map[string]authzWant {
		return map[string]authzWant{asAnonymous: wantSignInFirst(""), asLearner: wantRefused(), asInstructor: wantRefused(), asAdmin: wantRefused()}
	}
	instructorsOnly := func(path string, forThem authzWant) map[string]authzWant {
		return map[string]authzWant{asAnonymous: wantSignInFirst(path), asLearner: wantForbidden(), asInstructor: forThem, asAdmin: forThem}
	}
	adminsOnly := func(path string, forAdmin authzWant) map[string]authzWant {
		return map[string]authzWant{asAnonymous: wantSignInFirst(path), asLearner: wantForbidden(), asInstructor: wantForbidden(), asAdmin: forAdmin}
	}
	return []authzRoute{
		// Operations: no session, same for all.
		{method: "GET", pattern: "/healthz", path: "/healthz", want: wantForAll(wantOK())},
		{method: "GET", pattern: "/readyz", path: "/readyz", want: wantForAll(wantOK())},
		{method: "*", pattern: "/static/*", path: static.Path("css/app.css"), want: wantForAll(wantOK())},

		// Reading courses: anyone.
		{method: "GET", pattern: "/", path: "/", want: wantForAll(wantOK())},
		{method: "GET", pattern: "/courses/{course}", path: "/courses/serving-incidents", want: wantForAll(wantOK())},
		{method: "GET", pattern: "/courses/{course}/{lesson}", path: lesson3, want: wantForAll(wantOK())},
		// Answering: anyone; an anonymous visitor's answers go to the session.
		{
			method: "POST", pattern: "/courses/{course}/{lesson}/checkpoints/{key}", path: lesson3 + "/checkpoints/" + checkpoint,
			form: url.Values{"revision": {rev}, "option": {"0"}},
			want: wantForAll(wantSeeOther(lesson3 + "#checkpoint-" + checkpoint)),
		},
		{
			method: "POST", pattern: "/courses/{course}/{lesson}/responses/{key}", path: lesson3 + "/responses/explain-back",
			form: url.Values{"revision": {rev}, "answer": {"In my own words"}, "confidence": {"getting-there"}},
			want: wantForAll(wantSeeOther(lesson3 + "#explain-explain-back")),
		},
		// Asking for a review needs an account, and only works on one's own
		// scored answer: nobody in the matrix owns response 999999.
		{
			method: "POST", pattern: "/courses/{course}/{lesson}/reviews/{key}", path: lesson3 + "/reviews/release-and-traffic",
			form: url.Values{"response": {"999999"}, "reason": {"Please look again"}},
			want: map[string]authzWant{asAnonymous: wantSignInFirst(""), asLearner: {status: http.StatusNotFound},
				asInstructor: {status: http.StatusNotFound}, asAdmin: {status: http.StatusNotFound}},
		},
		// Showing an item's answer: anyone, after a first attempt; nobody
		// in the matrix has attempted this one.
		{
			method: "POST", pattern: "/courses/{course}/{lesson}/reveals/{key}", path: lesson3 + "/reveals/release-and-traffic",
			form: url.Values{"revision": {rev}}, want: wantForAll(wantRefused()),
		},
		// Practice: anyone.
		{method: "GET", pattern: "/practice", path: "/practice", want: wantForAll(wantOK())},
		{method: "GET", pattern: "/practice/random", path: "/practice/random", want: wantForAll(wantSeeOther("/practice/serving-incidents/*"))},
		{method: "GET", pattern: "/practice/{course}/{lesson}/{key}", path: practiceProbe, want: wantForAll(wantOK())},
		// Before an answer, the result is the probe to answer.
		{method: "GET", pattern: "/practice/{course}/{lesson}/{key}/result", path: practiceProbe + "/result", want: wantForAll(wantSeeOther(practiceProbe))},
		{
			method: "POST", pattern: "/practice/{course}/{lesson}/{key}", path: practiceProbe,
			form: url.Values{"revision": {rev}, "answer": {""}, "confidence": {"getting-there"}}, want: wantForAll(wantRefused()),
		},

		// Mock interviews: anyone, a visitor's kept under their visitor
		// id; each only by whoever runs it (nobody runs 999999).
		{method: "GET", pattern: "/mock", path: "/mock", want: wantForAll(wantOK())},
		{method: "POST", pattern: "/mock", path: "/mock", form: url.Values{"probes": {"1"}}, want: wantForAll(wantSeeOther("/mock/*"))},
		{method: "GET", pattern: "/mock/{id}", path: "/mock/999999", want: wantForAll(authzWant{status: http.StatusNotFound})},
		{method: "POST", pattern: "/mock/{id}/answer", path: "/mock/999999/answer", form: url.Values{"position": {"0"}, "answer": {"An answer."}},
			want: wantForAll(authzWant{status: http.StatusNotFound})},
		{method: "POST", pattern: "/mock/{id}/draft", path: "/mock/999999/draft", form: url.Values{"position": {"0"}, "answer": {"A draft"}},
			want: wantForAll(authzWant{status: http.StatusNotFound})},
		{method: "POST", pattern: "/mock/{id}/pause", path: "/mock/999999/pause", form: url.Values{"position": {"0"}},
			want: wantForAll(authzWant{status: http.StatusNotFound})},
		{method: "POST", pattern: "/mock/{id}/resume", path: "/mock/999999/resume", form: url.Values{"position": {"0"}},
			want: wantForAll(authzWant{status: http.StatusNotFound})},

		// Accounts.
		{method: "GET", pattern: "/signin", path: "/signin", want: signedInGoesHome},
		{method: "GET", pattern: "/signup", path: "/signup", want: signedInGoesHome},
		// Refused forms, for everyone: no account is made or entered.
		{method: "POST", pattern: "/signin", path: "/signin", form: signInForm("nobody@example.com", "not the password"), want: wantForAll(wantRefused())},
		// Signed in, a sign-up makes no second account: back to the dashboard.
		{method: "POST", pattern: "/signup", path: "/signup", form: signUpForm("", "not an email", "short"), want: refusedOrHome},
		{
			method: "POST", pattern: "/signout", path: "/signout", want: wantForAll(wantSeeOther("/")), ownSession: true,
			check: func(t *testing.T, role string, p rawPage) {
				if p.v.get("/me").status != http.StatusSeeOther {
					t.Error("still signed in after signing out")
				}
			},
		},

		// A password-reset link: anyone holding one; nobody here does, and
		// an unknown link is refused alike for all.
		{method: "GET", pattern: "/reset/{token}", path: "/reset/NOTATOKENWEEVERISSUEDXYZ2", want: wantForAll(authzWant{status: http.StatusNotFound})},
		{
			method: "POST", pattern: "/reset/{token}", path: "/reset/NOTATOKENWEEVERISSUEDXYZ2", form: url.Values{"password": {"a fine long passphrase"}},
			want: wantForAll(authzWant{status: http.StatusNotFound}),
		},

		// One's own account: any account. The forms send something refused,
		// except signing out everywhere, which runs as an account of its own.
		{method: "GET", pattern: "/account", path: "/account", want: learnersOnly("/account")},
		{
			method: "POST", pattern: "/account/profile", path: "/account/profile", form: url.Values{"display_name": {""}, "email": {"x"}},
			want: signedInRefused(),
		},
		{
			method: "POST", pattern: "/account/password", path: "/account/password", form: url.Values{"current_password": {""}, "password": {"x"}},
			want: signedInRefused(),
		},
		{
			method: "POST", pattern: "/account/signout-everywhere", path: "/account/signout-everywhere", ownAccount: true,
			want: map[string]authzWant{asAnonymous: wantSignInFirst(""), asLearner: wantSeeOther("/signin?signedout=everywhere"),
				asInstructor: wantSeeOther("/signin?signedout=everywhere"), asAdmin: wantSeeOther("/signin?signedout=everywhere")},
		},

		{
			method: "GET", pattern: "/account/data.json", path: "/account/data.json", want: learnersOnly("/account/data.json"),
			check: func(t *testing.T, role string, p rawPage) {
				if role != asAnonymous && (p.header.Get("Content-Type") != "application/json; charset=utf-8" || !strings.Contains(p.body, `"email": "`+role+`@example.com"`)) {
					t.Errorf("Content-Type %q, body %.200s", p.header.Get("Content-Type"), p.body)
				}
			},
		},

		{
			method: "POST", pattern: "/account/delete", path: "/account/delete", form: url.Values{"password": {"not the password at all"}},
			want: signedInRefused(),
		},
		// The confirmation of a deletion, for nobody who made one: home.
		{method: "GET", pattern: "/account-deleted", path: "/account-deleted", want: wantForAll(wantSeeOther("/"))},

		// The Review page: anyone, a visitor being asked to sign in. A
		// card's form: any account, for its own cards only (nobody has
		// card 999999).
		{
			method: "GET", pattern: "/review", path: "/review", want: wantForAll(wantOK()),
			check: func(t *testing.T, role string, p rawPage) {
				if want := map[bool]string{true: "Sign in to review", false: "Due now"}[role == asAnonymous]; !strings.Contains(p.body, want) {
					t.Errorf("no %q", want)
				}
			},
		},
		{
			method: "POST", pattern: "/review/cards/{card}", path: "/review/cards/999999", form: url.Values{"revision": {rev}, "place": {"0"}, "reps": {"0"}},
			want: map[string]authzWant{asAnonymous: wantSignInFirst(""), asLearner: {status: http.StatusNotFound},
				asInstructor: {status: http.StatusNotFound}, asAdmin: {status: http.StatusNotFound}},
		},

		// A learner's own pages: any account.
		{
			method: "GET", pattern: "/me", path: "/me", want: learnersOnly("/me"),
			check: func(t *testing.T, role string, p rawPage) {
				if role != asAnonymous && !strings.Contains(p.body, "Your dashboard") {
					t.Error("no dashboard")
				}
			},
		},
		{
			method: "GET", pattern: "/me/progress.csv", path: "/me/progress.csv", want: learnersOnly("/me/progress.csv"),
			check: func(t *testing.T, role string, p rawPage) {
				if ct := p.header.Get("Content-Type"); role != asAnonymous && ct != "text/csv; charset=utf-8" {
					t.Errorf("Content-Type %q", ct)
				}
			},
		},

		// Administration: admins only. The POST runs for every role in
		// turn, admin last, so Tara must still be a learner until then.
		{method: "GET", pattern: "/admin/users", path: "/admin/users", want: adminsOnly("/admin/users", wantOK())},
		{method: "GET", pattern: "/admin/jobs", path: "/admin/jobs", want: adminsOnly("/admin/jobs", wantOK())},
		{
			method: "POST", pattern: "/admin/users/{id}/disable", path: taraAccount + "/disable",
			want: adminsOnly("", wantSeeOther("/admin/users?changed="+taraID+"&what=account")),
		},
		{
			method: "POST", pattern: "/admin/users/{id}/enable", path: taraAccount + "/enable",
			want: adminsOnly("", wantSeeOther("/admin/users?changed="+taraID+"&what=account")),
		},
		{
			// Shown once, on the user list itself: no redirect.
			method: "POST", pattern: "/admin/users/{id}/reset-link", path: taraAccount + "/reset-link", form: url.Values{"password": {password}},
			want: adminsOnly("", wantOK()),
			check: func(t *testing.T, role string, p rawPage) {
				if got := strings.Contains(p.body, `data-testid="issued-link-url"`); got != (role == asAdmin) {
					t.Errorf("a reset link shown = %v", got)
				}
			},
		},
		{
			method: "POST", pattern: "/admin/users/{id}/role", path: taraRole, form: roleForm("instructor"),
			want: adminsOnly("", wantSeeOther("/admin/users?changed="+strconv.FormatInt(tara.ID, 10))),
			check: func(t *testing.T, role string, _ rawPage) {
				want := auth.Learner
				if role == asAdmin {
					want = auth.Instructor
				}
				if u, err := s.users.ByID(context.Background(), tara.ID); err != nil || u.Role != want {
					t.Errorf("Tara is %s (%v), want %s", u.Role, err, want)
				}
			},
		},

		// Block forms: instructors and admins. The POSTs send an empty
		// block, refused for those let in, so nothing is ever saved.
		{
			method: "GET", pattern: "/author/courses/{course}/lessons/{lesson}/blocks/new", path: lesson3Author + "/blocks/new?kind=probe",
			want: instructorsOnly(lesson3Author+"/blocks/new?kind=probe", wantOK()),
		},
		{
			method: "POST", pattern: "/author/courses/{course}/lessons/{lesson}/blocks/new", path: lesson3Author + "/blocks/new?kind=probe",
			form: url.Values{"base": {"1"}, "kind": {"probe"}}, want: instructorsOnly("", wantRefused()),
		},
		{
			method: "GET", pattern: "/author/courses/{course}/lessons/{lesson}/blocks/{key}", path: lesson3Author + "/blocks/first-token-p95",
			want: instructorsOnly(lesson3Author+"/blocks/first-token-p95", wantOK()),
		},
		{
			method: "POST", pattern: "/author/courses/{course}/lessons/{lesson}/blocks/{key}", path: lesson3Author + "/blocks/first-token-p95",
			form: url.Values{"base": {"1"}, "kind": {"probe"}}, want: instructorsOnly("", wantRefused()),
		},
		// Trying an answer and measuring a file save nothing: the try
		// gets its result, the file none (there is none).
		{
			method: "POST", pattern: "/author/courses/{course}/lessons/{lesson}/blocks/new/try", path: lesson3Author + "/blocks/new/try?kind=probe",
			form: url.Values{"base": {"1"}, "kind": {"probe"}, "try_answer": {"An answer."}, "fragment": {"1"}}, want: instructorsOnly("", wantOK()),
		},
		{
			method: "POST", pattern: "/author/courses/{course}/lessons/{lesson}/blocks/{key}/try", path: lesson3Author + "/blocks/first-token-p95/try",
			form: url.Values{"base": {"1"}, "kind": {"probe"}, "try_answer": {"An answer."}, "fragment": {"1"}}, want: instructorsOnly("", wantOK()),
		},
		{
			method: "POST", pattern: "/author/courses/{course}/lessons/{lesson}/blocks/new/calibration", path: lesson3Author + "/blocks/new/calibration?kind=probe",
			form: url.Values{"base": {"1"}, "kind": {"probe"}}, want: instructorsOnly("", wantRefused()),
		},
		{
			method: "POST", pattern: "/author/courses/{course}/lessons/{lesson}/blocks/{key}/calibration", path: lesson3Author + "/blocks/first-token-p95/calibration",
			form: url.Values{"base": {"1"}, "kind": {"probe"}}, want: instructorsOnly("", wantRefused()),
		},

		// Reviewing: instructors and admins. The POST sends a review that
		// changes nothing, refused for those let in, so every role in turn
		// meets the same submission.
		{method: "GET", pattern: "/review/queue", path: "/review/queue", want: instructorsOnly("/review/queue", wantOK())},
		{method: "GET", pattern: "/review/agreement", path: "/review/agreement", want: instructorsOnly("/review/agreement", wantOK())},
		{
			method: "GET", pattern: "/review/{response}", path: reviewPath(auto.ResponseID), want: instructorsOnly(reviewPath(auto.ResponseID), wantOK()),
			check: func(t *testing.T, role string, p rawPage) {
				if (role == asInstructor || role == asAdmin) && !strings.Contains(p.body, "Save review") {
					t.Error("no review form")
				}
			},
		},
		{
			method: "POST", pattern: "/review/{response}", path: reviewPath(auto.ResponseID),
			form: reviewForm(strconv.FormatInt(auto.ID, 10), matrixPoints, nil),
			want: instructorsOnly("", wantRefused()),
		},
		{
			// The answer has no review: adding it as an example is refused.
			method: "POST", pattern: "/review/{response}/example", path: reviewPath(auto.ResponseID) + "/example",
			form: url.Values{"decision": {strconv.FormatInt(auto.ID, 10)}, "base": {"1"}},
			want: instructorsOnly("", wantRefused()),
		},

		// Authoring: instructors and admins. Every POST sends something
		// refused for those let in, so nothing changes between roles.
		{method: "GET", pattern: "/author", path: "/author", want: instructorsOnly("/author", wantOK())},
		{method: "GET", pattern: "/author/format", path: "/author/format", want: instructorsOnly("/author/format", wantOK())},
		{method: "GET", pattern: "/author/courses/new", path: "/author/courses/new", want: instructorsOnly("/author/courses/new", wantOK())},
		{method: "POST", pattern: "/author/courses", path: "/author/courses", form: url.Values{"slug": {"Not A Slug"}}, want: instructorsOnly("", wantRefused())},
		{method: "GET", pattern: "/author/courses/{course}", path: authorCourse, want: instructorsOnly(authorCourse, wantOK())},
		{method: "POST", pattern: "/author/courses/{course}", path: authorCourse, form: url.Values{"title": {""}}, want: instructorsOnly("", wantRefused())},
		{
			method: "POST", pattern: "/author/courses/{course}/lessons", path: authorCourse + "/lessons",
			form: url.Values{"title": {"T"}, "slug": {"t"}, "minutes": {"soon"}}, want: instructorsOnly("", wantRefused()),
		},
		{method: "GET", pattern: "/author/courses/{course}/lessons/{lesson}", path: authorLesson, want: instructorsOnly(authorLesson, wantOK())},
		{method: "POST", pattern: "/author/courses/{course}/lessons/{lesson}", path: authorLesson, form: badEdit, want: instructorsOnly("", wantRefused())},
		{method: "POST", pattern: "/author/courses/{course}/lessons/{lesson}/preview", path: authorLesson + "/preview", form: badEdit, want: instructorsOnly("", wantRefused())},
		{
			method: "POST", pattern: "/author/courses/{course}/lessons/{lesson}/publish", path: authorLesson + "/publish",
			form: url.Values{"number": {"99"}}, want: instructorsOnly("", authzWant{status: http.StatusConflict}),
		},
		{method: "GET", pattern: "/author/courses/{course}/lessons/{lesson}/history", path: authorLesson + "/history", want: instructorsOnly(authorLesson+"/history", wantOK())},
		{
			method: "GET", pattern: "/author/courses/{course}/lessons/{lesson}/revisions/{n}", path: authorLesson + "/revisions/1",
			want: instructorsOnly(authorLesson+"/revisions/1", wantOK()),
		},
	}
}

// TestEveryRouteIsInTheMatrix fails when the server registers a route that
// TestRoleRouteMatrix does not request: decide who may use it, and add it.
func TestEveryRouteIsInTheMatrix(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	routes, isChi := s.Config.Handler.(chi.Routes)
	if !isChi {
		t.Fatalf("web.New returned a %T, not a chi router; list its routes another way", s.Config.Handler)
	}
	covered := map[string]bool{}
	for _, rt := range authzMatrix(s, auth.User{ID: 1}, "key", "1", scores.Event{ID: 1, ResponseID: 1}) {
		covered[rt.method+" "+rt.pattern] = true
	}
	var missing []string
	err := chi.Walk(routes, func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if !covered[method+" "+pattern] && !covered["* "+pattern] {
			missing = append(missing, method+" "+pattern)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("routes with no row in the role × route matrix (authz_test.go):\n\t%s", strings.Join(missing, "\n\t"))
	}
}

// TestLearnersSeeOnlyTheirOwnAnswers: what one learner answers appears on
// no page of another learner's, nor of a later visitor in the same browser.
func TestLearnersSeeOnlyTheirOwnAnswers(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Ann", auth.Learner)
	createAccount(t, s, "Ben", auth.Learner)
	ann, ben := signedInAs(t, s, "ann@example.com"), signedInAs(t, s, "ben@example.com")
	cps, rev := s.checkpoints(t)
	const annText, benText = "ANN-PRIVATE queue age versus prefill", "BEN-PRIVATE decode gaps stable"

	// Ann answers two checkpoints, one wrong, and explains it back.
	for _, a := range []struct {
		path string
		form url.Values
	}{
		{"/checkpoints/" + cps[0].Key, answer(cps[0], rev, false)},
		{"/checkpoints/" + cps[1].Key, answer(cps[1], rev, true)},
		{"/responses/explain-back", url.Values{"revision": {rev}, "answer": {annText}, "confidence": {"confident"}}},
	} {
		if p := ann.post(lesson3+a.path, a.form); p.status != http.StatusSeeOther {
			t.Fatalf("Ann answering %s: status %d", a.path, p.status)
		}
	}

	// Ann sees her answers: the checks below can see answers when present.
	checkAnswers(t, "Ann", ann, 2, 1, annText)
	if got := strings.TrimSpace(ann.get("/me").doc.Find(`[data-testid="accuracy"]`).Text()); !strings.Contains(got, "(1 of 2 checkpoints") {
		t.Errorf("Ann's accuracy = %q, want 1 of 2", got)
	}
	if rows := exportRows(t, ann); len(rows) != 3 || !exportHas(rows, annText) {
		t.Errorf("Ann's CSV = %q, want her 3 answers", rows)
	}

	// Ben sees none of them anywhere.
	checkNoAnswers(t, "Ben", ben, annText)

	// Ben answers; each export holds only its owner's answers.
	ben.post(lesson3+"/checkpoints/"+cps[2].Key, answer(cps[2], rev, true))
	ben.post(lesson3+"/responses/explain-back", url.Values{"revision": {rev}, "answer": {benText}, "confidence": {"not-yet"}})
	if rows := exportRows(t, ann); len(rows) != 3 || exportHas(rows, benText) {
		t.Errorf("Ann's CSV after Ben answered = %q", rows)
	}
	if rows := exportRows(t, ben); len(rows) != 2 || exportHas(rows, annText) || !exportHas(rows, benText) {
		t.Errorf("Ben's CSV = %q, want his 2 answers only", rows)
	}
	checkAnswers(t, "Ben", ben, 1, 1, benText)
	if strings.Contains(ben.get(lesson3).body, annText) || strings.Contains(ben.get("/me").body, annText) {
		t.Error("Ben sees Ann's explanation")
	}

	// A shared browser: Ann signs out, then it is anonymous, then Ben's.
	if p := ann.post("/signout", nil); p.status != http.StatusSeeOther {
		t.Fatalf("signing out: status %d", p.status)
	}
	checkNoAnswers(t, "the browser Ann signed out of", ann, annText)
	if p := ann.post("/signin", signInForm("ben@example.com", password)); p.status != http.StatusSeeOther {
		t.Fatalf("Ben signing in on Ann's browser: status %d", p.status)
	}
	if rows := exportRows(t, ann); len(rows) != 2 || exportHas(rows, annText) {
		t.Errorf("Ben's CSV on Ann's browser = %q, want his 2 answers only", rows)
	}
	if strings.Contains(ann.get(lesson3).body, annText) {
		t.Error("Ben, on Ann's browser, sees Ann's explanation")
	}
	checkNoAnswers(t, "a new visitor", s.visitor(t), annText)
}

// checkAnswers checks that v's lesson 3 shows results for wantResults
// checkpoints and wantSaved saved free responses, the explanation being text.
func checkAnswers(t *testing.T, who string, v *visitor, wantResults, wantSaved int, text string) {
	t.Helper()
	p := v.get(lesson3)
	if n := p.doc.Find(`[data-testid="checkpoint-result"]`).Length(); n != wantResults {
		t.Errorf("%s's lesson shows %d checkpoint results, want %d", who, n, wantResults)
	}
	if n := p.doc.Find(`[data-testid="saved-answer"]`).Length(); n != wantSaved {
		t.Errorf("%s's lesson shows %d saved answers, want %d", who, n, wantSaved)
	}
	if got := p.doc.Find(`[data-testid="explain"] textarea`).Text(); got != text {
		t.Errorf("%s's explanation = %q, want %q", who, got, text)
	}
}

// checkNoAnswers checks that v, signed in or not, is shown no answers at
// all, and never text.
func checkNoAnswers(t *testing.T, who string, v *visitor, text string) {
	t.Helper()
	lesson := v.get(lesson3)
	if n := lesson.doc.Find(`[data-testid="checkpoint-result"], [data-testid="saved-answer"]`).Length(); n != 0 {
		t.Errorf("%s: the lesson shows %d answers, want none", who, n)
	}
	if strings.Contains(lesson.body, text) {
		t.Errorf("%s: the lesson shows another learner's text", who)
	}
	course := v.get("/courses/serving-incidents")
	if got := texts(course.doc.Find(`[data-testid="lesson-status"]`)); slices.ContainsFunc(got, func(s string) bool { return s != "Not started" }) {
		t.Errorf("%s: lesson statuses %q, want all Not started", who, got)
	}
	if v.get("/").doc.Find(`[data-testid="continue"]`).Length() != 0 {
		t.Errorf("%s: home offers to continue a lesson", who)
	}
	me := v.get("/me")
	if me.status == http.StatusSeeOther {
		return // anonymous: no dashboard or export to check
	}
	if got := strings.TrimSpace(me.doc.Find(`[data-testid="accuracy"]`).Text()); got != "No checkpoints answered yet." {
		t.Errorf("%s: dashboard accuracy = %q", who, got)
	}
	if me.doc.Find(`[data-testid="missed"], .confidence-chart`).Length() != 0 || strings.Contains(me.body, text) {
		t.Errorf("%s: the dashboard shows answers", who)
	}
	if rows := exportRows(t, v); len(rows) != 0 {
		t.Errorf("%s: the CSV holds %d answers, want none: %q", who, len(rows), rows)
	}
}

// exportRows downloads v's progress export and returns its rows after the
// header.
func exportRows(t *testing.T, v *visitor) [][]string {
	t.Helper()
	p := rawRequest(t, v, http.MethodGet, "/me/progress.csv", nil)
	if p.status != http.StatusOK {
		t.Fatalf("GET /me/progress.csv: status %d", p.status)
	}
	rows, err := csv.NewReader(strings.NewReader(p.body)).ReadAll()
	if err != nil || len(rows) == 0 || rows[0][0] != "type" {
		t.Fatalf("CSV %q: %v", p.body, err)
	}
	return rows[1:]
}

func exportHas(rows [][]string, text string) bool {
	return slices.ContainsFunc(rows, func(r []string) bool { return slices.Contains(r, text) })
}

// rawPage is a response with its body as sent, for non-HTML responses the
// visitor helper would parse as HTML.
type rawPage struct {
	v      *visitor
	status int
	header http.Header
	body   string
}

// rawRequest sends a request in v's browser, same-origin as from our own
// pages, failing t (not the test v was made for) on a transport error.
func rawRequest(t *testing.T, v *visitor, method, path string, form url.Values) rawPage {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, v.site.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if method != http.MethodGet {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	resp, err := v.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	if _, err := b.ReadFrom(resp.Body); err != nil {
		t.Fatal(err)
	}
	return rawPage{v: v, status: resp.StatusCode, header: resp.Header, body: b.String()}
}

// createAccount makes an account through the auth store; its email is the
// lower-cased name at example.com and its password the shared one.
func createAccount(t *testing.T, s *site, name string, role auth.Role) auth.User {
	t.Helper()
	u, err := s.users.Create(context.Background(), strings.ToLower(name)+"@example.com", name, password, role)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// signedInAs returns a new browser signed in through POST /signin.
func signedInAs(t *testing.T, s *site, email string) *visitor {
	t.Helper()
	v := s.visitor(t)
	if p := v.post("/signin", signInForm(email, password)); p.status != http.StatusSeeOther {
		t.Fatalf("signing in %s: status %d", email, p.status)
	}
	return v
}

// signedInPerRole creates one user per role, named after it, each signed in
// in a browser of its own.
func signedInPerRole(t *testing.T, s *site) map[string]*visitor {
	t.Helper()
	browsers := map[string]*visitor{}
	for name, role := range map[string]auth.Role{asLearner: auth.Learner, asInstructor: auth.Instructor, asAdmin: auth.Admin} {
		createAccount(t, s, name, role)
		browsers[name] = signedInAs(t, s, name+"@example.com")
	}
	return browsers
}
