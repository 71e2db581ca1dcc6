package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestProbeFormKeepsInterviewFields: a probe's mock-interview fields — its
// time limit and its follow-ups by missed criterion — are written from the
// probe form, shown in it again, kept by an edit of another field, and
// checked on save like the file's.
func TestProbeFormKeepsInterviewFields(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Instructor})
	ivy := as["Ivy"]
	_, base := draftSource(t, s, "work-a-serving-incident")
	form := newProbeForm(base)
	form.Set("time_limit", "3m30s")
	form.Set("follow_up-failure_case", "Restarting every replica is tempting.\r\nWhat would it cost?")
	if p := ivy.post(lesson3Author+"/blocks/new?kind=probe", form); p.status != http.StatusSeeOther {
		t.Fatalf("saving the probe: status %d\n%s", p.status, summary(p))
	}
	const path = lesson3Author + "/blocks/cold-cache-restart"
	saved := blockFormValues(ivy.get(path))
	if saved.Get("time_limit") != "3m30s" || strings.TrimSpace(saved.Get("follow_up-failure_case")) != "Restarting every replica is tempting.\nWhat would it cost?" || saved.Get("follow_up-result") != "" {
		t.Errorf("the form shows time limit %q, follow-ups %q and %q; want what was saved",
			saved.Get("time_limit"), saved.Get("follow_up-failure_case"), saved.Get("follow_up-result"))
	}

	saved.Set("question", "After a deploy every replica restarted. What do you check first?")
	if p := ivy.post(path, saved); p.status != http.StatusSeeOther {
		t.Fatalf("editing the question: status %d\n%s", p.status, summary(p))
	}
	src, head := draftSource(t, s, "work-a-serving-incident")
	l, err := lessons.Parse("lesson.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := l.Item("cold-cache-restart")
	if b.Probe == nil || b.Probe.Limit() != 210*time.Second || !strings.Contains(string(b.Probe.FollowUps[grading.FailureCase]), "What would it cost?") {
		t.Fatalf("after editing the question, the probe is %+v; want its time limit and follow-up kept", b.Probe)
	}

	saved = blockFormValues(ivy.get(path))
	saved.Set("time_limit", "an hour")
	p := ivy.post(path, saved)
	if got := p.doc.Find(`#time_limit-error`).Text(); p.status != http.StatusUnprocessableEntity || !strings.Contains(got, `"time_limit" must be minutes and seconds`) {
		t.Errorf("a time limit of an hour: status %d, beside the field %q; want 422 with the problem there", p.status, got)
	}
	if _, now := draftSource(t, s, "work-a-serving-incident"); now != head {
		t.Errorf("the refused save made revision %d", now)
	}
}
