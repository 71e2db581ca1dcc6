package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestConceptFieldTakesTheFileSyntax: concepts pasted as a lesson file
// writes them ("- pattern" lines, with their "concepts:" line) save as
// they would from a file.
func TestConceptFieldTakesTheFileSyntax(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Instructor})
	ivy := as["Ivy"]
	_, base := draftSource(t, s, "work-a-serving-incident")
	form := newProbeForm(base)
	form.Set("concepts", "concepts:\r\n  cold-cache:\r\n    - cache + cold|empty|miss*\r\n    - \"prefix cache + lost\"  # after a restart\r\n")
	p := ivy.post(lesson3Author+"/blocks/new?kind=probe", form)
	if p.status != http.StatusSeeOther {
		t.Fatalf("status %d\n%s", p.status, summary(p))
	}
	src, _ := draftSource(t, s, "work-a-serving-incident")
	d := decodeBlock(t, src, "cold-cache-restart")
	if len(d.Concepts) != 1 || strings.Join(d.Concepts[0].Patterns, " ; ") != "cache + cold|empty|miss* ; prefix cache + lost" {
		t.Errorf("saved concepts = %+v", d.Concepts)
	}
}

// TestConceptPhrasesInTheForm: each concept has a labelled phrase field;
// a phrase typed there is saved with the concept and reaches learners'
// feedback, and the fields follow the concepts named.
func TestConceptPhrasesInTheForm(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Instructor})
	ivy := as["Ivy"]
	_, base := draftSource(t, s, "work-a-serving-incident")
	if p := ivy.post(lesson3Author+"/blocks/new?kind=probe", newProbeForm(base)); p.status != http.StatusSeeOther {
		t.Fatalf("adding the probe: status %d\n%s", p.status, summary(p))
	}
	const path = lesson3Author + "/blocks/cold-cache-restart"
	p := ivy.get(path)
	checkLabels(t, p)
	field := p.doc.Find(`#phrase-cold-cache`)
	if label := strings.TrimSpace(p.doc.Find(`label[for="phrase-cold-cache"]`).Text()); field.Length() != 1 || label != "Phrase for cold-cache" {
		t.Fatalf("phrase field for cold-cache: %d, label %q", field.Length(), label)
	}
	if href := p.doc.Find(`#concepts-hint a[href="/author/format#concepts-and-patterns"]`); href.Length() != 1 {
		t.Error("the concepts hint does not link to the lesson format's patterns")
	}

	// A new concept gets its field when the author asks, without saving.
	values := blockFormValues(p)
	values.Set("concepts", values.Get("concepts")+"\ncausal-link:\n  - because|since\nrestart-again:\n  - restart + again\n")
	values.Set("rubric-reasoning-requires", "causal-link")
	values.Set("rubric-result-rejects", "restart-again")
	values.Set("phrase-cold-cache", "say that the prefix cache went cold")
	more := ivy.post(path, withValues(values, "action", "update-phrases"))
	if more.status != http.StatusOK || more.doc.Find("#phrase-causal-link").Length() != 1 {
		t.Fatalf("after Update phrase fields: status %d, causal-link field %d", more.status, more.doc.Find("#phrase-causal-link").Length())
	}
	if more.doc.Find("#phrase-restart-again").Length() != 0 {
		t.Error("a concept that only denies a point has a phrase field")
	}
	if _, open := more.doc.Find(`details[data-testid="phrases"]`).Attr("open"); !open {
		t.Error("the phrases are folded away with one written")
	}
	if got := more.doc.Find("#phrase-cold-cache").AttrOr("value", ""); got != "say that the prefix cache went cold" {
		t.Errorf("the typed phrase came back as %q", got)
	}
	if _, head := draftSource(t, s, "work-a-serving-incident"); head != base+1 {
		t.Errorf("updating the fields saved revision %d", head)
	}

	// Saving keeps the phrase with its concept.
	values = blockFormValues(more)
	if saved := ivy.post(path, values); saved.status != http.StatusSeeOther {
		t.Fatalf("saving: status %d\n%s", saved.status, summary(saved))
	}
	src, _ := draftSource(t, s, "work-a-serving-incident")
	d := decodeBlock(t, src, "cold-cache-restart")
	if len(d.Concepts) != 3 || d.Concepts[0].Phrase != "say that the prefix cache went cold" || d.Concepts[1].Phrase != "" {
		t.Errorf("saved concepts = %+v", d.Concepts)
	}
	l, err := lessons.Parse("l.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := l.Item("cold-cache-restart")
	sc, err := b.ItemScoring().Grade("I would look at the latency of the replicas first and then decide what to do next.", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := sc.Criteria[0].Rationale; !strings.Contains(got, "say that the prefix cache went cold") {
		t.Errorf("learner's feedback = %q, want the phrase", got)
	}

	// A phrase given both in Concepts and in its field, differently, is
	// for the author to settle.
	values = blockFormValues(ivy.get(path))
	values.Set("concepts", "cold-cache:\n  phrase: name the cold cache\n  patterns:\n    - cache + cold\n")
	refused := ivy.post(path, values)
	if refused.status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422", refused.status)
	}
	if got := strings.Join(strings.Fields(refused.doc.Find("#phrases-error").Text()), " "); !strings.Contains(got, "Two different phrases for cold-cache") {
		t.Errorf("beside the phrases: %q", got)
	}
	if _, head := draftSource(t, s, "work-a-serving-incident"); head != base+2 {
		t.Errorf("a refused save wrote revision %d", head)
	}
}

// TestFormatHelpPage: the lesson format's help page renders FORMAT.md,
// and both editors link to it.
func TestFormatHelpPage(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	_, as := accounts(t, s, map[string]auth.Role{"Ivy": auth.Instructor})
	ivy := as["Ivy"]
	p := ivy.get("/author/format")
	if p.status != http.StatusOK {
		t.Fatalf("status %d", p.status)
	}
	if got := p.doc.Find("h1").Text(); got != "The lesson format" {
		t.Errorf("h1 = %q", got)
	}
	guide := p.doc.Find(`[data-testid="format-guide"]`)
	for _, id := range []string{"concepts-and-patterns", "how-answers-and-patterns-are-split-into-words", "negation"} {
		if guide.Find("#"+id).Length() != 1 {
			t.Errorf("no section #%s", id)
		}
	}
	if n := p.doc.Find(`nav.toc a[href="#scoring-cues-and-calibration-examples"]`).Length(); n != 1 {
		t.Error("the contents do not list the scoring section")
	}
	checkUniqueIDs(t, p)
	if n := ivy.get(editor3).doc.Find(`#author_body-hint a[href="/author/format"]`).Length(); n != 1 {
		t.Error("the lesson editor does not link to the lesson format")
	}
	if n := ivy.get(lesson3Author + "/blocks/new?kind=exercise").doc.Find(`#concepts-hint a[href^="/author/format#"]`).Length(); n != 3 {
		t.Errorf("the exercise form has %d links to the lesson format, want 3", n)
	}
}
