package web

import (
	"cmp"
	"encoding/csv"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/practicum-dev/practicum/grading"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/service"
)

// "Download your progress (CSV)": one row per answer the learner gave,
// oldest first — every checkpoint attempt and every saved version of a
// written answer — for a spreadsheet. A written answer's row carries the
// score that counts for that version (its latest review, else its
// automatic score) criterion by criterion, its total, the confidence the
// learner gave, where its review stands and which version of the answer
// it is, and whether it was written after the learner had seen the
// item's model solution or strong answer. "Download all my data" is the
// complete record.

// progressColumns heads the CSV. answer_revision numbers the answers to
// one item from 1, oldest first (attempts, for a checkpoint);
// lesson_revision is the revision of the lesson the answer was given
// against; after_seeing_model_answer is true or false for a written
// answer (as correct is for a checkpoint) and empty for a checkpoint.
var progressColumns = []string{"type", "course", "lesson", "lesson_revision", "item", "answer_revision", "answered_at",
	"option", "correct", "confidence",
	string(grading.Result), string(grading.Reasoning), string(grading.FailureCase), string(grading.Verification),
	"total", "review_status", "after_seeing_model_answer", "answer"}

// progressRow is one row before its answer revision is numbered.
type progressRow struct {
	at     time.Time
	order  int // the stores' order among rows at the same instant
	item   [3]string
	fields []string
}

// writeProgressCSV writes d as the progress CSV.
func writeProgressCSV(w io.Writer, d service.PersonalData) error {
	var rows []progressRow
	for i, a := range d.Checkpoints {
		rows = append(rows, progressRow{at: a.At, order: i, item: [3]string{a.Course, a.Lesson, a.Item}, fields: []string{
			string(lessons.KindCheckpoint), a.Course, a.Lesson, strconv.Itoa(a.Revision), a.Item, "", a.At.UTC().Format(time.RFC3339),
			string(rune('A' + a.Option)), strconv.FormatBool(a.Correct), "", "", "", "", "", "", "", "", "",
		}})
	}
	for i, s := range d.Written {
		f := []string{s.Kind, s.Course, s.Lesson, strconv.Itoa(s.RevisionNumber), s.Key, "", s.At.UTC().Format(time.RFC3339),
			"", "", s.Confidence}
		if cur := s.Current(); cur.Kind != "" {
			for _, c := range grading.Criteria {
				f = append(f, strconv.Itoa(cur.Scores[c]))
			}
			f = append(f, strconv.Itoa(cur.Total))
		} else {
			f = append(f, "", "", "", "", "")
		}
		f = append(f, string(s.Status()), strconv.FormatBool(s.AfterReveal), csvSafe(s.Answer))
		rows = append(rows, progressRow{at: s.At, order: len(d.Checkpoints) + i, item: [3]string{s.Course, s.Lesson, s.Key}, fields: f})
	}
	slices.SortStableFunc(rows, func(a, b progressRow) int { return cmp.Or(a.at.Compare(b.at), cmp.Compare(a.order, b.order)) })
	cw := csv.NewWriter(w)
	_ = cw.Write(progressColumns)
	seen := map[[3]string]int{}
	for _, r := range rows {
		seen[r.item]++
		r.fields[5] = strconv.Itoa(seen[r.item])
		_ = cw.Write(r.fields)
	}
	cw.Flush()
	return cw.Error()
}

// csvSafe stops a spreadsheet from running an answer as a formula.
func csvSafe(s string) string {
	if s != "" && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r') {
		return "'" + s
	}
	return s
}
