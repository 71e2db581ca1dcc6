package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/web/auth"
)

// flat is sel's text with every run of white space made one space.
func flat(sel *goquery.Selection) string { return strings.Join(strings.Fields(sel.Text()), " ") }

// navHref is the address of the header's link reading text.
func navHref(p page, text string) string {
	href := ""
	p.doc.Find("header nav a").Each(func(_ int, a *goquery.Selection) {
		if flat(a) == text {
			href = a.AttrOr("href", "")
		}
	})
	return href
}

// TestSigningInReturnsToThePage: the header's "Sign in" and "Create
// account" links carry the page they are on, the forms carry it on, and
// signing in or up lands there.
func TestSigningInReturnsToThePage(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	createAccount(t, s, "Ada", auth.Learner)
	for i, path := range []string{lesson3, "/courses/serving-incidents", "/practice", "/"} {
		t.Run(path, func(t *testing.T) {
			v := s.visitor(t)
			p := v.get(path)
			signIn, signUp := navHref(p, "Sign in"), navHref(p, "Create account")
			if want := "/signin?next=" + url.QueryEscape(path); signIn != want {
				t.Errorf("on %s, Sign in links to %q, want %q", path, signIn, want)
			}
			if want := "/signup?next=" + url.QueryEscape(path); signUp != want {
				t.Errorf("on %s, Create account links to %q, want %q", path, signUp, want)
			}

			// The sign-in page carries it in its form and its own links.
			form := v.get(signIn)
			if got := form.doc.Find(`form[action="/signin"] input[name="next"]`).AttrOr("value", ""); got != path {
				t.Errorf("the sign-in form carries next %q, want %q", got, path)
			}
			if got := navHref(form, "Create account"); got != signUp {
				t.Errorf("on the sign-in page, Create account links to %q, want %q", got, signUp)
			}
			in := signInForm("ada@example.com", password)
			in.Set("next", path)
			if p := v.post("/signin", in); p.status != http.StatusSeeOther || p.header.Get("Location") != path {
				t.Errorf("signing in: status %d, Location %q; want 303 to %s", p.status, p.header.Get("Location"), path)
			}

			// Signing up from the sign-up page it links to.
			nv := s.visitor(t)
			up := nv.get(signUp)
			if got := navHref(up, "Sign in"); got != signIn {
				t.Errorf("on the sign-up page, Sign in links to %q, want %q", got, signIn)
			}
			f := signUpForm("New", "new"+string(rune('a'+i))+"@example.com", password)
			f.Set("next", up.doc.Find(`form[action="/signup"] input[name="next"]`).AttrOr("value", ""))
			if p := nv.post("/signup", f); p.status != http.StatusSeeOther || p.header.Get("Location") != path {
				t.Errorf("signing up: status %d, Location %q; want 303 to %s", p.status, p.header.Get("Location"), path)
			}
		})
	}
}

// TestSignInLinksThatDoNotReturn: a page shown in answer to a form
// returns to the page the form was on; a password-reset link, whose
// address is its secret, is never put in a link.
func TestSignInLinksThatDoNotReturn(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, rev := s.checkpoints(t)
	v := s.visitor(t)
	cps, _ := s.checkpoints(t)
	refused := v.post(lesson3+"/checkpoints/"+cps[0].Key, url.Values{"revision": {rev}})
	if refused.status != http.StatusUnprocessableEntity {
		t.Fatalf("an answer with no option: status %d, want 422", refused.status)
	}
	if got, want := navHref(refused, "Sign in"), "/signin?next="+url.QueryEscape(lesson3); got != want {
		t.Errorf("after a refused answer, Sign in links to %q, want %q (the lesson)", got, want)
	}

	admin := createAccount(t, s, "Root", auth.Admin)
	ada := createAccount(t, s, "Ada", auth.Learner)
	link, err := s.users.IssueReset(context.Background(), ada.ID, admin.ID)
	if err != nil {
		t.Fatal(err)
	}
	p := s.visitor(t).get("/reset/" + link.Token)
	if p.status != http.StatusOK {
		t.Fatalf("the reset page: status %d", p.status)
	}
	for _, text := range []string{"Sign in", "Create account"} {
		if got := navHref(p, text); got != "/"+map[string]string{"Sign in": "signin", "Create account": "signup"}[text] {
			t.Errorf("on a reset page, %s links to %q, want no next", text, got)
		}
	}
}
