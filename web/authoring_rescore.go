package web

import (
	"context"
	"sort"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/web/views"
)

// rescoreState adds to the lesson editor what publishing would re-score
// (when the newest revision, head, is an unpublished draft that may be
// published) and the lesson's re-scorings so far.
func (s *Server) rescoreState(ctx context.Context, v *views.LessonEditorView, head *lessons.Lesson) error {
	course, lesson := v.Draft.Course.Slug, v.Draft.Slug
	if v.Draft.Unpublished() && head != nil && len(v.HeadCalibration) == 0 {
		offer, err := s.svc.RescoreOffer(ctx, course, lesson, head)
		if err != nil {
			return err
		}
		for _, it := range offer {
			v.RescoreOffer = append(v.RescoreOffer, views.RescoreOfferItem{Key: it.Key, Kind: it.Kind, Answers: it.Answers})
		}
	}
	rs, err := s.svc.Rescores(ctx, course, lesson)
	if err != nil {
		return err
	}
	for key, r := range rs {
		kind := lessons.KindExercise
		if head != nil {
			if b, ok := head.Item(key); ok {
				kind = b.Kind
			}
		}
		v.Rescores = append(v.Rescores, rescoreView(r, kind))
	}
	sort.Slice(v.Rescores, func(i, j int) bool { return v.Rescores[i].Key < v.Rescores[j].Key })
	return nil
}

func rescoreView(r service.RescoreProgress, kind lessons.Kind) views.RescoreView {
	return views.RescoreView{Key: r.Key, Kind: kind, RevisionNumber: r.RevisionNumber, RequestedBy: r.RequestedBy, At: r.At,
		Answers: r.Answers, Done: r.Done, Failed: r.Failed, Retrying: r.Retrying}
}

// blockRescore is the latest re-scoring of one item, nil when it has had
// none.
func (s *Server) blockRescore(ctx context.Context, course, lesson, key string, kind lessons.Kind) (*views.RescoreView, error) {
	rs, err := s.svc.Rescores(ctx, course, lesson)
	if err != nil {
		return nil, err
	}
	r, ok := rs[key]
	if !ok {
		return nil, nil
	}
	v := rescoreView(r, kind)
	return &v, nil
}
