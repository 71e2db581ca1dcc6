package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/mock"
	"github.com/practicum-dev/practicum/lessons/progress"
)

// "Download all my data": one JSON document with the account and
// everything its owner gave the site. Its shape is written out here, field
// by field, rather than marshalled from the stores' types, so that a field
// added to a store (another user's id, say) does not slip into it.

type personalDocument struct {
	Format      string                      `json:"format"`
	ExportedAt  time.Time                   `json:"exported_at"`
	Account     personalAccount             `json:"account"`
	Checkpoints []progress.CheckpointAnswer `json:"checkpoint_answers"`
	Written     []personalAnswer            `json:"written_answers"`
	Reveals     []personalReveal            `json:"revealed_answers"`
	Mocks       []personalMock              `json:"mock_interviews"`
}

// A mock interview: each question asked, a probe or its follow-up, with
// the answer, its time and its auto score.
type personalMock struct {
	Course     string          `json:"course"` // "" for every course
	StartedAt  time.Time       `json:"started_at"`
	FinishedAt *time.Time      `json:"finished_at"`
	Questions  []personalAsked `json:"questions"`
}

type personalAsked struct {
	Course   string `json:"course"`
	Lesson   string `json:"lesson"`
	Item     string `json:"item"`
	FollowUp bool   `json:"follow_up"`
	// FollowsUp is the criterion the probe's answer missed that chose the
	// follow-up.
	FollowsUp    grading.Criterion `json:"follows_up,omitempty"`
	LimitSeconds float64           `json:"time_limit_seconds"`
	Draft        string            `json:"draft,omitempty"`
	Answer       string            `json:"answer,omitempty"`
	AnsweredAt   *time.Time        `json:"answered_at,omitempty"`
	TakenSeconds float64           `json:"seconds_taken,omitempty"`
	Score        *grading.Score    `json:"score,omitempty"`
}

func newPersonalMock(iv mock.Interview) personalMock {
	m := personalMock{Course: iv.Course, StartedAt: iv.StartedAt, Questions: []personalAsked{}}
	if iv.Finished() {
		m.FinishedAt = &iv.FinishedAt
	}
	for _, q := range iv.Questions {
		a := personalAsked{Course: q.Course, Lesson: q.Lesson, Item: q.Key, FollowUp: q.FollowUp(), FollowsUp: q.Criterion,
			LimitSeconds: q.Limit.Seconds(), Draft: q.Draft}
		if q.Answered() {
			sc := q.Score
			a.Answer, a.AnsweredAt, a.TakenSeconds, a.Score = q.Answer, &q.AnsweredAt, q.Taken.Seconds(), &sc
		}
		m.Questions = append(m.Questions, a)
	}
	return m
}

// The account without its password hash, which is not data about the
// person but a secret, and is never sent anywhere.
type personalAccount struct {
	ID          int64     `json:"id"`
	Email       string    `json:"email"`
	DisplayName string    `json:"display_name"`
	Role        string    `json:"role"`
	CreatedAt   time.Time `json:"created_at"`
}

type personalAnswer struct {
	Course      string    `json:"course"`
	Lesson      string    `json:"lesson"`
	LessonTitle string    `json:"lesson_title"`
	Revision    int       `json:"revision"`
	Item        string    `json:"item"`
	Kind        string    `json:"kind"`
	Answer      string    `json:"answer"`
	Confidence  string    `json:"confidence"`
	At          time.Time `json:"answered_at"`
	// AfterReveal: this version was written after the learner had seen
	// the item's model solution or strong answer.
	AfterReveal bool `json:"after_seeing_model_answer"`
	// Score is the one that counts now; ScoreHistory every auto score,
	// review and override that led to it, oldest first.
	Score          *personalScore          `json:"score"`
	ScoreHistory   []personalScore         `json:"score_history"`
	ReviewRequests []personalReviewRequest `json:"review_requests"`
}

type personalScore struct {
	Kind          string                       `json:"kind"` // "auto" or "review"
	At            time.Time                    `json:"at"`
	Scores        map[grading.Criterion]int    `json:"scores"`
	Total         int                          `json:"total"`
	Provisional   bool                         `json:"provisional,omitempty"`
	Detail        *grading.Score               `json:"detail,omitempty"` // the scorer's evidence and rationale
	ScorerVersion string                       `json:"scorer_version,omitempty"`
	Reviewer      string                       `json:"reviewer,omitempty"` // empty once the reviewer's account is deleted
	Notes         map[grading.Criterion]string `json:"notes,omitempty"`
}

// An item whose answer the learner asked to see ("Show the answer", "Show
// the model answer"), and when.
type personalReveal struct {
	Course   string    `json:"course"`
	Lesson   string    `json:"lesson"`
	Revision int       `json:"revision"`
	Item     string    `json:"item"`
	Kind     string    `json:"kind"`
	At       time.Time `json:"revealed_at"`
}

type personalReviewRequest struct {
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

func newPersonalScore(e scores.Event) personalScore {
	return personalScore{Kind: e.Kind, At: e.At, Scores: e.Scores, Total: e.Total, Provisional: e.Provisional,
		Detail: e.Detail, ScorerVersion: e.ScorerVersion, Reviewer: e.ReviewerName, Notes: e.Notes}
}

func (s *Server) downloadMyData(w http.ResponseWriter, r *http.Request) error {
	u := s.currentUser(r)
	data, err := s.svc.PersonalData(r.Context(), u.ID)
	if err != nil {
		return err
	}
	doc := personalDocument{
		Format: "practicum-personal-data/1", ExportedAt: time.Now().UTC(),
		Account:     personalAccount{ID: u.ID, Email: u.Email, DisplayName: u.DisplayName, Role: string(u.Role), CreatedAt: u.CreatedAt},
		Checkpoints: data.Checkpoints, Written: []personalAnswer{}, Reveals: []personalReveal{}, Mocks: []personalMock{},
	}
	for _, v := range data.Reveals {
		doc.Reveals = append(doc.Reveals, personalReveal{Course: v.Course, Lesson: v.Lesson, Revision: v.Revision, Item: v.Item, Kind: v.Kind, At: v.At})
	}
	for _, iv := range data.Mocks {
		doc.Mocks = append(doc.Mocks, newPersonalMock(iv))
	}
	if doc.Checkpoints == nil {
		doc.Checkpoints = []progress.CheckpointAnswer{}
	}
	for _, sub := range data.Written {
		a := personalAnswer{Course: sub.Course, Lesson: sub.Lesson, LessonTitle: sub.LessonTitle, Revision: sub.RevisionNumber,
			Item: sub.Key, Kind: sub.Kind, Answer: sub.Answer, Confidence: sub.Confidence, At: sub.At,
			AfterReveal: sub.AfterReveal, ScoreHistory: []personalScore{}, ReviewRequests: []personalReviewRequest{}}
		for _, e := range sub.History {
			a.ScoreHistory = append(a.ScoreHistory, newPersonalScore(e))
		}
		if len(sub.History) > 0 {
			cur := newPersonalScore(sub.Current())
			a.Score = &cur
		}
		for _, q := range sub.Requests {
			a.ReviewRequests = append(a.ReviewRequests, personalReviewRequest{Reason: q.Reason, At: q.At})
		}
		doc.Written = append(doc.Written, a)
	}
	// Encoded whole before anything is sent, so a failure is an error
	// page rather than half a file.
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="practicum-my-data-`+doc.ExportedAt.Format("2006-01-02")+`.json"`)
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	_, err = w.Write(b.Bytes())
	return err
}
