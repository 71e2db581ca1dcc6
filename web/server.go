// Package web is the HTTP side of Practicum: routes, middleware, handlers and
// the error adapter. Handlers parse the request, call the domain packages and
// render a view; they hold no business rules.
package web

import (
	"cmp"
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/singleflight"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/learnerchanges"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/migrations/postgres/jobs"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/learnercache"
	"github.com/practicum-dev/practicum/web/pagecache"
)

// Deps is what the web layer needs from the process. cmd/practicum builds
// the stores and the use cases over one database and passes them in; the
// web layer never opens a database connection itself.
type Deps struct {
	Log *slog.Logger
	// The stores handlers read pages from, and the use cases (service)
	// that answers, reviews and lesson edits go through.
	Catalog  *catalog.Catalog
	Progress *progress.Store
	Scores   *scores.Store
	Users    *auth.Store
	Service  *service.Service
	// Jobs counts River's background jobs for admins (/admin/jobs).
	Jobs *jobs.Store
	// Sessions holds session data (auth.NewSessionStore, or
	// auth.NewKeptSessionStore to keep signed-in sessions in the process
	// while accounts' changes are heard).
	Sessions scs.Store
	// DB is what /readyz pings.
	DB Pinger
	// Registry receives the HTTP metrics. The site does not serve it:
	// cmd/practicum serves it on its own listener (-metrics-addr).
	Registry *prometheus.Registry
	// RequestTimeout bounds each request's work, database calls included.
	RequestTimeout time.Duration
	// TrustedProxies are the addresses of the proxies in front of the
	// site: only a request from one of them has its client address read
	// from X-Forwarded-For (the rightmost hop that is not a trusted
	// proxy). Empty, the connection's address is the client's.
	TrustedProxies []netip.Prefix
	// SignInPolicies are the delays after failed sign-ins; zero means
	// auth.DefaultSignInPolicies.
	SignInPolicies auth.SignInPolicies
	// SessionIdleTimeout ends a signed-in session unused this long, and
	// SessionLifetime one this long after signing in; zero means
	// 30 minutes and 12 hours (session_times.go).
	SessionIdleTimeout time.Duration
	SessionLifetime    time.Duration
	// AnswersPerMinute bounds the answers one account may post in a
	// minute; zero means defaultAnswersPerMinute.
	AnswersPerMinute int
	// AnonymousAnswersPerMinute bounds the answers posted without an
	// account from one client address in a minute; zero means
	// defaultAnonymousAnswersPerMinute.
	AnonymousAnswersPerMinute int
	// AnonymousIdleTimeout ends an anonymous visitor's answers, and their
	// session, this long after their latest answer, and
	// AnonymousLifetime this long after their first; zero means
	// 20 minutes and 3 hours (anonymous.go).
	AnonymousIdleTimeout time.Duration
	AnonymousLifetime    time.Duration
	// PublicPages keeps the pages that are the same for every visitor who
	// is not signed in and has no answers. Whoever builds it flushes it
	// when content changes (cmd/practicum: listen.Notify or listen.Poll);
	// until then it trusts no route, and every view reads the database.
	// Nil: a cache of its own that is never trusted.
	PublicPages *pagecache.Cache
	// Learners keeps signed-in learners' parts of lesson pages
	// (learner_part.go). Whoever builds it flushes it as PublicPages is
	// flushed, and forgets learners whose work changed, as Changes and the
	// service's announcer (the same one) say, in this process and others.
	// Nil: a cache of its own that is never trusted.
	Learners *Learners
	// Changes announces changes that the web layer makes itself and that
	// show on learners' lesson pages: a reviewer's name, changed or gone
	// with their account. Nil announces nothing.
	Changes *learnerchanges.Announcer
	// HTTPS says the site's public address is https (BASE_URL): the
	// session cookie is marked Secure and every response carries
	// Strict-Transport-Security, whether or not TLS ends in this process.
	HTTPS bool
	// BaseURL is the site's public address (BASE_URL), which links shown
	// to be sent elsewhere (a password-reset link) start with. Empty: the
	// address each request came to.
	BaseURL string
}

// Pinger is a database that can say whether it is reachable.
type Pinger interface {
	Ping(ctx context.Context) error
}

// maxBody bounds every request body: the longest answer
// (progress.MaxAnswerBytes, percent-encoded) fits; anything larger gets a
// 413 page.
const maxBody = 64 << 10

// Server holds the dependencies handlers share.
type Server struct {
	log      *slog.Logger
	db       Pinger
	catalog  *catalog.Catalog
	progress *progress.Store
	scores   *scores.Store
	users    *auth.Store
	svc      *service.Service
	jobs     *jobs.Store
	sessions *scs.SessionManager
	metrics  *metrics
	// requestTimeout bounds each request's work (withTimeout).
	requestTimeout time.Duration
	// signInLimits counts failed sign-ins (per account and address, and
	// per address).
	signInLimits *auth.SignInLimits
	// clientAddress resolves the visitor's address (TrustedProxies).
	clientAddress func(http.Handler) http.Handler
	// https: the public address is https (Deps.HTTPS), so HSTS is sent.
	https bool
	// baseURL is Deps.BaseURL (publicURL).
	baseURL string
	// idleTimeout and sessionLifetime end signed-in sessions
	// (session_times.go).
	idleTimeout, sessionLifetime time.Duration
	// answersPerMinute is Deps.AnswersPerMinute or its default.
	answersPerMinute int
	// anonymousAnswersPerMinute is Deps.AnonymousAnswersPerMinute or its
	// default.
	anonymousAnswersPerMinute int
	// anonymousTerm is how long anonymous visitors' answers are kept
	// (Deps.AnonymousIdleTimeout and AnonymousLifetime).
	anonymousTerm progress.AnonymousTerm
	// router is the route table, which redirect targets are checked
	// against (localPath).
	router chi.Router
	// pages keeps the public pages (Deps.PublicPages; public.go) and the
	// lesson frames (lesson_frame.go).
	pages *pagecache.Cache
	// learners keeps signed-in learners' parts of lesson pages
	// (Deps.Learners; learner_part.go), and changes announces what the
	// web layer changes of them (Deps.Changes).
	learners *Learners
	changes  *learnerchanges.Announcer
	// frameMaking makes each lesson frame once however many views wait
	// for it.
	frameMaking singleflight.Group
	// wholeLessons renders lesson pages whole and reads them in full, as
	// before frames: only tests set it (NewWhole), to hold framed pages to
	// the whole ones.
	wholeLessons bool
}

// New returns the site's handler with every route mounted (routes.go).
func New(d Deps) http.Handler { return newServer(d).router }

func newServer(d Deps) *Server {
	if d.RequestTimeout == 0 {
		d.RequestTimeout = 10 * time.Second
	}
	term := progress.AnonymousTerm{Idle: cmp.Or(d.AnonymousIdleTimeout, defaultAnonymousIdleTimeout),
		Lifetime: cmp.Or(d.AnonymousLifetime, defaultAnonymousLifetime)}
	s := &Server{
		log:                       d.Log,
		db:                        d.DB,
		catalog:                   d.Catalog,
		progress:                  d.Progress,
		scores:                    d.Scores,
		users:                     d.Users,
		svc:                       d.Service,
		jobs:                      d.Jobs,
		sessions:                  newSessions(d.Sessions, d.HTTPS, term.Lifetime),
		anonymousTerm:             term,
		metrics:                   newMetrics(d.Registry),
		requestTimeout:            d.RequestTimeout,
		clientAddress:             clientAddressFrom(d.TrustedProxies),
		answersPerMinute:          cmp.Or(d.AnswersPerMinute, defaultAnswersPerMinute),
		https:                     d.HTTPS,
		baseURL:                   d.BaseURL,
		idleTimeout:               cmp.Or(d.SessionIdleTimeout, defaultSessionIdleTimeout),
		sessionLifetime:           cmp.Or(d.SessionLifetime, defaultSessionLifetime),
		pages:                     d.PublicPages,
		learners:                  d.Learners,
		changes:                   d.Changes,
		anonymousAnswersPerMinute: cmp.Or(d.AnonymousAnswersPerMinute, defaultAnonymousAnswersPerMinute),
	}
	if s.pages == nil {
		s.pages = pagecache.New(pagecache.DefaultBudget)
	}
	if s.learners == nil {
		s.learners = NewLearners(learnercache.DefaultBudget, learnercache.DefaultMaxAge)
	}
	if d.SignInPolicies == (auth.SignInPolicies{}) {
		d.SignInPolicies = auth.DefaultSignInPolicies
	}
	if d.Users != nil {
		s.signInLimits = d.Users.SignInLimits(d.SignInPolicies)
	}
	// A session that cannot be read or saved gets the same error pages as
	// any other failure (503 while the database is away) instead of scs's
	// plain-text 500.
	s.sessions.ErrorFunc = s.renderError
	s.router = s.routes()
	return s
}
