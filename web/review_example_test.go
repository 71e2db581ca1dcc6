package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestAddAsCalibrationExample: on the review screen a reviewed answer
// becomes a calibration example of its item in a new draft of the lesson,
// with the reviewer's scores; publishing that draft is then checked
// against it. Before a review the button is disabled with the reason; a
// lesson saved meanwhile is a conflict, and an answer already an example
// says so.
func TestAddAsCalibrationExample(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Rita": auth.Instructor, "Oren": auth.Instructor, "Lee": auth.Learner})
	rita := as["Rita"]
	const answer = "I would roll back the release straight away, because the new version is obviously what broke things."
	id := s.scoredAnswer(t, users["Lee"].ID, lesson3Exercise, answer, autoScore(answer, 0.9, []int{0, 0, 0, 0}))
	path := reviewPath(id)

	p := rita.get(path)
	checkLabels(t, p)
	checkUniqueIDs(t, p)
	button := p.doc.Find(`[data-testid="add-example"] button`)
	if _, disabled := button.Attr("disabled"); !disabled || strings.TrimSpace(button.Text()) != "Add as calibration example" ||
		!strings.Contains(p.doc.Find("#"+button.AttrOr("aria-describedby", "")).Text(), "Save a review first") {
		t.Errorf("before a review: button %q disabled %v", button.Text(), disabled)
	}

	// Rita gives the failure case, which the cues withhold, and saves.
	_, _, basedOn := formChoices(t, p)
	saved := rita.post(path, reviewForm(basedOn, []int{0, 0, 1, 0}, map[grading.Criterion]string{grading.FailureCase: "Names the release as the suspect to rule out"}))
	if saved.status != http.StatusSeeOther {
		t.Fatalf("saving the review: status %d\n%s", saved.status, summary(saved))
	}
	p = rita.get(saved.header.Get("Location"))
	form := p.doc.Find(`[data-testid="add-example"]`)
	if about := strings.Join(strings.Fields(form.Find("#add-example-about").Text()), " "); !strings.Contains(about, "Failure case 1 point") || !strings.Contains(about, "after revision 1") {
		t.Errorf("what the button does: %q", about)
	}
	values := url.Values{}
	form.Find("input").Each(func(_ int, in *goquery.Selection) { values.Set(in.AttrOr("name", ""), in.AttrOr("value", "")) })

	// Oren saves the lesson meanwhile: nothing is added.
	src, base := draftSource(t, s, lesson3Slug)
	orens := strings.Replace(src, "## ", "## Oren's ", 1)
	if _, err := s.catalog.SaveDraft(t.Context(), users["Oren"].ID, "serving-incidents", lesson3Slug, base, []byte(orens)); err != nil {
		t.Fatal(err)
	}
	p = rita.post(path+"/example", values)
	if p.status != http.StatusConflict {
		t.Fatalf("adding over Oren's revision: status %d, want 409", p.status)
	}
	if got := strings.Join(strings.Fields(p.doc.Find(`[data-testid="example-conflict"]`).Text()), " "); !strings.Contains(got, "Revision 2 was saved by Oren") {
		t.Errorf("conflict = %q", got)
	}
	if _, head := draftSource(t, s, lesson3Slug); head != 2 {
		t.Fatalf("a refused add wrote revision %d", head)
	}
	// The screen now offers to add it over revision 2.
	values.Set("base", p.doc.Find(`[data-testid="add-example"] input[name="base"]`).AttrOr("value", ""))
	p = rita.post(path+"/example", values)
	if p.status != http.StatusSeeOther || p.header.Get("Location") != path+"?example=3" {
		t.Fatalf("adding: status %d, Location %q", p.status, p.header.Get("Location"))
	}
	p = rita.get(p.header.Get("Location"))
	if got := p.doc.Find(`[data-testid="calibration-example"] [data-testid="notice"]`).Text(); !strings.Contains(got, "in draft revision 3 of the lesson") {
		t.Errorf("notice = %q", got)
	}
	state := strings.Join(strings.Fields(p.doc.Find(`[data-testid="example-state"]`).Text()), " ")
	n := 0
	if i := strings.Index(state, "This answer is example "); i >= 0 {
		n, _ = strconv.Atoi(strings.Fields(state[i+len("This answer is example "):])[0])
	}
	if n == 0 || !strings.Contains(state, "The scorer disagrees with it") {
		t.Fatalf("state = %q", state)
	}
	if got := p.doc.Find(`[data-testid="example-disagreements"] li`).Text(); !strings.Contains(got, "Failure case: the example expects 1 point, the scorer gives 0 points.") {
		t.Errorf("disagreements = %q", got)
	}
	if href := p.doc.Find(`[data-testid="calibration-example"] a[href*="/blocks/"]`).AttrOr("href", ""); href != lesson3Author+"/blocks/"+lesson3Exercise+"#example-"+strconv.Itoa(n) {
		t.Errorf("link to the example = %q", href)
	}
	now, _ := draftSource(t, s, lesson3Slug)
	if !strings.Contains(now, "## Oren's ") {
		t.Error("revision 3 lacks Oren's change")
	}

	// The next publish is checked against it, and the form shows it.
	pub := rita.post(lesson3Author+"/publish", url.Values{"number": {"3"}})
	if pub.status != http.StatusUnprocessableEntity {
		t.Fatalf("publishing: status %d, want 422", pub.status)
	}
	if got := pub.doc.Find(`[data-testid="calibration"] [data-testid="disagreement"]`).Text(); !strings.Contains(got, "example "+strconv.Itoa(n)) {
		t.Errorf("publish refused for %q", got)
	}
	if f := rita.get(lesson3Author + "/blocks/" + lesson3Exercise); f.doc.Find("#example-"+strconv.Itoa(n)+"-calibration-failure_case").Length() != 1 {
		t.Error("the exercise's form does not show the disagreement beside the new example")
	}
	// The example's answer and scores are the learner's and the reviewer's.
	d := decodeBlock(t, now, lesson3Exercise)
	ex := d.Examples[n-1]
	if strings.TrimSpace(ex.Answer) != answer || ex.Scores != [4]int{0, 0, 1, 0} ||
		ex.Note != "From Rita's review of answer "+strconv.FormatInt(id, 10)+". Failure case: Names the release as the suspect to rule out." {
		t.Errorf("example %d = %q %v %q", n, ex.Answer, ex.Scores, ex.Note)
	}
}
