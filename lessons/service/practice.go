package service

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/review"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

// Practice is the /practice page for one learner: every probe of every
// lesson's current revision, once, in the first group it belongs to.
type Practice struct {
	// Due are the probes with a review card due, earliest due first
	// (signed-in learners only: visitors have no cards).
	Due []PracticeProbe
	// Unanswered are those never answered, in course and lesson order.
	Unanswered []PracticeProbe
	// Answered are the rest, the one answered longest ago first.
	Answered []PracticeProbe
}

// PracticeProbe is a probe with when it fell due or was last answered.
type PracticeProbe struct {
	catalog.ProbeRef
	Due, Answered time.Time // zero when not due, not answered
}

// ID names the probe for remembering the last one picked.
func (p PracticeProbe) ID() string { return ProbeID(p.ProbeRef) }

// ProbeID names a probe across revisions: course, lesson and key.
func ProbeID(p catalog.ProbeRef) string { return p.Course + "/" + p.Lesson + "/" + p.Key }

// Practice reads who's /practice page.
func (s *Service) Practice(ctx context.Context, who Learner) (Practice, error) {
	var out Practice
	probes, err := s.catalog.Probes(ctx)
	if err != nil {
		return out, err
	}
	var due []review.ItemDue
	var answered map[progress.ItemRef]time.Time
	if who.anonymous() {
		a := progress.Anonymous{}
		if who.Visitor != "" {
			if a, err = s.progress.Anonymous(ctx, who.Visitor); err != nil {
				return out, err
			}
		}
		answered = progress.LatestFrom(a, lessons.KindProbe)
	} else {
		if due, err = s.review.DueItems(ctx, who.UserID, s.now(), lessons.KindProbe); err != nil {
			return out, err
		}
		if answered, err = s.progress.LatestAnswers(ctx, who.UserID, lessons.KindProbe); err != nil {
			return out, err
		}
	}
	byRef := map[progress.ItemRef]catalog.ProbeRef{}
	for _, p := range probes {
		byRef[progress.ItemRef{Course: p.Course, Lesson: p.Lesson, Key: p.Key}] = p
	}
	placed := map[progress.ItemRef]bool{}
	for _, d := range due {
		ref := progress.ItemRef{Course: d.Course, Lesson: d.Lesson, Key: d.Key}
		if p, ok := byRef[ref]; ok && !placed[ref] {
			placed[ref] = true
			out.Due = append(out.Due, PracticeProbe{ProbeRef: p, Due: d.Due, Answered: answered[ref]})
		}
	}
	for _, p := range probes {
		ref := progress.ItemRef{Course: p.Course, Lesson: p.Lesson, Key: p.Key}
		switch at, ok := answered[ref]; {
		case placed[ref]:
		case ok:
			out.Answered = append(out.Answered, PracticeProbe{ProbeRef: p, Answered: at})
		default:
			out.Unanswered = append(out.Unanswered, PracticeProbe{ProbeRef: p})
		}
	}
	slices.SortStableFunc(out.Answered, func(a, b PracticeProbe) int { return a.Answered.Compare(b.Answered) })
	return out, nil
}

// PickProbe draws a probe for who, as an interviewer would: one due for
// review if any, else one never answered, else any; never last (a
// ProbeID), unless it is the only probe. Within a group every probe is as
// likely, so every lesson's probes can come up. ok is false when there
// are no probes.
func (s *Service) PickProbe(ctx context.Context, who Learner, last string) (p catalog.ProbeRef, ok bool, err error) {
	pr, err := s.Practice(ctx, who)
	if err != nil {
		return p, false, err
	}
	for _, group := range [][]PracticeProbe{pr.Due, pr.Unanswered, pr.Answered} {
		group = slices.DeleteFunc(slices.Clone(group), func(p PracticeProbe) bool { return p.ID() == last })
		if len(group) > 0 {
			return group[rand.IntN(len(group))].ProbeRef, true, nil
		}
	}
	for _, group := range [][]PracticeProbe{pr.Due, pr.Unanswered, pr.Answered} {
		if len(group) > 0 {
			return group[0].ProbeRef, true, nil
		}
	}
	return p, false, nil
}

// ProbeAlone reads the probe at course, lesson and key in its lesson's
// current revision, for practising it alone; ErrNotFound when the
// revision has no such probe.
func (s *Service) ProbeAlone(ctx context.Context, course, lesson, key string) (catalog.LessonPage, lessons.Block, error) {
	lp, err := s.catalog.Lesson(ctx, course, lesson)
	if err != nil {
		return lp, lessons.Block{}, err
	}
	b, ok := lp.Lesson.Item(key)
	if !ok || b.Probe == nil {
		return lp, b, fmt.Errorf("probe %q of %s/%s: %w", key, course, lesson, postgres.ErrNotFound)
	}
	return lp, b, nil
}

// SubmitPractice records an answer to a probe practised alone, scored as
// on the lesson page (SubmitResponse), and reveals the probe's strong
// answer with it, in its transaction: the practice result shows both.
// The answer itself is marked written after seeing the strong answer only
// when it had been revealed before.
func (s *Service) SubmitPractice(ctx context.Context, who Learner, it Item, answer string, confidence progress.Confidence) (lessons.Block, error) {
	b, err := s.item(ctx, it, func(k lessons.Kind) bool { return k == lessons.KindProbe })
	if err != nil {
		return b, err
	}
	_, err = s.submitBlock(ctx, who, it, b, answer, confidence, review.FromLesson, true)
	return b, err
}
