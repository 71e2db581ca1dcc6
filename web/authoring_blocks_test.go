package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/auth"
)

const (
	lesson1Author = "/author/courses/serving-incidents/lessons/read-the-request-timeline"
	lesson3Author = "/author/courses/serving-incidents/lessons/work-a-serving-incident"
)

// blockFormValues is what a browser would send from the page's block form:
// every named control, textareas as shown, only checked boxes and radios.
func blockFormValues(p page) url.Values {
	form := url.Values{}
	p.doc.Find(`form[data-testid="block-form"]`).Find("input, textarea, select").Each(func(_ int, c *goquery.Selection) {
		name := c.AttrOr("name", "")
		switch {
		case name == "" || c.Is("button"):
		case c.Is("textarea"):
			form.Add(name, c.Text())
		case c.Is("select"):
			form.Add(name, c.Find("option[selected]").AttrOr("value", ""))
		case c.Is(`[type="checkbox"], [type="radio"]`):
			if _, on := c.Attr("checked"); on {
				form.Add(name, c.AttrOr("value", "on"))
			}
		default:
			form.Add(name, c.AttrOr("value", ""))
		}
	})
	return form
}

// draftSource is the newest revision of a lesson, and its number.
func draftSource(t *testing.T, s *site, lesson string) (string, int) {
	t.Helper()
	d, err := s.catalog.Draft(t.Context(), "serving-incidents", lesson)
	if err != nil {
		t.Fatal(err)
	}
	return string(d.Source), d.Head.Number
}

// newProbeForm is a probe as an author fills the blank form, concepts and
// cues included, with one calibration example the scorer agrees with.
func newProbeForm(base int) url.Values {
	return url.Values{
		"base": {strconv.Itoa(base)}, "kind": {"probe"}, "key": {"cold-cache-restart"},
		"question":                        {"After a deploy, every replica restarted and first-token latency doubled for ten minutes. What do you check?"},
		"evidence_class":                  {"recommended"},
		"strong_answer":                   {"Check whether the prefix cache is cold after the restart.\r\n\r\nCompare the hit rate before and after."},
		"follow_up":                       {"What if the hit rate recovered but latency did not?"},
		"weak_indicators":                 {"Blames the new model version.\r\n\r\nRestarts the replicas again.\r\n"},
		"concepts":                        {"cold-cache:\r\n  cache + cold|empty|miss*\r\n"},
		"rubric-result-description":       {"Names the cold cache."},
		"rubric-result-requires":          {"cold-cache"},
		"rubric-reasoning-description":    {"Why a cold cache slows the first token."},
		"rubric-failure_case-description": {"The version is not the cause."},
		"rubric-verification-description": {"Hit rate recovers with latency."},
		"examples":                        {"1"},
		"example-1-answer":                {"I don't know."},
		"example-1-note":                  {"Earns nothing."},
	}
}

func TestBlockFormsCreateAndEdit(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Instructor})
	ivy := as["Ivy"]

	t.Run("a new probe is added to the draft", func(t *testing.T) {
		form := ivy.get(lesson3Author + "/blocks/new?kind=probe")
		if form.status != http.StatusOK {
			t.Fatalf("GET new probe form: status %d", form.status)
		}
		checkLabels(t, form)
		_, base := draftSource(t, s, "work-a-serving-incident")
		if got := blockFormValues(form).Get("base"); got != strconv.Itoa(base) {
			t.Errorf("base = %s, want the head %d", got, base)
		}
		p := ivy.post(lesson3Author+"/blocks/new?kind=probe", newProbeForm(base))
		if p.status != http.StatusSeeOther || p.header.Get("Location") != lesson3Author+"?saved="+strconv.Itoa(base+1) {
			t.Fatalf("status %d, Location %q; want 303 to the editor\n%s", p.status, p.header.Get("Location"), summary(p))
		}
		src, head := draftSource(t, s, "work-a-serving-incident")
		if head != base+1 {
			t.Errorf("head = %d, want %d", head, base+1)
		}
		l, err := lessons.Parse("lesson.md", []byte(src))
		if err != nil {
			t.Fatalf("the saved draft does not parse: %v", err)
		}
		b, ok := l.Item("cold-cache-restart")
		if !ok || b.Probe == nil {
			t.Fatal("the draft has no probe cold-cache-restart")
		}
		if b.Probe.EvidenceClass != "recommended" || len(b.Probe.WeakIndicators) != 2 {
			t.Errorf("probe = %+v, want recommended with 2 weak indicators", b.Probe)
		}
		if strings.Contains(src, "\r") {
			t.Error("the saved file has carriage returns")
		}
		if i, j := strings.Index(src, "key: cold-cache-restart"), strings.Index(src, "```yaml sources"); i > j {
			t.Error("the new probe is not before the sources block")
		}
	})

	t.Run("calibration examples are added, checked and removed", func(t *testing.T) {
		const path = lesson3Author + "/blocks/cold-cache-restart"
		_, base := draftSource(t, s, "work-a-serving-incident")
		values := blockFormValues(ivy.get(path))
		// Asking for another blank example saves nothing.
		more := ivy.post(path, withValues(values, "action", "add-example"))
		if n := more.doc.Find(`[data-testid="example"]`).Length(); more.status != http.StatusOK || n != 3 {
			t.Errorf("after Add another example: status %d, %d examples; want 200 and 3", more.status, n)
		}
		// The scorer finds the cold cache, which this example says it lacks.
		values.Set("example-2-answer", "The prefix cache went cold when every replica restarted.")
		if p := ivy.post(path, values); p.status != http.StatusSeeOther {
			t.Fatalf("status %d\n%s", p.status, summary(p))
		}
		form := ivy.get(path)
		got := strings.Join(strings.Fields(form.doc.Find(`#example-2 [data-testid="disagreement"]`).Text()), " ")
		if !strings.Contains(got, "Result: the example expects 0 points, the scorer gives 1 point.") {
			t.Errorf("beside example 2: %q", got)
		}
		if form.doc.Find(`#example-1 [data-testid="disagreement"]`).Length() != 0 {
			t.Error("example 1, which agrees, is shown as a disagreement")
		}
		values = blockFormValues(form)
		values.Set("example-2-answer", "")
		if p := ivy.post(path, values); p.status != http.StatusSeeOther {
			t.Fatalf("status %d\n%s", p.status, summary(p))
		}
		src, head := draftSource(t, s, "work-a-serving-incident")
		if d := decodeBlock(t, src, "cold-cache-restart"); len(d.Examples) != 1 || head != base+2 {
			t.Errorf("revision %d has %d examples, want revision %d with 1", head, len(d.Examples), base+2)
		}
	})

	t.Run("the longest shipped exercise fits the form", func(t *testing.T) {
		const path = lesson3Author + "/blocks/release-and-traffic"
		p := ivy.post(path, blockFormValues(ivy.get(path)))
		if p.status != http.StatusOK || p.doc.Find(`[data-testid="notice"]`).Length() != 1 {
			t.Errorf("saving it unchanged: status %d, want 200 and No changes to save", p.status)
		}
	})

	t.Run("editing a shipped probe's question changes only that block", func(t *testing.T) {
		const path = lesson1Author + "/blocks/mid-stream-stalls"
		before, base := draftSource(t, s, "read-the-request-timeline")
		form := ivy.get(path)
		if form.status != http.StatusOK {
			t.Fatalf("GET: status %d", form.status)
		}
		checkLabels(t, form)
		values := blockFormValues(form)
		if p := ivy.post(path, values); p.status != http.StatusOK || !strings.Contains(p.doc.Find(`[data-testid="notice"]`).Text(), "No changes to save") {
			t.Fatalf("saving the form unchanged: status %d, notice %q", p.status, p.doc.Find(`[data-testid="notice"]`).Text())
		}
		if _, head := draftSource(t, s, "read-the-request-timeline"); head != base {
			t.Fatalf("saving no changes made revision %d", head)
		}
		values.Set("question", "Streamed answers freeze mid-sentence now and then. Gap p50 is flat; gap p99 is 2.5 s. What first?")
		if p := ivy.post(path, values); p.status != http.StatusSeeOther {
			t.Fatalf("POST: status %d\n%s", p.status, summary(p))
		}
		after, head := draftSource(t, s, "read-the-request-timeline")
		if head != base+1 {
			t.Fatalf("head = %d, want %d", head, base+1)
		}
		oldBlock := blockSpan(t, before, "mid-stream-stalls")
		newBlock := blockSpan(t, after, "mid-stream-stalls")
		if before[:oldBlock[0]] != after[:newBlock[0]] || before[oldBlock[1]:] != after[newBlock[1]:] {
			t.Error("the file changed outside the edited block")
		}
		oldDraft := decodeBlock(t, before, "mid-stream-stalls")
		newDraft := decodeBlock(t, after, "mid-stream-stalls")
		if !strings.HasPrefix(newDraft.Question, "Streamed answers freeze") {
			t.Errorf("question = %q", newDraft.Question)
		}
		newDraft.Question = oldDraft.Question
		if !equalDrafts(oldDraft, newDraft) {
			t.Error("fields other than the question changed")
		}
	})
}

// blockSpan is where the block keyed key sits in a lesson file.
func blockSpan(t *testing.T, src, key string) [2]int {
	t.Helper()
	parts, err := lessons.SplitSource([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	b, ok := lessons.FindSourceBlock(parts.Body, key)
	if !ok {
		t.Fatalf("no block %s", key)
	}
	off := len(src) - len(parts.Body)
	return [2]int{off + b.Start, off + b.End}
}

func decodeBlock(t *testing.T, src, key string) lessons.BlockDraft {
	t.Helper()
	parts, _ := lessons.SplitSource([]byte(src))
	b, _ := lessons.FindSourceBlock(parts.Body, key)
	d, err := lessons.DecodeBlockDraft(b.Kind, b.YAML)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// withValues is form with the given name, value pairs set.
func withValues(form url.Values, kv ...string) url.Values {
	out := url.Values{}
	for k, v := range form {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out.Set(kv[i], kv[i+1])
	}
	return out
}

func equalDrafts(a, b lessons.BlockDraft) bool {
	ta, _ := a.YAML()
	tb, _ := b.YAML()
	return ta == tb
}

func TestBlockFormRefusesBadFields(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Instructor})
	ivy := as["Ivy"]
	_, base := draftSource(t, s, "work-a-serving-incident")
	checkpoint := url.Values{
		"base": {strconv.Itoa(base)}, "kind": {"checkpoint"}, "key": {"new-checkpoint"},
		"question":             {"Which one?"},
		"option-1-text":        {"This"},
		"option-1-explanation": {"Because."},
		"option-2-text":        {"That"},
		"option-2-explanation": {"Because not."},
	}
	for _, tc := range []struct {
		name, kind string
		form       url.Values
		// field is the control or group the message is beside.
		field, want string
		// kept is a field whose text must come back as sent.
		kept string
	}{
		{name: "probe without an evidence class", kind: "probe", form: withValues(newProbeForm(base), "evidence_class", ""),
			field: "evidence_class", want: `field "evidence_class" is empty`, kept: "strong_answer"},
		{name: "probe with a malformed concepts line", kind: "probe", form: withValues(newProbeForm(base), "concepts", "cache + cold\ncold-cache:\n  cache + cold\n"),
			field: "concepts", want: "line 1: a pattern must follow a concept's name", kept: "question"},
		{name: "probe whose cue names no concept", kind: "probe", form: withValues(newProbeForm(base), "rubric-verification-requires", "hit-rate"),
			field: "rubric-verification", want: `verification names the concept "hit-rate" in "requires", which is not defined under concepts`, kept: "follow_up"},
		{name: "probe with an empty question", kind: "probe", form: withValues(newProbeForm(base), "question", " "),
			field: "question", want: `field "question" is empty`, kept: "weak_indicators"},
		{name: "checkpoint with no correct option", kind: "checkpoint", form: checkpoint,
			field: "correct", want: "has no correct option", kept: "option-2-explanation"},
		{name: "checkpoint with one option", kind: "checkpoint", form: withValues(checkpoint, "correct", "1", "option-2-text", "", "option-2-explanation", ""),
			field: "options", want: "at least 2", kept: "option-1-explanation"},
		{name: "checkpoint reusing a key", kind: "checkpoint", form: withValues(checkpoint, "correct", "2", "key", "first-token-p95"),
			field: "key", want: `duplicate key "first-token-p95"`, kept: "question"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := ivy.post(lesson3Author+"/blocks/new?kind="+tc.kind, tc.form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422\n%s", p.status, summary(p))
			}
			msg := strings.Join(strings.Fields(p.doc.Find("#"+tc.field+"-error").Text()), " ")
			if !strings.Contains(msg, tc.want) {
				t.Errorf("beside %s: %q, want it to say %q (summary %q)", tc.field, msg, tc.want, summary(p))
			}
			if got := blockFormValues(p).Get(tc.kept); got != string(lessons.NormalizeNewlines([]byte(tc.form.Get(tc.kept)))) {
				t.Errorf("%s came back as %q, want %q", tc.kept, got, tc.form.Get(tc.kept))
			}
			if _, head := draftSource(t, s, "work-a-serving-incident"); head != base {
				t.Errorf("a refused save made revision %d", head)
			}
		})
	}
}

func TestBlockFormStaleSave(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Instructor, "Oren": auth.Instructor})
	ivy := as["Ivy"]
	const path = lesson3Author + "/blocks/first-token-p95"
	values := blockFormValues(ivy.get(path))
	values.Set("question", "First-token p95 is eight seconds and climbing. What do you do first?")

	// Oren saves a change to the prose while Ivy's form is open.
	src, base := draftSource(t, s, "work-a-serving-incident")
	orens := strings.Replace(src, "## ", "## Oren's ", 1)
	if _, err := s.catalog.SaveDraft(t.Context(), users["Oren"].ID, "serving-incidents", "work-a-serving-incident", base, []byte(orens)); err != nil {
		t.Fatal(err)
	}

	p := ivy.post(path, values)
	if p.status != http.StatusConflict {
		t.Fatalf("status %d, want 409\n%s", p.status, summary(p))
	}
	conflict := strings.Join(strings.Fields(p.doc.Find(`[data-testid="conflict"]`).Text()), " ")
	if want := "Revision " + strconv.Itoa(base+1) + " was saved by Oren"; !strings.Contains(conflict, want) {
		t.Errorf("conflict = %q, want it to say %q", conflict, want)
	}
	diff := p.doc.Find(`[data-testid="diff"] tbody tr`)
	if !strings.Contains(diff.Text(), "eight seconds and climbing") || strings.Contains(diff.Text(), "Oren's") {
		t.Errorf("the diff should show Ivy's question against Oren's revision only:\n%s", diff.Text())
	}
	kept := blockFormValues(p)
	if kept.Get("question") != values.Get("question") || kept.Get("base") != strconv.Itoa(base+1) {
		t.Errorf("form came back with question %q and base %s", kept.Get("question"), kept.Get("base"))
	}
	if now, head := draftSource(t, s, "work-a-serving-incident"); head != base+1 || now != orens {
		t.Fatalf("a refused save wrote revision %d", head)
	}

	// Saving over Oren's revision keeps his change and adds hers.
	if p := ivy.post(path, kept); p.status != http.StatusSeeOther {
		t.Fatalf("saving over: status %d\n%s", p.status, summary(p))
	}
	now, head := draftSource(t, s, "work-a-serving-incident")
	if head != base+2 || !strings.Contains(now, "## Oren's ") || !strings.Contains(now, "eight seconds and climbing") {
		t.Errorf("revision %d does not hold both changes", head)
	}

	// Oren gives the probe a new key while Ivy edits it again.
	kept.Set("question", "Ivy's third question")
	renamed := strings.Replace(now, "key: first-token-p95\n", "key: first-token-p95-v2\n", 1)
	if _, err := s.catalog.SaveDraft(t.Context(), users["Oren"].ID, "serving-incidents", "work-a-serving-incident", head, []byte(renamed)); err != nil {
		t.Fatal(err)
	}
	p = ivy.post(path, kept)
	if p.status != http.StatusConflict || !strings.Contains(p.doc.Find(`[data-testid="conflict"]`).Text(), "no longer has this block") {
		t.Errorf("status %d, conflict %q; want 409 saying the block is gone", p.status, p.doc.Find(`[data-testid="conflict"]`).Text())
	}
	if got := blockFormValues(p).Get("question"); got != "Ivy's third question" {
		t.Errorf("question came back as %q", got)
	}
	if _, now := draftSource(t, s, "work-a-serving-incident"); now != head+1 {
		t.Errorf("a refused save wrote revision %d", now)
	}
}

func TestBlockFormsAreForInstructors(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Lea": auth.Learner})
	src, base := draftSource(t, s, "work-a-serving-incident")
	for _, r := range []struct {
		method, path string
	}{
		{"GET", lesson3Author + "/blocks/new?kind=probe"},
		{"POST", lesson3Author + "/blocks/new?kind=probe"},
		{"GET", lesson3Author + "/blocks/first-token-p95"},
		{"POST", lesson3Author + "/blocks/first-token-p95"},
	} {
		var p page
		if r.method == "GET" {
			p = as["Lea"].get(r.path)
		} else {
			p = as["Lea"].post(r.path, newProbeForm(base))
		}
		if p.status != http.StatusForbidden {
			t.Errorf("%s %s as a learner: status %d, want 403", r.method, r.path, p.status)
		}
	}
	if now, head := draftSource(t, s, "work-a-serving-incident"); head != base || now != src {
		t.Error("a learner's post changed the lesson")
	}
}
