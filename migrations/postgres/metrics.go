package postgres

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
)

// PoolCollector reports a pool's statistics at scrape time, for the
// /metrics page.
func PoolCollector(pool *pgxpool.Pool) prometheus.Collector { return poolCollector{pool} }

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
