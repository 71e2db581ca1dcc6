package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/url"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/practicum-dev/practicum/grading/scores"
	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/content"
	"github.com/practicum-dev/practicum/lessons/learnerchanges"
	"github.com/practicum-dev/practicum/lessons/progress"
	"github.com/practicum-dev/practicum/lessons/service"
	"github.com/practicum-dev/practicum/migrations"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/jobs"
	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/learnercache"
	"github.com/practicum-dev/practicum/web/pagecache"
)

func runServe(ctx context.Context, args []string, stderr io.Writer) error {
	fs := newFlagSet("serve", stderr)
	addr := fs.String("addr", envOr("ADDR", ":8080"), "address to listen on (env ADDR)")
	dbURL := databaseFlag(fs)
	migrate := fs.Bool("migrate", true, "create the database and apply migrations at start; when false, refuse to start if the schema is not current")
	shutdownTimeout := fs.Duration("shutdown-timeout", 15*time.Second, "how long in-flight requests, then running background jobs, get to finish after SIGINT or SIGTERM")
	requestTimeout := fs.Duration("request-timeout", 10*time.Second, "longest a request may work before it fails")
	baseURL := fs.String("base-url", envOr("BASE_URL", "http://localhost:8080"), "the site's public address; https makes session cookies Secure (env BASE_URL)")
	trustedProxies := fs.String("trusted-proxies", envOr("TRUSTED_PROXIES", ""),
		"comma-separated CIDRs of the proxies in front of the site; only requests from them have the client address read from X-Forwarded-For (env TRUSTED_PROXIES)")
	answersPerMinute := fs.Int("answers-per-minute", 30, "answers one signed-in account may post a minute (load tests raise it)")
	anonymousAnswersPerMinute := fs.Int("anonymous-answers-per-minute", 60,
		"answers that may be posted without an account from one client address a minute (an IPv6 /64; see -trusted-proxies)")
	metricsAddr := fs.String("metrics-addr", envOr("METRICS_ADDR", ""),
		"address to serve Prometheus metrics on, apart from the site, e.g. 127.0.0.1:9090; empty serves none (env METRICS_ADDR)")
	invalidation := fs.String("cache-invalidation", envOr("CACHE_INVALIDATION", "notify"),
		"how this server hears that content, a learner's work or an account changed, to serve public pages, learners' parts of lesson pages and signed-in sessions from memory: notify (LISTEN on a connection of its own), poll (read a content version every -cache-poll; for PgBouncer in transaction mode, where LISTEN is lost; learners' parts and sessions are then read on every view) or off (read the database on every view) (env CACHE_INVALIDATION)")
	pollEvery := fs.Duration("cache-poll", 2*time.Second, "with -cache-invalidation=poll, how often to read the content version: the longest a public page can be stale")
	idleTimeout, err := durationFlag(fs, "session-idle-timeout", "SESSION_IDLE_TIMEOUT", 30*time.Minute,
		"a signed-in session unused this long ends")
	if err != nil {
		return err
	}
	sessionLifetime, err := durationFlag(fs, "session-lifetime", "SESSION_LIFETIME", 12*time.Hour,
		"a signed-in session ends this long after signing in, however busy")
	if err != nil {
		return err
	}
	anonymousIdle, err := durationFlag(fs, "anonymous-idle-timeout", "ANONYMOUS_IDLE_TIMEOUT", 20*time.Minute,
		"an anonymous visitor's answers, and session, end this long after their latest answer")
	if err != nil {
		return err
	}
	anonymousLifetime, err := durationFlag(fs, "anonymous-lifetime", "ANONYMOUS_LIFETIME", 3*time.Hour,
		"an anonymous visitor's answers, and session, end this long after their first answer, however busy")
	if err != nil {
		return err
	}
	jobFlags, err := addJobFlags(fs)
	if err != nil {
		return err
	}
	logs := addLogFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := refuseArguments(fs); err != nil {
		return err
	}
	if err := jobFlags.check(); err != nil {
		return err
	}
	if *invalidation != "notify" && *invalidation != "poll" && *invalidation != "off" {
		return usageError{fmt.Sprintf("cache invalidation %q: use notify, poll or off", *invalidation)}
	}
	if *pollEvery <= 0 {
		return usageError{fmt.Sprintf("cache poll %v: use a positive duration", *pollEvery)}
	}
	if *idleTimeout < time.Minute || *sessionLifetime < *idleTimeout {
		return usageError{fmt.Sprintf("session idle timeout %v and lifetime %v: use a minute or more, and a lifetime no shorter than the idle timeout",
			*idleTimeout, *sessionLifetime)}
	}
	if *anonymousIdle < time.Minute || *anonymousLifetime < *anonymousIdle {
		return usageError{fmt.Sprintf("anonymous idle timeout %v and lifetime %v: use a minute or more, and a lifetime no shorter than the idle timeout",
			*anonymousIdle, *anonymousLifetime)}
	}
	if *answersPerMinute < 1 || *anonymousAnswersPerMinute < 1 {
		return usageError{fmt.Sprintf("answers per minute %d, anonymous %d: use 1 or more", *answersPerMinute, *anonymousAnswersPerMinute)}
	}
	proxies, err := parseCIDRs(*trustedProxies)
	if err != nil {
		return usageError{fmt.Sprintf("trusted proxies: %v", err)}
	}
	log, err := logs.logger(stderr)
	if err != nil {
		return err
	}
	public, err := url.Parse(*baseURL)
	if err != nil || (public.Scheme != "http" && public.Scheme != "https") || public.Host == "" {
		return usageError{fmt.Sprintf("base URL %q: use an absolute http or https address", *baseURL)}
	}

	chosen, stopDB, err := chooseDatabase(urlGiven(fs), *dbURL, log)
	if err != nil {
		return err
	}
	defer stopDB() // after the pool closes: defers run last first
	*dbURL = chosen

	if *migrate {
		if created, err := postgres.EnsureDatabase(ctx, *dbURL); err != nil {
			return err
		} else if created {
			log.Info("created the database")
		}
	}
	pool, err := postgres.Open(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := prepareSchema(ctx, pool, *migrate, log); err != nil {
		return err
	}
	cat := catalog.New(pool)
	if err := importShippedCourses(ctx, cat, log); err != nil {
		return err
	}

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		postgres.PoolCollector(pool))
	// The stores own their tables; the service runs the use cases over
	// them; the web layer gets both and never the pool.
	prog, sc := progress.NewStore(pool), scores.NewStore(pool)
	pages := pagecache.New(pagecache.DefaultBudget)
	learners := web.NewLearners(learnercache.DefaultBudget, learnercache.DefaultMaxAge)
	// Signed-in sessions are kept only while accounts' changes are heard
	// (notify); otherwise every request reads its session.
	keptSessions := auth.NewKeptSessions(auth.DefaultSessionBudget, auth.DefaultSessionMaxAge)
	sessions := auth.NewSessionStore(pool)
	if *invalidation == "notify" {
		sessions = auth.NewKeptSessionStore(pool, keptSessions)
	}
	stopWatching := watchChanges(ctx, *invalidation, *pollEvery, pool, cat, pages, learners, keptSessions, log)
	defer stopWatching() // before the pool closes
	// The service (its background jobs too) and the web layer announce
	// whose work they changed; this server forgets at once, the others
	// when they hear. Closed after the jobs stop (defers run last first),
	// before the pool closes.
	changes := learnerchanges.New(pool, learners.Forget, log)
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		changes.Close(closeCtx)
	}()
	svc := service.New(pool, cat, prog, sc).WithChanges(changes)
	stopJobs, err := startJobs(ctx, pool, svc, jobFlags, log)
	if err != nil {
		return err
	}
	var jobsStopped sync.Once
	// On the way out for any reason, before the pool closes; a graceful
	// shutdown has stopped them already, below.
	defer jobsStopped.Do(func() {
		stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), *shutdownTimeout)
		defer cancel()
		stopJobs(stopCtx)
	})
	deps := web.Deps{
		Log: log, Catalog: cat, Progress: prog, Scores: sc, Users: auth.NewStore(pool, auth.WithKeptSessions(keptSessions)),
		Service: svc, Jobs: jobs.NewStore(pool),
		Sessions: sessions, DB: pool, Registry: reg,
		RequestTimeout: *requestTimeout, HTTPS: public.Scheme == "https",
		BaseURL:        public.String(),
		TrustedProxies: proxies, AnswersPerMinute: *answersPerMinute, AnonymousAnswersPerMinute: *anonymousAnswersPerMinute,
		PublicPages: pages, Learners: learners, Changes: changes,
		SessionIdleTimeout: *idleTimeout, SessionLifetime: *sessionLifetime,
		AnonymousIdleTimeout: *anonymousIdle, AnonymousLifetime: *anonymousLifetime,
	}
	srv := &http.Server{
		Addr:              *addr,
		Handler:           web.New(deps),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      *requestTimeout + 5*time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	log.Info("serving", "addr", ln.Addr().String())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	metricsSrv, err := serveMetrics(*metricsAddr, reg, log)
	if err != nil {
		_ = srv.Close()
		return err
	}
	defer metricsSrv.Close()

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing in-flight requests", "timeout", *shutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), *shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	// Jobs get what is left of the shutdown timeout to finish.
	jobsStopped.Do(func() { stopJobs(shutdownCtx) })
	log.Info("stopped")
	return nil
}

// prepareSchema migrates, or with -migrate=false only checks, so that a
// binary never serves a schema it does not match.
func prepareSchema(ctx context.Context, pool *pgxpool.Pool, migrate bool, log *slog.Logger) error {
	m, err := migrations.New(pool, nil)
	if err != nil {
		return err
	}
	defer m.Close()
	if !migrate {
		return m.Check(ctx)
	}
	res, err := m.Up(ctx)
	for _, r := range res {
		log.Info("applied migration", "file", r.Name, "duration", r.Duration)
	}
	return err
}

// importShippedCourses loads the embedded course into an empty database,
// so a new install has something to read.
func importShippedCourses(ctx context.Context, cat *catalog.Catalog, log *slog.Logger) error {
	has, err := cat.HasCourses(ctx)
	if err != nil || has {
		return err
	}
	courses, err := lessons.Load(content.FS, "lessons/content")
	if err == nil {
		err = lessons.CalibrateAll(courses)
	}
	if err != nil {
		return fmt.Errorf("the shipped course does not parse (a build problem): %w", err)
	}
	res, err := cat.Import(ctx, courses)
	if err != nil {
		return fmt.Errorf("importing the shipped course: %w", err)
	}
	log.Info("imported the shipped course", "courses", res.Courses, "lessons", res.Lessons)
	return nil
}

// serveMetrics serves reg's metrics at /metrics on addr, a listener of its
// own: the site's listener is public, and metrics name routes, pool sizes
// and runtime details an operator's scraper needs and a visitor does not;
// Go's profiles are served there too, under /debug/pprof/.
// An empty addr serves none; the server returned is then nil, and Close on
// it does nothing.
func serveMetrics(addr string, reg *prometheus.Registry, log *slog.Logger) (*metricsServer, error) {
	if addr == "" {
		return nil, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics address: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	// Profiles answer "where does the time go" on a running server; they
	// name code and memory, so they live beside the metrics, off the site.
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 2 * time.Minute, // a CPU profile runs 30 s
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics listener stopped", "err", err)
		}
	}()
	log.Info("serving metrics", "addr", ln.Addr().String())
	return &metricsServer{srv: srv, Addr: ln.Addr().String()}, nil
}

// metricsServer is the metrics listener, nil when there is none.
type metricsServer struct {
	srv  *http.Server
	Addr string
}

func (m *metricsServer) Close() {
	if m != nil {
		_ = m.srv.Close()
	}
}
