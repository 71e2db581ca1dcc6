package views

import (
	"context"
	"strconv"
	"strings"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/web/auth"
)

// Viewer is who is looking at a page: the layout's header depends on it,
// and handlers set it once for every page instead of threading it through
// each component.
type Viewer struct {
	SignedIn    bool
	DisplayName string
	Role        auth.Role
	// News is the signed-in learner's review news, counted beside
	// "Dashboard".
	News scores.NewsCount
	// DueReviews is how many of a signed-in learner's review cards are
	// due: the count beside "Review".
	DueReviews int
	// Here is the page that signing in or up from this one returns to (a
	// local path, checked by the handler); "" returns to the dashboard.
	Here string
}

type viewerKey struct{}

// WithViewer returns a context that pages render for v.
func WithViewer(ctx context.Context, v Viewer) context.Context {
	return context.WithValue(ctx, viewerKey{}, v)
}

func viewer(ctx context.Context) Viewer {
	v, _ := ctx.Value(viewerKey{}).(Viewer)
	return v
}

// newsText says what the navigation's count of review news counts: "1
// review in progress, 2 finished since your last visit".
func newsText(n scores.NewsCount) string {
	var parts []string
	if n.Requested > 0 {
		parts = append(parts, plural(n.Requested, "review", "reviews")+" in progress")
	}
	if n.Finished > 0 {
		what := plural(n.Finished, "review", "reviews")
		if len(parts) > 0 {
			what = strconv.Itoa(n.Finished)
		}
		parts = append(parts, what+" finished since your last visit")
	}
	return strings.Join(parts, ", ")
}
