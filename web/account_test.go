package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

const password = "correct horse battery"

func signUpForm(name, email, pw string) url.Values {
	return url.Values{"display_name": {name}, "email": {email}, "password": {pw}}
}

func signInForm(email, pw string) url.Values {
	return url.Values{"email": {email}, "password": {pw}}
}

// signedIn reports whether the page's header offers signing out.
func signedIn(p page) bool { return p.doc.Find(`header form[action="/signout"]`).Length() == 1 }

// checkLabels fails the test when a visible control lacks a <label for>.
func checkLabels(t *testing.T, p page) {
	t.Helper()
	p.doc.Find(`main input:not([type="hidden"]), main select, main textarea`).Each(func(_ int, c *goquery.Selection) {
		id := c.AttrOr("id", "")
		if id == "" || strings.TrimSpace(p.doc.Find(`label[for="`+id+`"]`).Text()) == "" {
			t.Errorf("control %s (id %q) has no visible label", c.AttrOr("name", "?"), id)
		}
	})
}

// fieldError is the message shown beside the input named name, checking
// that the input points at it and is marked invalid.
func fieldError(t *testing.T, p page, name string) string {
	t.Helper()
	in := p.doc.Find(`main [name="` + name + `"]`)
	errID := in.AttrOr("id", "?") + "-error"
	msg := p.doc.Find("#" + errID)
	if msg.Length() == 0 {
		if in.AttrOr("aria-invalid", "") != "" {
			t.Errorf("%s is aria-invalid with no message", name)
		}
		return ""
	}
	if in.AttrOr("aria-invalid", "") != "true" || !strings.Contains(in.AttrOr("aria-describedby", ""), errID) {
		t.Errorf("%s has an error but aria-invalid=%q aria-describedby=%q", name, in.AttrOr("aria-invalid", ""), in.AttrOr("aria-describedby", ""))
	}
	return strings.TrimPrefix(strings.Join(strings.Fields(msg.Text()), " "), "Error: ")
}

func summary(p page) []string {
	return texts(p.doc.Find(`[role="alert"][data-testid="error-summary"] li`))
}

func TestSignUpSignOutSignIn(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)

	form := v.get("/signup")
	if form.status != http.StatusOK || form.doc.Find(`form[action="/signup"] button`).Text() != "Create account" {
		t.Fatalf("GET /signup: status %d, want 200 and a Create account button", form.status)
	}
	checkLabels(t, form)
	if got := strings.TrimSpace(form.doc.Find("#signup-password-hint").Text()); got != "At least 12 characters and hard to guess: a few uncommon words work well" {
		t.Errorf("password hint = %q", got)
	}

	signIn := v.get("/signin")
	if signIn.status != http.StatusOK || signIn.doc.Find(`form[action="/signin"] button`).Text() != "Sign in" {
		t.Fatalf("GET /signin: status %d, want 200 and a Sign in button", signIn.status)
	}
	checkLabels(t, signIn)

	steps := []struct {
		name         string
		method, path string
		form         url.Values
		wantStatus   int
		wantLocation string
		wantSignedIn bool // on the home page afterwards
	}{
		{"sign up", "POST", "/signup", signUpForm("Ada Lovelace", "Ada@Example.com", password), 303, "/me", true},
		{"sign out", "POST", "/signout", url.Values{}, 303, "/", false},
		{"sign in, email in another case", "POST", "/signin", signInForm("ADA@example.com", password), 303, "/me", true},
		{"sign in page when signed in", "GET", "/signin", nil, 303, "/me", true},
		{"sign up page when signed in", "GET", "/signup?next=/courses/x", nil, 303, "/courses/x", true},
	}
	for _, st := range steps {
		var p page
		if st.method == "POST" {
			p = v.post(st.path, st.form)
		} else {
			p = v.get(st.path)
		}
		if p.status != st.wantStatus || p.header.Get("Location") != st.wantLocation {
			t.Fatalf("%s: status %d, Location %q; want %d, %q", st.name, p.status, p.header.Get("Location"), st.wantStatus, st.wantLocation)
		}
		if got := signedIn(v.get("/")); got != st.wantSignedIn {
			t.Errorf("after %s: signed in = %t, want %t", st.name, got, st.wantSignedIn)
		}
	}
}

func TestSignUpShowsEveryProblem(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)
	if p := v.post("/signup", signUpForm("Taken", "taken@example.com", password)); p.status != http.StatusSeeOther {
		t.Fatalf("first sign-up: status %d", p.status)
	}
	v = s.visitor(t) // a fresh, anonymous browser

	tests := []struct {
		name       string
		form       url.Values
		wantErrors map[string]string // by field name
	}{
		{
			name: "everything empty",
			form: signUpForm("", "", ""),
			wantErrors: map[string]string{
				"display_name": "Enter your name.",
				"email":        "Enter your email address.",
				"password":     "Use at least 12 characters.",
			},
		},
		{
			name: "bad email and long password",
			form: signUpForm("Grace", "grace@", strings.Repeat("p", 129)),
			wantErrors: map[string]string{
				"email":    "Enter an email address like name@example.com.",
				"password": "Use at most 128 characters.",
			},
		},
		{
			name:       "taken email in another case",
			form:       signUpForm("Grace", "TAKEN@example.com", password),
			wantErrors: map[string]string{"email": "An account with this email already exists. Sign in instead, or use another email."},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := v.post("/signup", tt.form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", p.status)
			}
			if title := p.doc.Find("title").Text(); !strings.HasPrefix(title, "Error: ") {
				t.Errorf("title %q, want it to start with Error:", title)
			}
			var want []string
			for _, name := range []string{"display_name", "email", "password"} {
				if got := fieldError(t, p, name); got != tt.wantErrors[name] {
					t.Errorf("%s error = %q, want %q", name, got, tt.wantErrors[name])
				}
				if msg := tt.wantErrors[name]; msg != "" {
					want = append(want, msg)
				}
			}
			if got := summary(p); strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("summary = %q, want %q", got, want)
			}
			// What was typed comes back, except the password.
			for _, name := range []string{"display_name", "email"} {
				if got := p.doc.Find(`main [name="`+name+`"]`).AttrOr("value", ""); got != tt.form.Get(name) {
					t.Errorf("%s value = %q, want %q kept", name, got, tt.form.Get(name))
				}
			}
			if pw := tt.form.Get("password"); pw != "" && strings.Contains(p.body, pw) {
				t.Error("the page contains the submitted password")
			}
			checkLabels(t, p)
		})
	}
}

// TestSignInFailuresLookAlike: an unknown email and a wrong password get
// the same answer, so the form cannot be used to find accounts.
func TestSignInFailuresLookAlike(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	v := s.visitor(t)
	v.post("/signup", signUpForm("Ada", "ada@example.com", password))
	v.post("/signout", nil)

	pages := map[string]page{}
	for name, form := range map[string]url.Values{
		"wrong password": signInForm("ada@example.com", "not the password"),
		"unknown email":  signInForm("nobody@example.com", password),
	} {
		p := v.post("/signin", form)
		if p.status != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", name, p.status)
		}
		if got := summary(p); len(got) != 1 || got[0] != "Email or password is incorrect." {
			t.Errorf("%s: summary = %q, want only the generic message", name, got)
		}
		for _, field := range []string{"email", "password"} {
			if msg := fieldError(t, p, field); msg != "" {
				t.Errorf("%s: %s has its own error %q, which would say which part was wrong", name, field, msg)
			}
		}
		if got := p.doc.Find(`main [name="email"]`).AttrOr("value", ""); got != form.Get("email") {
			t.Errorf("%s: email value = %q, want it kept", name, got)
		}
		if p.doc.Find(`main [name="password"]`).AttrOr("value", "") != "" || strings.Contains(p.body, form.Get("password")) {
			t.Errorf("%s: the password was written back into the page", name)
		}
		pages[name] = p
	}
	strip := func(p page) string {
		p.doc.Find(`main [name="email"]`).RemoveAttr("value")
		h, _ := p.doc.Find("main").Html()
		return h
	}
	if strip(pages["wrong password"]) != strip(pages["unknown email"]) {
		t.Error("the wrong-password and unknown-email pages differ beyond the email typed")
	}

	empty := v.post("/signin", signInForm("", ""))
	if got := []string{fieldError(t, empty, "email"), fieldError(t, empty, "password")}; got[0] != "Enter your email address." || got[1] != "Enter your password." {
		t.Errorf("empty sign-in errors = %q", got)
	}
}

func TestNextOnlyGoesToLocalPaths(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	setup := s.visitor(t)
	setup.post("/signup", signUpForm("Ada", "ada@example.com", password))

	// localPath's own test covers every shape of next; these check that
	// sign-in uses it.
	tests := []struct {
		next, want string
	}{
		{"", "/me"},
		{"/courses/serving-incidents?x=1#top", "/courses/serving-incidents?x=1#top"},
		{"//evil.example/", "/me"},
		{"https://evil.example/", "/me"},
	}
	for _, tt := range tests {
		v := s.visitor(t)
		form := signInForm("ada@example.com", password)
		form.Set("next", tt.next)
		p := v.post("/signin", form)
		if got := p.header.Get("Location"); p.status != http.StatusSeeOther || got != tt.want {
			t.Errorf("next %q: status %d, Location %q; want 303 to %q", tt.next, p.status, got, tt.want)
		}
	}

	// The sign-in page carries next through its form and to sign-up.
	p := s.visitor(t).get("/signin?next=" + url.QueryEscape("/courses/serving-incidents"))
	if got := p.doc.Find(`form[action="/signin"] input[name="next"]`).AttrOr("value", ""); got != "/courses/serving-incidents" {
		t.Errorf("hidden next = %q", got)
	}
	if got := p.doc.Find(`.account-switch a`).AttrOr("href", ""); got != "/signup?next=%2Fcourses%2Fserving-incidents" {
		t.Errorf("sign-up link = %q", got)
	}
	if p := s.visitor(t).get("/signin?next=//evil.example"); p.doc.Find(`input[name="next"]`).Length() != 0 {
		t.Error("the sign-in page kept a next that leaves the site")
	}
}

func TestRateLimits(t *testing.T) {
	t.Parallel()
	t.Run("sign-up per address", func(t *testing.T) {
		t.Parallel()
		var p page
		withinOneWindow(t, time.Minute, func() bool {
			s := newSite(t)
			v := s.visitor(t)
			for i := range 20 {
				if p := v.post("/signup", signUpForm("", "", "")); p.status != http.StatusUnprocessableEntity {
					t.Fatalf("attempt %d: status %d, want 422", i+1, p.status)
				}
			}
			p = v.post("/signup", signUpForm("Ada", "ada@example.com", password))
			return p.status == http.StatusTooManyRequests
		})
		if p.status != http.StatusTooManyRequests || p.header.Get("Retry-After") != "60" {
			t.Fatalf("21st attempt: status %d, Retry-After %q; want 429, 60", p.status, p.header.Get("Retry-After"))
		}
		if got := summary(p); len(got) != 1 || got[0] != "Too many sign-up attempts from your network. Try again in 60 seconds." {
			t.Errorf("summary = %q", got)
		}
		if got := p.doc.Find(`main [name="email"]`).AttrOr("value", ""); got != "ada@example.com" {
			t.Errorf("email value = %q, want it kept", got)
		}
	})
}

func TestOversizedFormIsRefused(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	p := s.visitor(t).post("/signin", signInForm(strings.Repeat("a", 20<<10)+"@example.com", password))
	if p.status != http.StatusRequestEntityTooLarge {
		t.Errorf("status %d, want 413", p.status)
	}
}

// withinOneWindow runs try, which makes a limiter's worth of requests and
// reports whether the last was limited, until it passes or has run inside
// a single fixed window. httprate estimates a sliding window from fixed
// ones, so attempts that straddle a window boundary on a slow machine
// are partly forgotten by design; only a run inside one window can
// expect the limit to hold exactly.
func withinOneWindow(t *testing.T, window time.Duration, try func() bool) {
	t.Helper()
	for range 3 {
		start := time.Now().Truncate(window)
		if try() || time.Now().Truncate(window) == start {
			return
		}
		t.Logf("the attempts straddled a %v window boundary; trying again", window)
	}
}
