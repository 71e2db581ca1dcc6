package web_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/compress"
	"github.com/practicum-dev/practicum/web/pagecache"
)

// sentPage is a page as sent, decoded from its Content-Encoding.
func sentPage(t *testing.T, v *visitor, base, path, acceptEncoding string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Set by hand, so the client hands over the body as sent.
	req.Header.Set("Accept-Encoding", acceptEncoding)
	resp, err := v.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	enc, ok := compress.ParseToken(resp.Header.Get("Content-Encoding"))
	if !ok {
		t.Fatalf("GET %s: Content-Encoding %q", path, resp.Header.Get("Content-Encoding"))
	}
	if body, err = compress.Decode(enc, body); err != nil {
		t.Fatalf("GET %s: decoding %s: %v", path, enc.Token(), err)
	}
	return resp.StatusCode, body
}

// sameAsWhole fails t unless v's lesson 3 page from site s (framed) is
// byte for byte the page whole renders for them, in each coding, and
// shows what mark says it should. There is no nonce or token per request
// in a page to set aside.
func sameAsWhole(t *testing.T, s *site, whole *httptest.Server, who string, v *visitor, mark string) {
	t.Helper()
	for _, ae := range []string{"gzip, deflate, br", ""} {
		wantStatus, want := sentPage(t, v, whole.URL, lesson3, ae)
		gotStatus, got := sentPage(t, v, s.URL, lesson3, ae)
		if gotStatus != http.StatusOK || wantStatus != http.StatusOK {
			t.Fatalf("%s: status %d framed, %d whole", who, gotStatus, wantStatus)
		}
		if !bytes.Contains(want, []byte(mark)) {
			t.Errorf("%s: the page does not show %q: the state is not the one meant", who, mark)
		}
		if !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Errorf("%s (Accept-Encoding %q): the framed page (%d bytes) differs from the whole one (%d) at byte %d:\nwhole  …%s\nframed …%s",
				who, ae, len(got), len(want), i, want[max(0, i-100):min(len(want), i+100)], got[max(0, i-100):min(len(got), i+100)])
		}
	}
}

// TestFramedPageIsTheWholePage: the lesson page filled into its frame is
// the page rendered whole, byte for byte, for learners in every state the
// page shows differently — no answers; a checkpoint answered right, and
// one answered wrong twice; an exercise with a provisional score; a score
// a reviewer overrode; a review asked for and not yet given; earlier
// versions of an answer; an instructor's and an admin's header; an
// anonymous visitor with an answer, and their sign-in and sign-up links
// back to the page; a learner with review news counted in the navigation;
// an answer re-scored after the rubric changed; a learner with a review
// card due, counted in the navigation — with one frame for them all.
func TestFramedPageIsTheWholePage(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	s := newSiteOn(t, pool)
	whole := httptest.NewServer(web.NewWhole(siteDeps(pool, s.catalog)))
	t.Cleanup(whole.Close)

	users, as := accounts(t, s, map[string]auth.Role{"Nia": auth.Learner, "Rob": auth.Learner, "Wes": auth.Learner,
		"Pat": auth.Learner, "Ora": auth.Learner, "Req": auth.Learner, "Eve": auth.Learner, "Nel": auth.Learner, "Res": auth.Learner, "Dee": auth.Learner, "Ivan": auth.Instructor, "Ada": auth.Admin})
	cps, rev := s.checkpoints(t)
	post := func(v *visitor, path string, form url.Values) {
		t.Helper()
		if p := v.post(path, form); p.status != http.StatusSeeOther {
			t.Fatalf("POST %s: status %d, want 303", path, p.status)
		}
	}
	written := func(answer string) url.Values {
		return url.Values{"revision": {rev}, "answer": {answer}, "confidence": {"getting-there"}}
	}

	post(as["Rob"], lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true))
	post(as["Wes"], lesson3+"/checkpoints/"+cps[1].Key, answer(cps[1], rev, false))
	post(as["Wes"], lesson3+"/checkpoints/"+cps[1].Key, answer(cps[1], rev, false))

	doubtful, _ := doubtfulAnswer(t, s)
	post(as["Pat"], lesson3+"/responses/"+lesson3Exercise, written(doubtful))

	const plain = "Compare long-prompt latency on both versions at the same arrival rate, then roll back."
	overridden := s.scoredAnswer(t, users["Ora"].ID, lesson3Exercise, plain, autoScore(plain, 0.5, []int{1, 1, 0, 0}, "Compare long-prompt latency"))
	_, _, basedOn := formChoices(t, as["Ivan"].get(reviewPath(overridden)))
	if p := as["Ivan"].post(reviewPath(overridden), reviewForm(basedOn, []int{0, 1, 1, 0}, map[grading.Criterion]string{
		grading.Result: "A blanket rollback is not <bounded>.", grading.FailureCase: "Names the confound & its trap.",
	})); p.status != http.StatusSeeOther {
		t.Fatalf("the override: status %d, want 303", p.status)
	}

	requested := s.scoredAnswer(t, users["Req"].ID, lesson3Probe, plain, autoScore(plain, 0.9, []int{1, 0, 0, 1}))
	post(as["Req"], lesson3+"/reviews/"+lesson3Probe, url.Values{"response": {strconv.FormatInt(requested, 10)}, "reason": {"Please look again."}})

	post(as["Eve"], lesson3+"/responses/explain-back", written("Queue wait, not decode."))
	post(as["Eve"], lesson3+"/responses/explain-back", written("Queue wait grows with <long> prompts & so does prefill."))

	// Review news in the navigation: one review finished, one asked for.
	reviewed := s.scoredAnswer(t, users["Nel"].ID, lesson3Exercise, plain, autoScore(plain, 0.5, []int{1, 1, 0, 0}, "Compare long-prompt latency"))
	_, _, basedOn = formChoices(t, as["Ivan"].get(reviewPath(reviewed)))
	if p := as["Ivan"].post(reviewPath(reviewed), reviewForm(basedOn, []int{1, 1, 1, 0}, map[grading.Criterion]string{
		grading.FailureCase: "Names the confound.",
	})); p.status != http.StatusSeeOther {
		t.Fatalf("the review for the news: status %d, want 303", p.status)
	}
	asked := s.scoredAnswer(t, users["Nel"].ID, lesson3Probe, plain, autoScore(plain, 0.9, []int{1, 0, 0, 1}))
	post(as["Nel"], lesson3+"/reviews/"+lesson3Probe, url.Values{"response": {strconv.FormatInt(asked, 10)}, "reason": {"Please look again."}})

	// An answer re-scored against a later rubric.
	rescored := s.scoredAnswer(t, users["Res"].ID, lesson3Exercise, plain, autoScore(plain, 0.9, []int{1, 0, 0, 0}))
	s.rescore(t, rescored, autoScore(plain, 0.9, []int{1, 1, 0, 0}))

	// Review cards due: a checkpoint missed, its card brought due now.
	post(as["Dee"], lesson3+"/checkpoints/"+cps[1].Key, answer(cps[1], rev, false))
	if _, err := pool.Exec(context.Background(), `UPDATE review_cards SET due = now() - interval '1 hour' WHERE user_id = $1`, users["Dee"].ID); err != nil {
		t.Fatal(err)
	}

	anon := s.visitor(t)
	post(anon, lesson3+"/checkpoints/"+cps[2].Key, answer(cps[2], rev, false))

	for _, c := range []struct {
		who  string
		v    *visitor
		mark string // something only this state shows
	}{
		{"no answers", as["Nia"], "Check answer"},
		{"a checkpoint answered right", as["Rob"], "result-right"},
		{"a checkpoint answered wrong twice", as["Wes"], "2 attempts."},
		{"an exercise with a provisional score", as["Pat"], `data-testid="provisional"`},
		{"a reviewer's override", as["Ora"], "Names the confound &amp; its trap."},
		{"a review asked for", as["Req"], `data-testid="review-requested"`},
		{"earlier versions of an answer", as["Eve"], "Earlier versions (1)"},
		{"an instructor", as["Ivan"], `href="/review/queue"`},
		{"an admin", as["Ada"], `href="/admin/users"`},
		{"an anonymous visitor with an answer", anon, "result-wrong"},
		{"a learner with review news", as["Nel"], `aria-label="Dashboard (2): 1 review in progress, 1 finished since your last visit"`},
		{"a re-scored answer", as["Res"], `data-testid="rescored"`},
		{"a learner with a review card due", as["Dee"], `aria-label="Review, 1 due"`},
		{"an anonymous visitor's sign-in link", anon, `href="/signin?next=` + url.QueryEscape(lesson3) + `"`},
		{"an anonymous visitor's sign-up link", anon, `href="/signup?next=` + url.QueryEscape(lesson3) + `"`},
	} {
		sameAsWhole(t, s, whole, c.who, c.v, c.mark)
	}
}

// rescore gives answer id an automatic score against another lesson
// revision than the one answered, as a re-scoring job does after a publish
// that changed the rubric (the store needs only a revision that exists).
func (s *site) rescore(t *testing.T, id int64, sc grading.Score) {
	t.Helper()
	ctx := context.Background()
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var other int64
		err := tx.QueryRow(ctx, `SELECT r.id FROM lesson_revisions r, responses a
			WHERE a.id = $1 AND r.id <> a.revision_id ORDER BY r.id LIMIT 1`, id).Scan(&other)
		if err != nil {
			return err
		}
		added, err := scores.NewStore(s.pool).RecordRescore(ctx, tx, id, other, sc)
		if err == nil && !added {
			err = fmt.Errorf("the re-score of answer %d was not added", id)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPublishedWhileOpen: a learner has lesson 3 open (its frame kept and
// its route trusted, so their views read only their own answers) when an
// instructor publishes a new revision. Within a second their next view is
// the new revision, their answer to the old one shown as such, the same
// page as rendered whole; and the answer they then send from the page
// they had open is kept against the revision it answered, as before
// frames.
func TestPublishedWhileOpen(t *testing.T) {
	t.Parallel()
	pages := pagecache.New(pagecache.DefaultBudget)
	s, counter := countedSite(t, withPages(pages))
	watch(t, s.pool, pages, "notify")
	whole := httptest.NewServer(web.NewWhole(siteDeps(s.pool, s.catalog)))
	t.Cleanup(whole.Close)
	_, as := accounts(t, s, map[string]auth.Role{"Lee": auth.Learner, "Ann": auth.Instructor})
	lee := as["Lee"]
	cps, rev := s.checkpoints(t)
	if p := lee.post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, true)); p.status != http.StatusSeeOther {
		t.Fatalf("answering: status %d", p.status)
	}
	if n := counter.cost(lee, lesson3); n > 2 {
		t.Errorf("the open page costs %d queries a view, want at most 2", n)
	}
	sameAsWhole(t, s, whole, "before the publish", lee, "result-right")

	ctx := context.Background()
	ann, err := s.users.ByEmail(ctx, "ann@example.com")
	if err != nil {
		t.Fatal(err)
	}
	d, err := s.catalog.Draft(ctx, "serving-incidents", lesson3Slug)
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(d.Source), "title: ", "title: Republished ", 1)
	saved, err := s.catalog.SaveDraft(ctx, ann.ID, "serving-incidents", lesson3Slug, d.Head.Number, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.catalog.Publish(ctx, ann.ID, "serving-incidents", lesson3Slug, saved.Revision.Number); err != nil {
		t.Fatal(err)
	}
	published := time.Now()
	for !strings.Contains(lee.get(lesson3).doc.Find("h1").Text(), "Republished") {
		if time.Since(published) > time.Second {
			t.Fatal("a second after the publish, the learner's page still shows the old revision")
		}
		time.Sleep(10 * time.Millisecond)
	}
	sameAsWhole(t, s, whole, "after the publish", lee, "You answered an earlier version of this checkpoint.")
	_, newRev := s.checkpoints(t)
	if newRev == rev {
		t.Fatal("the publish made no new revision")
	}

	// The form still open names the old revision.
	if p := lee.post(lesson3+"/checkpoints/"+cps[1].Key, answer(cps[1], rev, false)); p.status != http.StatusSeeOther {
		t.Fatalf("answering the revision shown before the publish: status %d, want 303", p.status)
	}
	var kept string
	if err := s.pool.QueryRow(ctx, `SELECT revision_id::text FROM checkpoint_attempts WHERE item_key = $1`, cps[1].Key).Scan(&kept); err != nil || kept != rev {
		t.Errorf("the answer was kept against revision %s (%v), want %s, the one it answered", kept, err, rev)
	}
	sameAsWhole(t, s, whole, "after answering the old revision", lee, fmt.Sprintf(`name="revision" value="%s"`, newRev))
	if n := counter.cost(lee, lesson3); n > 2 {
		t.Errorf("after the publish the page costs %d queries a view, want at most 2", n)
	}
}

// TestFramedPagesConcurrently: views arriving together, before the frame
// is made and after, each get the whole page (run with -race: frames,
// pieces and pooled assemblies are shared between requests).
func TestFramedPagesConcurrently(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	s := newSiteOn(t, pool)
	whole := httptest.NewServer(web.NewWhole(siteDeps(pool, s.catalog)))
	t.Cleanup(whole.Close)
	_, as := accounts(t, s, map[string]auth.Role{"Lee": auth.Learner, "Ida": auth.Instructor})
	cps, rev := s.checkpoints(t)
	if p := as["Lee"].post(lesson3+"/checkpoints/"+cps[0].Key, answer(cps[0], rev, false)); p.status != http.StatusSeeOther {
		t.Fatalf("answering: status %d", p.status)
	}
	want := map[string][]byte{}
	for name, v := range as {
		_, want[name] = sentPage(t, v, whole.URL, lesson3, "")
	}
	errs := make(chan error, 64)
	var wg sync.WaitGroup
	for i := range 16 {
		name := []string{"Lee", "Ida"}[i%2]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 4 {
				req, _ := http.NewRequest(http.MethodGet, s.URL+lesson3, nil)
				req.Header.Set("Accept-Encoding", "gzip")
				resp, err := as[name].client.Do(req)
				if err != nil {
					errs <- err
					return
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err == nil {
					body, err = compress.Decode(compress.Gzip, body)
				}
				if err != nil || !bytes.Equal(body, want[name]) {
					errs <- fmt.Errorf("%s: a page that is not the whole one (%d bytes, %v)", name, len(body), err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
