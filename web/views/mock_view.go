package views

import (
	"fmt"
	"strconv"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/mock"
)

// MockHomeView is the Mock interview page (/mock): the form that starts
// one, and the learner's interviews.
type MockHomeView struct {
	SignedIn bool
	Courses  []MockCourse
	// Course and Probes are the form's choices: as sent when refused.
	Course string
	Probes int
	// Problems are what was wrong with the form as sent, by field
	// ("course", "probes"; "" for the form as a whole).
	Problems   map[string]string
	Interviews []MockListed
}

// running is the learner's latest interview still in progress.
func (v MockHomeView) running() (MockListed, bool) {
	for _, l := range v.Interviews {
		if !l.Finished() {
			return l, true
		}
	}
	return MockListed{}, false
}

// mockDescribedBy is a field's aria-describedby: its hint, and its
// problem when it has one.
func mockDescribedBy(hint, problem, msg string) string {
	if msg == "" {
		return hint
	}
	return hint + " " + problem
}

// MockCourse is a course the probes may be drawn from.
type MockCourse struct{ Slug, Title string }

// MockListed is one of a learner's interviews, with its course's title.
type MockListed struct {
	mock.Listed
	CourseTitle string
}

// MockProbeChoices are the lengths the form offers; MockDefaultProbes is
// chosen at first.
var MockProbeChoices = []int{1, 2, 3, 4, 5}

const MockDefaultProbes = 3

// MockInterviewView is an interview's page: the question being asked, or,
// once every one is answered, the summary.
type MockInterviewView struct {
	mock.Interview
	Now time.Time
	// Items are the questions' probes, by position.
	Items    []MockItem
	SignedIn bool
	// Problem is what was wrong with the answer sent (422), and Sent its
	// text, kept in the box; Notice says why the page came back instead of
	// the next question (409), and Unrecorded is the text that was not
	// recorded then, shown to copy.
	Problem    string
	Sent       *string
	Notice     string
	Unrecorded string
}

// MockItem is the probe a question asks or follows up.
type MockItem struct {
	Block       lessons.Block
	Course      string
	LessonTitle string
}

// question is the question being asked and its probe.
func (v MockInterviewView) question() (mock.Question, MockItem) {
	q, _ := v.Current()
	return q, v.Items[q.Position]
}

// text is what the answer box holds: the text just sent, else the draft.
func (v MockInterviewView) text(q mock.Question) string {
	if v.Sent != nil {
		return *v.Sent
	}
	return q.Draft
}

// mockProbe is one probe of a finished interview with its follow-up.
type mockProbe struct {
	N                 int // from 1
	Probe, FollowUp   mock.Question
	Item              MockItem
	HasFollowUp       bool
	StrongID, Heading string
}

// probes pairs each probe of the interview with its follow-up.
func (v MockInterviewView) probes() []mockProbe {
	var out []mockProbe
	for _, q := range v.Questions {
		if q.FollowUp() {
			out[len(out)-1].FollowUp, out[len(out)-1].HasFollowUp = q, true
			continue
		}
		n := q.Probe() + 1
		out = append(out, mockProbe{N: n, Probe: q, Item: v.Items[q.Position],
			StrongID: "probe-" + strconv.Itoa(n) + "-strong", Heading: "probe-" + strconv.Itoa(n)})
	}
	return out
}

// mockMiss is a criterion a probe's answer missed: what to review next.
type mockMiss struct {
	Probe       mockProbe
	Criterion   grading.Criterion
	Description lessons.HTML
	// Recovered: the follow-up's answer earned it.
	Recovered bool
}

// reviewNext lists the criteria each probe's answer missed, probe by
// probe, in rubric order.
func (v MockInterviewView) reviewNext() []mockMiss {
	var out []mockMiss
	for _, p := range v.probes() {
		for i, cs := range p.Probe.Score.Criteria {
			if cs.Awarded {
				continue
			}
			m := mockMiss{Probe: p, Criterion: cs.Criterion, Description: p.Item.Block.Probe.Rubric[i].Description}
			if p.HasFollowUp {
				m.Recovered = p.FollowUp.Score.Criteria[i].Awarded
			}
			out = append(out, m)
		}
	}
	return out
}

// points is the interview's total, and the most it could be.
func (v MockInterviewView) points() (int, int) {
	total := 0
	for _, q := range v.Questions {
		total += q.Score.Total
	}
	return total, 4 * len(v.Questions)
}

// totalTime is the time on the clock of every answer.
func (v MockInterviewView) totalTime() time.Duration {
	var d time.Duration
	for _, q := range v.Questions {
		d += q.Taken
	}
	return d
}

// questionTitle names a question: "Probe 2 of 3", "Follow-up to probe 2".
func (v MockInterviewView) questionTitle(q mock.Question) string {
	if q.FollowUp() {
		return fmt.Sprintf("Follow-up to probe %d", q.Probe()+1)
	}
	return fmt.Sprintf("Probe %d of %d", q.Probe()+1, v.Probes)
}

// mockAnswerName names an answer in the scores table.
func mockAnswerName(q mock.Question) string {
	if q.FollowUp() {
		return fmt.Sprintf("Follow-up to probe %d", q.Probe()+1)
	}
	return fmt.Sprintf("Probe %d", q.Probe()+1)
}

// clock says the time on a question's clock as m:ss, "-m:ss" past zero.
func clock(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "−", -d
	}
	s := int((d + time.Second - 1) / time.Second)
	return fmt.Sprintf("%s%d:%02d", sign, s/60, s%60)
}

// timerText is what the timer shows: "4:12 left", "Over time by 0:45",
// "Paused: 3:12 left".
func timerText(q mock.Question, now time.Time) string {
	left := q.Left(now)
	text := clock(left) + " left"
	if left < 0 {
		text = "Over time by " + clock(-left)
	}
	if q.IsPaused() {
		return "Paused: " + text
	}
	return text
}

// takenText is the time an answer took against its limit: "3:12 of 5:00",
// "6:40 of 5:00, over time".
func takenText(q mock.Question) string {
	text := clock(q.Taken) + " of " + clock(q.Limit)
	if q.Taken > q.Limit {
		text += ", over time"
	}
	return text
}

// pointText is a criterion's point: "1" or "0".
func pointText(awarded bool) string {
	if awarded {
		return "1"
	}
	return "0"
}

// ms is a duration in milliseconds, for the timer's script.
func ms(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }

// mockStatus says where a listed interview stands: "Finished: 21 of 24
// points", "In progress: question 3 of 6".
func mockStatus(l mock.Listed) string {
	if l.Finished() {
		return fmt.Sprintf("Finished: %d of %d points", l.Points, 4*l.Questions())
	}
	return fmt.Sprintf("In progress: question %d of %d", l.Answered+1, l.Questions())
}

// mockName names a listed interview: "3 probes from Diagnosing LLM
// serving incidents", "2 probes from every course".
func mockName(l MockListed) string {
	from := "every course"
	if l.Course != "" {
		from = l.CourseTitle
		if from == "" {
			from = "a course since removed"
		}
	}
	return countOf(l.Probes, "probe", "probes") + " from " + from
}

func probesValue(n int) string { return strconv.Itoa(n) }
