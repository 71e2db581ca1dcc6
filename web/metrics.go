package web

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
)

type metrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

func newMetrics(reg *prometheus.Registry, pool *pgxpool.Pool) *metrics {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "practicum_http_requests_total",
			Help: "HTTP requests by route pattern, method and status code.",
		}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "practicum_http_request_duration_seconds",
			Help:    "Time to serve HTTP requests, by route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route"}),
	}
	reg.MustRegister(m.requests, m.latency, poolCollector{pool})
	return m
}

func (m *metrics) instrument(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		route := routePattern(r)
		m.requests.WithLabelValues(route, r.Method, strconv.Itoa(ww.Status())).Inc()
		m.latency.WithLabelValues(route).Observe(time.Since(start).Seconds())
	})
}

// poolCollector reports pgxpool statistics at scrape time.
type poolCollector struct{ pool *pgxpool.Pool }

var (
	poolConns = prometheus.NewDesc("practicum_db_pool_connections",
		"Database pool connections by state.", []string{"state"}, nil)
	poolMax = prometheus.NewDesc("practicum_db_pool_max_connections",
		"Largest size the database pool may reach.", nil, nil)
	poolAcquires = prometheus.NewDesc("practicum_db_pool_acquires_total",
		"Connections acquired from the pool.", nil, nil)
	poolEmptyAcquires = prometheus.NewDesc("practicum_db_pool_empty_acquires_total",
		"Acquires that had to wait because no idle connection was ready.", nil, nil)
	poolAcquireSeconds = prometheus.NewDesc("practicum_db_pool_acquire_seconds_total",
		"Total time spent waiting to acquire connections.", nil, nil)
)

func (c poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{poolConns, poolMax, poolAcquires, poolEmptyAcquires, poolAcquireSeconds} {
		ch <- d
	}
}

func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	if c.pool == nil {
		return
	}
	s := c.pool.Stat()
	ch <- prometheus.MustNewConstMetric(poolConns, prometheus.GaugeValue, float64(s.AcquiredConns()), "acquired")
	ch <- prometheus.MustNewConstMetric(poolConns, prometheus.GaugeValue, float64(s.IdleConns()), "idle")
	ch <- prometheus.MustNewConstMetric(poolConns, prometheus.GaugeValue, float64(s.ConstructingConns()), "constructing")
	ch <- prometheus.MustNewConstMetric(poolMax, prometheus.GaugeValue, float64(s.MaxConns()))
	ch <- prometheus.MustNewConstMetric(poolAcquires, prometheus.CounterValue, float64(s.AcquireCount()))
	ch <- prometheus.MustNewConstMetric(poolEmptyAcquires, prometheus.CounterValue, float64(s.EmptyAcquireCount()))
	ch <- prometheus.MustNewConstMetric(poolAcquireSeconds, prometheus.CounterValue, s.AcquireDuration().Seconds())
}
