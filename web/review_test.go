package web_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/jackc/pgx/v5"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

const (
	lesson3Slug     = "work-a-serving-incident"
	lesson3Exercise = "release-and-traffic"
	lesson3Probe    = "first-token-p95"
	practiceProbe   = "/practice/serving-incidents/work-a-serving-incident/" + lesson3Probe
)

// autoScore builds an auto score for answer: points in grading.Criteria
// order, each awarded criterion quoting the given phrase of the answer as
// its evidence.
func autoScore(answer string, confidence float64, points []int, evidence ...string) grading.Score {
	sc := grading.Score{Confidence: confidence, Version: grading.ScorerVersion}
	for i, c := range grading.Criteria {
		cs := grading.CriterionScore{Criterion: c, Evidence: []grading.Evidence{}, Rationale: "Not awarded: missing the " + string(c) + " cue."}
		if points[i] == 1 {
			cs.Awarded, cs.Rationale = true, "Awarded: shows the "+string(c)+" cue."
			sc.Total++
			if i < len(evidence) {
				if at := strings.Index(answer, evidence[i]); at >= 0 {
					cs.Evidence = []grading.Evidence{{Start: at, End: at + len(evidence[i]), Quote: evidence[i]}}
				}
			}
		}
		sc.Criteria[i] = cs
	}
	return sc
}

// scoredAnswer stores a learner's answer to an exercise or probe of
// lesson 3 with the given auto score, as the learner side does.
func (s *site) scoredAnswer(t *testing.T, userID int64, key, answer string, sc grading.Score) int64 {
	t.Helper()
	ctx := context.Background()
	lp, err := s.catalog.Lesson(ctx, "serving-incidents", lesson3Slug)
	if err != nil {
		t.Fatal(err)
	}
	b, ok := lp.Lesson.Item(key)
	if !ok {
		t.Fatalf("lesson 3 has no item %q", key)
	}
	r := progress.Response{Course: "serving-incidents", Lesson: lesson3Slug, RevisionID: lp.RevisionID, Key: key, Kind: b.Kind,
		Answer: answer, Confidence: progress.GettingThere, At: time.Now()}
	// As service.SubmitResponse stores it, with this score.
	var id int64
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if id, err = progress.InsertResponse(ctx, tx, userID, r); err != nil {
			return err
		}
		return scores.NewStore(s.pool).RecordAuto(ctx, tx, id, r.RevisionID, sc)
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func reviewPath(id int64) string { return "/review/" + strconv.FormatInt(id, 10) }

// reviewForm is the override form as a browser would send it.
func reviewForm(basedOn string, points []int, notes map[grading.Criterion]string) url.Values {
	f := url.Values{"based_on": {basedOn}}
	for i, c := range grading.Criteria {
		f.Set(views.ScoreField(c), strconv.Itoa(points[i]))
		f.Set(views.NoteField(c), notes[c])
	}
	return f
}

// formChoices is what a review page's form holds: the checked points per
// criterion, the notes and based_on.
func formChoices(t *testing.T, p page) ([]int, map[grading.Criterion]string, string) {
	t.Helper()
	var points []int
	notes := map[grading.Criterion]string{}
	for _, c := range grading.Criteria {
		checked := p.doc.Find(`form[data-testid="review-form"] input[name="` + views.ScoreField(c) + `"][checked]`)
		if checked.Length() != 1 {
			t.Fatalf("%s: %d radios checked, want 1", c, checked.Length())
		}
		n, _ := strconv.Atoi(checked.AttrOr("value", ""))
		points = append(points, n)
		notes[c] = p.doc.Find(`textarea[name="` + views.NoteField(c) + `"]`).Text()
	}
	return points, notes, p.doc.Find(`input[name="based_on"]`).AttrOr("value", "")
}

func TestReviewQueueListsWhatNeedsAHuman(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Ann": auth.Learner, "Ben": auth.Learner, "Cy": auth.Learner})
	if p := as["Ivan"].get("/review/queue"); p.status != http.StatusOK || p.doc.Find(`[data-testid="queue-empty"]`).Length() != 1 {
		t.Fatalf("empty queue: status %d, want 200 saying nothing needs review", p.status)
	}

	const text = "Compare long-prompt latency on both versions at the same arrival rate."
	sure := s.scoredAnswer(t, users["Ann"].ID, lesson3Exercise, text, autoScore(text, 0.95, []int{1, 1, 1, 1}))
	middling := s.scoredAnswer(t, users["Ben"].ID, lesson3Exercise, text, autoScore(text, 0.9, []int{1, 1, 0, 0}))
	unsure := s.scoredAnswer(t, users["Cy"].ID, lesson3Probe, text, autoScore(text, 0.42, []int{0, 0, 0, 0}))
	if err := scores.NewStore(s.pool).RequestReview(context.Background(), sure, users["Ann"].ID, "I named the confound."); err != nil {
		t.Fatal(err)
	}

	p := as["Ivan"].get("/review/queue")
	if p.status != http.StatusOK {
		t.Fatalf("status %d", p.status)
	}
	if p.doc.Find(`table[data-testid="queue"] caption`).Length() != 1 || p.doc.Find(`thead th[scope="col"]`).Length() != 5 {
		t.Error("the queue table has no caption or column headers")
	}
	type row struct{ learner, href, why, total string }
	var got []row
	p.doc.Find(`[data-testid="queue-row"]`).Each(func(_ int, r *goquery.Selection) {
		got = append(got, row{
			strings.TrimSpace(r.Find(`th[scope="row"]`).Text()),
			r.Find("a").AttrOr("href", ""),
			strings.TrimSpace(r.Find(`[data-testid="queue-why"]`).Text()),
			strings.TrimSpace(r.Find("td").Eq(2).Text()),
		})
	})
	want := []row{
		{"Ann", reviewPath(sure), "Review requested: I named the confound.", "4 of 4"},
		{"Cy", reviewPath(unsure), "Low scorer confidence (0.42)", "0 of 4"},
		{"Ben", reviewPath(middling), "Middling total (2 of 4)", "2 of 4"},
	}
	if len(got) != len(want) {
		t.Fatalf("queue rows = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d = %q, want %q", i+1, got[i], want[i])
		}
	}
	if !strings.Contains(p.doc.Find(`[data-testid="queue-row"]`).First().Text(), "Work a serving incident") {
		t.Error("the queue does not name the lesson")
	}
	if p.header.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control %q, want no-store: the page shows learners' answers", p.header.Get("Cache-Control"))
	}
}

func TestReviewScreenShowsTheAnswerSafely(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner})
	const answer = "First <script>alert('x')</script> compare long-prompt latency on each version at the same arrival rate.\n" +
		"The release & the traffic coincide — <b>a confound</b>, so no blanket rollback."
	sc := autoScore(answer, 0.55, []int{1, 0, 1, 0}, "compare long-prompt latency", "", "<b>a confound</b>")
	id := s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, answer, sc)

	p := as["Ivan"].get(reviewPath(id))
	if p.status != http.StatusOK {
		t.Fatalf("status %d", p.status)
	}
	box := p.doc.Find(`[data-testid="review-answer"]`)
	if box.Find("script, b").Length() != 0 || strings.Contains(p.body, "<script>alert") {
		t.Fatal("the answer's markup was rendered as HTML")
	}
	if got := box.Text(); got != answer {
		t.Errorf("answer text = %q, want it verbatim", got)
	}
	if got := texts(box.Find("mark")); strings.Join(got, "|") != "compare long-prompt latency|<b>a confound</b>" {
		t.Errorf("marked evidence = %q", got)
	}
	// The answer is shown with the lesson revision it was given against.
	if !strings.Contains(p.doc.Text(), "against revision 1 of the lesson") {
		t.Error("the review screen does not say which revision the answer was given against")
	}
	if got := strings.TrimSpace(p.doc.Find(`[data-testid="history-row"] td`).Last().Prev().Text()); got != "Revision 1" {
		t.Errorf("history's rubric revision = %q, want Revision 1", got)
	}

	// Each criterion: a fieldset with its label as legend, what earns it,
	// the auto verdict and rationale, radios preselected from the current
	// score and a labelled note.
	checkLabels(t, p)
	rubric := lessonItem(t, s, lesson3Exercise).Exercise.Rubric
	for i, c := range grading.Criteria {
		fs := p.doc.Find(`fieldset[data-testid="criterion-` + string(c) + `"]`)
		if got := strings.TrimSpace(fs.Find("legend").Text()); got != c.Label() {
			t.Errorf("legend %q, want %q", got, c.Label())
		}
		want, err := goquery.NewDocumentFromReader(strings.NewReader(string(rubric[i].Description)))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := texts(fs.Find(".rubric-description")), texts(want.Find("body")); len(got) != 1 || got[0] != want[0] || got[0] == "" {
			t.Errorf("%s: rubric description %q, want %q", c, got, want)
		}
		if !strings.Contains(fs.Find(".rationale").Text(), sc.Criteria[i].Rationale) {
			t.Errorf("%s: rationale missing", c)
		}
		if got := strings.TrimSpace(p.doc.Find(`label[for="` + views.NoteField(c) + `"]`).Text()); got != "Note for "+c.Label()+" (required if you change it)" {
			t.Errorf("note label %q", got)
		}
	}
	points, _, basedOn := formChoices(t, p)
	if want := []int{1, 0, 1, 0}; !equalInts(points, want) {
		t.Errorf("preselected %v, want the auto score %v", points, want)
	}
	h, _ := scores.NewStore(s.pool).History(context.Background(), id)
	if basedOn != strconv.FormatInt(h[0].ID, 10) {
		t.Errorf("based_on %q, want the auto event %d", basedOn, h[0].ID)
	}
	if got := strings.TrimSpace(p.doc.Find(`form[data-testid="review-form"] button`).Text()); got != "Save review" {
		t.Errorf("button %q", got)
	}
	if !strings.Contains(p.doc.Find(`[data-testid="model-solution"] h2`).Text(), "Model solution") ||
		len(strings.TrimSpace(p.doc.Find(`[data-testid="model-solution"]`).Text())) < 40 {
		t.Error("no model solution")
	}
	if rows := p.doc.Find(`[data-testid="history-row"]`); rows.Length() != 1 || !strings.Contains(rows.Text(), grading.ScorerVersion) {
		t.Errorf("history: %q, want the auto event with its scorer version", texts(rows))
	}
	checkHeadingOrder(t, p)

	// A probe shows its strong answer; a missing or non-scored answer is 404.
	probeID := s.scoredAnswer(t, users["Lea"].ID, lesson3Probe, answer, autoScore(answer, 0.9, []int{0, 0, 0, 0}))
	if p := as["Ivan"].get(reviewPath(probeID)); !strings.Contains(p.doc.Find(`[data-testid="model-solution"] h2`).Text(), "Strong answer") {
		t.Error("a probe's review shows no strong answer")
	}

	// Lea opens the exercise's model solution and the probe's strong
	// answer, then revises both: the revisions' screens say so, the
	// answers written before do not.
	reveal(t, s, as["Lea"], lesson3Exercise)
	reveal(t, s, as["Lea"], lesson3Probe)
	const revised = "Compare long-prompt latency on each version at the same arrival rate; the release and the traffic coincide."
	revisedID := s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, revised, autoScore(revised, 0.9, []int{1, 0, 1, 0}))
	revisedProbe := s.scoredAnswer(t, users["Lea"].ID, lesson3Probe, revised, autoScore(revised, 0.9, []int{1, 0, 0, 0}))
	for _, tc := range []struct {
		name string
		id   int64
		want string // "" for no mark
	}{
		{"the exercise's first answer", id, ""},
		{"the probe's first answer", probeID, ""},
		{"the exercise's revision", revisedID, "Written after seeing the model answer. The learner had opened the model solution before saving this version of the answer."},
		{"the probe's revision", revisedProbe, "Written after seeing the model answer. The learner had opened the strong answer before saving this version of the answer."},
	} {
		p := as["Ivan"].get(reviewPath(tc.id))
		mark := p.doc.Find(`[data-testid="after-reveal"]`)
		if got := strings.Join(strings.Fields(mark.Text()), " "); p.status != http.StatusOK || got != tc.want {
			t.Errorf("%s: status %d, mark %q; want 200 and %q", tc.name, p.status, got, tc.want)
		}
	}
	var explain int64
	if err := s.pool.QueryRow(context.Background(), `INSERT INTO responses (user_id, revision_id, item_key, kind, answer, confidence)
		SELECT $1, revision_id, 'explain-back', 'explain', 'x', 'confident' FROM responses WHERE id = $2 RETURNING id`, users["Lea"].ID, id).Scan(&explain); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{reviewPath(explain), "/review/99999", "/review/abc"} {
		if p := as["Ivan"].get(path); p.status != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", path, p.status)
		}
	}
}

func lessonItem(t *testing.T, s *site, key string) lessons.Block {
	t.Helper()
	lp, err := s.catalog.Lesson(context.Background(), "serving-incidents", lesson3Slug)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := lp.Lesson.Item(key)
	return b
}

func equalInts(a, b []int) bool { return slices.Equal(a, b) }

var headingTag = regexp.MustCompile(`^h([1-6])$`)

// checkHeadingOrder fails when main's headings skip a level going down.
func checkHeadingOrder(t *testing.T, p page) {
	t.Helper()
	last := 0
	p.doc.Find("main h1, main h2, main h3, main h4, main h5, main h6").Each(func(_ int, h *goquery.Selection) {
		m := headingTag.FindStringSubmatch(goquery.NodeName(h))
		level, _ := strconv.Atoi(m[1])
		if level > last+1 {
			t.Errorf("heading %q is h%d after h%d", strings.TrimSpace(h.Text()), level, last)
		}
		last = level
	})
}

func TestSavingAReview(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner})
	const answer = "Compare long-prompt latency on both versions at the same arrival rate, then roll back."
	id := s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, answer, autoScore(answer, 0.5, []int{1, 1, 0, 0}))
	ivan := as["Ivan"]
	_, _, basedOn := formChoices(t, ivan.get(reviewPath(id)))

	// Refused: a changed criterion without a note. The reviewer's input is kept.
	p := ivan.post(reviewPath(id), reviewForm(basedOn, []int{0, 1, 1, 0}, map[grading.Criterion]string{grading.FailureCase: "Names the confound."}))
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("no note: status %d, want 422", p.status)
	}
	if msg := fieldError(t, p, views.NoteField(grading.Result)); !strings.Contains(msg, "You changed Result from 1 point to 0 points: say why in a note.") {
		t.Errorf("note error = %q", msg)
	}
	if p.doc.Find(`[data-testid="error-summary"] a[href="#note_result"]`).Length() != 1 {
		t.Error("the error summary does not link to the note")
	}
	points, notes, kept := formChoices(t, p)
	if !equalInts(points, []int{0, 1, 1, 0}) || notes[grading.FailureCase] != "Names the confound." || kept != basedOn {
		t.Errorf("form after refusal: %v %q based_on %s; want the reviewer's input", points, notes, kept)
	}

	// Saved.
	p = ivan.post(reviewPath(id), reviewForm(basedOn, []int{0, 1, 1, 0}, map[grading.Criterion]string{
		grading.Result: "A blanket rollback is not bounded.", grading.FailureCase: "Names the confound.",
	}))
	loc := p.header.Get("Location")
	if p.status != http.StatusSeeOther || !strings.HasPrefix(loc, reviewPath(id)+"?saved=") {
		t.Fatalf("save: status %d, Location %q; want 303 back to the answer", p.status, loc)
	}
	p = ivan.get(loc)
	if got := p.doc.Find(`[data-testid="notice"]`).Text(); !strings.Contains(got, "Your review is saved. The score is now 2 of 4") {
		t.Errorf("confirmation = %q", got)
	}
	if got := p.doc.Find(`[data-testid="current-score"]`).Text(); !strings.Contains(got, "2 of 4, from Ivan's review") {
		t.Errorf("current score = %q", got)
	}
	rows := p.doc.Find(`[data-testid="history-row"]`)
	if rows.Length() != 2 || !strings.Contains(rows.Eq(1).Text(), "Review by Ivan") || !strings.Contains(rows.Eq(1).Text(), "A blanket rollback is not bounded.") {
		t.Errorf("history = %q", texts(rows))
	}
	if points, _, _ := formChoices(t, p); !equalInts(points, []int{0, 1, 1, 0}) {
		t.Errorf("the form now shows %v, want the reviewed score", points)
	}
	h, err := scores.NewStore(s.pool).History(context.Background(), id)
	if err != nil || len(h) != 2 || h[0].Kind != scores.KindAuto || h[0].Total != 2 || h[1].ReviewerID != users["Ivan"].ID {
		t.Errorf("stored history = %+v, %v", h, err)
	}
}

func TestTwoReviewersSavingTheSameAnswer(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Ada": auth.Admin, "Lea": auth.Learner})
	const answer = "Compare long-prompt latency on both versions at the same arrival rate."
	id := s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, answer, autoScore(answer, 0.5, []int{1, 1, 0, 0}))

	// Both open the answer at the auto score.
	_, _, ivanBase := formChoices(t, as["Ivan"].get(reviewPath(id)))
	_, _, adaBase := formChoices(t, as["Ada"].get(reviewPath(id)))

	if p := as["Ivan"].post(reviewPath(id), reviewForm(ivanBase, []int{1, 1, 1, 0},
		map[grading.Criterion]string{grading.FailureCase: "Names the coincidence of release and traffic."})); p.status != http.StatusSeeOther {
		t.Fatalf("Ivan saving: status %d", p.status)
	}
	adas := map[grading.Criterion]string{grading.Result: "No mitigation offered."}
	p := as["Ada"].post(reviewPath(id), reviewForm(adaBase, []int{0, 1, 0, 0}, adas))
	if p.status != http.StatusConflict {
		t.Fatalf("Ada saving on a stale score: status %d, want 409", p.status)
	}
	conflict := strings.Join(strings.Fields(p.doc.Find(`[data-testid="conflict"]`).Text()), " ")
	for _, want := range []string{"Another reviewer saved a decision while you were looking: Ivan gave 3 of 4",
		"Failure case: 1 point — “Names the coincidence of release and traffic.”", "Result: 1 point"} {
		if !strings.Contains(conflict, want) {
			t.Errorf("conflict message %q does not say %q", conflict, want)
		}
	}
	points, notes, basedOn := formChoices(t, p)
	h, _ := scores.NewStore(s.pool).History(context.Background(), id)
	if len(h) != 2 {
		t.Fatalf("%d events, want the auto score and Ivan's review", len(h))
	}
	if !equalInts(points, []int{0, 1, 0, 0}) || notes[grading.Result] != adas[grading.Result] || basedOn != strconv.FormatInt(h[1].ID, 10) {
		t.Errorf("Ada's form: %v %q based_on %s; want her choices, based on Ivan's event %d", points, notes, basedOn, h[1].ID)
	}

	// Ada re-saves deliberately, over Ivan's decision.
	adas[grading.FailureCase] = "Only hedges; no confound named."
	if p := as["Ada"].post(reviewPath(id), reviewForm(basedOn, []int{0, 1, 0, 0}, adas)); p.status != http.StatusSeeOther {
		t.Fatalf("Ada re-saving: status %d", p.status)
	}
	if h, _ := scores.NewStore(s.pool).History(context.Background(), id); len(h) != 3 || scores.Current(h).ReviewerName != "Ada" {
		t.Errorf("history after re-saving: %+v", h)
	}
}

func TestAgreementPage(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	users, as := accounts(t, s, map[string]auth.Role{"Ivan": auth.Instructor, "Lea": auth.Learner})
	if p := as["Ivan"].get("/review/agreement"); p.status != http.StatusOK || p.doc.Find(`[data-testid="agreement-empty"]`).Length() != 1 {
		t.Fatalf("no reviews yet: status %d, want 200 saying so", p.status)
	}
	const answer = "Compare long-prompt latency on both versions at the same arrival rate."
	store := scores.NewStore(s.pool)
	review := func(id int64, p []int, c grading.Criterion) {
		h, _ := store.History(context.Background(), id)
		if _, err := store.Override(context.Background(), scores.Override{ResponseID: id, ReviewerID: users["Ivan"].ID, BasedOn: h[len(h)-1].ID,
			Scores: map[grading.Criterion]int{grading.Result: p[0], grading.Reasoning: p[1], grading.FailureCase: p[2], grading.Verification: p[3]},
			Notes:  map[grading.Criterion]string{c: "Changed."}}); err != nil {
			t.Fatal(err)
		}
	}
	a := s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, answer, autoScore(answer, 0.9, []int{1, 1, 0, 0}))
	review(a, []int{1, 1, 1, 0}, grading.FailureCase)
	b := s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, answer, autoScore(answer, 0.9, []int{1, 0, 0, 0}))
	review(b, []int{0, 0, 0, 0}, grading.Result)
	c := s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, answer, autoScore(answer, 0.9, []int{0, 0, 1, 1}))
	review(c, []int{0, 1, 1, 1}, grading.Reasoning)
	d := s.scoredAnswer(t, users["Lea"].ID, lesson3Exercise, answer, autoScore(answer, 0.9, []int{0, 1, 0, 1}))
	review(d, []int{0, 1, 0, 0}, grading.Verification)

	// The probe: one answer, scored 0 everywhere but result by both.
	e := s.scoredAnswer(t, users["Lea"].ID, lesson3Probe, answer, autoScore(answer, 0.9, []int{0, 0, 0, 0}))
	review(e, []int{1, 0, 0, 0}, grading.Result)

	p := as["Ivan"].get("/review/agreement")
	all := p.doc.Find(`[data-testid="agreement-item"]`)
	if got := texts(all.Find("h2")); len(got) != 2 || got[0] != "Exercise "+lesson3Exercise || got[1] != "Interview probe "+lesson3Probe {
		t.Fatalf("items = %q, want the reviewed exercise, then the probe", got)
	}
	items := all.First()
	if got := strings.TrimSpace(all.Last().Find(`[data-testid="agreement-reasoning"] [data-testid="kappa"] [aria-hidden]`).Text()); got != "—" {
		t.Errorf("probe reasoning kappa = %q, want — (undefined: both always 0)", got)
	}
	result := items.Find(`[data-testid="agreement-result"]`)
	if got := strings.TrimSpace(result.Find(`[data-testid="exact"]`).Text()); got != "75% (3 of 4)" {
		t.Errorf("result exact agreement = %q", got)
	}
	// (1,1) (1,0) (0,0) (0,0): po = 3/4, pe = 1/2, κ = 0.50.
	if got := strings.TrimSpace(result.Find(`[data-testid="kappa"]`).Text()); got != "0.50" {
		t.Errorf("result kappa = %q, want 0.50", got)
	}
	if link := result.Find("a"); link.Length() != 1 || link.AttrOr("href", "") != reviewPath(b) || !strings.Contains(result.Text(), "auto 1, review 0") {
		t.Errorf("result disagreements = %q", strings.TrimSpace(result.Find("td").Last().Text()))
	}
	// Verification: auto 0, 0, 1, 1 against review 0, 0, 1, 0.
	verification := items.Find(`[data-testid="agreement-verification"]`)
	if got := strings.TrimSpace(verification.Find(`[data-testid="exact"]`).Text()); got != "75% (3 of 4)" {
		t.Errorf("verification exact agreement = %q", got)
	}
	checkHeadingOrder(t, p)
}

// matrixPoints is the auto score of the role × route matrix's submission.
var matrixPoints = []int{1, 0, 1, 0}

// scoredForMatrix stores the submission the role × route matrix reviews
// and returns its auto event.
func scoredForMatrix(t *testing.T, s *site, learner auth.User) scores.Event {
	t.Helper()
	const answer = "Compare long-prompt latency on both versions at the same arrival rate."
	id := s.scoredAnswer(t, learner.ID, lesson3Exercise, answer, autoScore(answer, 0.9, matrixPoints))
	h, err := scores.NewStore(s.pool).History(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return h[0]
}
