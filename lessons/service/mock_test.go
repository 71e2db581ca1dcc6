package service_test

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/mock"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// The drill course (lessons/testdata/mock-drill.md): two probes with
// follow-ups written for the failure case and the verification, and
// answers that earn or miss each criterion on purpose.
const (
	drill          = "mock-drill"
	queueOrPrefill = "queue-or-prefill"
	releaseOrLoad  = "release-or-load"
)

var drillAnswers = map[string]map[string]string{
	queueOrPrefill: {
		"all":               "I would split queue wait from prefill time. Decode held steady, so the time goes before the first token. Restarting every replica would be a mistake: the caches go cold. If the queue stays flat, I am wrong.",
		"no failure case":   "I would split queue wait from prefill time for the slow requests. Decode held steady, so the time goes before the first token. If the queue stays flat, I am wrong.",
		"no verification":   "I would split queue wait from prefill time for the slow requests. Decode held steady, so the time goes before the first token. Restarting every replica would be a mistake: the caches go cold.",
		"no failure or ver": "I would split queue wait from prefill time for the slow requests. Decode held steady, so the time goes before the first token.",
		"no result or reas": "Restarting every replica would be a mistake: the caches go cold. If the queue stays flat, I am wrong.",
		"nothing":           "I would look at the dashboards and ask the team what changed recently.",
	},
	releaseOrLoad: {
		"all":               "I would compare the old and new versions at the same arrival rate. The release and the traffic rise came together, so timing cannot say which one. A blanket rollback is the trap, since it can overload the old pool. If the new version is as fast as the old, I am wrong.",
		"no failure case":   "I would compare the old and new versions at the same arrival rate. The release and the traffic rise came together, so timing cannot say which one. If the new version is as fast as the old, I am wrong.",
		"no verification":   "I would compare the old and new versions at the same arrival rate. The release and the traffic rise came together, so timing cannot say which one. A blanket rollback is the trap, since it can overload the old pool.",
		"no failure or ver": "I would compare the old and new versions at the same arrival rate. The release and the traffic rise came together, so timing cannot say which one.",
		"no result or reas": "A blanket rollback is the trap, since it can overload the old pool. If the new version is as fast as before, I am wrong.",
		"nothing":           "I would look at the dashboards and ask the team what changed recently.",
	},
}

// importDrill adds the drill course to f's catalog.
func (f fixture) importDrill(t *testing.T) {
	t.Helper()
	src, err := os.ReadFile("../testdata/mock-drill.md")
	if err != nil {
		t.Fatal(err)
	}
	courses, err := lessons.Load(fstest.MapFS{
		"mock-drill/course.yaml": {Data: []byte("slug: mock-drill\ntitle: Mock drill\nsummary: Two probes to rehearse.\n")},
		"mock-drill/01-drill.md": {Data: src},
	}, "testdata")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.catalog.Import(context.Background(), courses); err != nil {
		t.Fatal(err)
	}
}

// clock is a service clock a test moves on.
type clock struct {
	mu sync.Mutex
	at time.Time
}

func newClock() *clock { return &clock{at: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)} }

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.at = c.at.Add(d)
}

// current is the question who is being asked in interview id.
func current(t *testing.T, svc *service.Service, who service.Learner, id int64) (mock.Question, service.MockItem) {
	t.Helper()
	m, err := svc.MockInterview(context.Background(), who, id)
	if err != nil {
		t.Fatal(err)
	}
	q, it, ok := m.Question()
	if !ok {
		t.Fatal("the interview is finished, want a question")
	}
	return q, it
}

// TestMockFollowUpIsChosenByWhatTheAnswerMissed: after each probe the
// interviewer asks the follow-up written for the first criterion, in
// rubric order, the answer missed; the probe's own follow_up when it
// missed none that has one. The follow-up's answer is scored on the
// probe's rubric, and the last one finishes the interview.
func TestMockFollowUpIsChosenByWhatTheAnswerMissed(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.importDrill(t)
	ctx := context.Background()
	lee := service.Learner{UserID: f.userID}
	tests := []struct {
		answer string
		want   grading.Criterion // "" for the probe's own follow_up
	}{
		{"no failure case", grading.FailureCase},
		{"no verification", grading.Verification},
		{"no failure or ver", grading.FailureCase},
		{"no result or reas", ""},
		{"all", ""},
		{"nothing", grading.FailureCase},
	}
	for _, tt := range tests {
		t.Run(tt.answer, func(t *testing.T) {
			id, err := f.svc.StartMock(ctx, lee, service.MockStart{Course: drill, Probes: 2})
			if err != nil {
				t.Fatal(err)
			}
			// The probes come in either order: each is answered, then its
			// follow-up.
			for n := range 2 {
				q, it := current(t, f.svc, lee, id)
				if q.FollowUp() || q.Position != 2*n {
					t.Fatalf("question %d asked, want probe %d", q.Position, n)
				}
				if err := f.svc.AnswerMock(ctx, lee, id, q.Position, drillAnswers[q.Key][tt.answer]); err != nil {
					t.Fatal(err)
				}
				fq, fit := current(t, f.svc, lee, id)
				wantText := it.Block.Probe.FollowUp
				if tt.want != "" {
					wantText = it.Block.Probe.FollowUps[tt.want]
				}
				if !fq.FollowUp() || fq.Key != q.Key || fq.Criterion != tt.want || fit.Block.Probe.FollowUpFor(fq.Criterion) != wantText {
					t.Errorf("%s: follow-up %q for %q, want %q for %q", q.Key, fit.Block.Probe.FollowUpFor(fq.Criterion), fq.Criterion, wantText, tt.want)
				}
				if err := f.svc.AnswerMock(ctx, lee, id, fq.Position, drillAnswers[q.Key]["no failure case"]); err != nil {
					t.Fatal(err)
				}
			}
			m, err := f.svc.MockInterview(ctx, lee, id)
			if err != nil {
				t.Fatal(err)
			}
			if !m.Finished() || len(m.Questions) != 4 {
				t.Fatalf("after four answers: finished %v with %d questions, want finished with 4", m.Finished(), len(m.Questions))
			}
			for _, q := range m.Questions {
				if q.FollowUp() && q.Score.Total != 3 {
					t.Errorf("follow-up to %s scored %d, want 3 on the probe's rubric (all but the failure case)", q.Key, q.Score.Total)
				}
			}
		})
	}
}

// TestMockResumesWhereItWas: an interview read again (a reload, another
// browser of the same learner) is where it was: the question, the text
// typed so far and the clock, which stands still while paused and runs
// on after. An answer sent late is kept and marked over time; one sent
// for a question answered already records nothing.
func TestMockResumesWhereItWas(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.importDrill(t)
	c := newClock()
	f.svc.WithClock(c.now)
	ctx := context.Background()
	lee := service.Learner{UserID: f.userID}
	id, err := f.svc.StartMock(ctx, lee, service.MockStart{Course: drill, Probes: 1})
	if err != nil {
		t.Fatal(err)
	}
	first, it := current(t, f.svc, lee, id)
	limit := it.Block.Probe.Limit()
	type state struct {
		position int
		draft    string
		left     time.Duration
		paused   bool
	}
	steps := []struct {
		name string
		do   func() error
		want state
	}{
		{"just started", func() error { return nil },
			state{0, "", limit, false}},
		{"typing, 30 s in", func() error {
			c.advance(30 * time.Second)
			return f.svc.SaveMockDraft(ctx, lee, id, first.Position, "Split queue wait")
		}, state{0, "Split queue wait", limit - 30*time.Second, false}},
		{"paused a minute later, with more typed", func() error {
			c.advance(time.Minute)
			_, err := f.svc.PauseMock(ctx, lee, id, first.Position, "Split queue wait from prefill", true)
			return err
		}, state{0, "Split queue wait from prefill", limit - 90*time.Second, true}},
		{"an hour paused", func() error { c.advance(time.Hour); return nil },
			state{0, "Split queue wait from prefill", limit - 90*time.Second, true}},
		{"resumed, then 10 s", func() error {
			if _, err := f.svc.PauseMock(ctx, lee, id, first.Position, "Split queue wait from prefill", false); err != nil {
				return err
			}
			c.advance(10 * time.Second)
			return nil
		}, state{0, "Split queue wait from prefill", limit - 100*time.Second, false}},
		{"past the limit", func() error { c.advance(limit); return nil },
			state{0, "Split queue wait from prefill", -100 * time.Second, false}},
		{"answered late", func() error {
			return f.svc.AnswerMock(ctx, lee, id, first.Position, drillAnswers[first.Key]["all"])
		}, state{1, "", limit, false}},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		q, _ := current(t, f.svc, lee, id)
		got := state{q.Position, q.Draft, q.Left(c.now()), q.IsPaused()}
		if got != s.want {
			t.Errorf("%s: read again %+v, want %+v", s.name, got, s.want)
		}
	}

	m, err := f.svc.MockInterview(ctx, lee, id)
	if err != nil {
		t.Fatal(err)
	}
	late := m.Questions[0]
	if !late.OverTime(c.now()) || late.Taken != limit+100*time.Second || late.Answer != drillAnswers[first.Key]["all"] {
		t.Errorf("the late answer: over time %v, taken %v, answer %q; want over time, %v, the text sent", late.OverTime(c.now()), late.Taken, late.Answer, limit+100*time.Second)
	}
	var stale *mock.StaleError
	if err := f.svc.AnswerMock(ctx, lee, id, first.Position, "Again, from another tab."); !errors.As(err, &stale) {
		t.Errorf("answering the answered probe again: %v, want a StaleError", err)
	}
	if _, err := f.svc.PauseMock(ctx, lee, id, first.Position, "", true); !errors.As(err, &stale) {
		t.Errorf("pausing the answered probe: %v, want a StaleError", err)
	}
	var input *mock.InputError
	if err := f.svc.AnswerMock(ctx, lee, id, 1, "  \n "); !errors.As(err, &input) || input.Field != "answer" {
		t.Errorf("an empty follow-up answer: %v, want an InputError about the answer", err)
	}
	other := f.newLearner(t, "other@example.com")
	if _, err := f.svc.MockInterview(ctx, service.Learner{UserID: other}, id); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("another learner reading the interview: %v, want ErrNotFound", err)
	}
	if err := f.svc.SaveMockDraft(ctx, service.Learner{UserID: other}, id, 1, "mine now"); !errors.Is(err, postgres.ErrNotFound) {
		t.Errorf("another learner typing in the interview: %v, want ErrNotFound", err)
	}
}

// newLearner makes an account and returns its id.
func (f fixture) newLearner(t *testing.T, email string) int64 {
	t.Helper()
	var id int64
	if err := f.pool.QueryRow(context.Background(), `INSERT INTO users (email, display_name, password_hash) VALUES ($1, 'N', '$argon2id$x')
		RETURNING id`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestMergeAnonymousMovesMockInterviews: a visitor's interviews, running
// or finished, move into the account they sign in to, as they stand; a
// running one goes on there. Another visitor's stay theirs, and an
// expired visitor's are gone.
func TestMergeAnonymousMovesMockInterviews(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.importDrill(t)
	ctx := context.Background()
	tests := []struct {
		name     string
		answered int  // questions answered before signing in
		expired  bool // the visitor's time ran out first
		moved    bool
	}{
		{"just started", 0, false, true},
		{"a follow-up asked", 1, false, true},
		{"finished", 2, false, true},
		{"expired", 1, true, false},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			visitor := anonymous("visitor-" + tt.name)
			bystander := anonymous("bystander-" + tt.name)
			id, err := f.svc.StartMock(ctx, visitor, service.MockStart{Course: drill, Probes: 1})
			if err != nil {
				t.Fatal(err)
			}
			theirs, err := f.svc.StartMock(ctx, bystander, service.MockStart{Course: drill, Probes: 1})
			if err != nil {
				t.Fatal(err)
			}
			for range tt.answered {
				q, _ := current(t, f.svc, visitor, id)
				if err := f.svc.AnswerMock(ctx, visitor, id, q.Position, drillAnswers[q.Key]["no failure case"]); err != nil {
					t.Fatal(err)
				}
			}
			before, err := f.svc.MockInterview(ctx, visitor, id)
			if err != nil {
				t.Fatal(err)
			}
			if tt.expired {
				if _, err := f.pool.Exec(ctx, `UPDATE anonymous_visitors SET expires_at = now() - interval '1 second' WHERE id = $1`, visitor.Visitor); err != nil {
					t.Fatal(err)
				}
			}
			user := service.Learner{UserID: f.newLearner(t, "merge"+string(rune('a'+i))+"@example.com")}
			if err := f.svc.MergeAnonymous(ctx, user.UserID, visitor.Visitor); err != nil {
				t.Fatal(err)
			}
			after, err := f.svc.MockInterview(ctx, user, id)
			switch {
			case !tt.moved && !errors.Is(err, postgres.ErrNotFound):
				t.Errorf("the account reads the expired visitor's interview: %v, want ErrNotFound", err)
			case tt.moved && err != nil:
				t.Fatalf("the account reading the interview: %v", err)
			case tt.moved && (after.AnsweredCount() != before.AnsweredCount() || after.Finished() != before.Finished() || len(after.Questions) != len(before.Questions)):
				t.Errorf("moved: %d answered, finished %v; want %d, %v as it stood", after.AnsweredCount(), after.Finished(), before.AnsweredCount(), before.Finished())
			}
			if _, err := f.svc.MockInterview(ctx, visitor, id); !errors.Is(err, postgres.ErrNotFound) {
				t.Errorf("the visitor still reads the interview after signing in: %v", err)
			}
			if _, err := f.svc.MockInterview(ctx, bystander, theirs); err != nil {
				t.Errorf("another visitor's interview: %v, want it kept", err)
			}
			if !tt.moved || before.Finished() {
				return
			}
			q, _ := current(t, f.svc, user, id)
			if err := f.svc.AnswerMock(ctx, user, id, q.Position, drillAnswers[q.Key]["all"]); err != nil {
				t.Errorf("going on in the account: %v", err)
			}
		})
	}
}

// TestMockStartRefusals: what a learner can fix is refused with the field
// to fix; a visitor keeps at most mock.MaxAnonymous interviews.
func TestMockStartRefusals(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.importDrill(t)
	ctx := context.Background()
	lee := service.Learner{UserID: f.userID}
	tests := []struct {
		name  string
		start service.MockStart
		field string
	}{
		{"no probes", service.MockStart{Course: drill, Probes: 0}, "probes"},
		{"too many", service.MockStart{Probes: mock.MaxProbes + 1}, "probes"},
		{"more than the course has", service.MockStart{Course: drill, Probes: 3}, "probes"},
		{"no such course", service.MockStart{Course: "no-such-course", Probes: 1}, "course"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.svc.StartMock(ctx, lee, tt.start)
			var input *mock.InputError
			if !errors.As(err, &input) || input.Field != tt.field {
				t.Errorf("StartMock(%+v): %v, want an InputError about %q", tt.start, err, tt.field)
			}
		})
	}
	visitor := anonymous("busy")
	for range mock.MaxAnonymous {
		if _, err := f.svc.StartMock(ctx, visitor, service.MockStart{Probes: 1}); err != nil {
			t.Fatal(err)
		}
	}
	var input *mock.InputError
	if _, err := f.svc.StartMock(ctx, visitor, service.MockStart{Probes: 1}); !errors.As(err, &input) {
		t.Errorf("a visitor's interview past %d: %v, want an InputError", mock.MaxAnonymous, err)
	}
	if listed, err := f.svc.MockInterviews(ctx, visitor, 10); err != nil || len(listed) != mock.MaxAnonymous {
		t.Errorf("the visitor's interviews: %d (%v), want %d", len(listed), err, mock.MaxAnonymous)
	}
}
