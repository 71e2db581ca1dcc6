package views

import (
	"context"

	"github.com/practicum-dev/practicum/web/auth"
)

// Viewer is who is looking at a page: the layout's header depends on it,
// and handlers set it once for every page instead of threading it through
// each component.
type Viewer struct {
	SignedIn    bool
	DisplayName string
	Role        auth.Role
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
