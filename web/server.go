// Package web is the HTTP side of Practicum: routes, middleware, handlers and
// the error adapter. Handlers parse the request, call the domain packages and
// render a view; they hold no business rules.
package web

import (
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/web/auth"
)

// Deps is what the web layer needs from the process.
type Deps struct {
	Log     *slog.Logger
	Pool    *pgxpool.Pool
	Catalog *catalog.Catalog
	// Registry receives the HTTP and pool metrics and is served at /metrics.
	Registry *prometheus.Registry
	// RequestTimeout bounds each request's work, database calls included.
	RequestTimeout time.Duration
	// SecureCookies marks the session cookie Secure; set it when the site
	// is served over HTTPS.
	SecureCookies bool
}

// maxBody bounds every request body: the longest answer (10,000
// characters) fits with room to spare; anything larger gets a 413 page.
const maxBody = 64 << 10

// Server holds the dependencies handlers share.
type Server struct {
	log      *slog.Logger
	pool     *pgxpool.Pool
	catalog  *catalog.Catalog
	progress *progress.Store
	scores   *scores.Store
	users    *auth.Store
	sessions *scs.SessionManager
	metrics  *metrics
	// requestTimeout bounds each request's work (withTimeout).
	requestTimeout time.Duration
	// blankLessons caches the lesson page a visitor with no answers sees,
	// keyed by revision and course listing (see blankLessonKey), so an
	// entry can never go stale.
	blankLessons sync.Map
}

// New returns the site's handler with every route mounted (routes.go).
func New(d Deps) http.Handler {
	if d.RequestTimeout == 0 {
		d.RequestTimeout = 10 * time.Second
	}
	s := &Server{
		log:            d.Log,
		pool:           d.Pool,
		catalog:        d.Catalog,
		progress:       progress.NewStore(d.Pool),
		scores:         scores.NewStore(d.Pool),
		users:          auth.NewStore(d.Pool),
		sessions:       newSessions(d.Pool, d.SecureCookies),
		metrics:        newMetrics(d.Registry, d.Pool),
		requestTimeout: d.RequestTimeout,
	}
	// Sessions are read and saved within the request's deadline, and one
	// that cannot be gets the same error pages as any other failure (503
	// while the database is away) instead of scs's plain-text 500.
	s.sessions.Store = sessionStore{Store: s.sessions.Store, pool: d.Pool}
	s.sessions.ErrorFunc = s.renderError
	return s.routes(promhttp.HandlerFor(d.Registry, promhttp.HandlerOpts{}))
}
