package server

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// metrics are one server's Prometheus series, in a registry of its own so
// several servers (tests) can live in one process.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	errors   *prometheus.CounterVec
}

func newMetrics(pool *pgxpool.Pool) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "codna_http_requests_total", Help: "HTTP requests served, by route and status.",
		}, []string{"route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "codna_http_request_duration_seconds", Help: "HTTP request latency, by route.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "codna_graphql_errors_total", Help: "GraphQL errors returned to clients, by code.",
		}, []string{"code"}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.errors,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		poolCollector{pool})
	return m
}

var (
	poolTotal    = prometheus.NewDesc("codna_db_pool_connections", "Database pool connections, by state.", []string{"state"}, nil)
	poolAcquires = prometheus.NewDesc("codna_db_pool_acquires_total", "Connections acquired from the pool.", nil, nil)
	poolWaits    = prometheus.NewDesc("codna_db_pool_empty_acquires_total", "Acquires that had to wait for a connection.", nil, nil)
)

// poolCollector reads pgxpool statistics at scrape time.
type poolCollector struct{ pool *pgxpool.Pool }

func (poolCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- poolTotal
	ch <- poolAcquires
	ch <- poolWaits
}

func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.pool.Stat()
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.IdleConns()), "idle")
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.AcquiredConns()), "acquired")
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.MaxConns()), "max")
	ch <- prometheus.MustNewConstMetric(poolAcquires, prometheus.CounterValue, float64(s.AcquireCount()))
	ch <- prometheus.MustNewConstMetric(poolWaits, prometheus.CounterValue, float64(s.EmptyAcquireCount()))
}
