package main

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web/auth"
)

const (
	multiCourse      = "/courses/serving-incidents"
	multiLesson      = multiCourse + "/work-a-serving-incident"
	multiEditor      = "/author/courses/serving-incidents/lessons/work-a-serving-incident"
	multiLessonFile  = "03-work-a-serving-incident.md"
	multiEmail       = "ines@example.com"
	multiAnonPerMin  = 6
	multiWithinLimit = time.Second
)

// TestTwoServersShareOneDatabase runs two real `practicum serve` processes
// on one database, started at once as a deployment starts them, and shows
// over HTTP that nothing a visitor relies on is kept in one process: a
// session signed in on one is valid on the other (and signing out on one
// ends it on both; so, within a second, does signing out everywhere on
// one, or a role changed from the command line, though each server
// serves the session from its memory), a lesson published through one and a lesson imported
// from the command line are on the other's public pages — served from its
// memory before — within a second, so are a learner's answer and a
// reviewer's decision on the learner's own page (multiserver_learner_test.go),
// and rate limits count the requests both servers answered.
func TestTwoServersShareOneDatabase(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs two server processes")
	}
	began := time.Now()
	dsn := pgtest.NewDSN(t)
	pool := openPool(t, dsn)
	if _, err := auth.NewStore(pool).Create(context.Background(), multiEmail, "Ines Instructor", faultPassword, auth.Instructor); err != nil {
		t.Fatal(err)
	}
	flags := []string{"-anonymous-answers-per-minute", strconv.Itoa(multiAnonPerMin)}
	a, b := launchServer(t, dsn, flags...), launchServer(t, dsn, flags...)
	a.waitServing()
	b.waitServing()
	// Pages are served from memory once each server hears of changes.
	a.waitLog("listening for content changes", 10*time.Second)
	b.waitLog("listening for content changes", 10*time.Second)
	t.Logf("both servers up after %v", time.Since(began).Round(time.Millisecond))

	t.Run("a session signed in on one is valid on the other", func(t *testing.T) {
		if r := newBrowser(t).get(b.URL + "/author"); r.status != http.StatusSeeOther {
			t.Fatalf("GET /author on B without a session: status %d, want 303 to sign in", r.status)
		}
		ines := newBrowser(t)
		ines.signIn(a.URL, faultPassword, http.StatusSeeOther)
		// The browser sends A's cookie to B: both are 127.0.0.1, as two
		// servers behind one address are.
		for _, s := range []*serverProc{a, b} {
			r := ines.get(s.URL + "/author")
			if r.status != http.StatusOK || !strings.Contains(r.body, "Ines Instructor") {
				t.Fatalf("GET /author on %s with the session from A: status %d, signed in as Ines: %v", s.URL, r.status, strings.Contains(r.body, "Ines Instructor"))
			}
		}
		// Signing out on B ends the session on A too: the old cookie,
		// replayed, no longer signs anyone in.
		// A hears of it when the listener delivers the change (a CI run
		// under -race once replayed the cookie before it had).
		stolen := ines.client.Jar.Cookies(mustParse(t, a.URL))
		if r := ines.post(b.URL+"/signout", url.Values{}); r.status != http.StatusSeeOther {
			t.Fatalf("signing out on B: status %d", r.status)
		}
		signedOut := time.Now()
		replay := newBrowser(t)
		replay.client.Jar.SetCookies(mustParse(t, a.URL), stolen)
		withinLimit(t, "GET /author on A with the session signed out on B: 303 to sign in", signedOut,
			func() reply { return replay.get(a.URL + "/author") }, func(r reply) bool { return r.status == http.StatusSeeOther })
	})

	t.Run("a session kept by the other is ended or changed there within a second", func(t *testing.T) {
		sessionChangesHeard(t, pool, dsn, a, b)
	})

	t.Run("a lesson published through one is on the other within a second", func(t *testing.T) {
		visitor := newBrowser(t)
		for range 2 { // render, then serve from memory
			for _, path := range []string{multiLesson, multiCourse} {
				if r := visitor.get(b.URL + path); r.status != http.StatusOK {
					t.Fatalf("GET %s on B: status %d", path, r.status)
				}
			}
		}
		ines := newBrowser(t)
		ines.signIn(a.URL, faultPassword, http.StatusSeeOther)
		publishRetitled(t, ines, a.URL, "Republished ")
		published := time.Now()
		waitShown(t, visitor, published, "Republished", b)
	})

	t.Run("an import from the command line is on both within a second", func(t *testing.T) {
		visitor := newBrowser(t)
		for range 2 {
			for _, s := range []*serverProc{a, b} {
				for _, path := range []string{multiLesson, multiCourse} {
					visitor.get(s.URL + path)
				}
			}
		}
		dir := copyCourse(t)
		file := filepath.Join(dir, "serving-incidents", multiLessonFile)
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		edited := strings.Replace(string(src), "\ntitle: ", "\ntitle: Imported ", 1)
		if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "import", "--database-url", dsn, dir)
		cmd.Env = append(os.Environ(), practicumMainEnv+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "1 new revision(s)") {
			t.Fatalf("practicum import: %v\n%s", err, out)
		}
		imported := time.Now()
		waitShown(t, visitor, imported, "Imported", a, b)
	})

	t.Run("a learner's answer and a reviewer's decision through one are on the other within a second", func(t *testing.T) {
		learnerSeenOnOther(t, pool, a, b)
	})

	t.Run("sign-in failures are counted across both", func(t *testing.T) {
		// Five wrong passwords, alternating servers; the sixth attempt
		// waits, right password or not, as on one server.
		v := newBrowser(t)
		servers := []*serverProc{a, b}
		for i := range 5 {
			v.signIn(servers[i%2].URL, "wrong guess "+strconv.Itoa(i), http.StatusUnprocessableEntity)
		}
		v.signIn(servers[1].URL, faultPassword, http.StatusTooManyRequests)
	})

	t.Run("anonymous answers from one address are counted across both", func(t *testing.T) {
		// The limit is a sliding estimate over minute windows: start well
		// inside one, so every post counts whole in the same window.
		if left := time.Until(time.Now().Truncate(time.Minute).Add(time.Minute)); left < 5*time.Second {
			time.Sleep(left + 100*time.Millisecond)
		}
		window := time.Now().Truncate(time.Minute)
		v := newBrowser(t)
		action, form := checkpointForm(t, v.get(b.URL+multiLesson))
		servers := []*serverProc{a, b}
		for i := range multiAnonPerMin {
			if r := v.post(servers[i%2].URL+action, form); r.status != http.StatusSeeOther {
				t.Fatalf("anonymous answer %d on %s: status %d, want 303", i+1, servers[i%2].URL, r.status)
			}
		}
		for _, s := range servers {
			if r := v.post(s.URL+action, form); r.status != http.StatusTooManyRequests {
				t.Errorf("anonymous answer %d, on %s: status %d, want 429", multiAnonPerMin+1, s.URL, r.status)
			}
		}
		if time.Now().Truncate(time.Minute) != window {
			t.Fatal("the posts straddled a minute boundary")
		}
	})
	t.Logf("took %v", time.Since(began).Round(time.Millisecond))
}

// waitShown polls the lesson and the course page on each server, as a
// visitor without a session, until they show want, failing once a second
// has passed since the change at changed.
func waitShown(t *testing.T, v *browser, changed time.Time, want string, servers ...*serverProc) {
	t.Helper()
	for _, s := range servers {
		for _, c := range []struct{ path, sel string }{{multiLesson, "h1"}, {multiCourse, "main"}} {
			for {
				r := v.get(s.URL + c.path)
				if r.status == http.StatusOK && strings.Contains(r.doc(t).Find(c.sel).Text(), want) {
					break
				}
				if time.Since(changed) > multiWithinLimit {
					t.Fatalf("%s%s still does not show %q a second after the change (status %d)", s.URL, c.path, want, r.status)
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
		t.Logf("%q seen on %s after %v", want, s.URL, time.Since(changed).Round(time.Millisecond))
	}
}

// browser is one visitor's browser: its own cookies and connections, and
// redirects returned rather than followed.
type browser struct {
	t      *testing.T
	client *http.Client
}

// withinLimit polls get until ok says it holds, failing once
// multiWithinLimit has passed since the change at changed: another
// server forgets a kept session when the listener delivers the change,
// which is milliseconds, not at once.
func withinLimit(t *testing.T, what string, changed time.Time, get func() reply, ok func(reply) bool) {
	t.Helper()
	for {
		r := get()
		if ok(r) {
			t.Logf("%s after %v", what, time.Since(changed).Round(time.Millisecond))
			return
		}
		if time.Since(changed) > multiWithinLimit {
			t.Fatalf("%s: not within %v of the change (status %d)", what, multiWithinLimit, r.status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type reply struct {
	status int
	header http.Header
	body   string
}

func (r reply) doc(t *testing.T) *goquery.Document {
	t.Helper()
	d, err := goquery.NewDocumentFromReader(strings.NewReader(r.body))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func newBrowser(t *testing.T) *browser {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{
		Jar: jar, Timeout: 30 * time.Second,
		Transport:     &http.Transport{Proxy: nil},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	t.Cleanup(c.CloseIdleConnections)
	return &browser{t: t, client: c}
}

func (b *browser) do(req *http.Request) reply {
	b.t.Helper()
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	return reply{status: resp.StatusCode, header: resp.Header, body: string(body)}
}

func (b *browser) get(u string) reply {
	b.t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		b.t.Fatal(err)
	}
	return b.do(req)
}

// post sends form as a page of the site does.
func (b *browser) post(u string, form url.Values) reply {
	b.t.Helper()
	req, err := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return b.do(req)
}

func (b *browser) signIn(base, password string, want int) {
	b.t.Helper()
	if r := b.post(base+"/signin", url.Values{"email": {multiEmail}, "password": {password}}); r.status != want {
		b.t.Fatalf("signing in on %s: status %d, want %d", base, r.status, want)
	}
}

// publishRetitled has an instructor signed in on a server put prefix
// before the lesson's title in the editor, save, and publish that draft.
func publishRetitled(t *testing.T, ines *browser, base, prefix string) {
	t.Helper()
	form := editorForm(t, ines.get(base+multiEditor))
	form.Set("title", prefix+form.Get("title"))
	r := ines.post(base+multiEditor, form)
	saved, found := strings.CutPrefix(r.header.Get("Location"), multiEditor+"?saved=")
	if r.status != http.StatusSeeOther || !found {
		t.Fatalf("saving the edit on %s: status %d, Location %q", base, r.status, r.header.Get("Location"))
	}
	if r = ines.post(base+multiEditor+"/publish", url.Values{"number": {saved}}); r.status != http.StatusSeeOther {
		t.Fatalf("publishing revision %s on %s: status %d", saved, base, r.status)
	}
}

// editorForm is what the lesson editor's form would send unchanged.
func editorForm(t *testing.T, r reply) url.Values {
	t.Helper()
	form := r.doc(t).Find(`main form[hx-post$="/preview"]`)
	if r.status != http.StatusOK || form.Length() != 1 {
		t.Fatalf("no lesson editor form (status %d)", r.status)
	}
	v := url.Values{}
	for _, name := range []string{"base", "title", "goal", "minutes"} {
		v.Set(name, form.Find(`[name="`+name+`"]`).AttrOr("value", ""))
	}
	v.Set("body", form.Find(`textarea[name="body"]`).Text())
	return v
}

// checkpointForm is the first checkpoint's form on a lesson page, as sent
// with its first option chosen.
func checkpointForm(t *testing.T, r reply) (action string, form url.Values) {
	t.Helper()
	f := r.doc(t).Find(`form[action*="/checkpoints/"]`).First()
	action = f.AttrOr("action", "")
	rev := f.Find(`input[name="revision"]`).AttrOr("value", "")
	if r.status != http.StatusOK || action == "" || rev == "" {
		t.Fatalf("no checkpoint form on the lesson page (status %d)", r.status)
	}
	return action, url.Values{"revision": {rev}, "option": {"0"}}
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// sessionChangesHeard: each server keeps the sessions it reads, and still
// a session ended on A ("Sign out everywhere") is refused by B within a
// second, and a role changed from the command line applies on both within
// a second, demoted and promoted again.
func sessionChangesHeard(t *testing.T, pool *pgxpool.Pool, dsn string, a, b *serverProc) {
	ctx := context.Background()
	ines := newBrowser(t)
	ines.signIn(a.URL, faultPassword, http.StatusSeeOther)
	author := func(s *serverProc, who *browser) reply { return who.get(s.URL + "/author") }
	for range 3 { // B learns whose session it is, keeps it, serves it
		if r := author(b, ines); r.status != http.StatusOK {
			t.Fatalf("GET /author on B: status %d", r.status)
		}
	}
	// A name changed with the triggers silenced (replica mode) is not
	// announced: B still shows the name it kept with the session.
	unheard := func(name string) {
		t.Helper()
		tx, err := pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback(ctx)
		if _, err := tx.Exec(ctx, "SET LOCAL session_replication_role = replica"); err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, "UPDATE users SET display_name = $1 WHERE email = $2", name, multiEmail); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	}
	unheard("Ines Unheard")
	if r := author(b, ines); r.status != http.StatusOK || !strings.Contains(r.body, "Ines Instructor") {
		t.Fatalf("GET /author on B after an unannounced change: status %d, the kept name shown %v; want the session served from B's memory",
			r.status, strings.Contains(r.body, "Ines Instructor"))
	}
	unheard("Ines Instructor")

	within := func(what string, changed time.Time, get func() reply, ok func(reply) bool) {
		t.Helper()
		withinLimit(t, what, changed, get, ok)
	}
	status := func(want int) func(reply) bool { return func(r reply) bool { return r.status == want } }

	t.Run("signing out everywhere on A ends the session on B", func(t *testing.T) {
		// The same session on B, as a second device holding its cookie.
		other := newBrowser(t)
		other.client.Jar.SetCookies(mustParse(t, b.URL), ines.client.Jar.Cookies(mustParse(t, a.URL)))
		for range 2 {
			if r := author(b, other); r.status != http.StatusOK {
				t.Fatalf("GET /author on B: status %d", r.status)
			}
		}
		if r := ines.post(a.URL+"/account/signout-everywhere", url.Values{}); r.status != http.StatusSeeOther {
			t.Fatalf("signing out everywhere on A: status %d", r.status)
		}
		ended := time.Now()
		within("the session ended on B", ended, func() reply { return author(b, other) }, status(http.StatusSeeOther))
	})

	t.Run("a role changed from the command line applies on both", func(t *testing.T) {
		ines := newBrowser(t)
		ines.signIn(a.URL, faultPassword, http.StatusSeeOther)
		for range 3 {
			for _, s := range []*serverProc{a, b} {
				if r := author(s, ines); r.status != http.StatusOK {
					t.Fatalf("GET /author on %s: status %d", s.URL, r.status)
				}
			}
		}
		for _, c := range []struct {
			role string
			want int
		}{{"learner", http.StatusForbidden}, {"instructor", http.StatusOK}} {
			cmd := exec.Command(os.Args[0], "user", "role", "--email", multiEmail, "--role", c.role, "--database-url", dsn)
			cmd.Env = append(os.Environ(), practicumMainEnv+"=1")
			if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "is now "+c.role) {
				t.Fatalf("practicum user role --role %s: %v\n%s", c.role, err, out)
			}
			changed := time.Now()
			for _, s := range []*serverProc{a, b} {
				within("GET /author on "+s.URL+" as "+c.role, changed, func() reply { return author(s, ines) }, status(c.want))
			}
		}
	})
}
