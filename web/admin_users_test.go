package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/web/auth"
)

// accounts creates users directly, through the site's auth store, and
// returns a signed-in browser for each.
func accounts(t *testing.T, s *site, roles map[string]auth.Role) (map[string]auth.User, map[string]*visitor) {
	t.Helper()
	users, browsers := map[string]auth.User{}, map[string]*visitor{}
	for name, role := range roles {
		email := strings.ToLower(name) + "@example.com"
		u, err := s.users.Create(context.Background(), email, name, password, role)
		if err != nil {
			t.Fatal(err)
		}
		v := s.visitor(t)
		if p := v.post("/signin", signInForm(email, password)); p.status != http.StatusSeeOther {
			t.Fatalf("signing in %s: status %d", email, p.status)
		}
		users[name], browsers[name] = u, v
	}
	return users, browsers
}

// roleForm changes a role, confirmed with the admin's password (every test
// account's).
func roleForm(role string) url.Values { return url.Values{"role": {role}, "password": {password}} }

func rolePath(u auth.User) string { return "/admin/users/" + strconv.FormatInt(u.ID, 10) + "/role" }

func TestAdminUsersAccess(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin, "Ivan": auth.Instructor, "Lea": auth.Learner})

	tests := []struct {
		name         string
		v            *visitor
		wantStatus   int
		wantLocation string
	}{
		{"anonymous", s.visitor(t), 303, "/signin?next=%2Fadmin%2Fusers"},
		{"learner", as["Lea"], 403, ""},
		{"instructor", as["Ivan"], 403, ""},
		{"admin", as["Ada"], 200, ""},
	}
	for _, tt := range tests {
		p := tt.v.get("/admin/users")
		if p.status != tt.wantStatus || p.header.Get("Location") != tt.wantLocation {
			t.Errorf("%s: GET /admin/users status %d, Location %q; want %d, %q", tt.name, p.status, p.header.Get("Location"), tt.wantStatus, tt.wantLocation)
		}
		if tt.wantStatus == http.StatusOK {
			continue
		}
		// Nor may they change a role.
		if p := tt.v.post(rolePath(users["Lea"]), roleForm("admin")); p.status != tt.wantStatus {
			t.Errorf("%s: POST role status %d, want %d", tt.name, p.status, tt.wantStatus)
		}
	}
	if u, err := s.users.ByID(context.Background(), users["Lea"].ID); err != nil || u.Role != auth.Learner {
		t.Errorf("Lea is %s (%v) after refused changes, want learner", u.Role, err)
	}
}

func TestAdminUsersListsAndChangesRoles(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin, "Grace": auth.Learner})
	admin := as["Ada"]

	p := admin.get("/admin/users")
	checkLabels(t, p)
	rows := p.doc.Find(`[data-testid="user-row"]`)
	if rows.Length() != 2 {
		t.Fatalf("%d rows, want 2", rows.Length())
	}
	grace := p.doc.Find("#user-" + strconv.FormatInt(users["Grace"].ID, 10))
	if got := texts(grace.Find("th, td").Slice(0, 3)); strings.Join(got, "|") != "Grace|grace@example.com|Learner" {
		t.Errorf("Grace's row = %q", got)
	}
	sel := grace.Find("select")
	if got := strings.TrimSpace(p.doc.Find(`label[for="` + sel.AttrOr("id", "") + `"]`).Text()); got != "Role for grace@example.com" {
		t.Errorf("select label = %q", got)
	}
	if got := texts(sel.Find("option")); strings.Join(got, "|") != "Learner|Instructor|Admin" {
		t.Errorf("options = %q", got)
	}
	if got := sel.Find("option[selected]").AttrOr("value", ""); got != "learner" {
		t.Errorf("selected option = %q, want learner", got)
	}
	if got := strings.TrimSpace(grace.Find("form.role-form button").Text()); got != "Change role" {
		t.Errorf("button = %q", got)
	}

	// Change Grace's role and see it confirmed.
	res := admin.post(rolePath(users["Grace"]), roleForm("instructor"))
	want := "/admin/users?changed=" + strconv.FormatInt(users["Grace"].ID, 10)
	if res.status != http.StatusSeeOther || res.header.Get("Location") != want {
		t.Fatalf("POST role: status %d, Location %q; want 303 to %q", res.status, res.header.Get("Location"), want)
	}
	p = admin.get(want)
	if got := strings.TrimSpace(p.doc.Find(`[role="status"][data-testid="notice"]`).Text()); got != "Grace's role is now Instructor." {
		t.Errorf("confirmation = %q", got)
	}
	// accounts creates users in map order, so rows are looked up by id.
	for name, want := range map[string]string{"Ada": "Admin", "Grace": "Instructor"} {
		row := p.doc.Find("#user-" + strconv.FormatInt(users[name].ID, 10))
		if got := strings.TrimSpace(row.Find(`[data-testid="user-role"]`).Text()); got != want {
			t.Errorf("%s's role after the change = %q, want %q", name, got, want)
		}
	}
	// The change applies to Grace's next request.
	if got := as["Grace"].get("/").doc.Find(`header a[href="/admin/users"]`).Length(); got != 0 {
		t.Error("an instructor sees the Users link")
	}

	tests := []struct {
		name       string
		user       auth.User
		role       string
		wantStatus int
		wantError  string
	}{
		{"unknown role", users["Grace"], "owner", 422, "Choose learner, instructor or admin."},
		{"the only admin", users["Ada"], "learner", 422, "This is the only admin. Make another user an admin first, so someone can still manage accounts."},
		{"unknown user", auth.User{ID: users["Grace"].ID + 100}, "admin", 404, ""},
	}
	for _, tt := range tests {
		p := admin.post(rolePath(tt.user), roleForm(tt.role))
		if p.status != tt.wantStatus {
			t.Errorf("%s: status %d, want %d", tt.name, p.status, tt.wantStatus)
		}
		if tt.wantError == "" {
			continue
		}
		sel := p.doc.Find("#role-" + strconv.FormatInt(tt.user.ID, 10))
		errText := strings.TrimPrefix(strings.TrimSpace(p.doc.Find("#"+sel.AttrOr("id", "?")+"-error").Text()), "Error: ")
		if errText != tt.wantError || sel.AttrOr("aria-invalid", "") != "true" || sel.AttrOr("aria-describedby", "") != sel.AttrOr("id", "?")+"-error" {
			t.Errorf("%s: error beside the select = %q (aria-invalid %q), want %q", tt.name, errText, sel.AttrOr("aria-invalid", ""), tt.wantError)
		}
		if got := summary(p); len(got) != 1 || got[0] != tt.wantError {
			t.Errorf("%s: summary = %q", tt.name, got)
		}
	}
	if u, _ := s.users.ByID(context.Background(), users["Ada"].ID); u.Role != auth.Admin {
		t.Errorf("Ada is %s, want still admin", u.Role)
	}
}

// TestAdminChangesOwnRole: with another admin in place, an admin may step
// down; the session survives under a new token and loses the admin pages.
func TestAdminChangesOwnRole(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin, "Bob": auth.Admin})
	ada := as["Ada"]
	before := sessionCookie(t, ada)

	p := ada.post(rolePath(users["Ada"]), roleForm("instructor"))
	if p.status != http.StatusSeeOther || p.header.Get("Location") != "/me" {
		t.Fatalf("status %d, Location %q; want 303 to /me", p.status, p.header.Get("Location"))
	}
	if after := sessionCookie(t, ada); after == before {
		t.Error("the session token did not change with the role")
	}
	if !signedIn(ada.get("/")) {
		t.Error("stepping down signed Ada out")
	}
	if got := ada.get("/admin/users").status; got != http.StatusForbidden {
		t.Errorf("GET /admin/users after stepping down: %d, want 403", got)
	}
}

func sessionCookie(t *testing.T, v *visitor) string {
	t.Helper()
	u, _ := url.Parse(v.site.URL)
	for _, c := range v.client.Jar.Cookies(u) {
		if c.Name == "practicum_session" {
			return c.Value
		}
	}
	t.Fatal("no session cookie")
	return ""
}

// TestRoleChangeAsksTheAdminsPassword: without the admin's own password,
// or with a wrong one, no role changes and the problem is said beside
// the row's form.
func TestRoleChangeAsksTheAdminsPassword(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ada": auth.Admin, "Lea": auth.Learner})
	for _, tc := range []struct {
		name, password, wantError string
		wantStatus                int
	}{
		{"no password", "", "Enter your password to confirm.", http.StatusUnprocessableEntity},
		{"wrong password", "not the admin's password", "That is not your current password.", http.StatusUnprocessableEntity},
		{"Lea's password is not Ada's", "lea's own words and more", "That is not your current password.", http.StatusUnprocessableEntity},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := as["Ada"].post(rolePath(users["Lea"]), url.Values{"role": {"admin"}, "password": {tc.password}})
			if p.status != tc.wantStatus {
				t.Fatalf("status %d, want %d", p.status, tc.wantStatus)
			}
			if got := summary(p); len(got) != 1 || got[0] != tc.wantError {
				t.Errorf("summary = %q, want %q", got, tc.wantError)
			}
			if u, _ := s.users.ByID(context.Background(), users["Lea"].ID); u.Role != auth.Learner {
				t.Errorf("Lea is %s, want still learner", u.Role)
			}
		})
	}
	if p := as["Ada"].get("/admin/users"); p.doc.Find(`label[for="role-password-`+strconv.FormatInt(users["Lea"].ID, 10)+`"]`).Text() != "Your password, to confirm" {
		t.Error("the role form has no labelled password field")
	}
}
