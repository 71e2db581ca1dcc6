package web

import (
	"net/url"
	"path"
	"strings"

	"github.com/go-chi/chi/v5"
)

// localPath returns next, in the form it will leave in a Location header,
// when that form is a page of this site; else "".
//
// The check runs on the cleaned form, because http.Redirect cleans a path
// before sending it: "/./\evil.example/" passes any check on the raw text
// for "//" or "/\" and leaves as "/\evil.example/", which browsers read as
// another host. So next is first cleaned the way http.Redirect does
// (cleanRedirect), and only the result is judged; the result is a fixed
// point of that cleaning, so what was judged is what is sent.
func (s *Server) localPath(next string) string {
	if next == "" || !plainRedirectText(next) {
		return ""
	}
	cleaned, ok := cleanRedirect(next)
	if !ok || !strings.HasPrefix(cleaned, "/") || strings.HasPrefix(cleaned, "//") {
		return ""
	}
	u, err := url.Parse(cleaned)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" || u.User != nil {
		return ""
	}
	if again, _ := cleanRedirect(cleaned); again != cleaned {
		return ""
	}
	// Only a page a browser can GET: anything else would be a 404 or 405
	// at best, and at worst a route nobody meant to send people to.
	if s.router == nil || !s.router.Match(chi.NewRouteContext(), "GET", u.Path) {
		return ""
	}
	return cleaned
}

// plainRedirectText refuses the characters and escapes that browsers, or
// a proxy in front of the site, may turn into a different address than the
// one checked: backslashes (read as "/"), tabs, newlines and other control
// characters (stripped, so "/\t/evil" becomes "//evil"), spaces, and
// percent-encoded slashes, backslashes and control characters (decoded by
// some proxies and frameworks before routing). No link the site makes
// contains any of them.
func plainRedirectText(next string) bool {
	for i := 0; i < len(next); i++ {
		c := next[i]
		if c <= ' ' || c == 0x7f || c == '\\' {
			return false
		}
		if c == '%' {
			if i+2 >= len(next) {
				return false
			}
			hex := strings.ToLower(next[i+1 : i+3])
			if hex == "2f" || hex == "5c" || hex[0] == '0' || hex[0] == '1' || hex == "7f" {
				return false
			}
		}
	}
	return true
}

// cleanRedirect does to a site-relative target what http.Redirect does
// before sending it: clean the part before "?" with path.Clean, keeping a
// trailing slash. It reports false when a ".." segment climbs above the
// root, which path.Clean would silently drop: no link of ours does that,
// so it is someone probing.
func cleanRedirect(target string) (string, bool) {
	p, query, _ := strings.Cut(target, "?")
	if query != "" || strings.Contains(target, "?") {
		query = "?" + query
	}
	depth := 0
	for seg := range strings.SplitSeq(p, "/") {
		switch seg {
		case "", ".":
		case "..":
			if depth == 0 {
				return "", false
			}
			depth--
		default:
			depth++
		}
	}
	cleaned := path.Clean(p)
	if strings.HasSuffix(p, "/") && !strings.HasSuffix(cleaned, "/") {
		cleaned += "/"
	}
	return cleaned + query, true
}
