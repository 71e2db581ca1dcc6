package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/web/auth"
)

// hostileNexts are next values that have, in some site or browser, sent
// people elsewhere after signing in.
var hostileNexts = []string{
	"//evil.example/",
	"///evil.example/",
	`/\evil.example/`,
	`\\evil.example`,
	`/./\evil.example/`,
	`/a/../\evil.example/`,
	`/courses/..\..\evil.example`,
	"/./../evil.example",
	"/../../evil.example",
	"/%2F%2Fevil.example",
	"/%2f/evil.example",
	"/%5Cevil.example",
	"/%5c%5cevil.example",
	"/\t/evil.example",
	"/\n/evil.example",
	"/\r\n/evil.example",
	"/%09/evil.example",
	"/%0d%0aLocation:%20https://evil.example",
	"/\x00/evil.example",
	"/\x7f/evil.example",
	"https://evil.example/",
	"http:evil.example",
	"HTTPS://evil.example",
	"//evil.example@127.0.0.1/",
	"javascript:alert(1)",
	"data:text/html,hi",
	"evil.example",
	" //evil.example",
}

// onSite reports why loc, a Location header, would take a browser off
// base's host, or "" when it stays. Browsers read "\" as "/" and drop
// tabs and newlines in URLs (WHATWG URL), so both are done before
// resolving.
func onSite(base *url.URL, loc string) string {
	if strings.ContainsAny(loc, "\\\t\r\n") {
		return "holds a backslash or whitespace a browser rewrites"
	}
	if !strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "//") {
		return "is not a site-relative path"
	}
	u, err := base.Parse(loc)
	if err != nil {
		return err.Error()
	}
	if u.Host != base.Host || u.Scheme != base.Scheme {
		return "resolves to " + u.Scheme + "://" + u.Host
	}
	return ""
}

// TestHostileNextStaysOnSite sends each hostile next through a running
// server, everywhere the site takes one, and checks every Location it
// answers with stays on the site.
func TestHostileNextStaysOnSite(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	base, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	createAccount(t, s, "Ada", auth.Learner)
	ada := signedInAs(t, s, "ada@example.com")
	anon := s.visitor(t)
	check := func(t *testing.T, what string, p page) {
		t.Helper()
		// A form holding a NUL is refused whole (parseForm): no redirect.
		if p.status == http.StatusUnprocessableEntity && strings.HasSuffix(what, refused) {
			return
		}
		if p.status != http.StatusSeeOther {
			t.Fatalf("%s: status %d, want 303", what, p.status)
		}
		if why := onSite(base, p.header.Get("Location")); why != "" {
			t.Errorf("%s: Location %q %s", what, p.header.Get("Location"), why)
		}
	}
	for i, next := range hostileNexts {
		t.Run(fmt.Sprintf("%q", next), func(t *testing.T) {
			q := "?next=" + url.QueryEscape(next)
			// Signed in, the account pages send you on at once.
			check(t, "GET /signin as Ada", ada.get("/signin"+q))
			check(t, "GET /signup as Ada", ada.get("/signup"+q))
			// Anonymous, the forms carry next on; only a local one.
			for _, path := range []string{"/signin", "/signup"} {
				p := anon.get(path + q)
				if v, ok := p.doc.Find(`main input[name="next"]`).Attr("value"); ok && onSite(base, v) != "" {
					t.Errorf("GET %s: the form carries next %q", path, v)
				}
				p.doc.Find(`main a[href^="/sign"]`).Each(func(_ int, a *goquery.Selection) {
					link, _ := url.Parse(a.AttrOr("href", ""))
					if v := link.Query().Get("next"); v != "" && onSite(base, v) != "" {
						t.Errorf("GET %s: links on with next %q", path, v)
					}
				})
			}
			// Signing up and in with it. Sign-ups are limited per
			// address (20 a minute), so only the first few sign up through
			// the form; the rest are made in the store.
			email := fmt.Sprintf("next%d@example.com", i)
			if i < 12 {
				form := signUpForm("Next", email, password)
				form.Set("next", next)
				check(t, "POST /signup"+refusable(next), s.visitor(t).post("/signup", form))
			} else {
				createAccount(t, s, fmt.Sprintf("next%d", i), auth.Learner)
			}
			form := signInForm(email, password)
			form.Set("next", next)
			check(t, "POST /signin"+refusable(next), s.visitor(t).post("/signin", form))
		})
	}
}

// refused marks a check whose form the site may refuse outright, for
// holding a NUL it cannot store; refusable adds it where that applies.
const refused = " (a form with a NUL may be refused)"

func refusable(next string) string {
	if strings.ContainsRune(next, 0) {
		return refused
	}
	return ""
}
